/**
 * pith's public API: what a program using pith as a library may rely on. pith's own front
 * ends (cli/, service/, annotate/, queue/) may still import other modules directly; the rule
 * they keep is scripts/check-layers.mjs's (imports point one way). `pith train` reaches the
 * library only through this file.
 */
export * from './errors.js';
export * from './labels.js';
export * from './dom/bytes.js';
export * from './dom/tree.js';
export { parseHtml, parsePage, type ParseOptions, type ParsedPage } from './dom/parse.js';
export * from './segment/segment.js';
export * from './segment/text-tail.js';
export * from './page.js';
export * from './article/types.js';
export { toText, toMarkdown, toHtml, toXml, toTei, type ArticleOptions, type ImagePolicy } from './article/index.js';
export {
  extract, extractWith, loadModel, FAVORS, FAVOR_SETTINGS,
  type Extraction, type ExtractionMetadata, type ExtractionOptions, type Favor, type PithModel,
} from './pipeline/library.js';
export { extractionJson, type ExtractionJsonExtras } from './pipeline/extraction.js';
export { isProbablyArticle, judgeFound, NOT_FOUND_REASONS, type NotFoundReason, type FoundJudgement } from './pipeline/found.js';
export type { FieldWarning } from './models/wrapper/fields.js';
export { fieldsCsv, csvCell, type FieldsCsvPage } from './pipeline/fields-csv.js';
export { loadListModel, pageLists, bundledListModelPath } from './pipeline/lists.js';
export { detectLists, MIN_LIST_ITEMS, type FoundList, type ListItem, type ListDetection } from './models/lists/find-lists.js';
export type { ListModel, ListModelFile } from './models/lists/list-model.js';
export { bundledModelPath, shippedModelsDir } from './pipeline/extract.js';
export { saveModel } from './models/model-file.js';
export type { ModelFile, ParamSpec } from './models/labeler.js';
export type { FamilyName, FeatureOptions } from './features/index.js';
export * from './trainers/index.js';
