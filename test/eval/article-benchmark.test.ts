import { test } from 'node:test';
import assert from 'node:assert/strict';
import { benchmarkTokens, shinglePageScore, shingleSummary } from '../../src/eval/article-benchmark.js';

const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-9, `${a} != ${b}`);

test('tokens are \\w+ runs with case kept', () => {
  assert.deepEqual(benchmarkTokens('Héllo, wörld_1! 東京'), ['Héllo', 'wörld_1', '東京']);
});

test('counts are normalised per page', () => {
  // gold 4-grams: (a b c d), (b c d e); extracted: (a b c d)
  const s = shinglePageScore('a b c d', 'a b c d e');
  close(s.tp, 0.5);
  close(s.fp, 0);
  close(s.fn, 0.5);
  assert.equal(s.exact, false);
});

test('shingles are a multiset: repeated text is penalised', () => {
  // extracted has 5 shingles, abcd twice; gold has abcd once: tp 1, fp 4
  const s = shinglePageScore('a b c d a b c d', 'a b c d');
  close(s.tp / (s.tp + s.fp), 0.2);
});

test('short texts are one shingle; exact compares token sequences, case-sensitively', () => {
  assert.equal(shinglePageScore('x, y.', 'x y').exact, true);
  close(shinglePageScore('x y', 'x y').tp, 1);
  assert.equal(shinglePageScore('A b c d', 'a b c d').exact, false);
});

test('summary: P and R are means over pages where defined, F1 their harmonic mean', () => {
  const pages = [shinglePageScore('a b c d', 'a b c d e'), shinglePageScore('p q r s t', 'p q r s t'), shinglePageScore('', '')];
  const s = shingleSummary(pages);
  close(s.precision, 1);
  close(s.recall, 0.75);
  close(s.f1, (2 * 0.75) / 1.75);
  close(s.accuracy, 2 / 3);
  assert.equal(s.pages, 3);
  // Extracting nothing from a page with gold: recall 0, and that page has no precision.
  const none = shingleSummary([shinglePageScore('', 'a b c d e')]);
  assert.equal(none.recall, 0);
  assert.equal(none.precision, 0);
});
