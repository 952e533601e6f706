import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scorePage, summarize } from '../../src/eval/page-scores.js';
import type { ExtractorOutput } from '../../src/eval/extractor.js';

const ex = (title: string, body: string, blockLabels?: ExtractorOutput['blockLabels']): ExtractorOutput => ({ title, headings: [], body, ...(blockLabels ? { blockLabels } : {}) });

test('only the metrics the gold supports are computed', () => {
  const s = scorePage('p', 's', ex('T', 'one two'), {});
  assert.deepEqual(s, { pageId: 'p', site: 's' });
  const t = scorePage('p', 's', ex('The Title!', 'x'), { title: 'the title' });
  assert.equal(t.titleCorrect, true);
  assert.equal(t.shingle, undefined);
  assert.equal(t.blocks, undefined, 'no block labels from the extractor: no block metrics');
  // Invisible characters (a soft hyphen in the gold, none in the page text) do not decide a title.
  assert.equal(scorePage('p', 's', ex('Deutschland steht', 'x'), { title: 'Deutsch\u00adland steht' }).titleCorrect, true);
  assert.equal(scorePage('p', 's', ex('Deutsch land steht', 'x'), { title: 'Deutsch\u00adland steht' }).titleCorrect, false);
});

test('text metrics include the title when the gold text does', () => {
  const gold = { text: 'Big news\nThe body text here.' };
  const without = scorePage('p', 's', ex('Big news', 'The body text here.'), gold);
  const withTitle = scorePage('p', 's', ex('Big news', 'The body text here.'), { ...gold, textIncludesTitle: true });
  assert.ok(without.word!.recall < 1);
  assert.equal(withTitle.word!.f1, 1);
  assert.equal(withTitle.shingle!.exact, true);
});

test('snippets are summed over pages, word F1 averaged, title accuracy a share', () => {
  const a = scorePage('a', 's', ex('A', 'keep this text'), { title: 'A', text: 'keep this text', snippets: { with: ['keep this'], without: ['menu'] } });
  const b = scorePage('b', 's', ex('X', 'menu and more'), { title: 'B', text: 'the real text', snippets: { with: ['the real', 'text'], without: ['menu'] } });
  const s = summarize([a, b]);
  assert.equal(s.pages, 2);
  assert.deepEqual(s.title, { pages: 2, accuracy: 0.5 });
  assert.deepEqual(s.snippets!.counts, { tp: 1, fp: 1, tn: 1, fn: 2 });
  assert.equal(s.snippets!.precision, 0.5);
  assert.equal(s.snippets!.recall, 1 / 3);
  assert.equal(s.word!.f1, 0.5); // page a 1.0, page b 0.0
  assert.equal(s.labels, undefined);
});

test('block metrics: document scores only over pages with complete gold', () => {
  const full = scorePage('a', 's', ex('', '', ['body', 'other']), { blockLabels: ['body', 'other'] });
  const partial = scorePage('b', 's', ex('', '', ['body', 'body']), { blockLabels: ['body', 'unknown'], partial: true });
  const allUnknown = scorePage('c', 's', ex('', '', ['body']), { blockLabels: ['unknown'], partial: true });
  assert.equal(allUnknown.blocks, undefined);
  const s = summarize([full, partial, allUnknown]);
  assert.equal(s.labels!.pages, 2);
  assert.equal(s.labels!.blocks, 3);
  assert.equal(s.labels!.accuracy, 1);
  assert.equal(s.document!.all.pages, 1);
});
