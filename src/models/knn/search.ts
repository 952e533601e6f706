/**
 * Exact k-nearest-distance search over an InstanceBase.
 *
 * Distance (memory-based study eq. 3.6): D(X, Y) = sum_f w_f * delta_f(x_f, y_f), summed over the
 * columns of positive weight in a fixed order (activeColumns), where
 *   symbolic: delta = 0 if equal, else 1
 *   numeric:  delta = min(1, |x - y| / (max_f - min_f))   (training range; capped at 1 so an
 *             out-of-range test value cannot outweigh a symbolic mismatch); missing vs
 *             missing = 0, missing vs a value = 1.
 *
 * k counts distances, as in TiMBL: the neighbour set is every stored instance whose distance
 * is among the k smallest distinct distances.
 *
 * The search is depth-first branch and bound over the search tree (instance-base.ts): the
 * child matching the query is visited first, so a tight k-th distance is known early; every
 * node popped gets its lower bound over all columns (node-bounds.ts) and is skipped when that
 * exceeds the current k-th distance. Bounds and row distances add their terms in one column
 * order and each bound term is <= the row's term, so in floating point too a bound never
 * exceeds the computed distance of a row below it: the result equals a brute-force scan
 * exactly (tested), ties included. Cheaper pre-filters used only to skip pushing children
 * are loosened by 1e-9 relative (SLACK) against rounding.
 */
import { LABELS } from '../../labels.js';
import { NUMERIC } from './table.js';
import type { InstanceBase } from './instance-base.js';
import { nodeBound, sigHas } from './node-bounds.js';

const NC = LABELS.length;
const VISIT = 0;
/** Stack entry standing for every child of a symbolic node except the one matching the query. */
const OTHERS = 1;
/** Rows kept per distance rank for explanations. */
const KEEP_ROWS = 32;
/** Loosening of pre-filter bounds summed in a different order than the distance. */
const SLACK = 1 - 1e-9;

export interface Neighbours {
  /** Number of distinct distances found (<= k). */
  readonly ranks: number;
  /** Distance of each rank, ascending. */
  readonly distances: Float64Array;
  /** ranks x LABELS: how many stored instances of each label lie at each distance. */
  readonly counts: Float64Array;
  /** With `collect`: up to 32 instance-base rows per rank (for explanations). */
  readonly rows?: readonly (readonly number[])[];
}

/** Reusable search state for one instance base (not safe to share between concurrent callers). */
export class Searcher {
  private readonly base: InstanceBase;
  private readonly k: number;
  private readonly cols: Int32Array;
  private readonly w: Float64Array;
  private readonly isNum: Uint8Array;
  private readonly inv: Float64Array;
  private dist: Float64Array;
  private cnt: Float64Array;
  private filled = 0;
  private thr = Infinity;
  private rowsPerRank: number[][] | null = null;
  private sNode = new Int32Array(256);
  private sLb = new Float64Array(256);
  private sMode = new Uint8Array(256);
  private sAux = new Int32Array(256);
  private sp = 0;
  private popNode = 0;
  private popLb = 0;
  private popMode = 0;
  private popAux = 0;
  /** Rows whose distance was computed by the last search (a measure of pruning). */
  scanned = 0;
  /** Nodes whose bound was computed by the last search. */
  visited = 0;

  constructor(base: InstanceBase, k: number) {
    this.base = base;
    this.k = k;
    this.cols = base.active;
    this.w = Float64Array.from(base.active, (f) => base.weights[f]!);
    this.isNum = Uint8Array.from(base.active, (f) => (base.kinds[f] === NUMERIC ? 1 : 0));
    this.inv = Float64Array.from(base.active, (f) => base.inv[f]!);
    this.dist = new Float64Array(k);
    this.cnt = new Float64Array(k * NC);
  }

  /** The neighbour set of encoded query `q`. */
  search(q: Float64Array, collect = false): Neighbours {
    this.filled = 0;
    this.thr = Infinity;
    this.scanned = 0;
    this.visited = 0;
    this.rowsPerRank = collect ? [] : null;
    if (this.base.rows > 0) this.walk(q);
    const ranks = this.filled;
    const out: Neighbours = {
      ranks,
      distances: this.dist.slice(0, ranks),
      counts: this.cnt.slice(0, ranks * NC),
      ...(this.rowsPerRank ? { rows: this.rowsPerRank.slice(0, ranks) } : {}),
    };
    return out;
  }

  /** Distance of query `q` to instance-base row `r` (same summation order as the search). */
  distanceTo(q: Float64Array, r: number): number {
    return this.rowDistance(q, r, Infinity);
  }

  private rowDistance(q: Float64Array, r: number, limit: number): number {
    const values = this.base.values;
    const base = r * this.base.width;
    const cols = this.cols;
    let d = 0;
    for (let j = 0; j < cols.length; j++) {
      const c = cols[j]!;
      const x = values[base + c]!;
      const y = q[c]!;
      if (x === y) continue;
      if (this.isNum[j] === 0) d += this.w[j]!;
      else if (x !== x || y !== y) d += x !== x && y !== y ? 0 : this.w[j]!;
      else {
        const s = Math.abs(x - y) * this.inv[j]!;
        d += this.w[j]! * (s < 1 ? s : 1);
      }
      if (d > limit) return d;
    }
    return d;
  }

  private push(node: number, lb: number, mode: number, aux: number): void {
    if (this.sp === this.sNode.length) {
      const n = this.sp * 2;
      const grow = <T extends Int32Array | Float64Array | Uint8Array>(a: T, b: T): T => (b.set(a), b);
      this.sNode = grow(this.sNode, new Int32Array(n));
      this.sLb = grow(this.sLb, new Float64Array(n));
      this.sMode = grow(this.sMode, new Uint8Array(n));
      this.sAux = grow(this.sAux, new Int32Array(n));
    }
    this.sNode[this.sp] = node;
    this.sLb[this.sp] = lb;
    this.sMode[this.sp] = mode;
    this.sAux[this.sp] = aux;
    this.sp++;
  }

  /** Pops the stack's top into the pop* fields (depth-first: the last pushed, nearest child comes first). */
  private pop(): void {
    const i = --this.sp;
    this.popNode = this.sNode[i]!;
    this.popLb = this.sLb[i]!;
    this.popMode = this.sMode[i]!;
    this.popAux = this.sAux[i]!;
  }

  private walk(q: Float64Array): void {
    const t = this.base.tree;
    const bounds = this.base.bounds;
    this.sp = 0;
    this.push(0, 0, VISIT, -1);
    const order: number[] = [];
    const lbs: number[] = [];
    while (this.sp > 0) {
      this.pop();
      const node = this.popNode;
      const pre = this.popLb;
      if (pre > this.thr) continue;
      const first = t.childStart[node]!;
      const nChildren = t.childCount[node]!;
      if (this.popMode === OTHERS) {
        const skip = this.popAux;
        for (let ch = first + nChildren - 1; ch >= first; ch--) if (ch !== skip) this.push(ch, pre, VISIT, -1);
        continue;
      }
      // The node's own bound over all columns (exact lower bound, see node-bounds.ts).
      this.visited++;
      const lb = nodeBound(bounds, node, q, this.cols, this.w, this.isNum, this.inv, this.thr);
      if (lb > this.thr) continue;
      if (nChildren === 0) {
        this.scanLeaf(q, t.lo[node]!, t.hi[node]!);
        continue;
      }
      const j = t.depth[node]!;
      const y = q[this.cols[j]!]!;
      const w = this.w[j]!;
      if (this.isNum[j] === 0) {
        // Children are sorted by code: binary search the one matching the query.
        let a = first;
        let b = first + nChildren - 1;
        while (a < b) {
          const m = (a + b) >> 1;
          if (t.key[m]! < y) a = m + 1;
          else b = m;
        }
        const match = t.key[a] === y ? a : -1;
        // The others all mismatch on this column: a pre-filter (slightly loosened against
        // rounding, as lb + w is summed in another order); each child's own bound decides.
        const parentTerm = y < 0 || !sigHas(bounds, node, bounds.slot[j]!, y) ? w : 0;
        const others = Math.max(lb, (lb - parentTerm + w) * SLACK);
        if (nChildren > (match >= 0 ? 1 : 0) && others <= this.thr) this.push(node, others, OTHERS, match);
        if (match >= 0) this.push(match, lb, VISIT, -1);
        continue;
      }
      // Numeric: order children by their least delta on this column, the nearest popped first.
      const parentTerm = this.numericTerm(y, bounds.lo[node * bounds.numeric + bounds.slot[j]!]!, bounds.hi[node * bounds.numeric + bounds.slot[j]!]!, j);
      order.length = 0;
      lbs.length = 0;
      for (let ch = first; ch < first + nChildren; ch++) {
        const lo = t.key[ch]!;
        const hi = t.kmax[ch]!;
        const term = this.numericTerm(y, lo, hi, j);
        const clb = term === parentTerm ? lb : Math.max(lb, (lb - parentTerm + term) * SLACK);
        if (clb > this.thr) continue;
        let p = order.length;
        order.push(ch);
        lbs.push(clb);
        while (p > 0 && lbs[p - 1]! < clb) {
          order[p] = order[p - 1]!;
          lbs[p] = lbs[p - 1]!;
          p--;
        }
        order[p] = ch;
        lbs[p] = clb;
      }
      for (let i = 0; i < order.length; i++) this.push(order[i]!, lbs[i]!, VISIT, -1);
    }
  }

  /** Least weighted delta between y and a range [lo, hi] of column position j (NaN range = missing values). */
  private numericTerm(y: number, lo: number, hi: number, j: number): number {
    if (lo !== lo || y !== y) return lo !== lo && y !== y ? 0 : this.w[j]!;
    const gap = y < lo ? lo - y : y > hi ? y - hi : 0;
    if (gap === 0) return 0;
    const s = gap * this.inv[j]!;
    return this.w[j]! * (s < 1 ? s : 1);
  }

  private scanLeaf(q: Float64Array, lo: number, hi: number): void {
    for (let r = lo; r < hi; r++) {
      this.scanned++;
      const d = this.rowDistance(q, r, this.thr);
      if (d <= this.thr) this.insert(d, r);
    }
  }

  /** Adds row r at distance d to the k best distinct distances. */
  private insert(d: number, r: number): void {
    const k = this.k;
    const dist = this.dist;
    const cnt = this.cnt;
    const counts = this.base.counts;
    let j = 0;
    while (j < this.filled && dist[j]! < d) j++;
    if (j < this.filled && dist[j] === d) {
      for (let c = 0; c < NC; c++) cnt[j * NC + c]! += counts[r * NC + c]!;
      const kept = this.rowsPerRank?.[j];
      if (kept && kept.length < KEEP_ROWS) kept.push(r);
      return;
    }
    if (j >= k) return;
    // shift ranks j.. one down (the last falls off when full)
    const last = Math.min(this.filled, k - 1);
    for (let i = last; i > j; i--) {
      dist[i] = dist[i - 1]!;
      for (let c = 0; c < NC; c++) cnt[i * NC + c] = cnt[(i - 1) * NC + c]!;
    }
    dist[j] = d;
    for (let c = 0; c < NC; c++) cnt[j * NC + c] = counts[r * NC + c]!;
    if (this.rowsPerRank) {
      this.rowsPerRank.splice(j, 0, [r]);
      this.rowsPerRank.length = Math.min(this.rowsPerRank.length, k);
    }
    if (this.filled < k) this.filled++;
    this.thr = this.filled === k ? dist[k - 1]! : Infinity;
  }
}
