/** The features stage: block features (`pith-blocks`) and the memory-based study's unit features (`seed000-units`). */
export * from './types.js';
export { DEFAULT_FAMILIES, FAMILY_NAMES, OPT_IN_FAMILIES, isFamilyName, resolveFeatureOptions, type FamilyName, type FeatureConfig, type FeatureOptions, type WordMode } from './config.js';
export type { FeatureFamily, FamilyColumn, FamilyOutput } from './family.js';
export { BLOCK_FEATURE_SET, BLOCK_FEATURE_VERSION, FEATURE_FAMILIES, blockFamilies, computeEncodedFeatures, computeFeatures, featureSchema, hashSchema, siteOf } from './registry.js';
export {
  UNIT_WINDOW_FEATURE_SET, UNIT_WINDOW_FEATURE_VERSION, computeUnitWindows, unitWindowSchema, unitLabelsFromBlockLabels, blockLabelsFromUnitLabels,
  type UnitWindowInstance, type UnitWindowOptions, type UnitLabelOptions,
} from './unit-windows.js';
export { tokenize, type Token } from './text-stats.js';
export { STOP_LANGUAGES, stopWords, type StopLanguage } from './stop-words.js';
