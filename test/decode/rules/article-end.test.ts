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

test("article-end: a sidebar's links after the article's paragraphs become other when they are a tail", () => {
  // Links and a short line in a sidebar (element 10) hold over a fifth of the body: no element
  // but <body> holds 80% of it, yet the three paragraphs share the article's div.
  const build = (links: number) => {
    const b = new BlockBuilder().text(para(40), 'body').text(para(40), 'body').text(para(40), 'body');
    for (let k = 0; k < links; k++) b.link(`Another post from this blog, number ${k}`, 'body');
    b.text(para(8), 'body');
    return { ...b.build(), containers: [ARTICLE, ARTICLE, ARTICLE, ...Array.from({ length: links + 1 }, () => RELATED)] };
  };
  const p = build(6);
  const s = runRule(articleEnd, p, { containerShare: 0.8, blockContainers: p.containers }, (st) => { st.region = [0, 9]; });
  assert.deepEqual(s.labels, ['body', 'body', 'body', 'other', 'other', 'other', 'other', 'other', 'other', 'body']);
  assert.equal(noteRows(s)[0]![4], "links after the article's paragraphs");
  // A list of links longer than the article's paragraphs is the page's content (a list page), not a tail.
  const list = build(40);
  assert.deepEqual(runRule(articleEnd, list, { containerShare: 0.8, blockContainers: list.containers }, (st) => { st.region = [0, 43]; }).notes, []);
});

test("article-end: in an old layout table the article's cell, holding 70% of the body, is its container; a div holding as much is not", () => {
  const cells = (tag: 'td' | 'div') => new BlockBuilder()
    .text(para(80), 'body').atPath(`html/body/table/tbody/tr/${tag}`).text(para(70), 'body').atPath(`html/body/table/tbody/tr/${tag}`)
    .text(para(50), 'body').atPath(`html/body/table/tbody/tr/${tag}`).build();
  // 1 html, 2 body, 3 table, 4 tbody, 5 tr, 6 the article's cell, 7 the next cell (readers' comments).
  const chains = [[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 7]];
  const s = runRule(articleEnd, cells('td'), { containerShare: 0.8, blockContainers: chains }, (st) => { st.region = [0, 2]; });
  assert.deepEqual(s.labels, ['body', 'body', 'other']);
  assert.deepEqual(s.region, [0, 1]);
  assert.deepEqual(runRule(articleEnd, cells('div'), { containerShare: 0.8, blockContainers: chains }, (st) => { st.region = [0, 2]; }).notes, []);
});

test("article-end: on a forum thread the replies after the first post's container stay, unless the page has comment sections (an article whose commenters made it look like a forum)", () => {
  const p = page();
  const thread = runRule(articleEnd, p, { pageType: 'forum', containerShare: 0.8, blockContainers: p.containers }, (st) => { st.region = [0, 4]; });
  assert.deepEqual(thread.notes, []);
  const withComments = runRule(articleEnd, p, { pageType: 'forum', containerShare: 0.8, blockContainers: p.containers, commentBlocks: [0, 0, 0, 0, 1] }, (st) => { st.region = [0, 4]; });
  assert.deepEqual(withComments.labels, ['body', 'body', 'body', 'other', 'other']);
});

test("article-end: on documentation the sections after the summary's container stay (a type's methods, each with its example)", () => {
  const p = page();
  assert.deepEqual(runRule(articleEnd, p, { pageType: 'docs', containerShare: 0.8, blockContainers: p.containers }, (st) => { st.region = [0, 4]; }).notes, []);
  assert.deepEqual(runRule(articleEnd, p, { pageType: 'article', containerShare: 0.8, blockContainers: p.containers }, (st) => { st.region = [0, 4]; }).labels, ['body', 'body', 'body', 'other', 'other']);
});
