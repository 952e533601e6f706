import { test } from 'node:test';
import assert from 'node:assert/strict';
import { articleEnd } from '../../../src/decode/rules/article-end.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

// Element ids: 1 html, 2 body, 3 article, 4 its text div, 10 aside of related stories, 20 an inline box.
const ARTICLE = [1, 2, 3, 4];
const RELATED = [1, 2, 10];

/** Three paragraphs in the article's div, then two related stories' summaries in an aside. */
const page = () => ({
  ...new BlockBuilder().text(para(80), 'body').text(para(70), 'body').text(para(60), 'body')
    .text(para(25), 'body').text(para(20), 'body').build(),
  containers: [ARTICLE, ARTICLE, ARTICLE, RELATED, RELATED],
});

test("article-end: body after the article's container becomes other, and the region ends with it", () => {
  const p = page();
  const s = runRule(articleEnd, p, { containerShare: 0.8, blockContainers: p.containers }, (st) => { st.region = [0, 4]; });
  assert.deepEqual(s.labels, ['body', 'body', 'body', 'other', 'other']);
  assert.deepEqual(noteRows(s)[0], [3, 'body', 'other', 'article-end', "after the article's container"]);
  assert.deepEqual(s.region, [0, 2]);
});

test('article-end: a container must hold the share of the text; an inline box inside it and text before it stay', () => {
  const p = page();
  // The aside holds a third of the text: under a 0.9 share the container is <body>, which holds all.
  assert.deepEqual(runRule(articleEnd, p, { containerShare: 0.9, blockContainers: p.containers }, (st) => { st.region = [0, 4]; }).notes, []);
  const box = new BlockBuilder().text(para(20), 'body').text(para(80), 'body').text(para(30), 'body').text(para(80), 'body').build();
  const boxed = [RELATED, ARTICLE, [...ARTICLE, 20], ARTICLE];
  assert.deepEqual(runRule(articleEnd, box, { containerShare: 0.8, blockContainers: boxed }, (st) => { st.region = [0, 3]; }).notes, []);
});

test('article-end: one long paragraph is no container; off without chains, without a region, with containerShare 0 or with comments kept', () => {
  const one = new BlockBuilder().text(para(200), 'body').text(para(10), 'body').build();
  assert.deepEqual(runRule(articleEnd, one, { containerShare: 0.8, blockContainers: [[1, 2, 5], [1, 2, 6]] }, (st) => { st.region = [0, 1]; }).notes, []);
  const p = page();
  assert.deepEqual(runRule(articleEnd, p, { containerShare: 0.8 }, (st) => { st.region = [0, 4]; }).notes, []);
  assert.deepEqual(runRule(articleEnd, p, { containerShare: 0.8, blockContainers: p.containers }).notes, []);
  assert.deepEqual(runRule(articleEnd, p, { containerShare: 0, blockContainers: p.containers }, (st) => { st.region = [0, 4]; }).notes, []);
  assert.deepEqual(runRule(articleEnd, p, { containerShare: 0.8, blockContainers: p.containers, commentBody: 1 }, (st) => { st.region = [0, 4]; }).notes, [], 'comments kept');
});
