/**
 * From per-block label probabilities to a well-formed article labelling, by the rules of
 * `DECODE_RULES` run in order (one file each under rules/; docs/decoder.md lists them):
 * - p(body) weighed by the page's kind (`body-weight`);
 * - readers' comments are not the article (`comment-sections`);
 * - at most one title, helped when it matches the page's declared title (`one-title`);
 * - never an empty article when the page has prose, nor a stray scrap when the model missed
 *   most of it (`prose-rescue`, `single-text-block`);
 * - a content region: body blocks grouped into clusters separated by long runs of noise, the
 *   heaviest the article, far small ones dropped (`content-region`), less a short tail of
 *   link lists after its last paragraph (`link-tail`);
 * - headings only inside the region and followed by body text (`headings-in-region`), and an
 *   h2-h6 element between article text is a heading (`heading-elements`);
 * - images and media kept only inside the region (`media-in-region`).
 * Every change is recorded with the rule's name and a reason, for `--explain`.
 */
import { LABELS } from '../labels.js';
import type { Label } from '../labels.js';
import type { Block } from '../segment/segment.js';
import { NO_EVIDENCE, type PageEvidence } from './evidence.js';
import { DEFAULT_DECODE_SETTINGS, type DecodeSettings } from './settings.js';
import { applyRules, DecodeState, type AddedText, type DecodeNote, type DecodeRule } from './rule.js';
import { DECODE_RULES } from './rules/index.js';

export { DECODE_NUMBERS, DEFAULT_DECODE_SETTINGS, resolveDecodeSettings, type DecodeOptions, type DecodeSettings } from './settings.js';
export { evidenceFrom, NO_EVIDENCE, pageEvidence, type PageEvidence, type PageFacts } from './evidence.js';
export { applyRules, BlockTag, DecodeState, type AddedText, type DecodeNote, type DecodeRule } from './rule.js';
export { DECODE_RULES, SELF_TRAINED_DECODE_RULES, SITE_DECODE_RULES } from './rules/index.js';
export { bodyWeightOf } from './rules/shared/body-weight.js';

export interface ConstrainedLabels {
  readonly labels: Label[];
  /** Mean probability of the final label over text blocks (1 for an empty page). */
  readonly confidence: number;
  readonly notes: DecodeNote[];
  /** [first, last] block index of the content region, or undefined when no body was found. */
  readonly region: readonly [number, number] | undefined;
  /** Paragraphs for the article that no block holds (`product-description`), when a rule found some. */
  readonly addedText?: AddedText;
}

/** Applies the article constraints to a learner's per-block probabilities (LABELS order), given what the page says and the settings. */
export function constrainLabels(
  blocks: readonly Block[],
  modelProbs: readonly (readonly number[])[],
  page: PageEvidence = NO_EVIDENCE,
  settings: DecodeSettings = DEFAULT_DECODE_SETTINGS,
  rules: readonly DecodeRule[] = DECODE_RULES,
): ConstrainedLabels {
  const s = applyRules(new DecodeState(blocks, modelProbs), rules, page, settings);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < blocks.length; i++) {
    if (blocks[i]!.kind !== 'text') continue;
    sum += s.probs[i]![LABELS.indexOf(s.labels[i]!)]!;
    count++;
  }
  return { labels: s.labels, confidence: count ? sum / count : 1, notes: s.notes, region: s.region, ...(s.addedText ? { addedText: s.addedText } : {}) };
}
