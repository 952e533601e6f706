/**
 * Whether a page has an article at all ("found"), and why not when it has none: an empty
 * input, text that is not HTML, an error page, a directory index, a sign-in form, or a page
 * whose kept text has no prose (a landing page, a listing of links). The judgement only reads
 * the page and the article already extracted: it never changes the article. Thresholds and
 * their precision and recall: docs/found.md (`npm run bench:found`).
 */
import { parseHtml } from '../dom/parse.js';
import type { DomTree, ElementNode } from '../dom/tree.js';
import { inlineText } from '../article/inline.js';
import type { Article, ArticleNode } from '../article/types.js';

/** Why a page has no article (`found: false`). */
export type NotFoundReason = 'empty' | 'not-html' | 'error-page' | 'directory-listing' | 'form' | 'no-prose';
export const NOT_FOUND_REASONS: readonly NotFoundReason[] = ['empty', 'not-html', 'error-page', 'directory-listing', 'form', 'no-prose'];

export type FoundJudgement = { readonly found: true } | { readonly found: false; readonly reason: NotFoundReason };

/** A paragraph of prose has at least this many words. */
export const PROSE_PARAGRAPH_WORDS = 8;
/** An article has at least this many words in prose paragraphs (or list items, quotes, code). */
export const MIN_PROSE_WORDS = 30;
/** ... and one paragraph of at least this many words (teasers of a listing, a landing page's taglines are shorter). */
export const MIN_LONGEST_PARAGRAPH_WORDS = 15;
/** An error page or directory index with more prose than this is an article after all. */
export const MAX_SHELL_PROSE_WORDS = 150;
/** A page with a password field and more prose than this is an article (a forum's thread beside its sign-in box). */
export const MAX_FORM_PROSE_WORDS = 60;

const maxProseOf = (shell: NotFoundReason): number => (shell === 'form' ? MAX_FORM_PROSE_WORDS : MAX_SHELL_PROSE_WORDS);

const ERROR_TITLE = /\b(404|403|410|500|502|503)\b|\bnot found\b|\bpage (?:does not|doesn't|cannot|can't|could not|couldn't) (?:exist|be found)\b|\b(?:forbidden|access denied|internal server error|service unavailable|bad gateway)\b|\bno longer (?:available|exists)\b/i;
const DIRECTORY_TITLE = /^\s*(?:index of|directory listing (?:of|for))\s+\//i;

const words = (s: string): number => (s.match(/[\p{L}\p{N}]+/gu) ?? []).length;

/** Prose counts at which a reader of `proseStats` needs to read no further. */
export interface ProseEnough { readonly words: number; readonly longest: number }

/**
 * The article's prose: words in paragraphs, list items and quotes of at least PROSE_PARAGRAPH_WORDS
 * words, and code; and the longest such paragraph. With `enough`, the count stops once both
 * figures reach it (they only grow), so a verdict on a long article reads only its first paragraphs.
 */
export function proseStats(article: Article, enough?: ProseEnough): { readonly words: number; readonly longest: number } {
  let n = 0;
  let longest = 0;
  const satisfied = (): boolean => enough !== undefined && n >= enough.words && longest >= enough.longest;
  const visit = (nodes: readonly ArticleNode[]): boolean => {
    for (const node of nodes) {
      if (node.kind === 'paragraph') {
        const w = words(inlineText(node.content));
        if (w >= PROSE_PARAGRAPH_WORDS) n += w;
        longest = Math.max(longest, w);
      } else if (node.kind === 'quote') {
        if (visit(node.children)) return true;
      } else if (node.kind === 'list') {
        for (const item of node.items) if (visit(item.children)) return true;
      } else if (node.kind === 'code') n += words(node.text);
      if (satisfied()) return true;
    }
    return false;
  };
  visit(article.content);
  return { words: n, longest };
}

/** Words in the article's prose (see `proseStats`). */
export function proseWords(article: Article): number {
  return proseStats(article).words;
}

function elements(tree: DomTree): ElementNode[] {
  return tree.nodes.filter((n): n is ElementNode => n.kind === 'element');
}

function firstHeadingText(tree: DomTree, els: readonly ElementNode[]): string {
  const h1 = els.find((e) => e.tag === 'h1');
  if (!h1) return '';
  let out = '';
  for (let i = h1.id + 1; i <= h1.end; i++) {
    const n = tree.nodes[i]!;
    if (n.kind === 'text') out += n.text;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** The page's shape, from its tree alone: what is not an article whatever its text says. */
function shellReason(tree: DomTree): NotFoundReason | undefined {
  const els = elements(tree);
  const hasText = tree.nodes.some((n) => n.kind === 'text' && n.text.trim().length > 0);
  if (!hasText && tree.title.trim() === '') return 'empty';
  // Plain text and JSON parse to a body of text with no element of its own.
  const authored = els.filter((e) => e.tag !== '#document' && e.tag !== 'html' && e.tag !== 'head' && e.tag !== 'body');
  if (authored.length === 0) return 'not-html';
  const heading = firstHeadingText(tree, els);
  if (DIRECTORY_TITLE.test(tree.title) || DIRECTORY_TITLE.test(heading)) return 'directory-listing';
  if (ERROR_TITLE.test(tree.title) || ERROR_TITLE.test(heading)) return 'error-page';
  if (els.some((e) => e.tag === 'input' && (e.attrs['type'] ?? '').toLowerCase() === 'password')) return 'form';
  return undefined;
}

/** Found, or the reason the page has no article (see the file comment). */
export function judgeFound(tree: DomTree, article: Article, minProseWords = MIN_PROSE_WORDS, minLongest = MIN_LONGEST_PARAGRAPH_WORDS): FoundJudgement {
  const shell = shellReason(tree);
  if (shell === 'empty' || shell === 'not-html') return { found: false, reason: shell };
  // Past these counts every test below is passed: the rest of a long article need not be read.
  const enough = { words: Math.max(minProseWords, shell !== undefined ? maxProseOf(shell) + 1 : 0), longest: minLongest };
  const { words: prose, longest } = proseStats(article, enough);
  if (shell !== undefined && prose <= maxProseOf(shell)) return { found: false, reason: shell };
  if (prose < minProseWords || longest < minLongest) return { found: false, reason: 'no-prose' };
  return { found: true };
}

/** Blocks whose own text (less that of the blocks inside them) may be a paragraph of prose. */
const PROSE_TAGS = new Set(['p', 'pre', 'blockquote', 'li', 'td', 'dd', 'div', 'article', 'section', 'main', 'body']);
/** Inside a paragraph: words that are not its prose. */
const NOT_PROSE_INSIDE = new Set(['a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'button', 'time']);
const SKIP_TAGS = new Set(['nav', 'header', 'footer', 'aside', 'form', 'button', 'select', 'option', 'label']);

/**
 * A cheap check, without the model, that the HTML probably holds an article: not an error
 * page, directory index or sign-in form, and at least MIN_PROSE_WORDS words in blocks with
 * PROSE_PARAGRAPH_WORDS words or more of their own text (not links, not headings) outside navigation. Like Readability.js's
 * `isProbablyReaderable`: a filter to skip pages before extracting them, not a verdict.
 */
export function isProbablyArticle(html: string): boolean {
  if (typeof html !== 'string') return false;
  const tree = parseHtml(html);
  const shell = shellReason(tree);
  if (shell === 'empty' || shell === 'not-html') return false;
  let prose = 0;
  let skipThrough = -1; // the end of the last navigation, header, footer or form seen
  for (const e of elements(tree)) {
    if (e.id <= skipThrough) continue;
    if (SKIP_TAGS.has(e.tag)) {
      skipThrough = e.end;
      continue;
    }
    if (!PROSE_TAGS.has(e.tag) || e.hidden) continue;
    let text = '';
    for (let i = e.id + 1; i <= e.end; i++) {
      const n = tree.nodes[i]!;
      if (n.kind === 'text') text += n.text + ' ';
      // A nested block counts on its own; a link's or a heading's words are not prose.
      else if (PROSE_TAGS.has(n.tag) || NOT_PROSE_INSIDE.has(n.tag) || SKIP_TAGS.has(n.tag)) i = n.end;
    }
    const w = words(text);
    if (w >= PROSE_PARAGRAPH_WORDS) prose += w;
  }
  if (shell !== undefined) return prose > maxProseOf(shell);
  return prose >= MIN_PROSE_WORDS;
}
