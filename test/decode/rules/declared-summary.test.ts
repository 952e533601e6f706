import { test } from 'node:test';
import assert from 'node:assert/strict';
import { declaredSummary } from '../../../src/decode/rules/declared-summary.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

const declaredTitles = ['Creative Food Sculptures'];
const declaredDescriptions = ['via fubiz.net Repurposing food as art is creative. @TweetRightBrain'];

/** A photo blog's post: its headline, a picture and the two lines og:description repeats, then its share bar. */
const post = () => new BlockBuilder().text('Creative Food Sculptures', 'title').image('other')
  .text('via fubiz.net', 'other').text('Repurposing food as art is creative. @TweetRightBrain', 'other').text('Tweet', 'other').build();

test('declared-summary: the lines under the declared headline that the declared description holds become body', () => {
  const s = runRule(declaredSummary, post(), { declaredTitles, declaredDescriptions });
  assert.deepEqual(noteRows(s), [
    [2, 'other', 'body', 'declared-summary', 'a line of the summary the page declares'],
    [3, 'other', 'body', 'declared-summary', 'a line of the summary the page declares'],
  ]);
});

test('declared-summary: not without a declared description or headline, nor under a story that has its text', () => {
  assert.deepEqual(runRule(declaredSummary, post(), { declaredTitles }).notes, []);
  assert.deepEqual(runRule(declaredSummary, post(), { declaredDescriptions }).notes, []);
  const story = new BlockBuilder().text('Creative Food Sculptures', 'title').text('Repurposing food as art is creative.', 'other')
    .text(para(60), 'body').build();
  assert.deepEqual(runRule(declaredSummary, story, { declaredTitles, declaredDescriptions }).notes, [], 'a news deck stays as the model has it');
  const other = new BlockBuilder().text('Creative Food Sculptures', 'title').text('Food as art in a museum', 'other').build();
  assert.deepEqual(runRule(declaredSummary, other, { declaredTitles, declaredDescriptions }).notes, [], 'a line the description does not hold');
});
