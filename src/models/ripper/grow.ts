/**
 * Growing a rule (Cohen 1995, after FOIL): starting from `initial` (empty, or a rule being
 * revised), repeatedly add the condition with the largest FOIL information gain on the
 * growing set,
 *   gain(c) = p1 * (log2(p1 / (p1 + n1)) - log2(p0 / (p0 + n0)))
 * (p0, n0: positives and negatives the rule covers now; p1, n1: with c added), until the
 * rule covers no negative or no condition gains. Every numeric threshold, symbol and set
 * member present among the covered examples is tried: numeric features by one scan over the
 * covered examples in value order (kept sorted by filtering a global order), symbols and
 * set members by counting.
 */
import type { Condition, Examples } from './conditions.js';
import { filterIds } from './conditions.js';
import type { RipperFeature } from './features.js';

export interface GrowContext {
  readonly x: Examples;
  readonly features: readonly RipperFeature[];
  /** Per numeric feature: every example with a finite value, in ascending value order. */
  readonly order: readonly (Int32Array | null)[];
  /** Interned symbols (bounds the count arrays). */
  readonly symbols: number;
}

/** Sorts each numeric feature's examples once (NaN left out). */
export function numericOrders(x: Examples, features: readonly RipperFeature[]): (Int32Array | null)[] {
  return features.map((f, k) => {
    if (f.kind !== 'numeric') return null;
    const v = x.num[k]!;
    const ids: number[] = [];
    for (let i = 0; i < x.n; i++) if (!Number.isNaN(v[i]!)) ids.push(i);
    // Ties by example number: the order (and so the rules) never depends on the sort's stability.
    return Int32Array.from(ids.sort((a, b) => v[a]! - v[b]! || a - b));
  });
}

const log2 = Math.log2;

function gain(p0: number, n0: number, p1: number, n1: number): number {
  return p1 * (log2(p1 / (p1 + n1)) - log2(p0 / (p0 + n0)));
}

interface Best { cond: Condition | null; gain: number }

/**
 * Grows a rule on `ids` (positives where pos[i] = 1). Conditions must leave at least
 * `minCoverage` positives covered. Returns the conditions (initial ones first).
 */
export function growRule(ctx: GrowContext, ids: Int32Array, pos: Uint8Array, initial: readonly Condition[], minCoverage: number): Condition[] {
  const { x, features } = ctx;
  const conds = [...initial];
  let covered = ids;
  for (const c of initial) covered = filterIds(c, x, covered);
  const mask = new Uint8Array(x.n);
  for (const i of covered) mask[i] = 1;
  const sorted = ctx.order.map((o) => (o ? o.filter((i) => mask[i] === 1) : null));
  const cnt = new Float64Array(2 * ctx.symbols);
  const touched: number[] = [];
  for (;;) {
    let p0 = 0;
    for (const i of covered) p0 += pos[i]!;
    const n0 = covered.length - p0;
    if (n0 === 0 || p0 < minCoverage) break;
    const best: Best = { cond: null, gain: 1e-9 };
    const consider = (f: number, op: Condition['op'], v: number, p1: number, n1: number): void => {
      if (p1 < minCoverage || (p1 === p0 && n1 === n0)) return;
      const g = gain(p0, n0, p1, n1);
      if (g > best.gain) { best.gain = g; best.cond = { f, op, v }; }
    };
    features.forEach((feat, f) => {
      if (feat.kind === 'numeric') {
        const s = sorted[f]!, v = x.num[f]!;
        let P = 0;
        for (const i of s) P += pos[i]!;
        const N = s.length - P;
        let cp = 0, cn = 0;
        for (let k = 0; k < s.length; k++) {
          if (pos[s[k]!]) cp++; else cn++;
          const here = v[s[k]!]!;
          if (k + 1 < s.length && v[s[k + 1]!]! === here) continue;
          consider(f, '<=', here, cp, cn);
          if (k + 1 < s.length) consider(f, '>=', v[s[k + 1]!]!, P - cp, N - cn);
        }
        return;
      }
      touched.length = 0;
      const bump = (id: number, i: number): void => {
        if (cnt[2 * id]! + cnt[2 * id + 1]! === 0) touched.push(id);
        cnt[2 * id + (pos[i] ? 0 : 1)]++;
      };
      if (feat.kind === 'symbolic') {
        const a = x.sym[f]!;
        for (const i of covered) if (a[i]! >= 0) bump(a[i]!, i);
      } else {
        const st = x.setStart[f]!, vals = x.setVals[f]!;
        for (const i of covered) for (let k = st[i]!; k < st[i + 1]!; k++) bump(vals[k]!, i);
      }
      touched.sort((a, b) => a - b);
      for (const id of touched) {
        consider(f, feat.kind === 'symbolic' ? '=' : 'contains', id, cnt[2 * id]!, cnt[2 * id + 1]!);
        cnt[2 * id] = cnt[2 * id + 1] = 0;
      }
    });
    if (!best.cond) break;
    const c = best.cond;
    conds.push(c);
    covered = filterIds(c, x, covered);
    mask.fill(0);
    for (const i of covered) mask[i] = 1;
    for (let f = 0; f < sorted.length; f++) if (sorted[f]) sorted[f] = sorted[f]!.filter((i) => mask[i] === 1);
  }
  return conds;
}
