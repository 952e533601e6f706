/**
 * Headings of a harvested article. JSON-LD articleBody is flat text: aligned to the page it
 * labels the article's headings body (their words are in it, on no line of their own) or other
 * (publishers that leave headings out of it). A block is relabelled heading when it is a heading
 * element (h1-h6 or role=heading, itself or around it), lies between body blocks of the
 * article, is not the title, and either
 * - its words are in articleBody: the aligner labelled it body (at least half its words aligned;
 *   not all need to, since publishers often glue a heading to the next sentence, "SuitesA"), or
 * - the publisher left it out: the nearest text blocks on both sides that are not headings
 *   themselves are body, and it is mostly not link text (an inline "Read more: ..." link is not
 *   a heading of the article).
 */
import type { Page } from '../page.js';
import type { GoldLabel } from '../labels.js';
import { inHeading } from '../dom/tree.js';
import { alignTokens } from './text-normalize.js';

/** A heading element with more of its text in links than this is navigation, not a heading. */
const MAX_LINK_SHARE = 0.5;

/** `labels` (from aligning articleBody to the page) with the article's headings labelled heading. */
export function labelArticleHeadings(page: Page, labels: readonly GoldLabel[]): GoldLabel[] {
  const out = [...labels];
  const blocks = page.blocks;
  const first = labels.indexOf('body');
  const last = labels.lastIndexOf('body');
  if (first < 0) return out;
  const tokens = blocks.map((b) => (b.kind === 'text' ? alignTokens(b.text) : []));
  const heading = blocks.map((b, i) => tokens[i]!.length > 0 && inHeading(page.tree, b.elementId));
  /** The label of the nearest text block from i in direction step that is not a heading element. */
  const beside = (i: number, step: number): GoldLabel | undefined => {
    for (let j = i + step; j >= 0 && j < blocks.length; j += step) if (tokens[j]!.length > 0 && !heading[j]) return labels[j];
    return undefined;
  };
  for (let i = first + 1; i < last; i++) {
    if (!heading[i] || labels[i] === 'title') continue;
    const b = blocks[i]!;
    const inBody = labels[i] === 'body';
    const leftOut = b.linkChars <= MAX_LINK_SHARE * b.text.length && beside(i, -1) === 'body' && beside(i, 1) === 'body';
    if (inBody || leftOut) out[i] = 'heading';
  }
  return out;
}
