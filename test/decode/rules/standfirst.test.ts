import { test } from 'node:test';
import assert from 'node:assert/strict';
import { standfirst } from '../../../src/decode/rules/standfirst.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

const HEADLINE = 'Intel gains share over AMD';
const DECK = 'Intel gained share over AMD, but it was the second worst quarter for the x86 processor market.';

function story(deck = DECK, deckPath = 'html/body/div/header/h2'): ReturnType<BlockBuilder['build']> {
  return new BlockBuilder()
    .text(HEADLINE, 'title').atPath('html/body/div/header/h1')
    .image('other')
    .text(deck, 'other').atPath(deckPath)
    .text(para(60), 'body').atPath('html/body/div/div/p')
    .build();
}

test('standfirst: a sentence in a heading right under the declared headline becomes body', () => {
  const s = runRule(standfirst, story(), { declaredTitles: [`${HEADLINE}`] });
  assert.deepEqual(s.labels, ['title', 'other', 'body', 'body']);
  assert.deepEqual(noteRows(s), [[2, 'other', 'body', 'standfirst', 'a standfirst under the headline']]);
  // Inline markup inside the heading element is the same heading.
  const inSpan = runRule(standfirst, story(DECK, 'html/body/div/header/h2/span'), { declaredTitles: [HEADLINE] });
  assert.deepEqual(inSpan.labels, ['title', 'other', 'body', 'body']);
});

test("standfirst: not under a title the page does not declare (a blog's name and its tagline)", () => {
  assert.deepEqual(runRule(standfirst, story(), { declaredTitles: ['Another story | Site'] }).notes, []);
  assert.deepEqual(runRule(standfirst, story(), {}).notes, []);
});

test('standfirst: not a short heading, not a paragraph, not on product or forum pages', () => {
  const declaredTitles = [HEADLINE];
  assert.deepEqual(runRule(standfirst, story('Related stories'), { declaredTitles }).notes, []);
  assert.deepEqual(runRule(standfirst, story(DECK, 'html/body/div/header/p'), { declaredTitles }).notes, []);
  assert.deepEqual(runRule(standfirst, story(), { declaredTitles, pageType: 'product' }).notes, []);
  assert.deepEqual(runRule(standfirst, story(), { declaredTitles, pageType: 'forum' }).notes, []);
});
