/**
 * Description length (Cohen 1995, as in Quinlan's C4.5rules and Weka's JRip), in bits:
 *   DL(rule set) = sum over rules of DL(rule) + DL(exceptions)
 *   DL(rule with k of the T possible conditions) = 0.5 * (|k| + S(T, k, k/T)),
 *     |k| = log2 k (+ 2 log2 log2 k when that is > 1): the integer k
 *   DL(exceptions) = log2(C + U + 1) + S(C, fp, fp/C) + S(U, fn, fn/U)
 *     (C covered examples, fp of them negative; U uncovered, fn of them positive)
 *   S(t, k, p) = -k log2 p - (t - k) log2(1 - p): bits to name k of t items at rate p.
 * The 0.5 is the usual allowance for redundant features. Rule learning stops once the
 * rule set's DL exceeds the smallest seen by `mdlSlack` (64) bits; afterwards each rule whose
 * deletion lowers the DL is deleted, last rule first.
 */
import { ruleHolds, type Condition, type Examples } from './conditions.js';

const log2 = Math.log2;

export function subsetDL(t: number, k: number, p: number): number {
  let bits = 0;
  if (k > 0) bits -= k * log2(p);
  if (t - k > 0) bits -= (t - k) * log2(1 - p);
  return bits;
}

export function ruleDL(k: number, possible: number): number {
  if (k === 0) return 0;
  let kBits = log2(k);
  if (kBits > 1) kBits += 2 * log2(kBits);
  const T = Math.max(possible, k);
  return 0.5 * (kBits + subsetDL(T, k, k / T));
}

export function exceptionsDL(cover: number, uncover: number, fp: number, fn: number): number {
  return log2(cover + uncover + 1) + (cover > 0 ? subsetDL(cover, fp, fp / cover) : 0) + (uncover > 0 ? subsetDL(uncover, fn, fn / uncover) : 0);
}

/** Possible conditions over `ids`: two per distinct numeric value, one per symbol and set member. */
export function possibleConditions(x: Examples, ids: Int32Array): number {
  let total = 0;
  for (let f = 0; f < x.num.length; f++) {
    const seen = new Set<number>();
    if (x.num[f]) { for (const i of ids) if (!Number.isNaN(x.num[f]![i]!)) seen.add(x.num[f]![i]!); total += 2 * seen.size; }
    else if (x.sym[f]) { for (const i of ids) seen.add(x.sym[f]![i]!); total += seen.size; }
    else if (x.setStart[f]) {
      const st = x.setStart[f]!, v = x.setVals[f]!;
      for (const i of ids) for (let k = st[i]!; k < st[i + 1]!; k++) seen.add(v[k]!);
      total += seen.size;
    }
  }
  return Math.max(total, 1);
}

/**
 * A class's rule set over its examples `ids`, with which examples each rule covers, so the
 * DL with a rule added, deleted or replaced costs one pass over the examples.
 */
export class RuleSetState {
  readonly rules: Condition[][] = [];
  private readonly covers: Uint8Array[] = [];
  readonly count: Int32Array;

  constructor(readonly x: Examples, readonly ids: Int32Array, readonly pos: Uint8Array, readonly possible: number) {
    this.count = new Int32Array(x.n);
  }

  coverOf(conds: readonly Condition[]): Uint8Array {
    const c = new Uint8Array(this.x.n);
    for (const i of this.ids) if (ruleHolds(conds, this.x, i)) c[i] = 1;
    return c;
  }
  private apply(cover: Uint8Array, d: number): void {
    for (const i of this.ids) if (cover[i]) this.count[i] += d;
  }
  add(conds: Condition[]): void {
    const c = this.coverOf(conds);
    this.rules.push(conds);
    this.covers.push(c);
    this.apply(c, 1);
  }
  remove(r: number): void {
    this.apply(this.covers[r]!, -1);
    this.rules.splice(r, 1);
    this.covers.splice(r, 1);
  }
  replace(r: number, conds: Condition[], cover = this.coverOf(conds)): void {
    this.apply(this.covers[r]!, -1);
    this.rules[r] = conds;
    this.covers[r] = cover;
    this.apply(cover, 1);
  }
  /** Is example i covered by a rule other than r? */
  coveredByOthers(i: number, r: number): boolean {
    return this.count[i]! - (r >= 0 && r < this.covers.length ? this.covers[r]![i]! : 0) > 0;
  }

  /** Total DL; `without` (a rule number) is left out, `swap` replaces rule `swapAt`'s cover and conditions. */
  dl(without = -1, swapAt = -1, swap?: { conds: readonly Condition[]; cover: Uint8Array }): number {
    let theory = 0;
    this.rules.forEach((r, k) => {
      if (k === without) return;
      theory += ruleDL(k === swapAt && swap ? swap.conds.length : r.length, this.possible);
    });
    let cover = 0, uncover = 0, fp = 0, fn = 0;
    const dropped = without >= 0 ? this.covers[without]! : swapAt >= 0 ? this.covers[swapAt]! : null;
    const added = swapAt >= 0 && swap ? swap.cover : null;
    for (const i of this.ids) {
      const c = this.count[i]! - (dropped ? dropped[i]! : 0) + (added ? added[i]! : 0);
      if (c > 0) { cover++; if (!this.pos[i]) fp++; } else { uncover++; if (this.pos[i]) fn++; }
    }
    return theory + exceptionsDL(cover, uncover, fp, fn);
  }

  /** Deletes, last rule first, every rule whose deletion lowers the DL. */
  compress(): void {
    for (let r = this.rules.length - 1; r >= 0; r--) {
      if (this.dl(r) < this.dl()) this.remove(r);
    }
  }
}
