/**
 * A column of links set with line breaks in one element (an old blog's blogroll, its archive by
 * month, a list of tags: "Adriana Lima<br>Adrianne Palicki<br>...") is one block of many short
 * lines, nearly all link text. The learner, which reads a block's length and words, can take it
 * for a paragraph. Such a block is a menu, not prose. Not inside the page's `<article>` or
 * `<main>` (a list of the article's downloads), nor a list of addresses or numbered references
 * (its sources).
 */
import { lineRule } from '../rule.js';
import type { Block } from '../../segment/segment.js';

/** A column has at least this many lines. */
export const MIN_COLUMN_LINES = 5;
/** Each line a name or a title: at most this many words. */
const MAX_LINE_WORDS = 8;
/** Share of the block's text (line breaks aside) inside links. */
const MIN_LINK_SHARE = 0.8;
/** A list of addresses or numbered references is an article's sources, not a menu. */
const REFERENCE_LINE = /:\/\/|\bwww\.|^\s*\[?\d+[\].)]/;
/** Inside the page's `<article>` or `<main>`, a column of links is the article's own (its downloads, its sources). */
const IN_ARTICLE = /(?:^|\/)(?:article|main)(?:\/|$)/;

export function isLinkColumn(b: Block): boolean {
  // Every text block of the page passes here (lines already dropped are marked too): most have no link or no line break.
  if (b.linkChars === 0 || !b.text.includes('\n')) return false;
  const lines = b.text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length < MIN_COLUMN_LINES || IN_ARTICLE.test(b.tagPath) || lines.some((l) => REFERENCE_LINE.test(l))) return false;
  const chars = lines.reduce((n, l) => n + l.length, 0);
  if (b.linkChars < MIN_LINK_SHARE * chars) return false;
  return lines.every((l) => l.trim().split(/\s+/).length <= MAX_LINE_WORDS);
}

export const linkColumns = lineRule({
  name: 'link-columns',
  doc: `a body block outside \`<article>\` and \`<main>\` of at least ${MIN_COLUMN_LINES} short lines set with line breaks, nearly all link text and no addresses or numbered references (a blogroll, an archive by month), becomes other`,
  labels: ['body'],
  matches: isLinkColumn,
  reason: 'a column of links set with line breaks',
});
