/**
 * Article metadata from what the page declares: `<html lang>`, `<meta>` tags (Open Graph,
 * article:*, Dublin Core), JSON-LD (Article/NewsArticle/BlogPosting first, then any object
 * that has the field), byline elements, `<time datetime>`, a date line (`<p class="meta">October
 * 23, 2012</p>`) and `<link rel=canonical>`; bylines, times and dates inside a comment section are
 * a commenter's and are not read.
 * One pass over the tree's elements; JSON-LD is the page's parsed view (`dom/json-ld.ts`), and
 * scripts that are not JSON even leniently are ignored.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import { normalizeSpace, subtreeText } from '../dom/tree.js';
import { jsonLdValues } from '../dom/json-ld.js';
import type { ArticleMetadata } from './types.js';
import { resolveSafeUrl } from './urls.js';
import { declaredPageTitle } from './page-title.js';
import { markedAncestry } from '../decode/blocks-under.js';
// An element named for a comment section holds the readers' words, not the article's byline or date.
import { sectionMarker } from '../decode/comments.js';
import { ClassNames } from '../decode/class-names.js';
import { dateInText } from './comments.js';

/** Objects visited per JSON-LD script. */
const MAX_JSON_LD_NODES = 20_000;
const MAX_BYLINE_CHARS = 100;
/** A byline is a few nodes; bigger `.author` elements are bio boxes (and reading them would cost). */
const MAX_BYLINE_NODES = 40;

const ARTICLE_TYPES = /^(?:Article|NewsArticle|BlogPosting|Report|ScholarlyArticle|TechArticle|AnalysisNewsArticle|OpinionNewsArticle|ReportageNewsArticle|LiveBlogPosting|SocialMediaPosting|Blog|WebPage|Recipe|HowTo)$/;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isArticleTyped(o: JsonObject): boolean {
  return ([] as Json[]).concat(o['@type'] ?? []).some((t) => typeof t === 'string' && ARTICLE_TYPES.test(t));
}

/**
 * The JSON-LD objects that describe the page (top level, `@graph`, `mainEntity`, list items;
 * breadth-first, bounded), article-typed ones first. Nested values such as an `author` object
 * are read through their owner, not listed.
 */
function jsonLdObjects(tree: DomTree): JsonObject[] {
  const articles: JsonObject[] = [];
  const others: JsonObject[] = [];
  for (const parsed of jsonLdValues(tree) as readonly Json[]) {
    const queue: Json[] = [parsed];
    for (let q = 0; q < queue.length && q < MAX_JSON_LD_NODES; q++) {
      const v = queue[q]!;
      if (Array.isArray(v)) queue.push(...v);
      else if (isObject(v)) {
        (isArticleTyped(v) ? articles : others).push(v);
        for (const key of ['@graph', 'mainEntity', 'mainEntityOfPage', 'itemListElement']) {
          const c = v[key];
          if (c !== undefined && typeof c === 'object') queue.push(c);
        }
      }
    }
  }
  return [...articles, ...others];
}

/** A name from a JSON-LD value: a string, `{name}`, or a list of either (joined with ', '). */
function nameOf(v: Json | undefined): string | undefined {
  if (typeof v === 'string') return clean(v);
  if (Array.isArray(v)) {
    const names = v.map((x) => nameOf(x)).filter((x): x is string => !!x);
    return names.length > 0 ? [...new Set(names)].join(', ') : undefined;
  }
  if (isObject(v)) return nameOf(v['name']);
  return undefined;
}

function clean(s: string | undefined): string | undefined {
  if (s === undefined) return undefined;
  const t = normalizeSpace(s);
  return t.length > 0 && t.length <= 300 ? t : undefined;
}

const MAX_EXCERPT_CHARS = 500;

/** A declared description, white space collapsed and cut at a word near MAX_EXCERPT_CHARS. */
function excerptOf(s: string | undefined): string | undefined {
  if (s === undefined) return undefined;
  const t = normalizeSpace(s);
  if (t.length <= MAX_EXCERPT_CHARS) return t || undefined;
  const cut = t.lastIndexOf(' ', MAX_EXCERPT_CHARS);
  return t.slice(0, cut > MAX_EXCERPT_CHARS / 2 ? cut : MAX_EXCERPT_CHARS) + '…';
}

/** A URL from a JSON-LD image value: a string, `{url}` / `{contentUrl}`, or the first of a list. */
function imageUrlOf(v: Json | undefined): string | undefined {
  if (typeof v === 'string') return v.trim() || undefined;
  if (Array.isArray(v)) return v.length > 0 ? imageUrlOf(v[0]) : undefined;
  if (isObject(v)) return imageUrlOf(v['url']) ?? imageUrlOf(v['contentUrl']);
  return undefined;
}

/** Languages written right to left (ISO 639 primary subtags). */
const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ku', 'ps', 'sd', 'ug', 'ur', 'yi']);

/** `rtl` / `ltr` from a `dir` attribute, else from the language; undefined when neither says. */
export function textDirection(dir: string | undefined, lang: string | undefined): 'ltr' | 'rtl' | undefined {
  const d = dir?.trim().toLowerCase();
  if (d === 'rtl' || d === 'ltr') return d;
  if (lang === undefined) return undefined;
  return RTL_LANGUAGES.has(lang.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
}

const looksLikeUrl = (s: string): boolean => /^(?:https?:)?\/\//i.test(s);

/** `en_US` -> `en-US`; rejects values that are not language tags. */
export function normalizeLang(v: string | undefined): string | undefined {
  if (!v) return undefined;
  const t = v.trim().replace(/_/g, '-');
  const m = /^([a-z]{2,3})(?:-([a-z0-9]{2,8}))?/i.exec(t);
  if (!m) return undefined;
  return m[2] ? `${m[1]!.toLowerCase()}-${m[2].length === 2 ? m[2].toUpperCase() : m[2]}` : m[1]!.toLowerCase();
}

function stripBy(s: string): string {
  return s.replace(/^(?:by|von|par|por)\s*[:\-–]?\s+/i, '').trim();
}

const MAYBE_BYLINE_RE = /author|byline/i;
const BYLINE_CLASS_RE = /(?:^|[\s_-])(?:byline|author)(?:[\s_-]|$)/i;

/** A post's date line under its headline: `<p class="meta">`, `<span class="date">`, `<div class="entry-meta">`. */
const DATE_LINE_CLASS_RE = /(?:^|[\s_-])(?:date|dateline|time|timestamp|meta|posted|published|pubdate|byline)(?:[\s_-]|$)/i;
const MAX_DATE_LINE_CHARS = 100;

function isDateLineElement(el: ElementNode): boolean {
  const c = el.attrs['class'];
  return (c !== undefined && DATE_LINE_CLASS_RE.test(c)) || el.attrs['itemprop'] === 'datePublished';
}

function isBylineElement(el: ElementNode): boolean {
  const rel = el.attrs['rel'];
  if (rel !== undefined && /(?:^|\s)author(?:\s|$)/i.test(rel)) return true;
  if (el.attrs['itemprop'] === 'author') return true;
  const c = el.attrs['class'];
  return c !== undefined && MAYBE_BYLINE_RE.test(c) && BYLINE_CLASS_RE.test(c);
}

/** What the tree itself says, found in one walk: the canonical link, a <time datetime>, a date line, a byline. */
interface TreeMetadata {
  readonly canonical: string | undefined;
  readonly timeAttr: string | undefined;
  readonly dateLine: string | undefined;
  readonly author: string | undefined;
}

/** A picker over the page's JSON-LD objects: the first value of `key` that `pick` accepts. */
type LdPicker = (key: string, pick: (v: Json | undefined) => string | undefined) => string | undefined;

/** Reads the page's declared metadata. `pageUrl` is the URL the page came from, when known. */
export function extractMetadata(tree: DomTree, pageUrl: string | undefined): ArticleMetadata {
  const meta = declaredMeta(tree);
  const ld = jsonLdObjects(tree);
  const fromLd = ldPicker(ld);

  const metaAuthor = meta.get('author') ?? meta.get('article:author') ?? meta.get('dc.creator') ?? meta.get('sailthru.author');
  const declaredAuthor = fromLd('author', nameOf) ?? (metaAuthor && !looksLikeUrl(metaAuthor) ? clean(metaAuthor) : undefined);
  const declaredDate = meta.get('article:published_time') ?? fromLd('datePublished', (v) => (typeof v === 'string' ? clean(v) : undefined)) ??
    meta.get('og:published_time') ?? meta.get('datepublished') ?? meta.get('dc.date') ?? meta.get('date');
  const { canonical, timeAttr, dateLine, author } = scanTreeForMetadata(tree, pageUrl, declaredAuthor, declaredDate === undefined);
  const date = declaredDate ?? timeAttr ?? dateLine;
  const siteName = clean(meta.get('og:site_name')) ?? fromLd('publisher', nameOf) ?? clean(meta.get('application-name'));
  const url = canonical ?? resolveSafeUrl(meta.get('og:url'), tree.baseUrl ?? pageUrl, 'link') ?? (pageUrl ? resolveSafeUrl(pageUrl, undefined, 'link') : undefined);
  const lang = normalizeLang(tree.lang) ?? normalizeLang(meta.get('og:locale')) ?? normalizeLang(meta.get('language')) ??
    normalizeLang(fromLd('inLanguage', (v) => (typeof v === 'string' ? v : undefined)));

  const excerpt = excerptOf(meta.get('description') ?? meta.get('og:description') ?? meta.get('twitter:description') ??
    fromLd('description', (v) => (typeof v === 'string' ? v : undefined)));
  const image = declaredImage(meta, fromLd, tree.baseUrl ?? pageUrl);
  const dir = textDirection(tree.dir, lang);

  const ldHeadline = ld.find((o) => isArticleTyped(o) && typeof o['headline'] === 'string')?.['headline'] as string | undefined;
  const pageTitle = declaredPageTitle(tree.meta, tree.title, ldHeadline);
  return metadataRecord(tree, { pageTitle, lang, author, date, siteName, url, excerpt, image, dir });
}

/** The <meta> values by key, trimmed; the first non-empty one of a key wins. */
function declaredMeta(tree: DomTree): Map<string, string> {
  const meta = new Map<string, string>();
  for (const m of tree.meta) if (!meta.has(m.key) && m.content.trim()) meta.set(m.key, m.content.trim());
  return meta;
}

function ldPicker(ld: readonly JsonObject[]): LdPicker {
  return (key, pick) => {
    for (const o of ld) {
      const v = pick(o[key]);
      if (v) return v;
    }
    return undefined;
  };
}

/** The lead image: Open Graph, then Twitter's card, then JSON-LD. */
function declaredImage(meta: ReadonlyMap<string, string>, fromLd: LdPicker, base: string | undefined): string | undefined {
  return resolveSafeUrl(meta.get('og:image') ?? meta.get('og:image:url') ?? meta.get('og:image:secure_url'), base, 'image') ??
    resolveSafeUrl(meta.get('twitter:image') ?? meta.get('twitter:image:src'), base, 'image') ??
    resolveSafeUrl(fromLd('image', imageUrlOf), base, 'image');
}

/**
 * One pass over elements for the tree-only sources, looking only for what is still missing
 * (a byline only when `author`, the declared one, is undefined; a `<time>` or a date line only
 * when `needDate`: the page declares no date).
 */
function scanTreeForMetadata(tree: DomTree, pageUrl: string | undefined, declaredAuthor: string | undefined, needDate: boolean): TreeMetadata {
  let author = declaredAuthor;
  let canonical: string | undefined;
  let timeAttr: string | undefined;
  let dateLine: string | undefined;
  let needByline = author === undefined;
  // Bylines, times and date lines inside a comment section are a commenter's: asked of the
  // elements that would be one, each ancestor read once (`markedAncestry`), not of every element.
  const inCommentSection = markedAncestry(tree, [sectionMarker(new ClassNames(tree))]);
  const inComments = (el: ElementNode): boolean => inCommentSection(el.id) !== 0;
  for (const n of tree.nodes) {
    if (n.kind !== 'element') continue;
    if (canonical !== undefined && (timeAttr !== undefined || !needDate) && !needByline) break;
    if (n.tag === 'link') {
      if (canonical === undefined && /(?:^|\s)canonical(?:\s|$)/i.test(n.attrs['rel'] ?? '')) {
        canonical = resolveSafeUrl(n.attrs['href'], tree.baseUrl ?? pageUrl, 'link');
      }
    } else if (n.tag === 'time') {
      if (needDate && timeAttr === undefined && n.attrs['datetime']?.trim() && !inComments(n)) timeAttr = n.attrs['datetime'].trim();
    } else {
      if (needByline && !n.hidden && n.end - n.id <= MAX_BYLINE_NODES && isBylineElement(n) && !inComments(n)) {
        const t = subtreeText(tree, n.id);
        if (t && t.length <= MAX_BYLINE_CHARS) {
          author = stripBy(t) || undefined;
          needByline = author === undefined;
        }
      }
      if (needDate && dateLine === undefined && timeAttr === undefined && !n.hidden && n.end - n.id <= MAX_BYLINE_NODES && isDateLineElement(n) && !inComments(n)) {
        const t = subtreeText(tree, n.id);
        if (t.length <= MAX_DATE_LINE_CHARS) dateLine = dateInText(t);
      }
    }
  }
  return { canonical, timeAttr, dateLine, author };
}

/** The metadata object, frozen: only the fields found, in this order, and the tree's truncation notes. */
function metadataRecord(tree: DomTree, found: { [K in 'pageTitle' | 'lang' | 'author' | 'date' | 'siteName' | 'url' | 'excerpt' | 'image' | 'dir']: ArticleMetadata[K] | undefined }): ArticleMetadata {
  const out: { -readonly [K in keyof ArticleMetadata]: ArticleMetadata[K] } = {};
  if (found.pageTitle) out.pageTitle = found.pageTitle;
  if (found.lang) out.lang = found.lang;
  if (found.author) out.author = found.author;
  if (found.date) out.date = found.date;
  if (found.siteName) out.siteName = found.siteName;
  if (found.url) out.url = found.url;
  if (found.excerpt) out.excerpt = found.excerpt;
  if (found.image) out.image = found.image;
  if (found.dir) out.dir = found.dir;
  if (tree.truncated) out.truncated = true;
  if (tree.dropped) out.dropped = tree.dropped;
  return Object.freeze(out);
}
