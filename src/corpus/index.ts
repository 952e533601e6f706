/** Corpora: readers for pith's format and the public benchmarks, gold alignment, pith-format writing. */
export * from './types.js';
export { openCorpus, loadCorpusPage, corpusPage, detectCorpusFormat, CORPUS_USE } from './open.js';
export { goldBlockLabels, goldText, alignGold, type AlignOptions, type AlignmentResult, type SnippetAlignment } from './align.js';
export { annotationsFromLabels, labelsFromAnnotations } from './annotations.js';
export {
  createPithCorpus, addPithPage, readPageLabels, savePageLabels, isValidPageId, readPithHeader, writeFileAtomic,
  PITH_CORPUS_FILE, type PageLabels, type PageLabelsInput, type PithCorpusHeader,
} from './pith-format.js';
export { alignTokens, repairMojibake, textKey } from './text-normalize.js';
export { alignTokenSequences, type TokenAlignOptions } from './token-align.js';
export { findTitleBlock, matchTitle, titleSimilarity, type TitleMatch, type TitleMatchSource } from './title-match.js';
export { listMarker } from './list-markers.js';
export { importFieldsFolder, fieldsFileName, type FieldsImportResult } from './fields-import.js';
export { parseFieldValues } from './readers/fields.js';
export { parseSwdeGroundTruth, sniffBaseHref } from './readers/swde.js';
