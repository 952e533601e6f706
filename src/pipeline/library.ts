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
import { articleHeadings, toHtml, toMarkdown, toText, withoutLinks, withoutTables, type Article } from '../article/index.js';
import { checkExtractionOptions } from './extraction-options.js';
import { bundledModelPath, extractionMarks, extractPage, fieldsToJson, KEEP_COMMENTS, loadExtractionModel, type ExtractOptions, type LoadedModel, type SiteChoice, type SiteDrift } from './extract.js';
import type { FieldWarning } from '../models/wrapper/fields.js';
import { pageLists } from './lists.js';
import type { FoundList } from '../models/lists/find-lists.js';
import type { ListModel } from '../models/lists/list-model.js';

/** Which way the decoder leans where the model is unsure: less noise, or less lost text. */
export type Favor = 'precision' | 'balanced' | 'recall';
export const FAVORS: readonly Favor[] = ['precision', 'balanced', 'recall'];

/** A model ready to extract with: from `loadModel`, reusable across calls and threads' messages. */
export type PithModel = LoadedModel;

export interface ExtractionOptions {
  /** The page's URL: resolves relative links and images, and names the site. */
  readonly url?: string;
  /** A loaded model, or the path of a model file. Default: the bundled model. */
  readonly model?: PithModel | string;
  /** Default `balanced`. */
  readonly favor?: Favor;
  /** Keep readers' comments (forums, Q&A pages, whose replies are the content). Default false. */
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

export interface ExtractionMetadata {
  /** The title the page declares (`<title>`, og:title, JSON-LD headline), without the site name where it can tell. */
  readonly pageTitle?: string;
  readonly author?: string;
  /** Publication date as the page states it. */
  readonly date?: string;
  readonly siteName?: string;
  /** Canonical URL, else the page's own. */
  readonly url?: string;
  /** BCP 47-ish language tag, declared or detected. */
  readonly lang?: string;
  /** The page's declared description, else the start of the article's first paragraph. */
  readonly excerpt?: string;
  /** The page's declared lead image, else the article's first image. */
  readonly image?: string;
  readonly dir: 'ltr' | 'rtl';
  /** The page was longer than pith reads; the article comes from its beginning. */
  readonly truncated?: true;
  /** Nodes the parser's budget dropped to keep the page within it, by reason (`hidden` content, `empty` elements, `unwrapped` inline markup). */
  readonly dropped?: { readonly hidden: number; readonly empty: number; readonly unwrapped: number };
  /** With site models in the model: which labelled the page (`wrapper`, a learner's name, or `general`). */
  readonly extractor?: string;
  /** With site models: the one that labelled the page and why (`by` host, template with its `fit`, or `forced` by the `site` option). */
  readonly site?: SiteChoice;
  /** With site models: the one picked for the page that did not take it (its template or its rules no longer fit), so the general model did. */
  readonly siteDrift?: SiteDrift;
  /** The decoder rule that added text no block of the page holds (`product-description`: the description a shop declares in its JSON-LD but draws only with a script). */
  readonly addedBy?: string;
  /** Where the site's field rules stopped fitting the page (a rule found nothing, a value unlike every example; docs/fields.md). */
  readonly fieldWarnings?: readonly FieldWarning[];
}

export interface Extraction {
  /** False when the page has no article text ("no article found"): title and body may be empty. */
  readonly found: boolean;
  /** The visible headline, else the declared title without the site name. */
  readonly title: string;
  /** Section headings of the article, in order. */
  readonly headings: readonly string[];
  /** The article as plain text, paragraphs separated by blank lines. */
  readonly body: string;
  /** The article as Markdown (written on first read). */
  readonly markdown: string;
  /** The article as sanitised HTML (written on first read). */
  readonly html: string;
  readonly metadata: ExtractionMetadata;
  /** How sure the model is of its labels, 0..1. */
  readonly confidence: number;
  /** The article tree the three renderings come from. */
  readonly article: Article;
  /** Named fields (per field its values) when the page's site model has field rules (docs/fields.md). */
  readonly fields?: Readonly<Record<string, readonly string[]>>;
  /** Each field value's confidence, 0..1, in the shape of `fields`. */
  readonly fieldConfidence?: Readonly<Record<string, readonly number[]>>;
  /** The records of a list page, one object of fields each, in page order (with `fields`; empty on other pages). */
  readonly records?: readonly Readonly<Record<string, string>>[];
  /** With `includeLists`: the page's main repeated list, as `[{items: [{text, href}]}]` (empty when none). */
  readonly lists?: readonly FoundList[];
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
    ...(o.includeComments ? KEEP_COMMENTS : {}),
    ...(o.includeImages === false ? { article: { images: 'none' } } : {}),
    ...(o.site !== undefined ? { site: o.site } : {}),
  };
}

const EXCERPT_CHARS = 200;

/** The first paragraph's start, cut at a word. */
function leadExcerpt(article: Article): string | undefined {
  const first = toText({ ...article, content: article.content.filter((n) => n.kind === 'paragraph').slice(0, 1) }).trim();
  if (!first) return undefined;
  if (first.length <= EXCERPT_CHARS) return first;
  const cut = first.lastIndexOf(' ', EXCERPT_CHARS);
  return first.slice(0, cut > EXCERPT_CHARS / 2 ? cut : EXCERPT_CHARS) + '…';
}

function firstImage(article: Article): string | undefined {
  for (const n of article.content) if (n.kind === 'figure' && n.images.length > 0) return n.images[0]!.src;
  return undefined;
}

function toExtraction(article: Article, confidence: number, marks: ReturnType<typeof extractionMarks>, named: ReturnType<typeof fieldsToJson> = {}): Extraction {
  const { extractor, site, siteDrift, addedBy, fieldWarnings } = marks;
  const body = toText(article);
  const m = article.metadata;
  const excerpt = m.excerpt ?? leadExcerpt(article);
  const image = m.image ?? firstImage(article);
  const metadata: ExtractionMetadata = Object.freeze({
    ...(m.pageTitle !== undefined ? { pageTitle: m.pageTitle } : {}),
    ...(m.author !== undefined ? { author: m.author } : {}),
    ...(m.date !== undefined ? { date: m.date } : {}),
    ...(m.siteName !== undefined ? { siteName: m.siteName } : {}),
    ...(m.url !== undefined ? { url: m.url } : {}),
    ...(m.lang !== undefined ? { lang: m.lang } : {}),
    ...(excerpt !== undefined ? { excerpt } : {}),
    ...(image !== undefined ? { image } : {}),
    dir: m.dir ?? 'ltr',
    ...(m.truncated ? { truncated: m.truncated } : {}),
    ...(m.dropped ? { dropped: m.dropped } : {}),
    ...(extractor !== undefined ? { extractor } : {}),
    ...(site !== undefined ? { site } : {}),
    ...(siteDrift !== undefined ? { siteDrift } : {}),
    ...(addedBy !== undefined ? { addedBy } : {}),
    ...(fieldWarnings && fieldWarnings.length > 0 ? { fieldWarnings } : {}),
  });
  let markdown: string | undefined;
  let html: string | undefined;
  return Object.freeze({
    found: body.trim().length > 0,
    title: article.title,
    headings: Object.freeze(articleHeadings(article)),
    body,
    get markdown() {
      return (markdown ??= toMarkdown(article));
    },
    get html() {
      return (html ??= toHtml(article));
    },
    metadata,
    confidence: Number.isFinite(confidence) ? Math.min(1, Math.max(0, confidence)) : 0,
    article,
    ...named,
  });
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
  const extraction = toExtraction(shapeArticle(result.article, options), result.confidence, extractionMarks(result), fieldsToJson(result));
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
