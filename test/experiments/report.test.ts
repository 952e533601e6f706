import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lineChart, niceTicks } from '../../src/experiments/memory-based/svg.js';
import { charts, toMarkdown } from '../../src/experiments/memory-based/report.js';
import { regimeFolds, runFolds, scoreOutcomes, settingKey, type Regime } from '../../src/experiments/memory-based/cv.js';
import { curveSizes, optimum, resolveConfig, samplePages, sweepSetup, type SetupResult, type StudyResult, type SweepRow } from '../../src/experiments/memory-based/study.js';
import { flagStats } from '../../src/experiments/memory-based/flags.js';
import { featureWeights } from '../../src/models/knn/index.js';
import { schemaOf, REPS } from '../../src/experiments/memory-based/data.js';
import { makePages } from './helpers.js';

/** Tags open and close in order (a small well-formedness check, enough for our own output). */
function assertWellFormed(svg: string): void {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>/g)) {
    const [, close, name, attrs, self] = m;
    assert.ok(!/[<&](?!amp;|lt;|gt;|quot;|apos;)/.test(attrs!), `bad attribute text in <${name}>`);
    if (self) continue;
    if (close) assert.equal(stack.pop(), name, `</${name}> closes the wrong element`);
    else stack.push(name!);
  }
  assert.deepEqual(stack, []);
  const text = svg.replace(/<[^>]*>/g, '');
  assert.ok(!/[<>]|&(?!amp;|lt;|gt;|quot;|apos;)/.test(text), 'unescaped text');
}

test('lineChart: well-formed SVG, one line per series, escaped names, points in the plot area', () => {
  const svg = lineChart(
    [{ name: 'pith <title> & body', points: [[5, 0.5], [10, 0.7], [20, 0.9]] }, { name: 'seed', points: [[5, 0.4], [10, NaN], [20, 0.8]], dashed: true }],
    { title: 'Curve "a" & b', xLabel: 'pages', yLabel: 'F1', logX: true, width: 600, height: 400 },
  );
  assertWellFormed(svg);
  assert.equal((svg.match(/<polyline /g) ?? []).length, 2);
  assert.ok(svg.includes('pith &lt;title&gt; &amp; body'));
  assert.equal((svg.match(/stroke-dasharray/g) ?? []).length, 2); // the dashed line and its legend entry
  for (const m of svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)) {
    const x = Number(m[1]), y = Number(m[2]);
    assert.ok(x >= 60 && x <= 600 - 180 && y >= 36 && y <= 400 - 50, `point ${x},${y} outside the plot`);
  }
  assert.equal((svg.match(/<circle /g) ?? []).length, 5); // the NaN point is skipped
  assert.deepEqual(niceTicks(0, 1, 5), [0, 0.2, 0.4, 0.6, 0.8, 1]);
});

test('curve sizes and samples', () => {
  assert.deepEqual(curveSizes(50), [5, 10, 20, 40, 50]);
  assert.deepEqual(curveSizes(3), [3]);
  const pages = makePages(3, 3);
  const s = samplePages(pages, 4, 7);
  assert.equal(s.length, 4);
  assert.deepEqual(samplePages(pages, 4, 7), s);
  assert.equal(new Set(s).size, 4);
  assert.equal(resolveConfig({ quick: true, limit: 10 }).wcxbPages, 10);
  assert.equal(optimum([{ score: 0.5, k: 1 }, { score: 0.7, k: 2 }, { score: 0.7, k: 3 }])!.k, 2);
});

test('report: headline, regime, weight, sweep and flag tables from a real small run', () => {
  const pages = makePages(4, 4);
  const labels = ['title', 'heading', 'body'] as const;
  const sweep: SweepRow[] = [];
  const main: SetupResult[] = [];
  for (const regime of ['merged', 'cross-site'] as Regime[]) {
    const folds = regimeFolds(pages, regime, { folds: 2 });
    for (const rep of REPS) {
      for (const r of sweepSetup(pages, labels, folds, rep, 2, ['gain-ratio', 'none'])) sweep.push({ ...r, dataset: 'news', regime, rep });
      const run = runFolds(pages, folds, { rep, weighting: 'gain-ratio', maxK: 1, igtree: false });
      const outs = run.outcomes.get('ib1/k=1/gain-ratio')!;
      main.push({ dataset: 'news', rep, regime, setting: { algorithm: 'ib1', weighting: 'gain-ratio', k: 1 }, folds: 2, pages: pages.length, sites: 4, scores: scoreOutcomes(pages, outs), msPerItem: run.msPerItem.ib1, testItems: run.testItems, outcomes: outs });
    }
  }
  assert.equal(sweep.length, 2 * 2 * 2 * 3);
  const result: StudyResult = {
    config: resolveConfig({ quick: true }),
    datasets: [{ name: 'news', corpora: 'hand-made', labels: ['title', 'body'], pages: pages.length, sites: 4, failures: 0, items: { pith: 1, units: 1 }, goldBlocks: { title: 16 } }],
    weights: REPS.map((rep) => ({ dataset: 'news' as const, rep, rows: featureWeights(pages.map((p) => p.reps[rep].seq), schemaOf(rep), 'gain-ratio') })),
    sweep, sweepPages: { news: pages.length, headings: 0 }, main,
    curves: [{ dataset: 'news', rep: 'pith', trainPages: 5, f: { title: 0.5, body: 0.6 } }, { dataset: 'news', rep: 'pith', trainPages: 10, f: { title: 0.7, body: 0.8 } }],
    curveInfo: { pool: { news: 10, headings: 0 }, test: { news: 4, headings: 0 } },
    flags: main.map((m) => ({ dataset: m.dataset, rep: m.rep, regime: m.regime, stats: flagStats(m.outcomes.map((o) => ({ predicted: o.labels, gold: pages[o.page]!.gold, counted: pages[o.page]!.counted, hasTitleGold: true, hasHeadingGold: true }))) })),
    seconds: { total: 1 },
    pageSites: { news: pages.map((p) => p.site), headings: [] },
  };
  const list = charts(result);
  for (const c of list) assertWellFormed(c.svg);
  assert.ok(list.some((c) => c.file === 'learning-curve-news.svg'));
  const md = toMarkdown(result, list);
  assert.match(md, /## Headline: thesis vs pith/);
  assert.match(md, /\| merged \| body \| news \| 0\.981 \|/);
  assert.match(md, /\| cross-site \| title \| news \| 0\.610 \|/);
  const f = main.find((m) => m.regime === 'cross-site' && m.rep === 'pith')!.scores.micro.body!.f1.toFixed(3);
  assert.ok(md.includes(`| pith blocks | body | `) && md.includes(`**${f}**`));
  assert.match(md, /## Feature weights/);
  assert.match(md, /\| textLen \| numeric \|/);
  assert.match(md, /### Optimum per setup/);
  const best = optimum(sweep.filter((x) => x.regime === 'merged' && x.rep === 'pith'))!;
  assert.ok(md.includes(`| news | merged | pith blocks | ${best.key} |`));
  assert.match(md, /\| news \| cross-site \| text\/tail units \| no-title \|/);
  assert.ok(md.includes('](learning-curve-news.svg)'));
  // Every table row has as many cells as its header.
  for (const block of md.split(/\n\n+/)) {
    const rows = block.split('\n').filter((l) => l.startsWith('|'));
    if (rows.length < 2) continue;
    const n = rows[0]!.split('|').length;
    for (const r of rows) assert.equal(r.split('|').length, n, r);
  }
  assert.ok(settingKey({ algorithm: 'igtree', weighting: 'none' }) === 'igtree/none');
});
