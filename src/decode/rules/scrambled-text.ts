/**
 * Text made to be unreadable is no content: a shop that hides a label ("Sponsored") from
 * scrapers writes it as single letters between runs of random identifiers, the letters shown
 * and the identifiers hidden by its style sheet (eBay's "Similar Items" boxes). Pith reads no
 * style sheet, so the block comes out as identifiers run together. A block of at least
 * `MIN_IDENTIFIERS` UUIDs that make up most of its text is set aside (`setAsideRule`). A
 * command line or a note that quotes one or two UUIDs is not touched.
 */
import { setAsideRule } from './shared/set-aside.js';
import type { Block } from '../../segment/segment.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const UUID_CHARS = 36;
/** Fewer than this many identifiers may be quoted on purpose (a log line, a device's id). */
const MIN_IDENTIFIERS = 3;
/** Share of the block's non-space characters the identifiers must make up. */
const MIN_SHARE = 0.6;

/** Hyphens in one identifier: `MIN_IDENTIFIERS` of them hold three times as many. */
const UUID_HYPHENS = 4;

/** Whether `text` holds at least `count` hyphens (found natively: prose has few, and is done with fast). */
function holdsHyphens(text: string, count: number): boolean {
  let at = -1;
  for (let k = 0; k < count; k++) if ((at = text.indexOf('-', at + 1)) < 0) return false;
  return true;
}

/** Whether a text block is mostly identifiers run together. */
export function isScrambledText(text: string): boolean {
  // Every text block of every page comes here: most are too short to hold three UUIDs.
  if (text.length < MIN_IDENTIFIERS * UUID_CHARS || !holdsHyphens(text, MIN_IDENTIFIERS * UUID_HYPHENS)) return false;
  const ids = text.match(UUID);
  if (!ids || ids.length < MIN_IDENTIFIERS) return false;
  const dense = text.replace(/\s+/g, '').length;
  return ids.length * UUID_CHARS >= MIN_SHARE * dense;
}

function scrambledBlocks(blocks: readonly Block[]): Uint8Array {
  const marks = new Uint8Array(blocks.length);
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.kind === 'text' && isScrambledText(b.text)) marks[i] = 1;
  }
  return marks;
}

export const scrambledText = setAsideRule(
  'scrambled-text',
  'blocks that are mostly random identifiers run together (at least three UUIDs making up most of the text: a label scrambled against scrapers) lose p(body) and p(heading) to other, are relabelled and set aside from the prose rescue',
  'identifiers run together',
  (_page, s) => scrambledBlocks(s.blocks),
);
