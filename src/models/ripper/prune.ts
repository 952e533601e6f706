/**
 * Pruning a grown rule on the held-out pruning set by deleting a final sequence of its
 * conditions. IREP* (Cohen 1995) keeps the prefix that maximises
 *   v(rule) = (p - n) / (p + n)
 * (p, n: pruning positives and negatives it covers; a prefix covering none scores -1); the
 * optimisation pass instead keeps the prefix with the fewest errors of the whole rule set.
 * Ties go to the shorter (more general) rule.
 */
import { filterIds, type Condition, type Examples } from './conditions.js';

/** Positives and negatives of `ids` covered by each prefix: index k = first k conditions. */
export function prefixCounts(conds: readonly Condition[], x: Examples, ids: Int32Array, pos: Uint8Array): { p: number[]; n: number[]; covered: Int32Array[] } {
  const p: number[] = [], n: number[] = [], covered: Int32Array[] = [];
  let cur = ids;
  for (let k = 0; k <= conds.length; k++) {
    if (k > 0) cur = filterIds(conds[k - 1]!, x, cur);
    let pp = 0;
    for (const i of cur) pp += pos[i]!;
    p.push(pp);
    n.push(cur.length - pp);
    covered.push(cur);
  }
  return { p, n, covered };
}

/** The prefix length in [minLength, conds.length] with the highest score (ties: shorter). */
export function bestPrefix(conds: readonly Condition[], minLength: number, score: (k: number) => number): number {
  let best = Math.min(Math.max(minLength, 1), conds.length), bestScore = -Infinity;
  for (let k = best; k <= conds.length; k++) {
    const s = score(k);
    if (s > bestScore + 1e-12) { bestScore = s; best = k; }
  }
  return best;
}

export function irepMetric(p: number, n: number): number {
  return p + n === 0 ? -1 : (p - n) / (p + n);
}

/** IREP* pruning on `pruneIds`. */
export function pruneRule(conds: readonly Condition[], x: Examples, pruneIds: Int32Array, pos: Uint8Array, minLength = 1): Condition[] {
  if (conds.length <= 1) return [...conds];
  const { p, n } = prefixCounts(conds, x, pruneIds, pos);
  return conds.slice(0, bestPrefix(conds, minLength, (k) => irepMetric(p[k]!, n[k]!)));
}

/**
 * Pruning for the optimisation pass: `pruneIds` are examples no other rule covers, so the
 * rule set's errors there are the candidate's false positives plus the positives it misses;
 * the prefix with the fewest is kept.
 */
export function pruneForRuleSet(conds: readonly Condition[], x: Examples, pruneIds: Int32Array, pos: Uint8Array, minLength = 1): Condition[] {
  if (conds.length <= 1) return [...conds];
  const { p, n } = prefixCounts(conds, x, pruneIds, pos);
  const P = p[0]!;
  return conds.slice(0, bestPrefix(conds, minLength, (k) => -(n[k]! + (P - p[k]!))));
}
