/**
 * The recipe of the bundled default model (models/default.model.json.gz), in one place:
 * `npm run model:build` trains it and `npm run bench:quality` cross-validates the same
 * settings, so the benchmark measures the model that ships.
 *
 * MaxEnt with sigma 0.1 and minFreq 5, chosen on two cross-site folds of the train corpora
 * (`npm run bench:tune`, 2026-11-23): with the same features and decoder it beat the CRF
 * (sigma 0.3, its own best) on both folds, most on wcxb-dev's service, listing and forum
 * pages (word F1 +0.012). A tight prior keeps any learner from leaning on one site's class
 * names. The other learners' settings below are what `bench:quality` runs them with.
 *
 * The network (`mlp`) gained on the same two folds (trafilatura-eval snippet F +0.010 /
 * +0.002, wcxb-dev word F1 +0.006 / +0.003) and in `bench:quality` (trafilatura-eval 0.929 ->
 * 0.937), but on the eval-only l3s-gn1 (2008 news pages) it labelled navigation link lists body
 * with p(body) up to 0.99: body block F1 0.810 -> 0.738. It is not bundled until that is
 * understood (docs/ablation.md).
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
 * MEMM has not been tuned on its own and uses the CRF's. The network's were chosen on folds 0
 * and 1 (docs/ablation.md).
 */
export const CROSS_SITE_PARAMS: Readonly<Partial<Record<AlgorithmName, Readonly<Record<string, string | number | boolean>>>>> = Object.freeze({
  crf: Object.freeze({ sigma: 0.3, minFreq: 5 }),
  maxent: Object.freeze({ sigma: 0.1, minFreq: 5 }),
  memm: Object.freeze({ sigma: 0.3, minFreq: 5 }),
  mlp: Object.freeze({ hidden: 32, members: 3, epochs: 2, dropout: 0.3, minFreq: 5 }),
});

export const DEFAULT_MODEL_RECIPE: ModelRecipe = Object.freeze({
  algorithm: 'maxent',
  params: CROSS_SITE_PARAMS.maxent!,
  // The bag of words and stop-word ratio (after Gibson et al. 2007): no measurable gain on two cross-site folds
  // (docs/ablation.md), half the training time and the costliest family at extraction time.
  features: Object.freeze({ exclude: Object.freeze(['words', 'stop-words'] as const) }),
  corpora: Object.freeze(['trafilatura-eval', 'readability-test-pages', 'wcxb-dev', 'postlight-titles']),
});

/** The recipe's feature set with `more` families switched off as well (ablations, tuning). */
export function recipeFeaturesWithout(more: readonly FamilyName[] = []): FeatureOptions {
  return { exclude: [...new Set([...(DEFAULT_MODEL_RECIPE.features.exclude ?? []), ...more])] };
}
