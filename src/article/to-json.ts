/**
 * Article -> its JSON, in the one shape every output writes (schema/extraction.schema.json,
 * docs/schema.md): `{title, headings[], body, markdown, html, metadata{pageTitle?, author?, date?,
 * siteName?, url?, lang?, excerpt?, image?, dir, ...}, confidence, comments?, blocks?}`.
 * `articleMetadata` is the schema's `metadata` as far as the article knows it; the extraction
 * (src/pipeline/extraction.ts) adds what only extraction knows (`found`, the site model's marks,
 * named fields, lists) around the same parts. `body` is `toText`; confidence and the per-block
 * list come from the caller (the decoder knows them, the article does not).
 */
import { LABELS, type Label } from '../labels.js';
import type { Page } from '../page.js';
import type { Article, ArticleComment, ArticleNode } from './types.js';
import { inlineText } from './inline.js';
import { toText } from './to-text.js';
import { toMarkdown } from './to-markdown.js';
import { toHtml } from './to-html.js';

export interface JsonBlock {
  readonly label: Label;
  readonly text: string;
  /** Probability of `label` (1 when the caller has no probabilities). */
  readonly p: number;
}

export interface ArticleJsonExtras {
  /** The decoder's confidence in the whole labelling, 0..1. */
  readonly confidence: number;
  /** Per-block labels, when the caller wants them in the output. */
  readonly blocks?: readonly JsonBlock[];
}

/** The schema's `metadata` as far as the article knows it (`articleMetadata`). */
export interface ArticleMetadataJson {
  /** The title the page declares (`<title>`, og:title, JSON-LD headline), without the site name where it can tell. */
  readonly pageTitle?: string;
  readonly author?: string;
  /** Publication date as the page states it. */
  readonly date?: string;
  readonly siteName?: string;
  /** Canonical URL, else the page's own. */
  readonly url?: string;
  /** BCP 47-ish language tag, declared or detected; left out (never null) when the page does not say and detection is unsure. */
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
}

export interface ArticleJson {
  readonly title: string;
  readonly headings: readonly string[];
  readonly body: string;
  readonly markdown: string;
  readonly html: string;
  readonly metadata: ArticleMetadataJson;
  /** 0..1, 4 decimals, as the outputs write it. */
  readonly confidence: number;
  readonly comments?: readonly ArticleComment[];
  readonly blocks?: readonly JsonBlock[];
}

/** Heading texts in document order, including headings inside lists and quotes. */
export function articleHeadings(article: Article): string[] {
  const out: string[] = [];
  const visit = (nodes: readonly ArticleNode[]): void => {
    for (const n of nodes) {
      if (n.kind === 'heading') {
        const t = inlineText(n.content).replace(/\s+/g, ' ').trim();
        if (t) out.push(t);
      } else if (n.kind === 'quote') visit(n.children);
      else if (n.kind === 'list') for (const item of n.items) visit(item.children);
    }
  };
  visit(article.content);
  return out;
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

/** The schema's `metadata` from the article, in the schema's order; the extraction adds its marks after these. */
export function articleMetadata(article: Article): ArticleMetadataJson {
  const m = article.metadata;
  const excerpt = m.excerpt ?? leadExcerpt(article);
  const image = m.image ?? firstImage(article);
  return {
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
  };
}

/** A confidence within 0..1 (0 when it is not a number). */
export function clampConfidence(confidence: number): number {
  return Number.isFinite(confidence) ? Math.min(1, Math.max(0, confidence)) : 0;
}

/** A confidence as the outputs write it: within 0..1 (0 when not a number), 4 decimals. */
export function jsonConfidence(confidence: number): number {
  return +clampConfidence(confidence).toFixed(4);
}

export function toJson(article: Article, extras: ArticleJsonExtras): ArticleJson {
  return {
    title: article.title,
    headings: articleHeadings(article),
    body: toText(article),
    markdown: toMarkdown(article),
    html: toHtml(article),
    metadata: articleMetadata(article),
    confidence: jsonConfidence(extras.confidence),
    ...(article.comments !== undefined ? { comments: article.comments } : {}),
    ...(extras.blocks ? { blocks: extras.blocks.map((b) => ({ label: b.label, text: b.text, p: b.p })) } : {}),
  };
}

/**
 * The `blocks` extra for `toJson`: every text block with its label and the probability of
 * that label (`probs[i]` in LABELS order; 1 when no probabilities are given).
 */
export function jsonBlocks(page: Page, labels: readonly Label[], probs?: readonly (readonly number[])[]): JsonBlock[] {
  const out: JsonBlock[] = [];
  for (let i = 0; i < page.blocks.length && i < labels.length; i++) {
    const b = page.blocks[i]!;
    if (b.kind !== 'text') continue;
    const label = labels[i]!;
    const p = probs?.[i]?.[LABELS.indexOf(label)];
    out.push({ label, text: b.text, p: p !== undefined && Number.isFinite(p) ? Math.round(p * 1000) / 1000 : 1 });
  }
  return out;
}
