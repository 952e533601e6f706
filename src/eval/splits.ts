/**
 * k-fold splits in the three setups the studies compare (block-labelling study, section 7):
 * - `cross-site`: every site wholly on one side ("separate sources"): the honest estimate
 *   of how pith does on a site it has never seen;
 * - `mixed`: pages dealt at random ("mixed sources");
 * - `within-site`: each site's pages dealt over the folds, so every site with enough pages
 *   is on both sides (memory-based study's "within single domains", pooled).
 * In all three, near-duplicate pages are one unit and never straddle the train/test line
 * (block-labelling study's "no duplicates"), unless `keepDuplicatesApart` is false.
 * Deterministic: the same items, options and seed give the same folds.
 */
import { PithError } from '../errors.js';
import { nearDuplicateGroups, type NearDuplicateOptions } from './near-duplicates.js';
import { seededRandom, shuffleInPlace } from '../util/random.js';

export type SplitStrategy = 'cross-site' | 'mixed' | 'within-site';
export const SPLIT_STRATEGIES: readonly SplitStrategy[] = Object.freeze(['cross-site', 'mixed', 'within-site']);

export interface SplitItem {
  readonly site: string;
  /** The page's main text, for near-duplicate detection; items without text are never duplicates. */
  readonly text?: string;
}

export interface SplitOptions {
  /** Default `cross-site`. */
  readonly strategy?: SplitStrategy;
  /** Number of folds. Default 4 (block-labelling study's four-fold cross-validation). */
  readonly folds?: number;
  /** Seed of the shuffle. Default 1. */
  readonly seed?: number;
  /** Keep near-duplicate pages on one side. Default true. */
  readonly keepDuplicatesApart?: boolean;
  readonly nearDuplicates?: NearDuplicateOptions;
}

export interface SplitConfig {
  readonly strategy: SplitStrategy;
  readonly folds: number;
  readonly seed: number;
  readonly keepDuplicatesApart: boolean;
  readonly nearDuplicates: NearDuplicateOptions;
}

export function resolveSplitOptions(options: SplitOptions = {}): SplitConfig {
  const strategy = options.strategy ?? 'cross-site';
  if (!SPLIT_STRATEGIES.includes(strategy)) throw new PithError('BAD_OPTION', `unknown split strategy '${String(strategy)}' (known: ${SPLIT_STRATEGIES.join(', ')})`);
  const folds = options.folds ?? 4;
  if (!Number.isInteger(folds) || folds < 2) throw new PithError('BAD_OPTION', `folds must be a whole number >= 2, got ${folds}`);
  const seed = options.seed ?? 1;
  if (!Number.isInteger(seed)) throw new PithError('BAD_OPTION', `seed must be a whole number, got ${seed}`);
  return Object.freeze({
    strategy, folds, seed,
    keepDuplicatesApart: options.keepDuplicatesApart ?? true,
    nearDuplicates: Object.freeze({ ...options.nearDuplicates }),
  });
}

export interface Fold {
  readonly index: number;
  /** Indices into the items, ascending. */
  readonly train: readonly number[];
  readonly test: readonly number[];
}

export interface Split {
  readonly config: SplitConfig;
  readonly folds: readonly Fold[];
  /** Items that share a near-duplicate group with another item. */
  readonly duplicatePages: number;
  /** Units (sites and/or duplicate groups) the folds were built from. */
  readonly units: number;
}

const shuffle = shuffleInPlace;

/** Joins items into units: duplicate groups, plus whole sites for `cross-site`. Returns unit members. */
function buildUnits(items: readonly SplitItem[], config: SplitConfig): { units: number[][]; duplicatePages: number } {
  const n = items.length;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]!]!;
    return x;
  };
  const union = (a: number, b: number): void => {
    const ra = find(a), rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  let duplicatePages = 0;
  if (config.keepDuplicatesApart) {
    const dup = nearDuplicateGroups(items.map((i) => i.text), config.nearDuplicates);
    const size = new Map<number, number>();
    for (const g of dup) size.set(g, (size.get(g) ?? 0) + 1);
    for (let i = 0; i < n; i++) {
      if (dup[i] !== i) union(i, dup[i]!);
      if (size.get(dup[i]!)! > 1) duplicatePages++;
    }
  }
  if (config.strategy === 'cross-site') {
    const first = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const f = first.get(items[i]!.site);
      if (f === undefined) first.set(items[i]!.site, i);
      else union(i, f);
    }
  }
  const byRoot = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const r = find(i);
    let m = byRoot.get(r);
    if (!m) byRoot.set(r, (m = []));
    m.push(i);
  }
  return { units: [...byRoot.values()], duplicatePages };
}

/** Deals units to folds, largest first (ties in shuffled order), each to the fold with fewest pages. */
function deal(units: number[][], folds: number, rand: () => number, load: number[], assign: number[]): void {
  const order = shuffle(units.map((_, i) => i), rand);
  const rank = new Map(order.map((u, k) => [u, k]));
  order.sort((a, b) => units[b]!.length - units[a]!.length || rank.get(a)! - rank.get(b)!);
  for (const u of order) {
    let best = 0;
    for (let f = 1; f < folds; f++) if (load[f]! < load[best]!) best = f;
    load[best]! += units[u]!.length;
    for (const i of units[u]!) assign[i] = best;
  }
}

export function makeFolds(items: readonly SplitItem[], options: SplitOptions = {}): Split {
  const config = resolveSplitOptions(options);
  const { units, duplicatePages } = buildUnits(items, config);
  if (units.length < config.folds) {
    const what = config.strategy === 'cross-site' ? 'sites' : 'pages';
    throw new PithError('BAD_OPTION', `${config.folds} folds need at least ${config.folds} ${what} (or duplicate groups); found ${units.length}`);
  }
  const rand = seededRandom(config.seed);
  const assign = new Array<number>(items.length).fill(-1);
  if (config.strategy === 'within-site') {
    // Deal each site's units separately; a unit spanning sites (a cross-site duplicate) goes with its first page's site.
    const bySite = new Map<string, number[][]>();
    for (const u of units) {
      const site = items[u[0]!]!.site;
      let list = bySite.get(site);
      if (!list) bySite.set(site, (list = []));
      list.push(u);
    }
    const total = new Array<number>(config.folds).fill(0);
    for (const site of [...bySite.keys()].sort()) {
      // Start each site on the folds that are lightest overall, so small sites spread evenly.
      const load = total.map((t) => t / (items.length + 1));
      deal(bySite.get(site)!, config.folds, rand, load, assign);
      for (const u of bySite.get(site)!) total[assign[u[0]!]!]! += u.length;
    }
  } else {
    deal(units, config.folds, rand, new Array<number>(config.folds).fill(0), assign);
  }
  const folds: Fold[] = [];
  for (let f = 0; f < config.folds; f++) {
    const train: number[] = [];
    const test: number[] = [];
    for (let i = 0; i < items.length; i++) (assign[i] === f ? test : train).push(i);
    folds.push(Object.freeze({ index: f, train: Object.freeze(train), test: Object.freeze(test) }));
  }
  return Object.freeze({ config, folds: Object.freeze(folds), duplicatePages, units: units.length });
}
