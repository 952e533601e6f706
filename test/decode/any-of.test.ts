import { test } from 'node:test';
import assert from 'node:assert/strict';
import { anyOf } from '../../src/decode/any-of.js';
import { AUTHOR_BOX_NAME, AUTHOR_NAME, AVATAR_NAME, PROMO_BOX_NAME, SITE_TITLE_NAME, USER_INFO_NAME } from '../../src/features/cue-words.js';

test('anyOf: accepts a string exactly when one of its patterns does, anchors kept to their own pattern', () => {
  const patterns = [PROMO_BOX_NAME, AVATAR_NAME, AUTHOR_NAME, USER_INFO_NAME, AUTHOR_BOX_NAME, SITE_TITLE_NAME, /credit/i];
  const any = anyOf(patterns);
  const names = ['related-posts', 'user-avatar', 'author', 'post-author', 'userTitle', 'author-box', 'site-title', 'photo-credit', 'CREDIT',
    'not-related', 'authority', 'logo-wrap', 'container', 'row', 'col-md-6', 'avatarless', 'ſite-title', '', 'Ümlaut'];
  for (const name of names) assert.equal(any.test(name), patterns.some((p) => p.test(name)), name);
  assert.ok(any.test('related-posts') && !any.test('not-related') && !any.test('container'));
});

test('anyOf: patterns of other flags, global ones and ones with backreferences are refused', () => {
  assert.throws(() => anyOf([/a/i, /b/iu]), TypeError);
  assert.throws(() => anyOf([/a/g]), TypeError);
  assert.throws(() => anyOf([/(a)\1/]), TypeError);
  assert.throws(() => anyOf([/(?<x>a)/]), TypeError);
  assert.ok(anyOf([/(?<=a)b/, /(?<!c)d/]).test('ab'));
});
