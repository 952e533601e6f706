import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeFolds, type SplitItem } from '../../src/eval/splits.js';
import { seededRandom } from '../../src/util/random.js';
import { jaccard, nearDuplicateGroups, shingleHashes } from '../../src/eval/near-duplicates.js';
import { isPithError } from '../../src/errors.js';

// A long text with a distinct vocabulary per seed: texts of different seeds share no 5-grams.
function article(seed: number, words = 80): string {
  const rand = seededRandom(seed);
  return Array.from({ length: words }, () => `w${seed}x${Math.floor(rand() * 1000)}`).join(' ');
}

function corpus(): SplitItem[] {
  const items: SplitItem[] = [];
  for (let s = 0; s < 6; s++) for (let p = 0; p < 3 + s; p++) items.push({ site: `site${s}.com`, text: article(100 * s + p) });
  return items;
}

function checkPartition(n: number, folds: readonly { train: readonly number[]; test: readonly number[] }[]): void {
  const seen = new Array<number>(n).fill(0);
  for (const f of folds) {
    for (const i of f.test) seen[i]!++;
    assert.equal(f.train.length + f.test.length, n);
    const t = new Set(f.test);
    assert.ok(f.train.every((i) => !t.has(i)), 'a page is both in train and test');
  }
  assert.deepEqual(seen, new Array<number>(n).fill(1), 'every page is tested exactly once');
}

test('cross-site: every site wholly on one side of every fold', () => {
  const items = corpus();
  const split = makeFolds(items, { strategy: 'cross-site', folds: 3, seed: 7 });
  checkPartition(items.length, split.folds);
  for (const f of split.folds) {
    const testSites = new Set(f.test.map((i) => items[i]!.site));
    assert.ok(f.train.every((i) => !testSites.has(items[i]!.site)));
  }
  assert.equal(split.units, 6);
});

test('splits are deterministic given the seed', () => {
  const items = corpus();
  const a = makeFolds(items, { strategy: 'mixed', folds: 4, seed: 3 });
  const b = makeFolds(items, { strategy: 'mixed', folds: 4, seed: 3 });
  assert.deepEqual(a.folds, b.folds);
  const others = [4, 5, 6, 7].map((seed) => makeFolds(items, { strategy: 'mixed', folds: 4, seed }).folds);
  assert.ok(others.some((o) => JSON.stringify(o) !== JSON.stringify(a.folds)), 'the seed changes the split');
  checkPartition(items.length, a.folds);
  const sizes = a.folds.map((f) => f.test.length);
  assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `balanced folds: ${sizes}`);
});

test('within-site: every site with enough pages is tested in every fold', () => {
  const items = corpus();
  const split = makeFolds(items, { strategy: 'within-site', folds: 3, seed: 1 });
  checkPartition(items.length, split.folds);
  for (const f of split.folds) {
    const sites = new Set(f.test.map((i) => items[i]!.site));
    assert.equal(sites.size, 6);
  }
});

test('near-duplicates never straddle train and test, even across sites', () => {
  const base = article(999, 120);
  const words = base.split(' ');
  words[60] = 'changed'; // one word edited: Jaccard of 5-gram sets stays high
  const items: SplitItem[] = [...corpus(), { site: 'copy1.com', text: base }, { site: 'copy2.com', text: words.join(' ') }];
  const n = items.length;
  for (const strategy of ['mixed', 'within-site', 'cross-site'] as const) {
    for (let seed = 1; seed <= 5; seed++) {
      const split = makeFolds(items, { strategy, folds: 4, seed });
      const fold = split.folds.find((f) => f.test.includes(n - 2))!;
      assert.ok(fold.test.includes(n - 1), `${strategy} seed ${seed}: duplicates split apart`);
      assert.equal(split.duplicatePages, 2);
    }
  }
  // With duplicate grouping off they are free to separate.
  const free = makeFolds(items, { strategy: 'mixed', folds: 4, seed: 1, keepDuplicatesApart: false });
  assert.equal(free.duplicatePages, 0);
});

test('too few sites for the folds is a clear error; bad options too', () => {
  const items: SplitItem[] = [{ site: 'a' }, { site: 'a' }, { site: 'b' }];
  assert.throws(() => makeFolds(items, { strategy: 'cross-site', folds: 3 }), (e) => isPithError(e) && e.code === 'BAD_OPTION' && /3 sites/.test(e.message));
  assert.throws(() => makeFolds(items, { folds: 1 }), (e) => isPithError(e) && e.code === 'BAD_OPTION');
  assert.throws(() => makeFolds(items, { strategy: 'random' as never }), (e) => isPithError(e) && e.code === 'BAD_OPTION');
});

test('near-duplicate groups: copies and light edits join, different or short texts do not', () => {
  const a = article(1, 100);
  const edited = a.replace(/^(\S+ ){10}/, (m) => m.toUpperCase() + 'inserted words here ');
  const groups = nearDuplicateGroups([a, article(2, 100), a, edited, 'too short to judge', 'too short to judge', undefined]);
  assert.equal(groups[0], 0);
  assert.equal(groups[1], 1);
  assert.equal(groups[2], 0);
  assert.equal(groups[3], 0);
  assert.equal(groups[4], 4);
  assert.equal(groups[5], 5);
  assert.equal(groups[6], 6);
  assert.ok(jaccard(shingleHashes(a), shingleHashes(edited)) >= 0.8);
  assert.equal(jaccard(shingleHashes(a), shingleHashes(article(2, 100))), 0);
});

test('near-duplicate detection stays fast on many pages', () => {
  const texts = Array.from({ length: 1500 }, (_, i) => article(i, 300));
  const t0 = performance.now();
  const g = nearDuplicateGroups(texts);
  assert.ok(performance.now() - t0 < 10_000);
  assert.equal(new Set(g).size, 1500);
});
