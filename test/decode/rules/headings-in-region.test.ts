import { test } from 'node:test';
import assert from 'node:assert/strict';
import { headingsInRegion } from '../../../src/decode/rules/headings-in-region.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

const doc = () => new BlockBuilder()
  .text('Far above', 'heading').link('nav', 'other').link('nav', 'other').link('nav', 'other').link('nav', 'other') // 0: 5 blocks before the region
  .text('Section one', 'heading').text(para(40), 'body') // 5, 6
  .text('Sub a', 'heading').text('Sub b', 'heading').text(para(40), 'body') // 7-9: a heading right before a heading is fine
  .text('Closing head', 'heading').text('Footer line', 'other') // 10, 11
  .build();

test("headings-in-region: headings outside an article's region, or with no body after them, become other", () => {
  const article = { pageType: 'article' } as const;
  const s = runRule(headingsInRegion, doc(), article, (st) => { st.region = [6, 11]; });
  assert.deepEqual([5, 7, 8].map((i) => s.labels[i]), ['heading', 'heading', 'heading']);
  assert.deepEqual(noteRows(s), [
    [0, 'heading', 'other', 'headings-in-region', 'heading outside the content region'],
    [10, 'heading', 'other', 'headings-in-region', 'heading with no body text after it'],
  ]);
  const ending = runRule(headingsInRegion, doc(), article, (st) => { st.region = [6, 9]; });
  assert.deepEqual(noteRows(ending).at(-1), [10, 'heading', 'other', 'headings-in-region', 'heading outside the content region']);
  assert.equal(runRule(headingsInRegion, doc(), article).notes.length, 5, 'no region: no heading survives');
});

test('headings-in-region: on a page that is not an article, headings outside the region stay; one with no body after it still goes', () => {
  for (const pageType of ['product', 'listing', 'unknown'] as const) {
    const s = runRule(headingsInRegion, doc(), { pageType }, (st) => { st.region = [6, 9]; });
    assert.deepEqual(noteRows(s), [[10, 'heading', 'other', 'headings-in-region', 'heading with no body text after it']], pageType);
    assert.equal(s.labels[0], 'heading', `${pageType}: the heading far above the region stays`);
  }
});
