/**
 * What several rules read from the same block texts and tag paths, computed once per page:
 * a block's text with its white space normalised (the line rules, the cards' date test, a
 * caption's credit), its `comparableText` key (the title's tie-break, declared summaries) and
 * whether a tag path stands in a table's data cell. Keyed by the string
 * itself, so any rule may ask of any text; pure functions of their key, so a memoised answer
 * is the answer the function gives.
 */
import { normalizeSpace } from '../dom/tree.js';
import { comparableText } from '../util/comparable-text.js';
import { inTableCellPath } from './blocks.js';

/** Per Latin-1 code unit, 1 when it is a letter or a digit (`\p{L}`, `\p{N}`). */
const LATIN1_LETTER_OR_DIGIT = Uint8Array.from({ length: 256 }, (_, c) => (/[\p{L}\p{N}]/u.test(String.fromCharCode(c)) ? 1 : 0));

/**
 * Whether `comparableText(text)` is surely longer than `max` characters, read without
 * normalising it. Each Latin-1 letter or digit stays at least one letter or digit of the key:
 * NFKC never drops a base character and composes a Latin-1 letter only with the combining marks
 * after it (into one letter still), lower-casing keeps a letter a letter, and the key keeps every
 * letter and digit. So the key is at least as long as their count; other characters (curly
 * quotes, dashes, other scripts) are counted as nothing.
 */
export function comparableLongerThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let count = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c <= 0xff) count += LATIN1_LETTER_OR_DIGIT[c]!;
  }
  return count > max;
}

export class TextMemo {
  private readonly lines = new Map<string, string>();
  private readonly cells = new Map<string, boolean>();
  private readonly comparables = new Map<string, string>();

  /** `normalizeSpace(text)`, computed once per distinct text. */
  readonly line = (text: string): string => {
    let out = this.lines.get(text);
    if (out === undefined) this.lines.set(text, (out = normalizeSpace(text)));
    return out;
  };

  /** `comparableText(text)`, computed once per distinct text. */
  readonly comparable = (text: string): string => {
    let out = this.comparables.get(text);
    if (out === undefined) this.comparables.set(text, (out = comparableText(text)));
    return out;
  };

  /** `inTableCell` of a block with this tag path, computed once per distinct path. */
  readonly inTableCell = (tagPath: string): boolean => {
    let out = this.cells.get(tagPath);
    if (out === undefined) this.cells.set(tagPath, (out = inTableCellPath(tagPath)));
    return out;
  };
}
