/** Small builders for the k-NN tests. */
import type { LabeledSequence } from '../../../src/models/labeler.js';
import type { GoldLabel } from '../../../src/labels.js';
import type { SequenceInstance } from '../../../src/features/types.js';

export function seqOf(rows: readonly (readonly (string | number)[])[], labels: readonly GoldLabel[], pageId = 'p'): LabeledSequence {
  return { pageId, site: 's', items: rows.map((columns) => ({ attrs: [], columns })), labels };
}

export function unlabeled(rows: readonly (readonly (string | number)[])[]): SequenceInstance {
  return { pageId: 'q', site: 's', items: rows.map((columns) => ({ attrs: [], columns })) };
}
