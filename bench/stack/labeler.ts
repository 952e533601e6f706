/**
 * A two-stage labeler: the first stage labels each block from its features, the second
 * relabels it from the first stage's probabilities around it (context-features.ts). Both are
 * ordinary labelers; this one only chains them, so it reads features exactly as its first
 * stage does (the encoded fast path included).
 */
import { LABELS } from '../../src/labels.js';
import type { EncodedFeatures, SequenceInstance } from '../../src/features/types.js';
import type { FeatureContribution, Labeler, Prediction } from '../../src/models/labeler.js';
import { contextFeatures } from './context-features.js';

/** The second stage's view of a first-stage prediction: one sequence of context attributes. */
export function contextSequence(first: Prediction, pageId: string, site: string): SequenceInstance {
  return { pageId, site, items: contextFeatures(first.probs) };
}

export class StackedLabeler implements Labeler {
  readonly algorithm;
  readonly vocabulary;

  constructor(readonly first: Labeler, readonly second: Labeler) {
    this.algorithm = first.algorithm;
    this.vocabulary = first.vocabulary;
  }

  predict(seq: SequenceInstance): Prediction {
    return this.second.predict(contextSequence(this.first.predict(seq), seq.pageId, seq.site));
  }

  predictEncoded(features: EncodedFeatures): Prediction {
    if (!this.first.predictEncoded) throw new Error('the first stage reads no encoded features');
    return this.second.predict(contextSequence(this.first.predictEncoded(features), features.pageId, features.site));
  }

  /** The first stage's reasons, then the second stage's (prefixed `stack:`). */
  explain(seq: SequenceInstance, i: number, top = 5): FeatureContribution[] {
    const first = this.first.predict(seq);
    const context = contextSequence(first, seq.pageId, seq.site);
    return [
      ...this.first.explain(seq, i, top),
      ...this.second.explain(context, i, top).map((c) => ({ feature: `stack:${c.feature}`, weight: c.weight })),
    ];
  }

  toJSON(): unknown {
    return { labels: LABELS, first: this.first.toJSON(), second: this.second.toJSON() };
  }
}
