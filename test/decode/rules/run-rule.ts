/** Runs one decode rule over a synthetic block document (test/helpers/block-builder.ts). */
import type { Block } from '../../../src/segment/segment.js';
import { evidenceFrom, type PageFacts } from '../../../src/decode/evidence.js';
import { resolveDecodeSettings, type DecodeOptions } from '../../../src/decode/settings.js';
import { applyRules, DecodeState, type BlockTagBit, type DecodeRule } from '../../../src/decode/rule.js';

/**
 * Runs `rule` over the document with the page facts and settings `given` names (each key is one
 * or the other: `pageType`, `commentBlocks`, ... are the page's; `commentBody`, ... settings).
 */
export function runRule(
  rule: DecodeRule,
  doc: { blocks: Block[]; probs: number[][] },
  given: PageFacts & DecodeOptions = {},
  before?: (s: DecodeState) => void,
): DecodeState {
  const s = new DecodeState(doc.blocks, doc.probs);
  before?.(s);
  return applyRules(s, [rule], evidenceFrom(given), resolveDecodeSettings(given));
}

/** The notes as [block, from, to, rule, reason] rows, for short assertions. */
export function noteRows(s: DecodeState): Array<[number, string, string, string, string]> {
  return s.notes.map((n) => [n.block, n.from, n.to, n.rule, n.reason]);
}

/** Per block, 1 when it has the tag: for asserting what a rule told later rules. */
export function tagged(s: DecodeState, tag: BlockTagBit): number[] {
  return Array.from(s.tagged(tag));
}

/** Tags the blocks `marks` flags, before a rule runs (what an earlier rule would have told it). */
export function tagMarked(s: DecodeState, marks: ArrayLike<number>, tag: BlockTagBit): void {
  for (let i = 0; i < s.blocks.length; i++) if (marks[i]) s.tag(i, tag);
}
