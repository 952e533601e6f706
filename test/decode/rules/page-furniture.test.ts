import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFurniture } from '../../../src/decode/rules/page-furniture.js';
import { BlockRole } from '../../../src/decode/roles.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

const { none, control, avatar, promo } = BlockRole;

test("page-furniture: controls, avatars and a teaser box's picture, slug and links become other, for good", () => {
  const doc = new BlockBuilder().text(para(60), 'body').text('hide caption', 'body').image('body').text('Life Kit', 'heading')
    .link('Five tips for better sleep', 'body').text(para(50), 'body').image('body', 0.9).build();
  const roles = [none, control, promo, promo, promo, promo, avatar];
  const s = runRule(pageFurniture, doc, { blockRoles: roles });
  assert.deepEqual(s.labels, ['body', 'other', 'other', 'other', 'other', 'body', 'other']);
  assert.deepEqual(noteRows(s).map((r) => [r[0], r[4]]), [[1, "a control's label"], [2, 'a teaser box'], [3, 'a teaser box'], [4, 'a teaser box'], [6, "a user's avatar"]]);
  assert.equal(s.probs[2]![3], 1, 'all its probability is other: no later rule takes it back');
  assert.equal(s.labels[5], 'body', "a teaser box's prose stays the model's call");
});

test('page-furniture: teaser boxes are left alone on a listing and where they outweigh the prose; off without roles', () => {
  const doc = new BlockBuilder().text(para(20), 'body').link('Card headline one about the news', 'body').link('Card headline two about the news', 'body').build();
  const roles = [none, promo, promo];
  assert.deepEqual(runRule(pageFurniture, doc, { blockRoles: roles, pageType: 'listing' }).notes, []);
  const cards = new BlockBuilder().text(para(15), 'body');
  for (let i = 0; i < 6; i++) cards.link(`Card headline ${i} about the news of the day`, 'body');
  assert.deepEqual(runRule(pageFurniture, cards.build(), { blockRoles: [none, ...Array(6).fill(promo)] }).notes, [], 'more teaser text than prose: the cards are the page');
  assert.deepEqual(runRule(pageFurniture, doc).notes, []);
});

test("page-furniture: a box about the author, prose and all, becomes other; not on a forum thread, where a user's card heads the post", () => {
  const doc = () => new BlockBuilder().text(para(60), 'body').text('Moritz Gathmann', 'body').text(para(25), 'body').build();
  const roles = [none, BlockRole.authorBio, BlockRole.authorBio];
  const s = runRule(pageFurniture, doc(), { blockRoles: roles });
  assert.deepEqual(s.labels, ['body', 'other', 'other']);
  assert.deepEqual(noteRows(s).map((r) => r[4]), ['a box about the author', 'a box about the author']);
  assert.deepEqual(runRule(pageFurniture, doc(), { blockRoles: roles, pageType: 'forum' }).notes, []);
});
