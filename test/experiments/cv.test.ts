import { test } from 'node:test';
import assert from 'node:assert/strict';
import { regimeFolds, runFolds, scoreOutcomes, settingKey } from '../../src/experiments/memory-based/cv.js';
import { makePages } from './helpers.js';

const pages = makePages(4, 4);

test('study pages: both representations map back to one label per block', () => {
  for (const p of pages) {
    assert.ok(p.counted.length > 0);
    assert.ok(p.gold.includes('title') && p.gold.includes('heading') && p.gold.includes('body'));
    for (const rep of ['pith', 'units'] as const) {
      const seq = p.reps[rep].seq;
      assert.equal(seq.labels.length, seq.items.length);
      const blocks = p.reps[rep].toBlocks(seq.labels.map((l) => (l === 'unknown' ? 'other' : l)));
      assert.equal(blocks.length, p.gold.length);
    }
    // Gold unit labels mapped back give the gold block labels on the scored blocks.
    const s = p.reps.units.seq;
    const back = p.reps.units.toBlocks(s.labels.map((l) => (l === 'unknown' ? 'other' : l)));
    for (const i of p.counted) assert.equal(back[i], p.gold[i], `block ${i}`);
  }
});

test('cross-site folds keep each site on one side; merged tests every page once', () => {
  const cross = regimeFolds(pages, 'cross-site', { folds: 4, seed: 3 });
  assert.equal(cross.length, 4);
  for (const f of cross) {
    const testSites = new Set(f.test.map((i) => pages[i]!.site));
    for (const i of f.train) assert.ok(!testSites.has(pages[i]!.site), 'a test site is in training');
  }
  const merged = regimeFolds(pages, 'merged', { folds: 4, seed: 3 });
  assert.deepEqual(merged.flatMap((f) => f.test).sort((a, b) => a - b), pages.map((_, i) => i));
  // With 4 pages per site dealt at random over 4 folds, some fold trains on a test page's site.
  assert.ok(merged.some((f) => f.test.some((t) => f.train.some((i) => pages[i]!.site === pages[t]!.site))));
});

test('within-site folds train on the test page\'s own site only, and skip small sites', () => {
  const uneven = [...pages, ...makePages(1, 2).map((p) => ({ ...p, site: 'small.example' }))];
  const folds = regimeFolds(uneven, 'within-site', { folds: 2, minSitePages: 4 });
  assert.equal(folds.length, 4 * 2);
  for (const f of folds) {
    assert.ok(f.site);
    for (const i of [...f.train, ...f.test]) assert.equal(uneven[i]!.site, f.site);
  }
  assert.ok(!folds.some((f) => f.site === 'small.example'));
});

test('runFolds: one IB1 search gives every k, beside IGTREE, and learns the easy pages', () => {
  const folds = regimeFolds(pages, 'cross-site', { folds: 2, seed: 1 });
  for (const rep of ['pith', 'units'] as const) {
    const run = runFolds(pages, folds, { rep, weighting: 'gain-ratio', maxK: 3, igtree: true });
    assert.deepEqual(run.settings.map(settingKey), ['ib1/k=1/gain-ratio', 'ib1/k=2/gain-ratio', 'ib1/k=3/gain-ratio', 'igtree/gain-ratio']);
    for (const key of run.settings.map(settingKey)) {
      const outs = run.outcomes.get(key)!;
      assert.deepEqual(outs.map((o) => o.page).sort((a, b) => a - b), pages.map((_, i) => i));
    }
    const sc = scoreOutcomes(pages, run.outcomes.get('ib1/k=1/gain-ratio')!);
    assert.ok((sc.micro.body?.f1 ?? 0) > 0.9, `${rep} body F ${sc.micro.body?.f1}`);
    assert.ok((sc.micro.title?.f1 ?? 0) > 0.9, `${rep} title F ${sc.micro.title?.f1}`);
    assert.ok(run.msPerItem.ib1! > 0 && run.testItems > 0);
  }
});

test('runFolds refuses a fold that trains on a test page', () => {
  assert.throws(() => runFolds(pages, [{ train: [0, 1], test: [1] }], { rep: 'pith', weighting: 'none', maxK: 1, igtree: false }), /trains on a test page/);
});
