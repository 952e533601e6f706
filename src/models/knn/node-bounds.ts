/**
 * A summary of every search-tree node over ALL active columns, not only the ones split on
 * along its path: for numeric columns the min/max of the rows below (and whether any value
 * is missing), for symbolic ones a 64-bit signature of the codes present (bit = code mod 64).
 * From it, `nodeBound` computes a lower bound of the distance from a query to every row
 * of the node: a column adds its full weight where no row below can match (signature bit
 * clear, or the query value is unseen), the scaled gap to [min, max] for numeric columns.
 * Summed in the distance's column order with each term <= the row's own term, the bound never
 * exceeds a row's computed distance, in floating point too.
 */
import { NUMERIC } from './table.js';
import type { SearchTree } from './search-tree.js';

export const HAS_NAN = 1;
export const HAS_VALUE = 2;

export interface NodeBounds {
  /** Per active column position j: its slot among the numeric or the symbolic columns. */
  readonly slot: Int32Array;
  readonly numeric: number;
  readonly symbolic: number;
  /** nodes x numeric slots: min / max of the finite values, HAS_NAN | HAS_VALUE flags. */
  readonly lo: Float64Array;
  readonly hi: Float64Array;
  readonly flags: Uint8Array;
  /** nodes x symbolic slots x 2 words. */
  readonly sig: Uint32Array;
}

export function computeNodeBounds(tree: SearchTree, values: Float64Array, width: number, kinds: Uint8Array, active: Int32Array): NodeBounds {
  const slot = new Int32Array(active.length);
  let nNum = 0;
  let nSym = 0;
  active.forEach((f, j) => (slot[j] = kinds[f] === NUMERIC ? nNum++ : nSym++));
  const N = tree.nodes;
  const lo = new Float64Array(N * nNum).fill(Infinity);
  const hi = new Float64Array(N * nNum).fill(-Infinity);
  const flags = new Uint8Array(N * nNum);
  const sig = new Uint32Array(N * nSym * 2);
  // Children have larger ids than their parents: leaves from their rows, parents from children.
  for (let n = N - 1; n >= 0; n--) {
    const nc = tree.childCount[n]!;
    if (nc === 0) {
      for (let r = tree.lo[n]!; r < tree.hi[n]!; r++) {
        for (let j = 0; j < active.length; j++) {
          const x = values[r * width + active[j]!]!;
          const s = slot[j]!;
          if (kinds[active[j]!] === NUMERIC) {
            const at = n * nNum + s;
            if (x !== x) flags[at]! |= HAS_NAN;
            else {
              flags[at]! |= HAS_VALUE;
              if (x < lo[at]!) lo[at] = x;
              if (x > hi[at]!) hi[at] = x;
            }
          } else {
            const bit = x & 63;
            sig[(n * nSym + s) * 2 + (bit >> 5)]! |= 1 << (bit & 31);
          }
        }
      }
      continue;
    }
    const first = tree.childStart[n]!;
    for (let ch = first; ch < first + nc; ch++) {
      for (let s = 0; s < nNum; s++) {
        const at = n * nNum + s;
        const from = ch * nNum + s;
        flags[at]! |= flags[from]!;
        if (lo[from]! < lo[at]!) lo[at] = lo[from]!;
        if (hi[from]! > hi[at]!) hi[at] = hi[from]!;
      }
      for (let w = 0; w < nSym * 2; w++) sig[n * nSym * 2 + w]! |= sig[ch * nSym * 2 + w]!;
    }
  }
  return { slot, numeric: nNum, symbolic: nSym, lo, hi, flags, sig };
}

/**
 * Lower bound of the distance from `q` to any row of `node`; stops early (returning a value
 * > limit) once the bound exceeds `limit`. `cols`, `w`, `isNum`, `inv` are per active position.
 */
export function nodeBound(
  b: NodeBounds,
  node: number,
  q: Float64Array,
  cols: Int32Array,
  w: Float64Array,
  isNum: Uint8Array,
  inv: Float64Array,
  limit: number,
): number {
  let lb = 0;
  const nNum = b.numeric;
  const nSym = b.symbolic;
  for (let j = 0; j < cols.length; j++) {
    const y = q[cols[j]!]!;
    const s = b.slot[j]!;
    if (isNum[j] === 0) {
      if (y < 0) lb += w[j]!; // unseen in training: no row matches
      else {
        const bit = y & 63;
        if ((b.sig[(node * nSym + s) * 2 + (bit >> 5)]! & (1 << (bit & 31))) === 0) lb += w[j]!;
      }
    } else {
      const at = node * nNum + s;
      const fl = b.flags[at]!;
      if (y !== y) {
        if ((fl & HAS_NAN) === 0) lb += w[j]!;
      } else if ((fl & HAS_VALUE) === 0) lb += w[j]!;
      else {
        const gap = y < b.lo[at]! ? b.lo[at]! - y : y > b.hi[at]! ? y - b.hi[at]! : 0;
        if (gap !== 0) {
          const t = gap * inv[j]!;
          lb += w[j]! * (t < 1 ? t : 1);
        }
      }
    }
    if (lb > limit) return lb;
  }
  return lb;
}

/** Whether a node's signature for symbolic slot s has the bit of code y. */
export function sigHas(b: NodeBounds, node: number, s: number, y: number): boolean {
  const bit = y & 63;
  return (b.sig[(node * b.symbolic + s) * 2 + (bit >> 5)]! & (1 << (bit & 31))) !== 0;
}
