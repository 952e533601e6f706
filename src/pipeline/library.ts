/**
 * pith as a library: one call from HTML to an article.
 *
 *     import { extract } from 'pith';
 *     const article = await extract(html, { url, favor: 'precision' });
 *     if (article.found) console.log(article.title, article.body);
 *
 * `extract` loads the bundled model once per process (or takes one from `loadModel`) and runs
 * the same pipeline as the CLI. Markdown and HTML are written on first read of `markdown` /
 * `html`, so a caller that wants only text does not pay for them.
 */
import { PithError } from '../errors.js';
import { loadPage } from '../page.js';
import { withoutLinks, withoutTables, type Article } from '../article/index.js';
import { checkExtractionOptions, FAVORS, type ExtractionOptions, type Favor, type PithModel } from './extraction-options.js';
import { bundledModelPath, extractPage, KEEP_COMMENTS, loadExtractionModel, resultExtraction, type ExtractOptions, type ExtractResult } from './extract.js';
import { pageLists } from './lists.js';
import type { Extraction } from './extraction.js';

export { FAVORS, type ExtractionOptions, type Favor, type PithModel } from './extraction-options.js';
export type { Extraction, ExtractionMetadata } from './extraction.js';


/**
 * The decoder settings behind each `favor`. `balanced` is the bundled recipe. Measured on
 * the eval-only corpora with the bundled model: docs/quality.md, "Precision or recall".
 */
export const FAVOR_SETTINGS: Readonly<Record<Favor, ExtractOptions>> = Object.freeze({
  precision: Object.freeze({ bodyWeight: 0.5, minClusterShare: 0.5, minClusterChars: 400, rescueShare: 0.5 }),
  balanced: Object.freeze({}),
  recall: Object.freeze({ bodyWeight: 2, minClusterShare: 0.1, minClusterChars: 60 }),
});

let bundled: Promise<PithModel> | undefined;

/** Loads a model file (default: the bundled model) for reuse across `extract` calls. */
export function loadModel(path?: string): Promise<PithModel> {
  if (path === undefined || path === bundledModelPath()) {
    // A failed load is not cached: the next call tries again.
    bundled ??= loadExtractionModel().catch((e: unknown) => {
      bundled = undefined;
      throw e;
    });
    return bundled;
  }
  return loadExtractionModel(path);
}

/** The options as the pipeline takes them; bad values are BAD_OPTION errors. */
export function pipelineOptions(o: ExtractionOptions): ExtractOptions {
  const favor = o.favor ?? 'balanced';
  if (!FAVORS.includes(favor)) throw new PithError('BAD_OPTION', `favor must be one of ${FAVORS.join(', ')}, got '${String(favor)}'`, 'favor');
  return {
    ...FAVOR_SETTINGS[favor],
    ...(o.includeComments ? { comments: true } : {}),
    ...(o.keepComments ? KEEP_COMMENTS : {}),
    ...(o.includeImages === false ? { article: { images: 'none' } } : {}),
    ...(o.site !== undefined ? { site: o.site } : {}),
  };
}

/** The article less what the options leave out after extraction (tables, links). */
function shapeArticle(article: Article, options: ExtractionOptions): Article {
  let out = article;
  if (options.includeTables === false) out = withoutTables(out);
  if (options.includeLinks === false) out = withoutLinks(out);
  return out;
}

/** The choices about the article a batch passes on to each page (as `pith extract --favor`, `--no-images`, `--no-tables`, `--no-links`). */
export type ArticleChoices = Pick<ExtractionOptions, 'favor' | 'includeImages' | 'includeTables' | 'includeLinks'>;

/** A pipeline result with its article shaped by `options` (tables, links left out); the result itself when nothing is left out. */
export function withShapedArticle(result: ExtractResult, options: ExtractionOptions): ExtractResult {
  const article = shapeArticle(result.article, options);
  if (article === result.article) return result;
  // Descriptors, not a spread: a spread would read the lazy `features` getter.
  return Object.create(null, { ...Object.getOwnPropertyDescriptors(result), article: { value: article, enumerable: true } }) as ExtractResult;
}

/** Extracts with a model already loaded: the synchronous form of `extract`. */
export function extractWith(model: PithModel, input: string | Uint8Array, options: ExtractionOptions = {}): Extraction {
  checkExtractionOptions(options);
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
    throw new PithError('BAD_OPTION', 'input must be an HTML string or bytes (Uint8Array / Buffer)', 'input');
  }
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  // A string is already text: its bytes are UTF-8 whatever its <meta charset> says.
  const charset = typeof input === 'string' ? 'utf-8' : options.charset;
  const page = loadPage(bytes, { ...(options.url ? { url: options.url } : {}), ...(charset ? { transportCharset: charset } : {}) });
  const extraction = resultExtraction(withShapedArticle(extractPage(page, model, pipelineOptions(options)), options));
  if (!options.includeLists) return extraction;
  const lists = Object.freeze(pageLists(page.tree, options.listModel));
  // Descriptors, not a spread: a spread would write the lazy markdown and html.
  return Object.freeze(Object.create(Object.getPrototypeOf(extraction), { ...Object.getOwnPropertyDescriptors(extraction), lists: { value: lists, enumerable: true } })) as Extraction;
}

/** HTML (a string, or bytes in any encoding, gzip allowed) to its article. */
export async function extract(input: string | Uint8Array, options: ExtractionOptions = {}): Promise<Extraction> {
  checkExtractionOptions(options);
  const model = typeof options.model === 'object' ? options.model : await loadModel(options.model);
  return extractWith(model, input, options);
}
