import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkStructure, NEWS_STRUCTURE_CHECKS } from '../../src/decode/checks.js';
import type { GoldLabel } from '../../src/labels.js';

const L = (s: string): GoldLabel[] =>
  s.split(' ').map((c) => ({ t: 'title', h: 'heading', b: 'body', o: 'other', u: 'unknown' } as const)[c as 't']);
const checks = (s: string, o = {}) => checkStructure(L(s), o).map((f) => f.check);

test('a well-formed article has no flags', () => {
  assert.deepEqual(checks('o t b h b b h b o'), []);
});

test('E1: no title', () => {
  assert.deepEqual(checks('o b b o'), ['no-title']);
});

test('E2: several titles, with the title blocks named', () => {
  const f = checkStructure(L('t b o t b'));
  assert.deepEqual(f.map((x) => x.check), ['several-titles']);
  assert.deepEqual(f[0]!.blocks, [0, 3]);
});

test('a title split over consecutive blocks is one title unless told otherwise', () => {
  assert.deepEqual(checks('t t b'), []);
  assert.deepEqual(checks('t t b', { mergeTitleRuns: false }), ['several-titles']);
});

test('E3: headings together, skipping noise between them', () => {
  const f = checkStructure(L('t h o h b h b'));
  assert.deepEqual(f.map((x) => x.check), ['adjacent-headings']);
  assert.deepEqual(f[0]!.blocks, [1, 3]);
  assert.deepEqual(checks('t h b h b'), []);
});

test('no body, and the memory-based study subset leaves it out', () => {
  assert.deepEqual(checks('o t o'), ['no-body']);
  assert.deepEqual(checks('o t o', { checks: NEWS_STRUCTURE_CHECKS }), []);
  assert.deepEqual(checks('o o', { checks: NEWS_STRUCTURE_CHECKS }), ['no-title']);
});

test('unknown blocks count as noise; an empty page has no flags', () => {
  assert.deepEqual(checks('u t u b u'), []);
  assert.deepEqual(checkStructure([]), []);
});

test('the input is not changed', () => {
  const labels = Object.freeze(L('h h t t'));
  assert.doesNotThrow(() => checkStructure(labels));
  assert.deepEqual(checks('h h t t'), ['adjacent-headings', 'no-body']);
});
