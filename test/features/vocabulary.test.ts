import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CLASS_WORD_GROUPS, COMMENT_SECTION_NAME, COMMENT_SECTION_ROOTS, COMMENT_SECTION_WORD } from '../../src/features/vocabulary.js';
import { HINTS } from '../../src/features/families/markup.js';

test('the comment-section roots the decoder reads are words of the features\' comment group', () => {
  const comment = CLASS_WORD_GROUPS['comment']!.split(' ');
  for (const root of COMMENT_SECTION_ROOTS) assert.ok(comment.includes(root), root);
  // Every section name holds a root, so the cheap test never hides one.
  for (const name of ['comments', 'comment-list', 'commentlist', 'disqus_thread', 'respond', 'recentcomments', 'recent-comments-2']) {
    assert.ok(COMMENT_SECTION_NAME.test(name) && COMMENT_SECTION_WORD.test(name), name);
  }
  assert.ok(!COMMENT_SECTION_NAME.test('has-comments'));
});

test('the markup hints are the class-word groups, in their order', () => {
  assert.deepEqual(HINTS, ['content', 'comment', 'nav', 'share', 'ad', 'related', 'footer', 'header', 'sidebar', 'caption', 'byline', 'title', 'tags']);
});
