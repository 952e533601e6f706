/**
 * Learned models behind the Extractor interface: the same pipeline as `pith extract`
 * (features -> model -> constraints -> article), scored on the article's text.
 */
import { articleHeadings, toText } from '../article/index.js';
import { extractPage, inMemoryModel, loadExtractionModel, type ExtractOptions, type LoadedModel } from '../pipeline/extract.js';
import type { ModelFile } from '../models/labeler.js';
import type { Extractor } from './extractor.js';

/** `options`: decoder settings (constraints), for comparing them on one model. */
export function modelExtractor(model: LoadedModel, name = `model:${model.file.algorithm}`, options: ExtractOptions = {}): Extractor {
  return Object.freeze<Extractor>({
    name,
    extract({ page }) {
      const r = extractPage(page, model, options);
      return { title: r.article.title, pageTitle: r.article.metadata.pageTitle ?? '', headings: articleHeadings(r.article), body: toText(r.article), blockLabels: r.labels };
    },
  });
}

/** A model file already in memory (cross-validation folds) made into an extractor. */
export function modelFileExtractor(file: ModelFile, name?: string, options: ExtractOptions = {}): Extractor {
  return modelExtractor(inMemoryModel(file), name, options);
}

export async function modelPathExtractor(path: string): Promise<Extractor> {
  return modelExtractor(await loadExtractionModel(path), `model:${path}`);
}
