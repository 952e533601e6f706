/**
 * IGTREE (Daelemans, van den Bosch & Weijters 1997): the instance base compressed into a
 * decision tree whose levels test the columns in order of decreasing weight (gain ratio by
 * default); numeric columns are tested on their equal-width bin. Every node keeps the class
 * distribution of the instances below it, and so a default class. A node is not expanded
 * when its instances all have one label, or when only one distinct (discretised) instance
 * is left; afterwards, leaves whose default equals their parent's are pruned bottom-up,
 * because the lookup falls back to the parent's default anyway.
 *
 * Classification walks from the root following the query's value at each level, stopping
 * at a leaf or at the first value the node has no child for; the answer is that node's
 * distribution. Nodes are stored breadth-first, so each node's children are contiguous and
 * their start follows from the counts alone.
 */
import { LABELS } from '../../labels.js';
import { discreteOf, type ColumnSet, type InstanceTable } from './table.js';

const NC = LABELS.length;

export interface IgTree {
  /** Column tested at each depth, heaviest first. */
  readonly order: Int32Array;
  readonly nodes: number;
  readonly childCount: Int32Array;
  readonly childStart: Int32Array;
  /** The node's value of the column its parent tests (symbolic code or numeric bin). */
  readonly key: Int32Array;
  /** nodes x LABELS instance counts. */
  readonly counts: Float64Array;
  readonly bins: number;
}

/** Columns by decreasing weight, ties by index (all columns take part). */
export function weightOrder(weights: Float64Array): Int32Array {
  return Int32Array.from(weights.keys()).sort((a, b) => weights[b]! - weights[a]! || a - b);
}

export function buildIgtree(table: InstanceTable, weights: Float64Array, bins: number): IgTree {
  const cols = table.columns;
  const width = cols.kinds.length;
  const order = weightOrder(weights);
  // Discretised rows in test order, deduplicated with class counts.
  const seen = new Map<string, number>();
  const rowKeys: number[] = [];
  const rowCounts: number[] = [];
  const key = new Int32Array(width);
  for (let r = 0; r < table.rows; r++) {
    for (let d = 0; d < width; d++) key[d] = discreteOf(cols, order[d]!, table.values[r * width + order[d]!]!, bins);
    const s = key.join(',');
    let u = seen.get(s);
    if (u === undefined) {
      u = seen.size;
      seen.set(s, u);
      for (let d = 0; d < width; d++) rowKeys.push(key[d]!);
      for (let c = 0; c < NC; c++) rowCounts.push(0);
    }
    rowCounts[u * NC + table.classes[r]!]! += 1;
  }
  const m = seen.size;
  const idx = Int32Array.from({ length: m }, (_, i) => i);
  const scratch = new Int32Array(m);

  // Depth-first build into growable arrays; children listed per node.
  const nodeKey: number[] = [-1];
  const nodeCounts: number[] = [0, 0, 0, 0];
  const children: number[][] = [[]];
  const pending: Array<[node: number, lo: number, hi: number, depth: number]> = [[0, 0, m, 0]];
  while (pending.length > 0) {
    const [node, lo, hi, depth] = pending.pop()!;
    const counts = new Array<number>(NC).fill(0);
    for (let i = lo; i < hi; i++) for (let c = 0; c < NC; c++) counts[c]! += rowCounts[idx[i]! * NC + c]!;
    for (let c = 0; c < NC; c++) nodeCounts[node * NC + c] = counts[c]!;
    const pure = counts.filter((n) => n > 0).length <= 1;
    if (pure || hi - lo <= 1 || depth >= width) continue;
    // Group rows by their key at this depth (ascending key), counting sort.
    const groups = new Map<number, number>();
    for (let i = lo; i < hi; i++) {
      const kv = rowKeys[idx[i]! * width + depth]!;
      groups.set(kv, (groups.get(kv) ?? 0) + 1);
    }
    const keys = [...groups.keys()].sort((a, b) => a - b);
    const start = new Map<number, number>();
    let at = lo;
    for (const kv of keys) {
      start.set(kv, at);
      at += groups.get(kv)!;
    }
    const fill = new Map(start);
    for (let i = lo; i < hi; i++) {
      const kv = rowKeys[idx[i]! * width + depth]!;
      const p = fill.get(kv)!;
      scratch[p] = idx[i]!;
      fill.set(kv, p + 1);
    }
    idx.set(scratch.subarray(lo, hi), lo);
    for (const kv of keys) {
      const child = nodeKey.length;
      nodeKey.push(kv);
      for (let c = 0; c < NC; c++) nodeCounts.push(0);
      children.push([]);
      children[node]!.push(child);
      const a = start.get(kv)!;
      pending.push([child, a, a + groups.get(kv)!, depth + 1]);
    }
  }

  // Prune bottom-up (children have larger ids than their parents).
  const prior = new Float64Array(NC);
  for (let r = 0; r < table.rows; r++) prior[table.classes[r]!]! += 1;
  const defaults = Int32Array.from({ length: nodeKey.length }, (_, n) => argmax(nodeCounts, n, prior));
  for (let n = nodeKey.length - 1; n >= 0; n--) {
    children[n] = children[n]!.filter((ch) => children[ch]!.length > 0 || defaults[ch] !== defaults[n]);
  }

  // Breadth-first renumbering.
  const bfs: number[] = [0];
  for (let i = 0; i < bfs.length; i++) for (const ch of children[bfs[i]!]!) bfs.push(ch);
  const n = bfs.length;
  const childCount = new Int32Array(n);
  const outKey = new Int32Array(n);
  const outCounts = new Float64Array(n * NC);
  bfs.forEach((old, i) => {
    childCount[i] = children[old]!.length;
    outKey[i] = nodeKey[old]!;
    for (let c = 0; c < NC; c++) outCounts[i * NC + c] = nodeCounts[old * NC + c]!;
  });
  return { order, nodes: n, childCount, childStart: childStarts(childCount), key: outKey, counts: outCounts, bins };
}

/** In breadth-first order node i's children start after the root and all earlier nodes' children. */
export function childStarts(childCount: Int32Array): Int32Array {
  const start = new Int32Array(childCount.length);
  let next = 1;
  for (let i = 0; i < childCount.length; i++) {
    start[i] = next;
    next += childCount[i]!;
  }
  return start;
}

/** Default class of a node: the most frequent label, ties to the one more frequent overall. */
function argmax(counts: ArrayLike<number>, node: number, prior: Float64Array): number {
  let best = 0;
  for (let c = 1; c < NC; c++) {
    const a = counts[node * NC + c]!;
    const b = counts[node * NC + best]!;
    if (a > b || (a === b && prior[c]! > prior[best]!)) best = c;
  }
  return best;
}

/** The node a query ends at, and the path from the root (for explanations). */
export function igtreeLookup(tree: IgTree, cols: ColumnSet, q: Float64Array, path?: number[]): number {
  let node = 0;
  path?.push(0);
  for (let depth = 0; depth < tree.order.length; depth++) {
    const n = tree.childCount[node]!;
    if (n === 0) break;
    const f = tree.order[depth]!;
    const kv = discreteOf(cols, f, q[f]!, tree.bins);
    let a = tree.childStart[node]!;
    let b = a + n - 1;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (tree.key[mid]! < kv) a = mid + 1;
      else b = mid;
    }
    if (tree.key[a] !== kv) break;
    node = a;
    path?.push(node);
  }
  return node;
}
