/**
 * The recipe of the bundled default model (models/default.model.json.gz), in one place:
 * `npm run model:build` trains it and `npm run bench:quality` cross-validates the same
 * settings, so the benchmark measures the model that ships.
 *
 * A small network (src/models/mlp): MaxEnt's attributes and linear part plus 32 hidden
 * units, three networks from consecutive seeds averaged, two epochs, 30% attribute dropout.
 * Chosen on two cross-site folds of the train corpora (`npm run bench:tune`, 2026-11-24,
 * docs/ablation.md): against MaxEnt (sigma 0.1, minFreq 5, bundled from 2026-11-23, which had
 * beaten the CRF on both folds) it raised trafilatura-eval snippet F and wcxb-dev word F1 on
 * both folds and cost readability-test-pages 0.001-0.002. Dropout and the average keep it from
 * leaning on one site's class names, as MaxEnt's tight prior does. The other learners'
 * settings below are what `bench:quality` runs them with.
 */
import type { AlgorithmName } from '../models/labeler.js';
import type { FamilyName, FeatureOptions } from '../features/index.js';

export interface ModelRecipe {
  readonly algorithm: AlgorithmName;
  readonly params: Readonly<Record<string, string | number | boolean>>;
  /** The feature set: families switched off for the bundled model (they stay available to `pith train`). */
  readonly features: FeatureOptions;
  /** Folders under ../shared/corpora, all marked "train" in its README. */
  readonly corpora: readonly string[];
}

/**
 * Each sequence learner's settings for cross-site use: CRF sigma 0.3 (0.2 and 0.6 were no
 * better on fold 0), MaxEnt sigma 0.1 (0.05, 0.3 and 1 were scored on folds 0 and 1); the
 * MEMM has not been tuned on its own and uses the CRF's. The network's: see above.
 */
export const CROSS_SITE_PARAMS: Readonly<Partial<Record<AlgorithmName, Readonly<Record<string, string | number | boolean>>>>> = Object.freeze({
  crf: Object.freeze({ sigma: 0.3, minFreq: 5 }),
  maxent: Object.freeze({ sigma: 0.1, minFreq: 5 }),
  memm: Object.freeze({ sigma: 0.3, minFreq: 5 }),
  mlp: Object.freeze({ hidden: 32, members: 3, epochs: 2, dropout: 0.3, minFreq: 5 }),
});

export const DEFAULT_MODEL_RECIPE: ModelRecipe = Object.freeze({
  algorithm: 'mlp',
  params: CROSS_SITE_PARAMS.mlp!,
  // Seed 001's bag of words and stop-word ratio: no measurable gain on two cross-site folds
  // (docs/ablation.md), half the training time and the costliest family at extraction time.
  features: Object.freeze({ exclude: Object.freeze(['words', 'stop-words'] as const) }),
  corpora: Object.freeze(['trafilatura-eval', 'readability-test-pages', 'wcxb-dev', 'postlight-titles']),
});

/** The recipe's feature set with `more` families switched off as well (ablations, tuning). */
export function recipeFeaturesWithout(more: readonly FamilyName[] = []): FeatureOptions {
  return { exclude: [...new Set([...(DEFAULT_MODEL_RECIPE.features.exclude ?? []), ...more])] };
}
