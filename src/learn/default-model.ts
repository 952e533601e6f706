/**
 * The recipe of the bundled default model (models/default.model.json.gz), in one place:
 * `npm run model:build` trains it and `npm run bench:quality` cross-validates the same
 * settings, so the benchmark measures the model that ships.
 *
 * sigma 0.3 and minFreq 5 were chosen on one cross-site fold of the train corpora
 * (`npm run bench:tune`): a tighter prior than seed 001's sigma 10 stops the CRF from
 * leaning on one site's class names, which is what matters on sites it has never seen.
 */
import type { AlgorithmName } from '../models/labeler.js';

export interface ModelRecipe {
  readonly algorithm: AlgorithmName;
  readonly params: Readonly<Record<string, string | number | boolean>>;
  /** Folders under ../shared/corpora, all marked "train" in its README. */
  readonly corpora: readonly string[];
}

export const DEFAULT_MODEL_RECIPE: ModelRecipe = Object.freeze({
  algorithm: 'crf',
  params: Object.freeze({ sigma: 0.3, minFreq: 5 }),
  corpora: Object.freeze(['trafilatura-eval', 'readability-test-pages', 'wcxb-dev', 'postlight-titles']),
});
