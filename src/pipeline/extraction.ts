/**
 * The one result shape of an extraction: the library's `Extraction`, and `extractionJson`, the
 * JSON every output writes (`pith extract --format json`, batch lines, `pith serve`'s
 * /extract), published as schema/extraction.schema.json (docs/schema.md).
 */
import { articleHeadings, articleMetadata, clampConfidence, jsonConfidence, toHtml, toMarkdown, toText, type Article, type ArticleComment, type ArticleMetadataJson } from '../article/index.js';
import type { FieldWarning } from '../models/wrapper/fields.js';
import type { FoundList } from '../models/lists/find-lists.js';
import type { SitePick } from '../models/site-pick.js';
import type { FoundJudgement, NotFoundReason } from './found.js';

/**
 * `metadata.site`: the site model that labelled the page, how it was picked, the page's template
 * fit where compared; picked `by: 'chrome'`, the share of the page's chrome that is the site's
 * (with `siteDrift` when the general model read the page).
 */
export interface SiteChoice {
  readonly host: string;
  readonly by: SitePick['by'];
  readonly fit?: number;
  readonly share?: number;
}

/** `metadata.siteDrift`: the site model the page was meant for, and why it did not take it. */
export interface SiteDrift {
  readonly host: string;
  /**
   * `template`: the page's skeleton no longer fits the site's templates; `rules`: its rules find
   * no article on it; `short`: the body it finds is far shorter than the site's usual.
   */
  readonly reason: 'template' | 'rules' | 'short';
  readonly fit?: number;
  /** With `short`: the body characters the site model found, and the shortest body it was learned from. */
  readonly bodyChars?: number;
  readonly usualChars?: number;
}

/** The schema's `metadata`: the article's own (`articleMetadata`: declared title, author, date, language, excerpt, image, ...), then extraction's marks. */
export interface ExtractionMetadata extends ArticleMetadataJson {
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
  /** False when the page has no article (empty input, not HTML, an error page, a form, no prose: docs/found.md); the other fields are what extraction kept all the same. */
  readonly found: boolean;
  /** With `found: false`: why the page has no article. */
  readonly reason?: NotFoundReason;
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
  /** With `includeComments`: readers' comments, in page order (never in `body`; in `markdown` after the article). */
  readonly comments?: readonly ArticleComment[];
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

/** What `extractionMarks` gives (extract.ts). */
export interface ExtractionMarks { extractor?: string; site?: SiteChoice; siteDrift?: SiteDrift; addedBy?: string; fieldWarnings?: readonly FieldWarning[] }
/** What `fieldsToJson` gives (extract.ts). */
export interface NamedFields { fields?: Record<string, string[]>; fieldConfidence?: Record<string, number[]>; records?: Record<string, string>[] }

/** The library's result for an article, its marks, its named fields and the found judgement. */
export function toExtraction(article: Article, confidence: number, marks: ExtractionMarks, named: NamedFields, judgement: FoundJudgement): Extraction {
  const { extractor, site, siteDrift, addedBy, fieldWarnings } = marks;
  const body = toText(article);
  const metadata: ExtractionMetadata = Object.freeze({
    ...articleMetadata(article),
    ...(extractor !== undefined ? { extractor } : {}),
    ...(site !== undefined ? { site } : {}),
    ...(siteDrift !== undefined ? { siteDrift } : {}),
    ...(addedBy !== undefined ? { addedBy } : {}),
    ...(fieldWarnings && fieldWarnings.length > 0 ? { fieldWarnings } : {}),
  });
  let markdown: string | undefined;
  let html: string | undefined;
  return Object.freeze({
    found: judgement.found,
    ...(judgement.found ? {} : { reason: judgement.reason }),
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
    confidence: clampConfidence(confidence),
    ...(article.comments !== undefined ? { comments: article.comments } : {}),
    article,
    ...named,
  });
}


/** Extras only some outputs carry: the page's blocks (`--blocks`) and its lists (`--lists`, `includeLists`). */
export interface ExtractionJsonExtras {
  readonly blocks?: readonly { readonly label: string; readonly text: string; readonly p: number }[];
  readonly lists?: readonly FoundList[];
  /** Renderings left out: one nobody asked for is never made (they are made on first read). */
  readonly omitRenderings?: ReadonlySet<'markdown' | 'html'>;
}

/**
 * The extraction as JSON, in the schema's order: found, reason?, title, headings, body,
 * markdown, html, metadata, confidence (4 decimals), comments?, fields?, fieldConfidence?, records?,
 * lists?, blocks?. The article tree stays out.
 */
export function extractionJson(e: Extraction, extras: ExtractionJsonExtras = {}): Record<string, unknown> {
  const lists = extras.lists ?? e.lists;
  const omitted = extras.omitRenderings;
  return {
    found: e.found,
    ...(e.reason !== undefined ? { reason: e.reason } : {}),
    title: e.title, headings: e.headings, body: e.body,
    ...(omitted?.has('markdown') ? {} : { markdown: e.markdown }),
    ...(omitted?.has('html') ? {} : { html: e.html }),
    metadata: e.metadata,
    confidence: jsonConfidence(e.confidence),
    ...(e.comments !== undefined ? { comments: e.comments } : {}),
    ...(e.fields ? { fields: e.fields, fieldConfidence: e.fieldConfidence, records: e.records } : {}),
    ...(lists !== undefined ? { lists } : {}),
    ...(extras.blocks !== undefined ? { blocks: extras.blocks } : {}),
  };
}
