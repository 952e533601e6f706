/**
 * The main-list decision as a ranking (docs/lists.md): a conditional logit over one page's
 * candidate groups (group-features.ts). Each candidate scores `bias + Σ weight × (value − mean) / scale`;
 * "no list" is one more alternative scoring 0. Trained by maximising, over the training pages,
 * the softmax probability of the page's right answer: on a listing page any of its acceptable
 * candidates (those whose items match the declared ones best), on a page without a list the
 * "no list" alternative. The page's list is its best candidate when that scores the threshold or
 * more (0: more likely than "no list"). A linear score: the file and `pith model show` print
 * one weight per feature.
 */
import { PithError } from '../../errors.js';
import { GROUP_FEATURE_NAMES, type CandidateGroup } from './group-features.js';

export const GROUP_RANKER_ALGORITHM = 'conditional-logit';

interface RankerFeature {
  readonly name: string;
  /** Standardisation: the feature enters as (value − mean) / scale. */
  readonly mean: number;
  readonly scale: number;
  readonly weight: number;
}

/** A regression tree over raw feature values: `value < threshold` goes left. */
export type RankerTree = { readonly leaf: number } | { readonly feature: string; readonly threshold: number; readonly left: RankerTree; readonly right: RankerTree };

export interface GroupRankerBody {
  readonly algorithm: typeof GROUP_RANKER_ALGORITHM;
  /** The linear part (may be empty when there are trees). */
  readonly features: readonly RankerFeature[];
  /** Boosted trees added to the score (none: a linear ranker). */
  readonly trees?: readonly RankerTree[];
  readonly bias: number;
  /** The least score of a page's best candidate for it to be the list. */
  readonly threshold: number;
  /** Training pages with a list and without. */
  readonly pages: { readonly lists: number; readonly none: number };
}

/** One training page: its candidates' feature vectors (GROUP_FEATURE_NAMES order) and the indexes of the right ones (none: a page without a list). */
export interface RankerPage {
  readonly candidates: readonly Float64Array[];
  readonly acceptable: readonly number[];
}

export interface RankerParams {
  /** L2 penalty on the weights (standardised units) and the bias, per training page. */
  readonly l2: number;
  readonly iterations: number;
  readonly learningRate: number;
  /** The pages without a list weigh this much in all, against 1 for the pages with one. */
  readonly noneWeight: number;
  readonly threshold: number;
  /** Feature names read (default: all). */
  readonly features?: readonly string[];
  /** Boosted trees instead of a linear score (0: linear). */
  readonly trees: number;
  readonly depth: number;
  /** Each tree's leaves are scaled by this (shrinkage). */
  readonly shrinkage: number;
  /** Least hessian weight in a leaf. */
  readonly minLeaf: number;
}

const RANKER_PARAMS: RankerParams = Object.freeze({ l2: 0.05, iterations: 400, learningRate: 0.05, noneWeight: 1, threshold: 0, trees: 0, depth: 2, shrinkage: 0.1, minLeaf: 1 });

const MAX_FEATURES = 256;

/** Learns the ranker (deterministic: full-batch Adam from zero weights). */
export function trainGroupRanker(pages: readonly RankerPage[], options: Partial<RankerParams> = {}): GroupRankerBody {
  const p = { ...RANKER_PARAMS, ...options };
  const names = p.features ?? GROUP_FEATURE_NAMES;
  const cols = names.map((n) => {
    const k = GROUP_FEATURE_NAMES.indexOf(n);
    if (k < 0) throw new PithError('BAD_OPTION', `group ranker: unknown feature ${n}`);
    return k;
  });
  if (p.trees > 0) return trainBoostedRanker(pages, p, names, cols);
  const d = cols.length;
  const all = pages.flatMap((pg) => pg.candidates);
  const mean = new Float64Array(d), scale = new Float64Array(d).fill(1);
  if (all.length) {
    cols.forEach((c, j) => {
      let s = 0, s2 = 0;
      for (const x of all) { s += x[c]!; s2 += x[c]! * x[c]!; }
      mean[j] = s / all.length;
      const sd = Math.sqrt(Math.max(0, s2 / all.length - mean[j]! * mean[j]!));
      scale[j] = sd > 1e-9 ? sd : 1;
    });
  }
  const z = pages.map((pg) => pg.candidates.map((x) => Float64Array.from(cols, (c, j) => (x[c]! - mean[j]!) / scale[j]!)));
  const weights = pageWeights(pages, p.noneWeight);
  const theta = new Float64Array(d + 1); // weights, then the bias
  const m = new Float64Array(d + 1), v = new Float64Array(d + 1);
  const b1 = 0.9, b2 = 0.999, eps = 1e-8;
  const total = Math.max(1, weights.reduce((s, w) => s + w, 0));
  for (let t = 1; t <= p.iterations; t++) {
    const grad = gradient(theta, z, pages, weights);
    for (let j = 0; j <= d; j++) {
      const g = grad[j]! / total + p.l2 * theta[j]!;
      m[j] = b1 * m[j]! + (1 - b1) * g;
      v[j] = b2 * v[j]! + (1 - b2) * g * g;
      theta[j]! -= (p.learningRate * (m[j]! / (1 - b1 ** t))) / (Math.sqrt(v[j]! / (1 - b2 ** t)) + eps);
    }
  }
  const r = (x: number): number => Math.round(x * 1e6) / 1e6;
  return {
    algorithm: GROUP_RANKER_ALGORITHM,
    features: names.map((name, j) => ({ name, mean: r(mean[j]!), scale: r(scale[j]!), weight: r(theta[j]!) })),
    bias: r(theta[d]!), threshold: p.threshold, pages: pageCounts(pages),
  };
}

/** Training pages with a list (an acceptable candidate) and without. */
function pageCounts(pages: readonly RankerPage[]): { lists: number; none: number } {
  const lists = pages.filter((pg) => pg.acceptable.length > 0).length;
  return { lists, none: pages.length - lists };
}

/** Per page: the weight of its loss (pages without a list share noneWeight against the listing pages' 1 each). */
function pageWeights(pages: readonly RankerPage[], noneWeight: number): number[] {
  const { lists, none } = pageCounts(pages);
  return pages.map((pg) => (pg.acceptable.length > 0 ? 1 : none > 0 ? (noneWeight * Math.max(1, lists)) / none : 0));
}

/** Bin edges per feature: up to BINS distinct quantiles of the training values. */
const BINS = 24;

function binEdges(values: Float64Array): number[] {
  const sorted = Float64Array.from(values).sort();
  const edges = new Set<number>();
  for (let b = 1; b < BINS; b++) {
    const v = sorted[Math.floor((b * sorted.length) / BINS)];
    if (v !== undefined && v > sorted[0]!) edges.add(v);
  }
  return [...edges].sort((a, b) => a - b);
}

/**
 * Newton-boosted regression trees on the same softmax loss: each round fits a tree of `depth`
 * to the candidates' gradients and hessians (second-order gain, L2 on the leaves), split
 * thresholds at training quantiles; leaves are scaled by the shrinkage.
 */
function trainBoostedRanker(pages: readonly RankerPage[], p: RankerParams, names: readonly string[], cols: readonly number[]): GroupRankerBody {
  const xs: Float64Array[] = [], pageOf: number[] = [], right: boolean[] = [];
  pages.forEach((pg, i) => {
    const ok = new Set(pg.acceptable);
    pg.candidates.forEach((x, k) => { xs.push(x); pageOf.push(i); right.push(ok.has(k)); });
  });
  const n = xs.length;
  const weights = pageWeights(pages, p.noneWeight);
  const edges = cols.map((c) => binEdges(Float64Array.from(xs, (x) => x[c]!)));
  // Per candidate and feature: its bin (values below edge b fall in bin b).
  const bins = cols.map((c, j) => Uint8Array.from(xs, (x) => { const e = edges[j]!; let b = 0; while (b < e.length && x[c]! >= e[b]!) b++; return b; }));
  const u = new Float64Array(n);
  const trees: RankerTree[] = [];
  const lambda = Math.max(1e-6, p.l2);
  for (let t = 0; t < p.trees; t++) {
    const g = new Float64Array(n), h = new Float64Array(n);
    let start = 0;
    pages.forEach((pg, i) => {
      const m = pg.candidates.length, w = weights[i]!;
      if (m === 0 || w === 0) { start += m; return; }
      let top = 0;
      for (let k = 0; k < m; k++) top = Math.max(top, u[start + k]!);
      let all = Math.exp(-top), acc = 0;
      for (let k = 0; k < m; k++) { const e = Math.exp(u[start + k]! - top); all += e; if (right[start + k]) acc += e; }
      for (let k = 0; k < m; k++) {
        const e = Math.exp(u[start + k]! - top), pk = e / all;
        g[start + k] = w * (pk - (right[start + k] ? e / acc : 0));
        h[start + k] = w * Math.max(pk * (1 - pk), 1e-6);
      }
      start += m;
    });
    const tree = growTree(Int32Array.from({ length: n }, (_, k) => k), g, h, bins, edges, names, p.depth, lambda, p.minLeaf, p.shrinkage);
    trees.push(tree);
    const indexed = indexTree(tree);
    for (let k = 0; k < n; k++) u[k]! += treeValue(indexed, xs[k]!);
  }
  return { algorithm: GROUP_RANKER_ALGORITHM, features: [], trees, bias: 0, threshold: p.threshold, pages: pageCounts(pages) };
}

function growTree(
  rows: Int32Array, g: Float64Array, h: Float64Array, bins: readonly Uint8Array[], edges: readonly number[][], names: readonly string[],
  depth: number, lambda: number, minLeaf: number, shrinkage: number,
): RankerTree {
  let G = 0, H = 0;
  for (const k of rows) { G += g[k]!; H += h[k]!; }
  const leaf = { leaf: Math.round((-G / (H + lambda)) * shrinkage * 1e6) / 1e6 };
  if (depth === 0) return leaf;
  let best = { gain: 1e-9, j: -1, b: 0 };
  const parent = (G * G) / (H + lambda);
  bins.forEach((bj, j) => {
    const nb = edges[j]!.length + 1;
    if (nb < 2) return;
    const gs = new Float64Array(nb), hs = new Float64Array(nb);
    for (const k of rows) { gs[bj[k]!]! += g[k]!; hs[bj[k]!]! += h[k]!; }
    let gl = 0, hl = 0;
    for (let b = 0; b < nb - 1; b++) {
      gl += gs[b]!; hl += hs[b]!;
      const gr = G - gl, hr = H - hl;
      if (hl < minLeaf * 1e-3 || hr < minLeaf * 1e-3) continue;
      const gain = (gl * gl) / (hl + lambda) + (gr * gr) / (hr + lambda) - parent;
      if (gain > best.gain) best = { gain, j, b };
    }
  });
  if (best.j < 0) return leaf;
  const bj = bins[best.j]!;
  const left = rows.filter((k) => bj[k]! <= best.b), rightRows = rows.filter((k) => bj[k]! > best.b);
  return {
    feature: names[best.j]!, threshold: edges[best.j]![best.b]!,
    left: growTree(left, g, h, bins, edges, names, depth - 1, lambda, minLeaf, shrinkage),
    right: growTree(rightRows, g, h, bins, edges, names, depth - 1, lambda, minLeaf, shrinkage),
  };
}

/** A tree whose splits read a feature vector's column (GROUP_FEATURE_NAMES order) rather than a name. */
type IndexedTree = { readonly leaf: number } | { readonly col: number; readonly threshold: number; readonly left: IndexedTree; readonly right: IndexedTree };

/** The tree with its feature names turned into columns once, not at every node of every candidate. */
function indexTree(t: RankerTree): IndexedTree {
  return 'leaf' in t ? t : { col: GROUP_FEATURE_NAMES.indexOf(t.feature), threshold: t.threshold, left: indexTree(t.left), right: indexTree(t.right) };
}

/** A tree's value for a candidate's feature vector. */
function treeValue(tree: IndexedTree, x: Float64Array): number {
  let node = tree;
  while (!('leaf' in node)) node = x[node.col]! < node.threshold ? node.left : node.right;
  return node.leaf;
}

/** The gradient of the pages' weighted negative log-likelihood (weights, then the bias). */
function gradient(theta: Float64Array, z: readonly (readonly Float64Array[])[], pages: readonly RankerPage[], weights: readonly number[]): Float64Array {
  const d = theta.length - 1;
  const grad = new Float64Array(d + 1);
  pages.forEach((pg, i) => {
    const w = weights[i]!;
    const xs = z[i]!;
    if (w === 0 || xs.length === 0) return;
    const u = xs.map((x) => { let s = theta[d]!; for (let j = 0; j < d; j++) s += theta[j]! * x[j]!; return s; });
    const top = Math.max(0, ...u);
    const e = u.map((x) => Math.exp(x - top));
    const all = Math.exp(-top) + e.reduce((s, x) => s + x, 0);
    const acc = pg.acceptable.reduce((s, k) => s + e[k]!, 0);
    const ok = new Set(pg.acceptable);
    xs.forEach((x, k) => {
      // d(-log P(right)) / du_k = P_model(k) − P(k | right)
      const g = w * (e[k]! / all - (ok.has(k) ? e[k]! / acc : 0));
      if (g === 0) return;
      for (let j = 0; j < d; j++) grad[j]! += g * x[j]!;
      grad[d]! += g;
    });
  });
  return grad;
}

/** A loaded ranker: scores a page's candidate groups. */
export class GroupRanker {
  private readonly cols: readonly number[];
  private readonly trees: readonly IndexedTree[];
  constructor(readonly body: GroupRankerBody) {
    this.cols = body.features.map((f) => GROUP_FEATURE_NAMES.indexOf(f.name));
    this.trees = (body.trees ?? []).map(indexTree);
  }

  score(x: Float64Array): number {
    let s = this.body.bias;
    this.body.features.forEach((f, j) => { s += (f.weight * (x[this.cols[j]!]! - f.mean)) / f.scale; });
    for (const t of this.trees) s += treeValue(t, x);
    return s;
  }

  /** The best candidate (ties: the earlier) and its score; undefined when there are none. */
  private best(groups: readonly CandidateGroup[]): { group: CandidateGroup; score: number } | undefined {
    let out: { group: CandidateGroup; score: number } | undefined;
    for (const g of groups) {
      const s = this.score(g.x);
      if (!out || s > out.score) out = { group: g, score: s };
    }
    return out;
  }

  /** The list among the candidates: the best one when it scores the threshold (or `threshold`) or more. */
  pick(groups: readonly CandidateGroup[], threshold = this.body.threshold): CandidateGroup | undefined {
    const b = this.best(groups);
    return b && b.score >= threshold ? b.group : undefined;
  }

  describe(): string {
    const fs = [...this.body.features].sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight) || a.name.localeCompare(b.name));
    const width = Math.max(...fs.map((f) => f.name.length), 7);
    const fmt = (x: number): string => (x >= 0 ? '+' : '') + x.toFixed(3);
    const trees = this.body.trees ?? [];
    const parts = [fs.length ? 'the sum of weight × (value − mean) / scale' : '', trees.length ? `the ${trees.length} trees' leaves` : ''].filter(Boolean).join(' + ');
    return [
      `group ranker (${GROUP_RANKER_ALGORITHM}, trained on ${this.body.pages.lists} pages with a list and ${this.body.pages.none} without): a candidate group scores`,
      `bias ${fmt(this.body.bias)} + ${parts || '0'}; "no list" scores 0; the best group is the list when it scores ${this.body.threshold} or more`,
      ...(fs.length ? [`  ${'feature'.padEnd(width)}   weight      mean     scale`] : []),
      ...fs.map((f) => `  ${f.name.padEnd(width)}  ${fmt(f.weight).padStart(7)}  ${f.mean.toFixed(3).padStart(8)}  ${f.scale.toFixed(3).padStart(8)}`),
      ...trees.flatMap((t, k) => [`  tree ${k + 1}`, ...describeTree(t, '    ')]),
      '',
    ].join('\n');
  }
}

function describeTree(t: RankerTree, indent: string): string[] {
  if ('leaf' in t) return [`${indent}${t.leaf >= 0 ? '+' : ''}${t.leaf.toFixed(4)}`];
  return [
    `${indent}${t.feature} < ${t.threshold}:`, ...describeTree(t.left, indent + '  '),
    `${indent}${t.feature} >= ${t.threshold}:`, ...describeTree(t.right, indent + '  '),
  ];
}

/** Checks a stored tree: known features, finite numbers, bounded depth. */
function checkTree(t: unknown, depth: number, bad: (m: string) => never): void {
  if (depth > MAX_TREE_DEPTH) bad(`a tree deeper than ${MAX_TREE_DEPTH}`);
  const r = t as Record<string, unknown>;
  if (typeof t !== 'object' || t === null) bad('a tree node is not an object');
  if ('leaf' in r) {
    if (typeof r['leaf'] !== 'number' || !Number.isFinite(r['leaf'])) bad('a leaf must be a finite number');
    return;
  }
  if (typeof r['feature'] !== 'string' || !GROUP_FEATURE_NAMES.includes(r['feature'])) bad(`a tree reads a feature this pith does not compute: ${String(r['feature'])}`);
  if (typeof r['threshold'] !== 'number' || !Number.isFinite(r['threshold'])) bad('a split threshold must be a finite number');
  checkTree(r['left'], depth + 1, bad);
  checkTree(r['right'], depth + 1, bad);
}

const MAX_TREE_DEPTH = 12;
const MAX_TREES = 2000;

/** Checks a stored ranker; PithError('BAD_MODEL') when it is not one this pith can use. */
export function groupRankerFromJSON(json: unknown, subject = 'list model'): GroupRanker {
  const bad = (m: string): never => { throw new PithError('BAD_MODEL', `group ranker: ${m}`, subject); };
  if (typeof json !== 'object' || json === null) bad('not an object');
  const b = json as Record<string, unknown>;
  if (b['algorithm'] !== GROUP_RANKER_ALGORITHM) bad(`unknown algorithm ${String(b['algorithm'])}`);
  const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
  if (!finite(b['bias']) || !finite(b['threshold'])) bad('bias and threshold must be finite numbers');
  const pages = b['pages'] as Record<string, unknown> | undefined;
  const count = (x: unknown): boolean => Number.isSafeInteger(x) && (x as number) >= 0;
  if (typeof pages !== 'object' || pages === null || !count(pages['lists']) || !count(pages['none'])) bad('page counts must be whole numbers, 0 or more');
  const trees = b['trees'];
  if (trees !== undefined && (!Array.isArray(trees) || trees.length > MAX_TREES)) bad(`trees must be a list of at most ${MAX_TREES}`);
  for (const t of (trees as unknown[] | undefined) ?? []) checkTree(t, 0, bad);
  const hasTrees = Array.isArray(trees) && trees.length > 0;
  const fs = b['features'];
  if (!Array.isArray(fs) || (fs.length === 0 && !hasTrees) || fs.length > MAX_FEATURES) bad(`features must hold 1 to ${MAX_FEATURES} entries (or none, with trees)`);
  const seen = new Set<string>();
  for (const f of fs as unknown[]) {
    const r = f as Record<string, unknown>;
    if (typeof f !== 'object' || f === null || typeof r['name'] !== 'string') bad('a feature without a name');
    if (!GROUP_FEATURE_NAMES.includes(r['name'] as string)) bad(`reads a feature this pith does not compute: ${String(r['name'])}`);
    if (seen.has(r['name'] as string)) bad(`feature ${String(r['name'])} given twice`);
    seen.add(r['name'] as string);
    if (!finite(r['mean']) || !finite(r['weight']) || !finite(r['scale']) || !((r['scale'] as number) > 0)) bad(`feature ${String(r['name'])}: mean, weight and a positive scale`);
  }
  return new GroupRanker(json as GroupRankerBody);
}
