/**
 * Cross-validation of the memory-based learners over study pages, in the memory-based study's three
 * regimes (§6.2-6.4):
 * - `within-site`: each site on its own: folds over that site's pages, training on that
 *   site's other pages only (sites with at least `minSitePages` pages);
 * - `merged`: folds over all pages dealt at random (`makeFolds` strategy `mixed`): the test
 *   page's site is usually in the training set;
 * - `cross-site`: folds grouped by site (`makeFolds` strategy `cross-site`): no test site is
 *   ever seen in training.
 * Near-duplicate pages never straddle train and test (eval/splits.ts).
 *
 * One IB1 search per test item at the largest k serves every k (probsForEachK), and an
 * IGTREE is trained beside it on the same fold when asked: a whole k sweep costs one pass.
 */
import { PithError } from '../../errors.js';
import { LABELS, type Label } from '../../labels.js';
import { blockCounts, labelScores, type LabelScores, type PageBlockCounts } from '../../eval/block-metrics.js';
import { makeFolds } from '../../eval/splits.js';
import { bestLabel, probsForEachK, trainKnn, type Ib1Labeler, type Weighting } from '../../models/knn/index.js';
import { encodeSequence } from '../../models/knn/core.js';
import { schemaOf, type RepName, type StudyPage } from './data.js';

export type Regime = 'within-site' | 'merged' | 'cross-site';
export const REGIMES: readonly Regime[] = Object.freeze(['within-site', 'merged', 'cross-site']);

/** A fold as indices into the study pages. */
export interface FoldPlan {
  readonly train: readonly number[];
  readonly test: readonly number[];
  /** The site, for within-site folds. */
  readonly site?: string;
}

export interface FoldOptions {
  readonly folds?: number;
  readonly seed?: number;
  /** within-site: least pages a site needs (default 4). */
  readonly minSitePages?: number;
}

function splitItems(pages: readonly StudyPage[], idx: readonly number[]) {
  return idx.map((i) => (pages[i]!.text !== undefined ? { site: pages[i]!.site, text: pages[i]!.text! } : { site: pages[i]!.site }));
}

/** The folds of one regime. Within-site sites whose pages cannot be split (all duplicates) are skipped. */
export function regimeFolds(pages: readonly StudyPage[], regime: Regime, options: FoldOptions = {}): FoldPlan[] {
  const folds = options.folds ?? 4;
  const seed = options.seed ?? 1;
  const all = pages.map((_, i) => i);
  if (regime !== 'within-site') {
    const split = makeFolds(splitItems(pages, all), { strategy: regime === 'merged' ? 'mixed' : 'cross-site', folds, seed });
    return split.folds.map((f) => ({ train: f.train, test: f.test }));
  }
  const bySite = new Map<string, number[]>();
  pages.forEach((p, i) => {
    let l = bySite.get(p.site);
    if (!l) bySite.set(p.site, (l = []));
    l.push(i);
  });
  const out: FoldPlan[] = [];
  for (const site of [...bySite.keys()].sort()) {
    const idx = bySite.get(site)!;
    if (idx.length < (options.minSitePages ?? 4)) continue;
    for (let k = Math.min(folds, idx.length); k >= 2; k--) {
      try {
        const split = makeFolds(splitItems(pages, idx), { strategy: 'mixed', folds: k, seed });
        for (const f of split.folds) out.push({ site, train: f.train.map((j) => idx[j]!), test: f.test.map((j) => idx[j]!) });
        break;
      } catch (e) {
        if (!(e instanceof PithError)) throw e;
      }
    }
  }
  return out;
}

/** One learner setting. */
export interface Setting {
  readonly algorithm: 'ib1' | 'igtree';
  readonly weighting: Weighting;
  /** IB1 only. */
  readonly k?: number;
}

export function settingKey(s: Setting): string {
  return s.algorithm === 'igtree' ? `igtree/${s.weighting}` : `ib1/k=${s.k ?? 1}/${s.weighting}`;
}

/** One test page's outcome under one setting. */
export interface PageOutcome {
  readonly page: number;
  readonly labels: readonly Label[];
  readonly counts: PageBlockCounts;
}

export interface RunRequest {
  readonly rep: RepName;
  readonly weighting: Weighting;
  /** IB1 for every k in 1..maxK (0 = no IB1). */
  readonly maxK: number;
  /** Also an IGTREE with the same weighting. */
  readonly igtree: boolean;
  /** Called after each fold. */
  readonly onFold?: (done: number, total: number) => void;
}

export interface RunResult {
  /** Per setting key, the outcome of every test page (in fold order). */
  readonly outcomes: Map<string, PageOutcome[]>;
  readonly settings: Setting[];
  /** Milliseconds per test item: IB1 search (all k) and IGTREE. */
  readonly msPerItem: { ib1?: number; igtree?: number };
  readonly testItems: number;
}

function outcome(page: StudyPage, pageIndex: number, rep: RepName, itemLabels: readonly Label[]): PageOutcome {
  const labels = page.reps[rep].toBlocks(itemLabels);
  return { page: pageIndex, labels, counts: blockCounts(labels, page.gold, page.counted) };
}

/** Trains on each fold's training pages and labels its test pages under the requested settings. */
export function runFolds(pages: readonly StudyPage[], folds: readonly FoldPlan[], req: RunRequest): RunResult {
  const schema = schemaOf(req.rep);
  const settings: Setting[] = [];
  for (let k = 1; k <= req.maxK; k++) settings.push({ algorithm: 'ib1', weighting: req.weighting, k });
  if (req.igtree) settings.push({ algorithm: 'igtree', weighting: req.weighting });
  const outcomes = new Map<string, PageOutcome[]>(settings.map((s) => [settingKey(s), []]));
  let ib1Ms = 0, igMs = 0, items = 0;
  folds.forEach((fold, fi) => {
    const test = new Set(fold.test);
    if (fold.train.some((i) => test.has(i))) throw new PithError('BAD_OPTION', `fold ${fi} trains on a test page`);
    const train = fold.train.map((i) => pages[i]!.reps[req.rep].seq);
    if (req.maxK > 0) {
      const lab = trainKnn(train, { algorithm: 'ib1', k: req.maxK, weighting: req.weighting }, { schema }) as Ib1Labeler;
      const t0 = performance.now();
      for (const pi of fold.test) {
        const seq = pages[pi]!.reps[req.rep].seq;
        const perK: Label[][] = Array.from({ length: req.maxK }, () => new Array<Label>(seq.items.length));
        encodeSequence(lab.core, seq).forEach((q, i) => {
          const nb = lab.neighbours(q);
          const probs = nb.ranks > 0 ? probsForEachK(nb, 'majority', 1, lab.core.prior) : [];
          for (let k = 1; k <= req.maxK; k++) {
            const p = probs.length ? probs[Math.min(k, probs.length) - 1]! : Array.from(lab.core.prior);
            perK[k - 1]![i] = bestLabel(p, lab.core.prior);
          }
        });
        for (let k = 1; k <= req.maxK; k++) outcomes.get(settingKey({ algorithm: 'ib1', weighting: req.weighting, k }))!.push(outcome(pages[pi]!, pi, req.rep, perK[k - 1]!));
        items += seq.items.length;
      }
      ib1Ms += performance.now() - t0;
    } else {
      for (const pi of fold.test) items += pages[pi]!.reps[req.rep].seq.items.length;
    }
    if (req.igtree) {
      const tree = trainKnn(train, { algorithm: 'igtree', weighting: req.weighting }, { schema });
      const t0 = performance.now();
      for (const pi of fold.test) {
        const seq = pages[pi]!.reps[req.rep].seq;
        outcomes.get(settingKey({ algorithm: 'igtree', weighting: req.weighting }))!.push(outcome(pages[pi]!, pi, req.rep, tree.predict(seq).labels));
      }
      igMs += performance.now() - t0;
    }
    req.onFold?.(fi + 1, folds.length);
  });
  const msPerItem: { ib1?: number; igtree?: number } = {};
  if (req.maxK > 0 && items) msPerItem.ib1 = ib1Ms / items;
  if (req.igtree && items) msPerItem.igtree = igMs / items;
  return { outcomes, settings, msPerItem, testItems: items };
}

/** Micro and macro (over sites) P/R/F of a setting's outcomes. */
export function scoreOutcomes(pages: readonly StudyPage[], outs: readonly PageOutcome[]): LabelScores {
  return labelScores(outs.map((o) => ({ site: pages[o.page]!.site, counts: o.counts })));
}

/** Mean micro F1 over the given labels (the sweep's criterion); a label with no score counts 0. */
export function meanF(scores: LabelScores, labels: readonly Label[]): number {
  if (!labels.length) return 0;
  return labels.reduce((a, l) => a + (scores.micro[l]?.f1 ?? 0), 0) / labels.length;
}

export { LABELS };
