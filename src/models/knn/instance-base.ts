/**
 * The IB1 instance base: identical training rows merged into one with per-class counts,
 * stored in the order of a search tree so that exact k-NN can skip most of memory.
 *
 * The search tree splits on the columns in the distance's own order (activeColumns: the
 * largest expected contribution first; zero-weight columns take no part in the distance and
 * are left out). A symbolic column splits by value; a numeric one into up to NUMERIC_FANOUT
 * groups of equal width in dense-rank space (adaptive to skewed values, unlike equal-width
 * bins), missing values apart. A node stops splitting at LEAF_SIZE rows or when the columns
 * run out. Every node also gets a summary over all columns (node-bounds.ts) from which
 * search.ts bounds the distance to any row below it (branch and bound, exact).
 */
import { LABELS } from '../../labels.js';
import { computeNodeBounds, type NodeBounds } from './node-bounds.js';
import type { SearchTree } from './search-tree.js';
import { NUMERIC } from './table.js';

const NC = LABELS.length;
export const LEAF_SIZE = 16;
export const NUMERIC_FANOUT = 8;

export type { SearchTree } from './search-tree.js';

export interface InstanceBase {
  readonly width: number;
  /** Distinct rows. */
  readonly rows: number;
  /** rows x width, row-major, in tree order. */
  readonly values: Float64Array;
  /** rows x LABELS, how often each distinct row occurred with each label. */
  readonly counts: Float64Array;
  readonly kinds: Uint8Array;
  readonly weights: Float64Array;
  /** 1 / (max - min) of numeric columns; Infinity where the range is empty (any difference counts 1). */
  readonly inv: Float64Array;
  /** Columns with weight > 0 in the distance's summation order (activeColumns). */
  readonly active: Int32Array;
  readonly tree: SearchTree;
  /** Per-node summaries over all active columns (node-bounds.ts). */
  readonly bounds: NodeBounds;
}

/** Merges identical rows, summing their class counts. */
export function dedupe(values: Float64Array, classes: Uint8Array, rows: number, width: number): { values: Float64Array; counts: Float64Array; rows: number } {
  const index = new Map<string, number>();
  const firstRow: number[] = [];
  const counts: number[] = [];
  for (let r = 0; r < rows; r++) {
    const key = values.subarray(r * width, (r + 1) * width).join(',');
    let u = index.get(key);
    if (u === undefined) {
      u = firstRow.length;
      index.set(key, u);
      firstRow.push(r);
      for (let c = 0; c < NC; c++) counts.push(0);
    }
    counts[u * NC + classes[r]!]! += 1;
  }
  const out = new Float64Array(firstRow.length * width);
  firstRow.forEach((r, u) => out.set(values.subarray(r * width, (r + 1) * width), u * width));
  return { values: out, counts: Float64Array.from(counts), rows: firstRow.length };
}

/**
 * Column order of the distance and of the tree's splits: weight > 0, by decreasing expected
 * contribution w_f * E[delta_f] over random pairs of rows (a heavy numeric column whose
 * values mostly differ by little prunes less than a lighter symbolic one); ties by index.
 * Any fixed order gives the same neighbours; a good one makes bounds grow fast.
 */
export function activeColumns(weights: Float64Array, values: Float64Array, rows: number, width: number, kinds: Uint8Array, inv: Float64Array): Int32Array {
  const score = new Float64Array(width);
  const pairs = Math.min(4096, rows * 4);
  let seed = 0x9e3779b9;
  const next = (): number => {
    seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return seed % rows;
  };
  for (let p = 0; p < pairs; p++) {
    const a = next() * width;
    const b = next() * width;
    for (let f = 0; f < width; f++) {
      const x = values[a + f]!;
      const y = values[b + f]!;
      if (x === y) continue;
      if (kinds[f] !== NUMERIC || x !== x || y !== y) score[f] += x !== x && y !== y ? 0 : 1;
      else score[f] += Math.min(1, Math.abs(x - y) * inv[f]!);
    }
  }
  const cols: number[] = [];
  for (let f = 0; f < width; f++) if (weights[f]! > 0) cols.push(f);
  const key = (f: number): number => weights[f]! * (score[f]! / Math.max(1, pairs) + 1e-6);
  cols.sort((a, b) => key(b) - key(a) || a - b);
  return Int32Array.from(cols);
}

export function inverseRanges(kinds: Uint8Array, min: Float64Array, max: Float64Array): Float64Array {
  const inv = new Float64Array(kinds.length);
  for (let f = 0; f < kinds.length; f++) {
    const range = max[f]! - min[f]!;
    inv[f] = kinds[f] === NUMERIC && range > 0 ? 1 / range : Infinity;
  }
  return inv;
}

/** Dense rank of each row's value in numeric column f (equal values share a rank; NaN last). */
function denseRanks(values: Float64Array, rows: number, width: number, f: number): { ranks: Int32Array; nanRank: number } {
  const col = new Float64Array(rows);
  for (let r = 0; r < rows; r++) col[r] = values[r * width + f]!;
  const sorted = Float64Array.from(col).sort(); // NaN sorts last
  const distinct: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const x = sorted[i]!;
    if (x !== x) break; // the NaNs at the end
    if (distinct.length === 0 || distinct[distinct.length - 1] !== x) distinct.push(x);
  }
  const ranks = new Int32Array(rows);
  const nanRank = distinct.length; // beyond any finite value's rank
  for (let r = 0; r < rows; r++) {
    const x = col[r]!;
    if (x !== x) {
      ranks[r] = nanRank;
      continue;
    }
    let a = 0;
    let b = distinct.length - 1;
    while (a < b) {
      const m = (a + b) >> 1;
      if (distinct[m]! < x) a = m + 1;
      else b = m;
    }
    ranks[r] = a;
  }
  return { ranks, nanRank };
}

class Growable {
  lo: number[] = [];
  hi: number[] = [];
  depth: number[] = [];
  childStart: number[] = [];
  childCount: number[] = [];
  key: number[] = [];
  kmax: number[] = [];
  add(lo: number, hi: number, depth: number, key: number, kmax: number): number {
    this.lo.push(lo);
    this.hi.push(hi);
    this.depth.push(depth);
    this.childStart.push(0);
    this.childCount.push(0);
    this.key.push(key);
    this.kmax.push(kmax);
    return this.lo.length - 1;
  }
}

/** Per active column, the discrete key rows split on: the symbolic code, or a numeric column's dense rank (NaN: `nanRank`, the top). */
function splitKeys(values: Float64Array, rows: number, width: number, kinds: Uint8Array, active: Int32Array): { keys: Int32Array[]; nanRanks: number[] } {
  const keys: Int32Array[] = [];
  const nanRanks: number[] = [];
  for (const f of active) {
    if (kinds[f] === NUMERIC) {
      const { ranks, nanRank } = denseRanks(values, rows, width, f);
      keys.push(ranks);
      nanRanks.push(nanRank);
    } else {
      nanRanks.push(-1);
      const k = new Int32Array(rows);
      for (let r = 0; r < rows; r++) k[r] = values[r * width + f]!;
      keys.push(k);
    }
  }
  return { keys, nanRanks };
}

/**
 * Writes into `groupOf[lo..hi)` each row's group and returns the number of groups: for a
 * numeric column up to NUMERIC_FANOUT equal-width buckets of the node's rank range, missing
 * values in a last group of their own; for a symbolic one the codes present, 0..m-1 in
 * ascending code order.
 */
function groupRows(numeric: boolean, key: Int32Array, nanRank: number, order: Int32Array, lo: number, hi: number, groupOf: Int32Array): number {
  if (numeric) {
    let rmin = Infinity;
    let rmax = -Infinity;
    for (let i = lo; i < hi; i++) {
      const k = key[order[i]!]!;
      if (k === nanRank) continue;
      if (k < rmin) rmin = k;
      if (k > rmax) rmax = k;
    }
    const span = rmax >= rmin ? rmax - rmin + 1 : 1;
    const fan = Math.min(NUMERIC_FANOUT, span);
    for (let i = lo; i < hi; i++) {
      const k = key[order[i]!]!;
      groupOf[i] = k === nanRank ? fan : Math.floor(((k - rmin) * fan) / span);
    }
    return fan + 1;
  }
  const present = new Map<number, number>();
  for (let i = lo; i < hi; i++) {
    const k = key[order[i]!]!;
    if (!present.has(k)) present.set(k, 0);
  }
  const codes = [...present.keys()].sort((a, b) => a - b);
  codes.forEach((c, j) => present.set(c, j));
  for (let i = lo; i < hi; i++) groupOf[i] = present.get(key[order[i]!]!)!;
  return codes.length;
}

/** Counting sort of `order[lo..hi)` by group (stable); returns where each group starts, relative to `lo`. */
function sortByGroup(order: Int32Array, lo: number, hi: number, groupOf: Int32Array, groups: number, scratch: Int32Array): Int32Array {
  const starts = new Int32Array(groups + 1);
  for (let i = lo; i < hi; i++) starts[groupOf[i]! + 1]! += 1;
  for (let j = 0; j < groups; j++) starts[j + 1]! += starts[j]!;
  const fill = starts.slice();
  for (let i = lo; i < hi; i++) scratch[lo + fill[groupOf[i]!]!++] = order[i]!;
  order.set(scratch.subarray(lo, hi), lo);
  return starts;
}

/** A child's key on column `f`: its symbolic code, or the min and max of its numeric values (NaN for the missing-value group). */
function childKey(values: Float64Array, width: number, f: number, numeric: boolean, order: Int32Array, a: number, b: number): { kmin: number; kmax: number } {
  if (!numeric) {
    const k = values[order[a]! * width + f]!;
    return { kmin: k, kmax: k };
  }
  let kmin = Infinity;
  let kmax = -Infinity;
  for (let i = a; i < b; i++) {
    const x = values[order[i]! * width + f]!;
    if (x < kmin) kmin = x;
    if (x > kmax) kmax = x;
  }
  if (kmin === Infinity) kmin = kmax = NaN; // the missing-value group (always on its own)
  return { kmin, kmax };
}

/**
 * Builds the search tree over `rows` distinct rows; returns it with the row permutation
 * (tree position -> original row) that makes every node's rows contiguous.
 */
function buildTree(values: Float64Array, rows: number, width: number, kinds: Uint8Array, active: Int32Array): { tree: SearchTree; order: Int32Array } {
  const order = new Int32Array(rows);
  for (let i = 0; i < rows; i++) order[i] = i;
  const { keys, nanRanks } = splitKeys(values, rows, width, kinds, active);
  const g = new Growable();
  g.add(0, rows, 0, NaN, NaN);
  const scratch = new Int32Array(rows);
  const groupOf = new Int32Array(rows);
  const stack: number[] = [0];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const lo = g.lo[node]!;
    const hi = g.hi[node]!;
    const depth = g.depth[node]!;
    if (hi - lo <= LEAF_SIZE || depth >= active.length) continue;
    const f = active[depth]!;
    const numeric = kinds[f] === NUMERIC;
    const groups = groupRows(numeric, keys[depth]!, nanRanks[depth]!, order, lo, hi, groupOf);
    const starts = sortByGroup(order, lo, hi, groupOf, groups, scratch);
    // Children, in group order (ascending code / value).
    const first = g.lo.length;
    let made = 0;
    for (let j = 0; j < groups; j++) {
      const a = lo + starts[j]!;
      const b = lo + starts[j + 1]!;
      if (a === b) continue;
      const { kmin, kmax } = childKey(values, width, f, numeric, order, a, b);
      g.add(a, b, depth + 1, kmin, kmax);
      made++;
    }
    g.childStart[node] = first;
    g.childCount[node] = made;
    for (let c = first + made - 1; c >= first; c--) stack.push(c);
  }
  const tree: SearchTree = {
    nodes: g.lo.length,
    lo: Int32Array.from(g.lo),
    hi: Int32Array.from(g.hi),
    depth: Int32Array.from(g.depth),
    childStart: Int32Array.from(g.childStart),
    childCount: Int32Array.from(g.childCount),
    key: Float64Array.from(g.key),
    kmax: Float64Array.from(g.kmax),
  };
  return { tree, order };
}

/** Builds the instance base from already deduplicated rows (training or a model file). */
export function makeInstanceBase(
  distinct: { values: Float64Array; counts: Float64Array; rows: number },
  width: number,
  kinds: Uint8Array,
  weights: Float64Array,
  inv: Float64Array,
  /** Stored column order (from a model file); default computed by activeColumns. */
  columnOrder?: Int32Array,
): InstanceBase {
  const active = columnOrder ?? activeColumns(weights, distinct.values, distinct.rows, width, kinds, inv);
  const { tree, order } = buildTree(distinct.values, distinct.rows, width, kinds, active);
  const values = new Float64Array(distinct.rows * width);
  const counts = new Float64Array(distinct.rows * NC);
  for (let i = 0; i < distinct.rows; i++) {
    const r = order[i]!;
    values.set(distinct.values.subarray(r * width, (r + 1) * width), i * width);
    counts.set(distinct.counts.subarray(r * NC, (r + 1) * NC), i * NC);
  }
  const bounds = computeNodeBounds(tree, values, width, kinds, active);
  return { width, rows: distinct.rows, values, counts, kinds, weights, inv, active, tree, bounds };
}
