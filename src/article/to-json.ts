/**
 * Article -> the article's own JSON: `{title, headings[], body, markdown, html, metadata{lang,
 * author?, date?, siteName?, url?, pageTitle?, ...}, confidence, blocks?[{label, text, p}]}`, for
 * callers that hold an `Article` without an extraction. What pith's outputs write (`--format
 * json`, batch lines, /extract) is the extraction's JSON (`extractionJson`,
 * src/pipeline/extraction.ts: also `found`, fields, lists, comments). `body` is `toText`;
 * confidence and the per-block list come from the caller (the decoder knows them, the article
 * does not).
 */
import { LABELS, type Label } from '../labels.js';
import type { Page } from '../page.js';
import type { Article, ArticleNode } from './types.js';
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

export interface ArticleJson {
  readonly title: string;
  readonly headings: readonly string[];
  readonly body: string;
  readonly markdown: string;
  readonly html: string;
  readonly metadata: {
    readonly lang: string | null;
    readonly author?: string;
    readonly date?: string;
    readonly siteName?: string;
    readonly url?: string;
    readonly pageTitle?: string;
    readonly excerpt?: string;
    readonly image?: string;
    readonly dir?: 'ltr' | 'rtl';
    readonly truncated?: true;
    readonly dropped?: { readonly hidden: number; readonly empty: number; readonly unwrapped: number };
  };
  readonly confidence: number;
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

/** The `metadata` object of the article's own JSON (`toJson`; the outputs write the extraction's, `extractionJson`). */
export function jsonMetadata(article: Article): ArticleJson['metadata'] {
  const m = article.metadata;
  return {
    lang: m.lang ?? null,
    ...(m.author !== undefined ? { author: m.author } : {}),
    ...(m.date !== undefined ? { date: m.date } : {}),
    ...(m.siteName !== undefined ? { siteName: m.siteName } : {}),
    ...(m.url !== undefined ? { url: m.url } : {}),
    ...(m.pageTitle !== undefined ? { pageTitle: m.pageTitle } : {}),
    ...(m.excerpt !== undefined ? { excerpt: m.excerpt } : {}),
    ...(m.image !== undefined ? { image: m.image } : {}),
    ...(m.dir !== undefined ? { dir: m.dir } : {}),
    ...(m.truncated ? { truncated: m.truncated } : {}),
    ...(m.dropped ? { dropped: { ...m.dropped } } : {}),
  };
}

export function toJson(article: Article, extras: ArticleJsonExtras): ArticleJson {
  const confidence = Number.isFinite(extras.confidence) ? Math.min(1, Math.max(0, extras.confidence)) : 0;
  return {
    title: article.title,
    headings: articleHeadings(article),
    body: toText(article),
    markdown: toMarkdown(article),
    html: toHtml(article),
    metadata: jsonMetadata(article),
    confidence,
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
