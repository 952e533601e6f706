/**
 * RIPPER's optimisation passes (Cohen 1995, RIPPERk): for each rule of the class's rule set
 * in turn, two variants are built on a fresh random grow/prune split of the examples no
 * other rule covers:
 *   - the replacement: grown from nothing;
 *   - the revision: grown on from the rule's own conditions;
 * each pruned to the fewest errors of the whole rule set on the pruning set. The rule set
 * keeps whichever of the original, replacement and revision gives the smallest description
 * length. After each pass IREP* covers any positives left uncovered, and rules that do not
 * pay for themselves are deleted.
 */
import { growRule, type GrowContext } from './grow.js';
import { coverPositives, splitGrowPrune, uncovered, type LearnConfig } from './irep.js';
import type { RuleSetState } from './mdl.js';
import { pruneForRuleSet } from './prune.js';

export function optimise(ctx: GrowContext, state: RuleSetState, cfg: LearnConfig, random: () => number): void {
  const { pos } = state;
  for (let pass = 0; pass < cfg.optimisations; pass++) {
    for (let r = 0; r < state.rules.length; r++) {
      const original = state.rules[r]!;
      const data = uncovered(state, r);
      const { grow, prune } = splitGrowPrune(data, pos, cfg.pruneFraction, random);
      const candidates = [
        pruneForRuleSet(growRule(ctx, grow, pos, [], cfg.minCoverage), ctx.x, prune, pos),
        pruneForRuleSet(growRule(ctx, grow, pos, original, cfg.minCoverage), ctx.x, prune, pos, original.length),
      ];
      let best = { dl: state.dl(), conds: original, cover: null as Uint8Array | null };
      for (const conds of candidates) {
        if (conds.length === 0 || sameRule(conds, original)) continue;
        const cover = state.coverOf(conds);
        const dl = state.dl(-1, r, { conds, cover });
        if (dl < best.dl - 1e-9) best = { dl, conds, cover };
      }
      if (best.cover) state.replace(r, best.conds, best.cover);
    }
    coverPositives(ctx, state, cfg, random);
  }
}

function sameRule(a: readonly { f: number; op: string; v: number }[], b: readonly { f: number; op: string; v: number }[]): boolean {
  return a.length === b.length && a.every((c, k) => c.f === b[k]!.f && c.op === b[k]!.op && c.v === b[k]!.v);
}
