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
import { checkExtractionOptions } from './extraction-options.js';
import { bundledModelPath, extractionMarks, extractPage, fieldsToJson, loadExtractionModel, type ExtractOptions, type LoadedModel } from './extract.js';
import { pageLists } from './lists.js';
import { toExtraction, type Extraction } from './extraction.js';
import { judgeFound } from './found.js';
import type { ListModel } from '../models/lists/list-model.js';

/** Which way the decoder leans where the model is unsure: less noise, or less lost text. */
export type Favor = 'precision' | 'balanced' | 'recall';
export const FAVORS: readonly Favor[] = ['precision', 'balanced', 'recall'];

/** A model ready to extract with: from `loadModel`, reusable across calls and threads' messages. */
export type PithModel = LoadedModel;

export type { Extraction, ExtractionMetadata } from './extraction.js';

export interface ExtractionOptions {
  /** The page's URL: resolves relative links and images, and names the site. */
  readonly url?: string;
  /** A loaded model, or the path of a model file. Default: the bundled model. */
  readonly model?: PithModel | string;
  /** Default `balanced`. */
  readonly favor?: Favor;
  /** Also give readers' comments, each with its author and date (`comments`, and a Comments section in `markdown`); the article stays without them. Default false. */
  readonly includeComments?: boolean;
  /** Keep the article's images, figures and embeds. Default true. */
  readonly includeImages?: boolean;
  /** Keep data tables. Default true. */
  readonly includeTables?: boolean;
  /** Keep links (as links in markdown and html; their text stays either way). Default true. */
  readonly includeLinks?: boolean;
  /** For bytes: the charset the server declared (`Content-Type`), which wins over the page's own. */
  readonly charset?: string;
  /** The model's site model to use, by host or `template:` name, whatever the page's URL or template (docs/sites.md). */
  readonly site?: string;
  /** Also find the page's main repeated list (`lists`; docs/lists.md). Default false. */
  readonly includeLists?: boolean;
  /** The list model for `includeLists` (from `loadListModel`). Default: the bundled one. */
  readonly listModel?: ListModel;
}

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
    ...(o.includeImages === false ? { article: { images: 'none' } } : {}),
    ...(o.site !== undefined ? { site: o.site } : {}),
  };
}

/** The article less what the options leave out after extraction (tables, links). */
export function shapeArticle(article: Article, options: ExtractionOptions): Article {
  let out = article;
  if (options.includeTables === false) out = withoutTables(out);
  if (options.includeLinks === false) out = withoutLinks(out);
  return out;
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
  const result = extractPage(page, model, pipelineOptions(options));
  const article = shapeArticle(result.article, options);
  const extraction = toExtraction(article, result.confidence, extractionMarks(result), fieldsToJson(result), judgeFound(page.tree, article));
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
