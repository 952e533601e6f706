/** What the decode rules ask of a block and of a probability row. */
import { LABELS } from '../labels.js';
import type { Block } from '../segment/segment.js';
import { countWordEquivalents } from '../features/text-stats.js';

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

/** The block stands in a table's cell: a cell reading "Recommended" or "Source: CSV" is data, not a cue. */
export function inTableCell(b: Block): boolean {
  return IN_TABLE_CELL.test(b.tagPath);
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
