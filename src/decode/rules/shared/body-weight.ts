/** Weighing p(body) against the other labels (`body-weight`; the pipeline reports the weight). */
import { LABELS } from '../../../labels.js';
import type { PageEvidence } from '../../evidence.js';
import { KIND_BODY_WEIGHTS } from '../../page-type.js';
import type { DecodeSettings } from '../../settings.js';

const BODY = LABELS.indexOf('body');

/** The weight p(body) is weighed by on this page: `bodyWeight` times its kind's (`KIND_BODY_WEIGHTS`) unless `kindBodyWeight` is off. */
export function bodyWeightOf(page: PageEvidence, settings: DecodeSettings): number {
  return settings.bodyWeight * (settings.kindBodyWeight ? KIND_BODY_WEIGHTS[page.pageKind] : 1);
}

/** Probabilities with p(body) multiplied by `weight` and each row summing to 1 again. */
export function weighBody(probs: readonly (readonly number[])[], weight: number): number[][] {
  return probs.map((row) => {
    const scaled = row.map((p, k) => (k === BODY ? p * weight : p));
    const sum = scaled.reduce((a, b) => a + b, 0);
    return sum > 0 ? scaled.map((p) => p / sum) : scaled;
  });
}
