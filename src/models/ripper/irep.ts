/**
 * IREP* (Cohen 1995): the covering loop for one class. While positives remain uncovered,
 * split the examples no rule covers yet at random into growing and pruning sets (stratified,
 * `pruneFraction` held out), grow a rule on the first, prune it on the second, and add it,
 * unless its error rate on the pruning set is 50% or more. Stop when the rule set's
 * description length exceeds the smallest seen by `mdlSlack` bits; then delete the rules
 * that do not pay for themselves (RuleSetState.compress).
 */
import { seededRandom } from '../../util/random.js';
import type { Condition } from './conditions.js';
import { growRule, type GrowContext } from './grow.js';
import type { RuleSetState } from './mdl.js';
import { prefixCounts, pruneRule } from './prune.js';

export interface LearnConfig {
  readonly pruneFraction: number;
  readonly minCoverage: number;
  readonly mdlSlack: number;
  readonly optimisations: number;
}

/** The seeded generator of src/util/random.ts (mulberry32), enough for shuffling. */
export const rng = seededRandom;

/** Random grow/prune split of `ids`, stratified by `pos`; each side keeps its ids in order. */
export function splitGrowPrune(ids: Int32Array, pos: Uint8Array, fraction: number, random: () => number): { grow: Int32Array; prune: Int32Array } {
  const held = new Uint8Array(ids.length);
  for (const want of [1, 0]) {
    const at: number[] = [];
    ids.forEach((i, k) => { if (pos[i] === want) at.push(k); });
    // Fisher-Yates over this class's positions; the first `fraction` of them are held out.
    for (let k = at.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [at[k], at[j]] = [at[j]!, at[k]!];
    }
    const take = Math.round(at.length * fraction);
    for (let k = 0; k < take; k++) held[at[k]!] = 1;
  }
  const grow: number[] = [], prune: number[] = [];
  ids.forEach((i, k) => (held[k] ? prune : grow).push(i));
  return { grow: Int32Array.from(grow), prune: Int32Array.from(prune) };
}

/** Examples of the class data no rule of `state` covers (skipping rule `except`). */
export function uncovered(state: RuleSetState, except = -1): Int32Array {
  return state.ids.filter((i) => !state.coveredByOthers(i, except));
}

/** Adds IREP* rules to `state` until the positives are covered or MDL says stop; then compresses. */
export function coverPositives(ctx: GrowContext, state: RuleSetState, cfg: LearnConfig, random: () => number): void {
  const { pos } = state;
  let minDL = state.dl();
  for (;;) {
    const rest = uncovered(state);
    let P = 0;
    for (const i of rest) P += pos[i]!;
    if (P < cfg.minCoverage) break;
    const { grow, prune } = splitGrowPrune(rest, pos, cfg.pruneFraction, random);
    const grown = growRule(ctx, grow, pos, [], cfg.minCoverage);
    if (grown.length === 0) break;
    const rule: Condition[] = pruneRule(grown, ctx.x, prune, pos);
    const { p, n } = prefixCounts(rule, ctx.x, prune, pos);
    const pp = p[rule.length]!, nn = n[rule.length]!;
    // Cohen: stop when the new rule errs on half or more of the pruning examples it covers.
    if (pp + nn > 0 ? nn / (pp + nn) >= 0.5 : prune.length > 0) break;
    state.add(rule);
    const dl = state.dl();
    if (dl < minDL) minDL = dl;
    if (dl > minDL + cfg.mdlSlack) break;
  }
  state.compress();
}
