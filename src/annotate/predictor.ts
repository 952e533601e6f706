/**
 * What the annotation tool needs from a model: labels and per-label probabilities for a
 * page's blocks. Kept as a small interface so the tool works without any model (every
 * block starts `other`) and tests can supply a fake one.
 */
import type { Page } from '../page.js';
import type { Prediction } from '../models/labeler.js';

export interface Predictor {
  /** Shown in the app, e.g. the model file's name and algorithm. */
  readonly name: string;
  predict(page: Page): Prediction;
}

/** Per block, the top probability (the model's confidence in the label it gives). */
export function topProbabilities(p: Prediction): number[] {
  return p.probs.map((row) => (row.length === 0 ? 0 : Math.max(...row)));
}
