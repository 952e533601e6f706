/** A learner's prediction for a whole page, with the feature options its model file was trained with. */
import { PithError } from '../errors.js';
import type { Page } from '../page.js';
import { computeEncodedFeatures, computeFeatures, featureSchema, type FeatureOptions } from '../features/index.js';
import type { SequenceInstance } from '../features/types.js';
import type { Labeler, ModelFile, Prediction } from './labeler.js';

/** The model's feature options, checked against the schema this pith computes for them. */
export function featureOptionsOf(file: ModelFile, subject = '<model>'): FeatureOptions {
  const options = (file.featureOptions ?? { families: file.featureSchema.families }) as FeatureOptions;
  let hash: string;
  try {
    hash = featureSchema(options).hash;
  } catch (e) {
    throw new PithError('BAD_MODEL', `the model's feature options are not valid here (${(e as Error).message})`, subject);
  }
  if (hash !== file.featureSchema.hash) {
    throw new PithError('BAD_MODEL', `feature schema mismatch: the model was trained with schema ${file.featureSchema.name} v${file.featureSchema.version} (${file.featureSchema.hash.slice(0, 12)}), this pith computes ${hash.slice(0, 12)} for the same options; retrain the model`, subject);
  }
  return options;
}

/**
 * The labeler's prediction for a page: its own page path, else features encoded against its
 * vocabulary, else the features by name (`features` computes and keeps them for the caller).
 */
export function predictPage(page: Page, labeler: Labeler, featureOptions: FeatureOptions, features: () => SequenceInstance = () => computeFeatures(page, featureOptions)): Prediction {
  if (labeler.predictPage) return labeler.predictPage(page);
  const vocab = labeler.weightedVocabulary ?? labeler.vocabulary;
  if (vocab && labeler.predictEncoded) return labeler.predictEncoded(computeEncodedFeatures(page, featureOptions, vocab));
  return labeler.predict(features());
}
