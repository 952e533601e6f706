/**
 * What a page says about itself outside the body: title candidates (`<title>`,
 * og:title, twitter:title, JSON-LD headline) and the JSON-LD article body and
 * description. Malformed JSON-LD is common: it is read leniently, once per page (`dom/json-ld.ts`), else ignored.
 */
import type { DomTree } from '../dom/tree.js';
import { normalizeSpace } from '../dom/tree.js';
import { typeNames, walkJsonLdObjects, walkPageJsonLdObjects, type HasJsonLd } from '../dom/json-ld.js';
import { fragmentParagraphs } from '../dom/fragment-text.js';

export type TitleSource = 'title' | 'og' | 'twitter' | 'ld';
export const TITLE_SOURCES: readonly TitleSource[] = Object.freeze(['title', 'og', 'twitter', 'ld']);

export interface PageMeta {
  /** Title text per source ('' when absent). */
  readonly titles: Readonly<Record<TitleSource, string>>;
  /** JSON-LD `articleBody` texts (whitespace-normalised). */
  readonly articleBodies: readonly string[];
  /** JSON-LD `headline`/`name` of article-like objects and og/meta descriptions, normalised. */
  readonly headlines: readonly string[];
  readonly descriptions: readonly string[];
}

export function pageMeta(tree: DomTree): PageMeta {
  const metaOf = (key: string): string => normalizeSpace(tree.meta.find((m) => m.key === key)?.content ?? '');
  const articleBodies: string[] = [];
  const headlines: string[] = [];
  walkJsonLdObjects(tree, (o) => {
    const body = o['articleBody'];
    if (typeof body === 'string' && body.length > 0) {
      const b = normalizeSpace(stripTags(body));
      if (b) articleBodies.push(b);
    }
    const headline = o['headline'];
    if (typeof headline === 'string' && normalizeSpace(headline)) pushNew(headlines, normalizeSpace(headline));
  });
  return Object.freeze({
    titles: Object.freeze({
      title: tree.title,
      og: metaOf('og:title'),
      twitter: metaOf('twitter:title'),
      ld: headlines[0] ?? '',
    }),
    articleBodies: Object.freeze(articleBodies),
    headlines: Object.freeze(headlines),
    descriptions: Object.freeze(pageDescriptions(tree)),
  });
}

/**
 * The summaries a page declares of itself: og, meta and Twitter descriptions, then the
 * description of each article-like JSON-LD object, normalised, each once. Apart from `pageMeta`
 * for the decoder, which needs no article bodies.
 */
export function pageDescriptions(tree: DomTree): string[] {
  const descriptions: string[] = [];
  for (const key of ['og:description', 'description', 'twitter:description']) {
    pushNew(descriptions, normalizeSpace(tree.meta.find((m) => m.key === key)?.content ?? ''));
  }
  walkJsonLdObjects(tree, (o) => {
    const desc = o['description'];
    if (typeof desc === 'string' && isArticleType(o['@type'])) pushNew(descriptions, normalizeSpace(desc));
  });
  return descriptions.filter(Boolean);
}

const PRODUCT_TYPES: ReadonlySet<string> = new Set(['Product', 'ProductGroup']);

/**
 * The descriptions the page's own product declares (JSON-LD `Product` or `ProductGroup` objects
 * that are the page's subject, not products it mentions), each as its paragraphs, each once.
 */
export function productDescriptions(tree: HasJsonLd): string[][] {
  const out: string[][] = [];
  const seen = new Set<string>();
  walkPageJsonLdObjects(tree, (o) => {
    const desc = o['description'];
    if (typeof desc !== 'string' || !typeNames(o['@type']).some((n) => PRODUCT_TYPES.has(n))) return;
    const paragraphs = fragmentParagraphs(desc);
    const key = paragraphs.join('\n');
    if (paragraphs.length > 0 && !seen.has(key)) {
      seen.add(key);
      out.push(paragraphs);
    }
  });
  return out;
}

function pushNew(list: string[], s: string): void {
  if (!list.includes(s)) list.push(s);
}

const ARTICLE_TYPE_RE = /article|posting|report|story|webpage|recipe|review/i;
function isArticleType(t: unknown): boolean {
  if (typeof t === 'string') return ARTICLE_TYPE_RE.test(t);
  return Array.isArray(t) && t.some((x) => typeof x === 'string' && ARTICLE_TYPE_RE.test(x));
}

// Some sites put HTML into articleBody.
const TAG_RE = /<[^>]{0,500}>/g;
function stripTags(s: string): string {
  return s.includes('<') ? s.replace(TAG_RE, ' ') : s;
}
