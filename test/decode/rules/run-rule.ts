/** Runs one decode rule over a synthetic block document (test/helpers/block-builder.ts). */
import type { Block } from '../../../src/segment/segment.js';
import { resolveConstrainOptions, type ConstrainOptions } from '../../../src/decode/config.js';
import { applyRules, DecodeState, type DecodeRule } from '../../../src/decode/rule.js';

export function runRule(
  rule: DecodeRule,
  doc: { blocks: Block[]; probs: number[][] },
  options: ConstrainOptions = {},
  before?: (s: DecodeState) => void,
): DecodeState {
  const s = new DecodeState(doc.blocks, doc.probs);
  before?.(s);
  return applyRules(s, [rule], resolveConstrainOptions(options));
}

/** The notes as [block, from, to, rule, reason] rows, for short assertions. */
export function noteRows(s: DecodeState): Array<[number, string, string, string, string]> {
  return s.notes.map((n) => [n.block, n.from, n.to, n.rule, n.reason]);
}
