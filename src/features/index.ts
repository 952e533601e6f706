/** The features stage: block features (`pith-blocks`) and seed 000's unit features (`seed000-units`). */
export * from './types.js';
export { DEFAULT_FAMILIES, FAMILY_NAMES, OPT_IN_FAMILIES, isFamilyName, resolveFeatureOptions, type FamilyName, type FeatureConfig, type FeatureOptions, type WordMode } from './config.js';
export type { FeatureFamily, FamilyColumn, FamilyOutput } from './family.js';
export { BLOCK_FEATURE_SET, BLOCK_FEATURE_VERSION, FEATURE_FAMILIES, computeEncodedFeatures, computeFeatures, featureSchema, hashSchema, siteOf } from './registry.js';
export {
  SEED000_FEATURE_SET, SEED000_FEATURE_VERSION, computeSeed000, seed000Schema, unitLabelsFromBlockLabels, blockLabelsFromUnitLabels,
  type Seed000Instance, type Seed000Options, type UnitLabelOptions,
} from './seed000.js';
export { tokenize, type Token } from './text-stats.js';
export { STOP_LANGUAGES, stopWords, type StopLanguage } from './stop-words.js';
