import { test } from 'node:test';
import assert from 'node:assert/strict';
import { flagStats, type FlagPage } from '../../src/experiments/memory-based/flags.js';
import type { GoldLabel, Label } from '../../src/labels.js';

const page = (predicted: Label[], gold: GoldLabel[], hasHeadingGold = true): FlagPage => ({
  predicted, gold, counted: gold.map((_, i) => i), hasTitleGold: gold.includes('title'), hasHeadingGold,
});

test('flag precision and recall on a constructed case', () => {
  const pages: FlagPage[] = [
    // 1. no title predicted, the title was missed: flagged, real title error (hit).
    page(['other', 'body', 'body'], ['title', 'body', 'body']),
    // 2. two separate titles predicted, one wrong: flagged, title error (hit).
    page(['title', 'body', 'title', 'body'], ['title', 'body', 'other', 'body']),
    // 3. title on the wrong block: not flagged (one title), but a title error (miss).
    page(['other', 'title', 'body'], ['title', 'other', 'body']),
    // 4. right: not flagged, no error.
    page(['title', 'heading', 'body'], ['title', 'heading', 'body']),
    // 5. two titles in gold and in the prediction: flagged, no error (a false alarm); gold trips it too.
    page(['title', 'body', 'title'], ['title', 'body', 'title']),
    // 6. adjacent headings predicted where gold has heading, body: flagged, heading error.
    page(['title', 'heading', 'heading', 'body'], ['title', 'heading', 'body', 'body']),
    // 7. no title in gold: title checks not judged here; heading check is.
    page(['body', 'other'], ['body', 'other']),
  ];
  const by = new Map(flagStats(pages).map((s) => [s.flag, s]));
  const noTitle = by.get('no-title')!;
  assert.deepEqual([noTitle.pages, noTitle.flagged, noTitle.errorPages, noTitle.hits], [6, 1, 3, 1]);
  assert.equal(noTitle.precision, 1);
  assert.equal(noTitle.recall, 1 / 3);
  const several = by.get('several-titles')!;
  assert.deepEqual([several.flagged, several.errorPages, several.hits, several.goldFlagged], [2, 3, 1, 1]);
  assert.equal(several.precision, 0.5);
  assert.equal(several.recall, 1 / 3);
  const adj = by.get('adjacent-headings')!;
  assert.deepEqual([adj.pages, adj.flagged, adj.errorPages, adj.hits], [7, 1, 1, 1]);
  assert.equal(adj.precision, 1);
  assert.equal(adj.recall, 1);
  const any = by.get('any')!;
  // Flagged: 1, 2, 5, 6; any block wrong: 1, 2, 3, 6.
  assert.deepEqual([any.pages, any.flagged, any.errorPages, any.hits], [7, 4, 4, 3]);
  assert.equal(any.precision, 0.75);
  assert.equal(any.recall, 0.75);
});

test('other blocks between headings do not separate them; nothing flagged gives no precision', () => {
  const s = flagStats([page(['title', 'heading', 'other', 'heading', 'body'], ['title', 'heading', 'other', 'heading', 'body'])]);
  const adj = s.find((x) => x.flag === 'adjacent-headings')!;
  assert.equal(adj.flagged, 1);
  assert.equal(adj.goldFlagged, 1);
  assert.equal(adj.precision, 0);
  assert.equal(adj.recall, undefined);
  assert.equal(s.find((x) => x.flag === 'no-title')!.precision, undefined);
});
