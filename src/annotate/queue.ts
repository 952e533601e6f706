/**
 * The labelling queue, ordered for active learning: a person's time goes first to the
 * pages the current labels (a model's predictions, or nothing) are most likely wrong on.
 * The memory-based study (6.7-6.8): pages the model already gets right teach it nothing; pages with an
 * ill-formed structure or low confidence do. Pure: summaries in, ordered list out.
 */
import type { GoldLabel } from '../labels.js';
import { checkStructure, type StructureFlag } from '../decode/checks.js';

export interface PageSummary {
  readonly id: string;
  readonly url: string | undefined;
  /** Saved label revision, 0 when a person has not saved this page yet. */
  readonly revision: number;
  readonly blocks: number;
  /** Structural flags of the labels shown for the page (saved, else predicted, else none). */
  readonly flags: readonly StructureFlag[];
  /** Mean over blocks of the model's top probability; undefined without a model. */
  readonly confidence: number | undefined;
  /** Blocks whose top probability is below the low-confidence threshold. */
  readonly lowConfidenceBlocks: number;
  /** Where the shown labels come from. */
  readonly source: 'saved' | 'wrapper' | 'model' | 'none';
  /** The first title block's text, to show in the queue. */
  readonly title: string | undefined;
  /** Set when the page could not be loaded (not HTML, too large, ...): shown, never queued first. */
  readonly error?: string;
}

export interface SummaryInput {
  readonly id: string;
  readonly url: string | undefined;
  readonly revision: number;
  readonly labels: readonly GoldLabel[];
  readonly blockTexts: readonly string[];
  /** Per block, the model's top probability (absent without a model or for saved pages). */
  readonly topProbs?: readonly number[];
  readonly source: PageSummary['source'];
}

/** Blocks below this top probability count as uncertain. */
export const LOW_CONFIDENCE = 0.6;

export function summarisePage(input: SummaryInput): PageSummary {
  const flags = checkStructure(input.labels);
  let confidence: number | undefined;
  let low = 0;
  if (input.topProbs && input.topProbs.length > 0) {
    let sum = 0;
    for (const p of input.topProbs) {
      sum += p;
      if (p < LOW_CONFIDENCE) low++;
    }
    confidence = sum / input.topProbs.length;
  }
  const t = input.labels.indexOf('title');
  return {
    id: input.id, url: input.url, revision: input.revision, blocks: input.labels.length, flags, confidence,
    lowConfidenceBlocks: low, source: input.source, title: t >= 0 ? input.blockTexts[t] : undefined,
  };
}

/**
 * Queue order: pages not yet saved before saved ones; among them, flagged pages first
 * (more flags first), then the least confident, then by id for a stable order. Pages that
 * failed to load go last.
 */
export function orderQueue(pages: readonly PageSummary[]): PageSummary[] {
  const rank = (p: PageSummary): number[] => [
    p.error ? 1 : 0,
    p.revision > 0 ? 1 : 0,
    -p.flags.length,
    p.confidence ?? 1,
  ];
  return [...pages].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i]! - rb[i]!;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}
