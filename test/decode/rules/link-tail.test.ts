import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linkTail } from '../../../src/decode/rules/link-tail.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

const article = () => new BlockBuilder().text(para(60), 'body').link('See the report', 'body').text(para(40), 'body')
  .link('Tags: politics', 'body').link('More from this author', 'body').build();

test('link-tail: link lists after the last paragraph become other and the region ends before them', () => {
  const s = runRule(linkTail, article(), {}, (st) => { st.region = [0, 4]; });
  assert.deepEqual(s.labels, ['body', 'body', 'body', 'other', 'other']);
  assert.deepEqual(noteRows(s), [
    [3, 'body', 'other', 'link-tail', 'a short list of links after the last paragraph'],
    [4, 'body', 'other', 'link-tail', 'a short list of links after the last paragraph'],
  ]);
  assert.deepEqual(s.region, [0, 2]);
});

test('link-tail: a listing whose teasers outweigh its prose keeps them; off without a region or with linkTailShare 0', () => {
  const listing = new BlockBuilder().text(para(14), 'body');
  for (let i = 0; i < 8; i++) listing.link(`Teaser headline number ${i} about the news`, 'body');
  assert.deepEqual(runRule(linkTail, listing.build(), {}, (st) => { st.region = [0, 8]; }).notes, []);
  assert.deepEqual(runRule(linkTail, article()).notes, [], 'no region');
  assert.deepEqual(runRule(linkTail, article(), { linkTailShare: 0 }, (st) => { st.region = [0, 4]; }).notes, []);
});

test('link-tail: on a declared article a short list of links goes even when it outweighs the text; a list of hundreds stays', () => {
  const post = (links: number) => {
    const b = new BlockBuilder().text(para(14), 'body');
    for (let i = 0; i < links; i++) b.link(`Teaser headline number ${i} about the news`, 'body');
    return b.build();
  };
  const short = runRule(linkTail, post(8), { pageType: 'article' }, (st) => { st.region = [0, 8]; });
  assert.deepEqual(short.labels, ['body', ...Array<string>(8).fill('other')]);
  assert.deepEqual(short.region, [0, 0]);
  assert.deepEqual(runRule(linkTail, post(31), { pageType: 'article' }, (st) => { st.region = [0, 31]; }).notes, []);
  assert.deepEqual(runRule(linkTail, post(8), { pageType: 'unknown' }, (st) => { st.region = [0, 8]; }).notes, [], 'an undeclared page keeps them');
});
