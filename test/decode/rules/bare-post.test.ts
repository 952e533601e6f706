import { test } from 'node:test';
import assert from 'node:assert/strict';
import { barePost, MAX_POST_LINES } from '../../../src/decode/rules/bare-post.js';
import { BlockRole } from '../../../src/decode/roles.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { BlockTag } from '../../../src/decode/rule.js';
import { noteRows, runRule } from './run-rule.js';

// Element ids: 1 html, 2 body, 3 the post's div, 4 its heading, 5 its picture's paragraph, 6 its caption; 10 the comments, 20 a sidebar.
const POST = [1, 2, 3];
const declaredTitles = ['Logos Re-imagined for the Zombie Apocalypse | the curious brain'];

/** A photo blog's post: headline, a "Comments (0)" link, a picture and its one line, a meta line stamped with the time; then comments and a sidebar. */
const photoPost = () => ({
  ...new BlockBuilder().text('Logos Re-imagined for the Zombie Apocalypse', 'title')
    .text('images — thebrainbehind @ 15:34', 'other').image('other', 0.6).text('Created by UK-based designer Ben Fellowes! Via designtaxi', 'other')
    .link('Comments (0)').text('No comments yet.', 'other').text('Hello stranger, let’s connect', 'other').build(),
  containers: [[...POST, 4], POST, [...POST, 5], [...POST, 6], POST, [1, 2, 10], [1, 2, 20]],
});

test("bare-post: a headline alone keeps its post's own lines and picture", () => {
  const p = photoPost();
  const s = runRule(barePost, p, { blockContainers: p.containers, declaredTitles });
  assert.deepEqual(noteRows(s), [
    [3, 'other', 'body', 'bare-post', 'a line of a post that is its headline and little else'],
    [2, 'other', 'body', 'bare-post', 'a picture of a post that is its headline and little else'],
  ]);
});

test('bare-post: not when the page keeps any body, without chains, or under a headline the page does not declare', () => {
  const p = photoPost();
  const kept = { ...p, ...new BlockBuilder().text('Logos Re-imagined for the Zombie Apocalypse', 'title').text(para(30), 'body').build(), containers: [[...POST, 4], POST] };
  assert.deepEqual(runRule(barePost, kept, { blockContainers: kept.containers, declaredTitles }).notes, []);
  assert.deepEqual(runRule(barePost, p, { declaredTitles }).notes, [], 'no chains');
  assert.deepEqual(runRule(barePost, p, { blockContainers: p.containers, declaredTitles: ['Womens Insulated Down Jackets'] }).notes, [], "a cart's \"Cart (0)\" heads no post");
  const roles = new Uint8Array(p.blocks.length);
  roles[0] = BlockRole.siteName;
  assert.deepEqual(runRule(barePost, p, { blockContainers: p.containers, declaredTitles, blockRoles: roles }).notes, [], "the site's banner heads no post");
});

test('bare-post: set-aside and dropped lines stay, and a container of many lines is not a bare post', () => {
  const p = photoPost();
  const aside = runRule(barePost, p, { blockContainers: p.containers, declaredTitles }, (st) => { st.setAside(Uint8Array.from([0, 0, 0, 1, 0, 0, 0])); });
  assert.deepEqual(aside.notes, [], 'its one line is set aside');
  const dropped = runRule(barePost, p, { blockContainers: p.containers, declaredTitles }, (st) => { st.tag(3, BlockTag.dropped); });
  assert.deepEqual(dropped.notes, []);
  const b = new BlockBuilder().text('Logos Re-imagined for the Zombie Apocalypse', 'title');
  for (let k = 0; k <= MAX_POST_LINES; k++) b.text(`line ${k} of a page the model turned down`, 'other');
  const many = { ...b.build(), containers: [[...POST, 4], ...Array.from({ length: MAX_POST_LINES + 1 }, () => POST)] };
  assert.deepEqual(runRule(barePost, many, { blockContainers: many.containers, declaredTitles }).notes, []);
});
