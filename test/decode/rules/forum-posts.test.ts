import { test } from 'node:test';
import assert from 'node:assert/strict';
import { forumPosts } from '../../../src/decode/rules/forum-posts.js';
import { BlockRole } from '../../../src/decode/roles.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

const { none, author, attribution } = BlockRole;
const thread = () => new BlockBuilder().text('Thread title', 'title').link('dave_k', 'other').text(para(40), 'body')
  .link('velo_mike', 'heading').link('dave_k said:', 'other').text(para(10), 'body').text(para(30), 'body').build();
const roles = [none, author, none, author, attribution, none, none];

test("forum-posts: on a forum thread, authors (the first post's just before the region) and attributions become body", () => {
  const s = runRule(forumPosts, thread(), { blockRoles: roles, pageType: 'forum' }, (st) => { st.region = [2, 6]; });
  assert.deepEqual(s.labels, ['title', 'body', 'body', 'body', 'body', 'body', 'body']);
  assert.deepEqual(noteRows(s).map((r) => [r[0], r[1], r[4]]), [[1, 'other', "a post's author"], [3, 'heading', "a post's author"], [4, 'other', "a quote's attribution"]]);
  assert.deepEqual(s.region, [1, 6]);
});

test('forum-posts: only on forum threads, with roles and a region', () => {
  for (const pageType of ['article', 'unknown'] as const) {
    assert.deepEqual(runRule(forumPosts, thread(), { blockRoles: roles, pageType }, (st) => { st.region = [2, 6]; }).notes, []);
  }
  assert.deepEqual(runRule(forumPosts, thread(), { pageType: 'forum' }, (st) => { st.region = [2, 6]; }).notes, []);
  assert.deepEqual(runRule(forumPosts, thread(), { blockRoles: roles, pageType: 'forum' }).notes, []);
});

test('forum-posts: a long run of short header lines costs work in proportion to the page, not its square', () => {
  // A fuzz case (a JSON-LD nested 7 651 deep, shown as one short line each) took 35 s of CPU.
  const n = 3000;
  const b = new BlockBuilder().text('Thread title', 'title').link('dave_k', 'other');
  for (let i = 0; i < n; i++) b.link(`#${i}`, 'other');
  const blocks = b.text(para(40), 'body').build();
  let reads = 0;
  const plain = [none, author, ...new Array<number>(n).fill(none), none];
  const counted = new Proxy(plain, { get: (t, k, r) => (typeof k === 'string' && /^\d+$/.test(k) && reads++, Reflect.get(t, k, r)) });
  const s = runRule(forumPosts, blocks, { blockRoles: counted, pageType: 'forum' }, (st) => { st.region = [2, n + 2]; });
  assert.equal(s.labels[1], 'body', "the author before the long header still introduces the post");
  assert.ok(reads < 20 * (n + 3), `${reads} reads of the roles for ${n + 3} blocks`);
});
