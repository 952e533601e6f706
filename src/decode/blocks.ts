/** What the decode rules ask of a block and of a probability row. */
import { LABELS } from '../labels.js';
import type { Block } from '../segment/segment.js';
import { countWordEquivalents } from '../features/text-stats.js';
import { PRICE_TEXT } from '../features/cue-words.js';

/** Words that make a block a paragraph of prose rather than a line or a caption. */
export const PARAGRAPH_WORDS = 12;

/** Column of each label in a probability row (LABELS order). */
export const TITLE = LABELS.indexOf('title');
export const HEADING = LABELS.indexOf('heading');
export const BODY = LABELS.indexOf('body');
export const OTHER = LABELS.indexOf('other');

/** The most probable column (the first on ties). */
export function argmax(p: readonly number[]): number {
  let best = 0;
  for (let k = 1; k < p.length; k++) if (p[k]! > p[best]!) best = k;
  return best;
}

/** Mostly link text: a menu item, a teaser, a tag. */
export function isLinkText(block: Block): boolean {
  return block.linkChars >= 0.5 * block.text.length;
}

const IN_TABLE_CELL = /(?:^|\/)(?:td|th)(?:\/|$)/;
const IN_NOSCRIPT = /(?:^|\/)noscript(?:\/|$)/;

/** Elements that make a cell a page's layout: a data cell holds a value, a layout cell a page's sections, lists and boxes. */
const LAYOUT_IN_CELL = /(?:^|\/)(?:div|section|article|aside|ul|ol|li|dl|h[1-6]|blockquote|form|center|header|footer|nav|main|figure)(?=\/|$)/g;
/** A data cell may wrap its value in one such element (`<td><div>...`); a layout cell nests them. */
const MIN_LAYOUT_ELEMENTS = 2;

/**
 * The block stands in a table's data cell: a cell reading "Recommended" or "Source: CSV" is
 * data, not a cue. A cell of a layout table (old pages set the whole page in one) nests
 * sections, lists and boxes between itself and the block: its lines are the page's.
 */
export function inTableCell(b: Block): boolean {
  return inTableCellPath(b.tagPath);
}

/** `inTableCell` of a block with tag path `path`. */
export function inTableCellPath(path: string): boolean {
  if (!IN_TABLE_CELL.test(path)) return false;
  if (path.endsWith('/td') || path.endsWith('/th')) return true;
  // The tags below the innermost cell (found from the end: a hostile path is long).
  const below = path.slice(Math.max(path.lastIndexOf('/td/'), path.lastIndexOf('/th/')) + 4);
  let layout = 0;
  for (const _ of below.matchAll(LAYOUT_IN_CELL)) if (++layout >= MIN_LAYOUT_ELEMENTS) return false;
  return true;
}

/** The block stands in a `<noscript>`: what a page shows only to readers without scripts. */
export function inNoscript(b: Block): boolean {
  return IN_NOSCRIPT.test(b.tagPath);
}

/** The index of the first text block after `i` with any visible text; `blocks.length` when none. */
export function nextTextBlock(blocks: readonly Block[], i: number): number {
  let next = i + 1;
  while (next < blocks.length && (blocks[next]!.kind !== 'text' || !blocks[next]!.text.trim())) next++;
  return next;
}

/** A price is a short line of its own ("$158.73", "Now £12.99"), not a sentence that names one. */
const MAX_PRICE_CHARS = 60;

/** Whether the block is a price line: a shop's tile or product page shows one. */
export function isPriceLine(b: Block): boolean {
  return b.kind === 'text' && b.text.length <= MAX_PRICE_CHARS && PRICE_TEXT.test(b.text);
}

/** A paragraph of prose: text of at least PARAGRAPH_WORDS words, mostly not link text. */
export function isParagraph(b: Block): boolean {
  if (b.kind !== 'text' || b.text.length < 2 * PARAGRAPH_WORDS - 1 || isLinkText(b)) return false;
  return countWordEquivalents(b.text, PARAGRAPH_WORDS) >= PARAGRAPH_WORDS;
}

/** The row with p(body) scaled by `factor`, the mass taken moved to `other` (noise, not a title). */
export function scaleBody(row: readonly number[], factor: number): number[] {
  const out = row.slice();
  out[BODY] = row[BODY]! * factor;
  out[OTHER] = row[OTHER]! + row[BODY]! * (1 - factor);
  return out;
}

/** `scaleBody` for the heading's share too: an ad's heading ("Advertisement" in an `<h3>`) heads nothing of the article. */
export function scaleContent(row: readonly number[], factor: number): number[] {
  const out = scaleBody(row, factor);
  out[HEADING] = row[HEADING]! * factor;
  out[OTHER] = out[OTHER]! + row[HEADING]! * (1 - factor);
  return out;
}
