/**
 * The memory-based study (Arizaleta 2009, chapter 6) rerun with pith's memory-based learners on
 * public corpora, for both representations side by side: the memory-based study's text/tail units
 * (`units`) and pith's block features (`pith`). Data sets:
 * - `news`: l3s-gn1 (per-element title / full text / other by human assessors; research
 *   use only), standing in for the thesis' Google News pages: title and body;
 * - `headings`: cleaneval (headings marked `<h>`) and wcxb-dev (markdown `#` lines, titles),
 *   for headings (and body).
 * Everything is scored on blocks (text blocks with gold), so both representations are
 * judged on the same units; unit predictions are mapped back to blocks.
 */
import { LABELS, type Label } from '../../labels.js';
import type { LabelScores } from '../../eval/block-metrics.js';
import { seededRandom } from '../../util/random.js';
import { featureWeights, WEIGHTINGS, type ColumnWeight, type Weighting } from '../../models/knn/index.js';
import { loadDataset, REPS, schemaOf, type RepName, type StudyDataset, type StudyPage } from './data.js';
import { meanF, regimeFolds, runFolds, scoreOutcomes, settingKey, type FoldPlan, type PageOutcome, type Regime, type Setting } from './cv.js';
import { flagStats, type FlagPage, type FlagStats } from './flags.js';

export interface StudyOptions {
  /** Folder holding l3s-gn1, cleaneval and wcxb-dev. */
  readonly corporaRoot: string;
  /** Most pages per corpus (overrides the defaults below; for quick development runs). */
  readonly limit?: number;
  /** Smaller everything (a few minutes). */
  readonly quick?: boolean;
  readonly folds?: number;
  readonly seed?: number;
  readonly onProgress?: (message: string) => void;
}

/** The sizes a run uses, resolved from the options (reported with the results). */
export interface StudyConfig {
  readonly newsPages: number | undefined;
  readonly cleanevalPages: number;
  readonly wcxbPages: number;
  readonly folds: number;
  readonly sweepFolds: number;
  readonly sweepPages: { readonly news: number; readonly headings: number };
  readonly maxK: number;
  readonly curveOrders: number;
  readonly curveTestPages: number;
  readonly minSitePages: number;
  readonly seed: number;
}

export function resolveConfig(o: Pick<StudyOptions, 'limit' | 'quick' | 'folds' | 'seed'>): StudyConfig {
  const q = o.quick ?? false;
  const cap = (n: number | undefined): number | undefined => (o.limit !== undefined ? (n === undefined ? o.limit : Math.min(n, o.limit)) : n);
  return {
    newsPages: cap(q ? 150 : 300),
    cleanevalPages: cap(q ? 30 : 60)!,
    wcxbPages: cap(q ? 20 : 40)!,
    folds: o.folds ?? (q ? 3 : 4),
    sweepFolds: 3,
    sweepPages: q ? { news: 60, headings: 30 } : { news: 80, headings: 40 },
    maxK: 10,
    curveOrders: q ? 2 : 3,
    curveTestPages: q ? 15 : 20,
    minSitePages: 4,
    seed: o.seed ?? 1,
  };
}

export type DatasetName = 'news' | 'headings';

export interface SetupResult {
  readonly dataset: DatasetName;
  readonly rep: RepName;
  readonly regime: Regime;
  readonly setting: Setting;
  readonly folds: number;
  readonly pages: number;
  readonly sites: number;
  readonly scores: LabelScores;
  readonly msPerItem: number | undefined;
  readonly testItems: number;
  readonly outcomes: readonly PageOutcome[];
}

export interface SweepRow {
  readonly dataset: DatasetName;
  readonly rep: RepName;
  readonly regime: Regime;
  readonly setting: Setting;
  readonly key: string;
  /** Mean micro F1 over the data set's labels (the criterion). */
  readonly score: number;
  readonly f: Readonly<Partial<Record<Label, number>>>;
}

export interface CurvePoint {
  readonly dataset: DatasetName;
  readonly rep: RepName;
  readonly trainPages: number;
  /** Micro F1 per label, averaged over the random orders. */
  readonly f: Readonly<Partial<Record<Label, number>>>;
}

export interface FlagResult {
  readonly dataset: DatasetName;
  readonly rep: RepName;
  readonly regime: Regime;
  readonly stats: readonly FlagStats[];
}

export interface DatasetInfo {
  readonly name: DatasetName;
  readonly corpora: string;
  readonly labels: readonly Label[];
  readonly pages: number;
  readonly sites: number;
  readonly failures: number;
  readonly items: Readonly<Record<RepName, number>>;
  readonly goldBlocks: Readonly<Partial<Record<Label, number>>>;
}

export interface StudyResult {
  readonly config: StudyConfig;
  readonly datasets: readonly DatasetInfo[];
  readonly weights: readonly { readonly dataset: DatasetName; readonly rep: RepName; readonly rows: readonly ColumnWeight[] }[];
  readonly sweep: readonly SweepRow[];
  readonly sweepPages: Readonly<Record<DatasetName, number>>;
  readonly main: readonly SetupResult[];
  readonly curves: readonly CurvePoint[];
  readonly curveInfo: { readonly pool: Readonly<Record<DatasetName, number>>; readonly test: Readonly<Record<DatasetName, number>> };
  readonly flags: readonly FlagResult[];
  readonly seconds: Readonly<Record<string, number>>;
  /** Site of each study page, by page index (for per-site tables). */
  readonly pageSites: Readonly<Record<DatasetName, readonly string[]>>;
}

const SWEEP_REGIMES: readonly Regime[] = ['merged', 'cross-site'];

/** A seeded sample of `n` pages (all when n >= pages). */
export function samplePages(pages: readonly StudyPage[], n: number, seed: number): StudyPage[] {
  if (n >= pages.length) return [...pages];
  const rand = seededRandom(seed);
  return pages.map((p, i) => ({ p, r: rand(), i })).sort((a, b) => a.r - b.r || a.i - b.i).slice(0, n).sort((a, b) => a.i - b.i).map((x) => x.p);
}

/** Training sizes of a learning curve: 5, 10, 20, ... below `pool`, then `pool`. */
export function curveSizes(pool: number): number[] {
  const out: number[] = [];
  for (let n = 5; n < pool; n *= 2) out.push(n);
  if (pool > 0) out.push(pool);
  return out;
}

function fOf(scores: LabelScores, labels: readonly Label[]): Partial<Record<Label, number>> {
  const f: Partial<Record<Label, number>> = {};
  for (const l of labels) f[l] = scores.micro[l]?.f1 ?? 0;
  return f;
}

/** The k sweep (IB1 k = 1..maxK and IGTREE, every weighting) of one data set, rep and regime. */
export function sweepSetup(pages: readonly StudyPage[], labels: readonly Label[], folds: readonly FoldPlan[], rep: RepName, maxK: number, weightings: readonly Weighting[] = WEIGHTINGS): Array<Omit<SweepRow, 'dataset' | 'regime' | 'rep'>> {
  const rows: Array<Omit<SweepRow, 'dataset' | 'regime' | 'rep'>> = [];
  for (const w of weightings) {
    const run = runFolds(pages, folds, { rep, weighting: w, maxK, igtree: true });
    for (const s of run.settings) {
      const sc = scoreOutcomes(pages, run.outcomes.get(settingKey(s))!);
      rows.push({ setting: s, key: settingKey(s), score: meanF(sc, labels), f: fOf(sc, labels) });
    }
  }
  return rows;
}

/** The best row (highest score; ties: IB1 before IGTREE, smaller k, weighting order). */
export function optimum<T extends { score: number }>(rows: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const r of rows) if (!best || r.score > best.score + 1e-12) best = r;
  return best;
}

function pageFlagInput(p: StudyPage, o: PageOutcome, corpusHasHeadings: boolean): FlagPage {
  return {
    predicted: o.labels, gold: p.gold, counted: p.counted,
    hasTitleGold: p.counted.some((i) => p.gold[i] === 'title'),
    hasHeadingGold: corpusHasHeadings,
  };
}

type Say = (line: string) => void;
/** A data set of the study, with the corpora it came from. */
interface StudySet {
  readonly name: DatasetName;
  readonly data: StudyDataset;
  readonly corpora: string;
}

/** Step 1: the two data sets, features computed once per page. */
async function loadStudySets(cfg: StudyConfig, root: string, say: Say): Promise<StudySet[]> {
  const progressOf = (name: string) => (d: number, n: number) => {
    if (d === n || d % 50 === 0) say(`load ${name}: ${d}/${n} pages`);
  };
  const news = await loadDataset('news', ['title', 'body'], [{ path: `${root}/l3s-gn1`, ...(cfg.newsPages !== undefined ? { limit: cfg.newsPages } : {}) }], { seed: cfg.seed, onPage: progressOf('l3s-gn1') });
  const headings = await loadDataset('headings', ['heading', 'body'], [
    { path: `${root}/cleaneval`, limit: cfg.cleanevalPages, filter: (p) => (p.gold.headings?.length ?? 0) > 0 },
    { path: `${root}/wcxb-dev`, limit: cfg.wcxbPages, filter: (p) => (p.gold.headings?.length ?? 0) > 0 },
  ], { seed: cfg.seed, onPage: progressOf('cleaneval + wcxb-dev') });
  return [
    { name: 'news', data: news, corpora: 'l3s-gn1' },
    { name: 'headings', data: headings, corpora: 'cleaneval + wcxb-dev' },
  ];
}

function datasetInfo({ name, data, corpora }: StudySet): DatasetInfo {
  const gold: Partial<Record<Label, number>> = {};
  for (const p of data.pages) for (const i of p.counted) gold[p.gold[i] as Label] = (gold[p.gold[i] as Label] ?? 0) + 1;
  return {
    name, corpora, labels: data.labels, pages: data.pages.length, sites: new Set(data.pages.map((p) => p.site)).size, failures: data.failures,
    items: { pith: data.pages.reduce((a, p) => a + p.reps.pith.seq.items.length, 0), units: data.pages.reduce((a, p) => a + p.reps.units.seq.items.length, 0) },
    goldBlocks: gold,
  };
}

/** Step 3: algorithm x k x weighting on a sample of each data set, merged and cross-site. */
function sweepAll(sets: readonly StudySet[], cfg: StudyConfig, say: Say): { sweep: SweepRow[]; sweepPages: Record<DatasetName, number> } {
  const sweep: SweepRow[] = [];
  const sweepPages: Record<DatasetName, number> = { news: 0, headings: 0 };
  for (const { name, data } of sets) {
    const sample = samplePages(data.pages, cfg.sweepPages[name], cfg.seed);
    sweepPages[name] = sample.length;
    for (const regime of SWEEP_REGIMES) {
      const folds = regimeFolds(sample, regime, { folds: cfg.sweepFolds, seed: cfg.seed });
      for (const rep of REPS) {
        const t1 = Date.now();
        for (const r of sweepSetup(sample, data.labels, folds, rep, cfg.maxK)) sweep.push({ ...r, dataset: name, regime, rep });
        say(`sweep ${name} ${regime} ${rep}: ${((Date.now() - t1) / 1000).toFixed(1)}s`);
      }
    }
  }
  return { sweep, sweepPages };
}

/** The sweep's best setting for a setup (within-site takes the merged optimum); IB1 k=1 when none ran. */
type BestOf = (dataset: DatasetName, rep: RepName, regime: Regime) => Setting;
function bestSettings(sweep: readonly SweepRow[]): BestOf {
  return (dataset, rep, regime) =>
    optimum(sweep.filter((r) => r.dataset === dataset && r.rep === rep && r.regime === (regime === 'within-site' ? 'merged' : regime)))?.setting ??
    { algorithm: 'ib1', weighting: 'gain-ratio', k: 1 };
}

/** The learners' options for one setting. */
function runOptionsOf(rep: RepName, setting: Setting): { rep: RepName; weighting: Weighting; maxK: number; igtree: boolean } {
  return { rep, weighting: setting.weighting, maxK: setting.algorithm === 'ib1' ? setting.k ?? 1 : 0, igtree: setting.algorithm === 'igtree' };
}

/** Step 4: every regime at each setup's optimum, on all pages; the folds are kept for the curves. */
function mainRuns(sets: readonly StudySet[], cfg: StudyConfig, bestOf: BestOf, say: Say): { main: SetupResult[]; foldCache: Map<string, FoldPlan[]> } {
  const main: SetupResult[] = [];
  const foldCache = new Map<string, FoldPlan[]>();
  for (const { name, data } of sets) {
    for (const regime of ['within-site', 'merged', 'cross-site'] as const) {
      const folds = regimeFolds(data.pages, regime, { folds: cfg.folds, seed: cfg.seed, minSitePages: cfg.minSitePages });
      foldCache.set(`${name}/${regime}`, folds);
      if (!folds.length) {
        say(`${name} ${regime}: no site has ${cfg.minSitePages} pages; skipped`);
        continue;
      }
      const tested = new Set(folds.flatMap((f) => f.test));
      for (const rep of REPS) {
        const setting = bestOf(name, rep, regime);
        const t1 = Date.now();
        const run = runFolds(data.pages, folds, runOptionsOf(rep, setting));
        const outs = run.outcomes.get(settingKey(setting))!;
        main.push({
          dataset: name, rep, regime, setting, folds: folds.length, pages: tested.size,
          sites: new Set([...tested].map((i) => data.pages[i]!.site)).size,
          scores: scoreOutcomes(data.pages, outs), msPerItem: setting.algorithm === 'ib1' ? run.msPerItem.ib1 : run.msPerItem.igtree,
          testItems: run.testItems, outcomes: outs,
        });
        say(`main ${name} ${regime} ${rep} (${settingKey(setting)}): ${((Date.now() - t1) / 1000).toFixed(1)}s`);
      }
    }
  }
  return { main, foldCache };
}

/** Step 5: learning curves on cross-site fold 0, the training pages taken in several random orders. */
function learningCurves(sets: readonly StudySet[], cfg: StudyConfig, foldCache: ReadonlyMap<string, FoldPlan[]>, bestOf: BestOf, say: Say): { curves: CurvePoint[]; curveInfo: StudyResult['curveInfo'] } {
  const curves: CurvePoint[] = [];
  const pool: Record<DatasetName, number> = { news: 0, headings: 0 };
  const testN: Record<DatasetName, number> = { news: 0, headings: 0 };
  for (const { name, data } of sets) {
    const fold = foldCache.get(`${name}/cross-site`)![0]!;
    const test = samplePages(fold.test.map((i) => data.pages[i]!), cfg.curveTestPages, cfg.seed).map((p) => data.pages.indexOf(p));
    pool[name] = fold.train.length;
    testN[name] = test.length;
    for (const rep of REPS) {
      const setting = bestOf(name, rep, 'cross-site');
      const sizes = curveSizes(fold.train.length);
      const sums = sizes.map(() => ({} as Partial<Record<Label, number>>));
      for (let o = 0; o < cfg.curveOrders; o++) {
        const rand = seededRandom(cfg.seed * 1000 + o + 1);
        const order = fold.train.map((i) => ({ i, r: rand() })).sort((a, b) => a.r - b.r).map((x) => x.i);
        const plans = sizes.map((n) => ({ train: order.slice(0, n), test }));
        plans.forEach((plan, si) => {
          const run = runFolds(data.pages, [plan], runOptionsOf(rep, setting));
          const sc = scoreOutcomes(data.pages, run.outcomes.get(settingKey(setting))!);
          for (const l of data.labels) sums[si]![l] = (sums[si]![l] ?? 0) + (sc.micro[l]?.f1 ?? 0) / cfg.curveOrders;
        });
      }
      sizes.forEach((n, si) => curves.push({ dataset: name, rep, trainPages: n, f: sums[si]! }));
      say(`learning curve ${name} ${rep}: ${sizes.length} sizes x ${cfg.curveOrders} orders`);
    }
  }
  return { curves, curveInfo: { pool, test: testN } };
}

/** Step 6: the state machine's flags over the main predictions (within-site left out). */
function stateMachineFlags(main: readonly SetupResult[], dataOf: (name: DatasetName) => StudyDataset): FlagResult[] {
  const flags: FlagResult[] = [];
  for (const m of main) {
    if (m.regime === 'within-site') continue;
    const data = dataOf(m.dataset);
    const input = m.outcomes.map((o) => pageFlagInput(data.pages[o.page]!, o, m.dataset === 'headings'));
    flags.push({ dataset: m.dataset, rep: m.rep, regime: m.regime, stats: flagStats(input) });
  }
  return flags;
}

export async function runStudy(options: StudyOptions): Promise<StudyResult> {
  const cfg = resolveConfig(options);
  const say = options.onProgress ?? (() => {});
  const seconds: Record<string, number> = {};
  const t0 = Date.now();
  const lap = (name: string, from: number) => (seconds[name] = (Date.now() - from) / 1000);

  let t = Date.now();
  const sets = await loadStudySets(cfg, options.corporaRoot.replace(/\/$/, ''), say);
  const [news, headings] = [sets[0]!.data, sets[1]!.data];
  lap('load + features', t);
  const datasets = sets.map(datasetInfo);
  for (const d of datasets) say(`${d.name}: ${d.pages} pages, ${d.sites} sites, ${d.items.pith} blocks, ${d.items.units} units`);

  // 2. Feature weights (table 6.10) on the news data.
  t = Date.now();
  const weights = REPS.map((rep) => ({ dataset: 'news' as DatasetName, rep, rows: featureWeights(news.pages.map((p) => p.reps[rep].seq), schemaOf(rep), 'gain-ratio') }));
  lap('feature weights', t);

  t = Date.now();
  const { sweep, sweepPages } = sweepAll(sets, cfg, say);
  lap('sweep', t);
  const bestOf = bestSettings(sweep);

  t = Date.now();
  const { main, foldCache } = mainRuns(sets, cfg, bestOf, say);
  lap('main cross-validation', t);

  t = Date.now();
  const { curves, curveInfo } = learningCurves(sets, cfg, foldCache, bestOf, say);
  lap('learning curves', t);

  const flags = stateMachineFlags(main, (name) => (name === 'news' ? news : headings));
  seconds['total'] = (Date.now() - t0) / 1000;
  return { config: cfg, datasets, weights, sweep, sweepPages, main, curves, curveInfo, flags, seconds,
    pageSites: { news: news.pages.map((p) => p.site), headings: headings.pages.map((p) => p.site) } };
}

export { LABELS };
