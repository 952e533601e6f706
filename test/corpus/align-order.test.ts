/** Alignment fixes: repeated words, runs, gold in another order than the page, big anchorless gaps. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from '../../src/page.js';
import { alignGold, goldBlockLabels, alignTokenSequences } from '../../src/corpus/index.js';
import type { Gold } from '../../src/corpus/index.js';

const page = (body: string) => loadPage(new TextEncoder().encode(`<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`));
const labels = (body: string, gold: Gold) => goldBlockLabels(page(body), gold);

test('a gold word repeated on the page anchors where its neighbours match too', () => {
  // "nutrition" is unique in the gold but twice on the page: the heading, then a link below it.
  const l = labels(
    '<h3>Oral health and nutrition</h3><p>Consuming healthy foods and drinks can help you.</p><p><a href="/n">Find out how nutrition affects your oral health and overall health.</a></p>',
    { mainText: 'Oral health and nutrition\nConsuming healthy foods and drinks can help you.' },
  );
  assert.deepEqual(l, ['heading', 'body', 'other']);
});

test('an anchor word found twice on the page is kept where its neighbours match (token level)', () => {
  // gold: "oral health X oral health nutrition"; page: the same, then a stray "nutrition" link.
  const a = Int32Array.from([7, 1, 2, 9, 1, 2, 5, 8, 5, 1, 2]);
  const b = Int32Array.from([1, 2, 9, 1, 2, 5]);
  assert.deepEqual([...alignTokenSequences(a, b, 10, { maxDpCells: 10 })], [-1, 0, 1, 2, 3, 4, 5, -1, -1, -1, -1]);
});

test('the exact gap solver prefers one run over scattered matches of equal length', () => {
  const a = Int32Array.from([6, 1, 7, 2, 8, 3, 1, 2, 3, 6]);
  const b = Int32Array.from([1, 2, 3]);
  assert.deepEqual([...alignTokenSequences(a, b, 10)], [-1, -1, -1, -1, -1, -1, 0, 1, 2, -1]);
});

test('a range with nothing to anchor on is still solved exactly when affordable', () => {
  // No token, pair, triple or 4-gram of the gold is unique: no anchors.
  const a = Int32Array.from([5, 1, 1, 1, 1, 1, 5]);
  const b = Int32Array.from([1, 1, 1, 1, 1]);
  assert.deepEqual([...alignTokenSequences(a, b, 6, { maxDpCells: 5 })], [-1, 0, 1, 2, 3, 4, -1]);
  // Above the fallback limit it stays unaligned rather than costing unbounded work.
  assert.deepEqual([...alignTokenSequences(a, b, 6, { maxDpCells: 5, maxFallbackCells: 10 })], [-1, -1, -1, -1, -1, -1, -1]);
});

test('a gold line the page shows elsewhere (another order) is found by containment', () => {
  const body =
    '<div>Recent reviews: Very positive (7,778) - 95% of the 7,778 user reviews in the last 30 days are positive.</div>' +
    '<div>Menu Store Community Support</div>' +
    '<h2>About this game</h2><p>Nine distinct classes provide a broad range of tactical abilities.</p>';
  const gold = { mainText: 'About this game\nNine distinct classes provide a broad range of tactical abilities.\n95% of the 7,778 user reviews in the last 30 days are positive.' };
  assert.deepEqual(labels(body, gold), ['body', 'other', 'heading', 'body']);
});

test('short gold lines out of page order match whole blocks near their neighbours only', () => {
  // A forum: each post shows its date before its author, the gold has the author first.
  const post = (n: number, text: string) => `<div>Feb ${n}, 2026 | 9:0${n} pm</div><div>#${n}</div><div><a href="/u">Low Jhg</a></div><div>${text}</div>`;
  const body = `<h1>Trip report</h1>${post(1, 'I am writing this trip report, inspired by another one.')}${post(2, 'Contents and chapters follow below, so bear with me.')}`;
  const gold = { mainText: 'Low Jhg\nFeb 1, 2026 | 9:01 pm\nI am writing this trip report, inspired by another one.\nLow Jhg\nFeb 2, 2026 | 9:02 pm\nContents and chapters follow below, so bear with me.' };
  const r = alignGold(page(body), gold);
  // date, #n (other), author, text per post
  assert.deepEqual(r.labels, ['other', 'body', 'other', 'body', 'body', 'body', 'other', 'body', 'body']);
});

test('a short line far from its neighbours is not claimed', () => {
  const filler = Array.from({ length: 30 }, (_, i) => `<p>Unrelated sidebar entry number ${i} with words</p>`).join('');
  const body = `<div>Site stats</div><div>Site stats</div>${filler}<p>The main story text is right here and goes on.</p><p>It ends here.</p>`;
  const l = labels(body, { mainText: 'The main story text is right here and goes on.\nIt ends here.\nSite stats' });
  assert.deepEqual(l.slice(0, 2), ['other', 'other']);
  assert.deepEqual(l.slice(-2), ['body', 'body']);
});
