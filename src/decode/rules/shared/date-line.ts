/** Whether a line is only a date, alone or after a dateline's label (`date-lines`; cards' dates in `listing-cards` and `card-slots`). */
import { normalizeSpace } from '../../../dom/tree.js';
import { DATE_ONLY, DATELINE_LABEL } from '../../../features/cue-words.js';

/** The line is a date, alone or after a dateline's label. */
export function isDateLine(line: string): boolean {
  // A dateline may end its sentence: "Aktualisiert am 17.01.2021."
  const text = line.endsWith('.') && !line.endsWith('..') ? line.slice(0, -1) : line;
  if (DATE_ONLY.test(text)) return true;
  const rest = text.replace(DATELINE_LABEL, '');
  return rest !== text && DATE_ONLY.test(rest);
}

/** Longer lines are not a date alone (read before normalising the text: most blocks are paragraphs). */
const MAX_DATE_CHARS = 120;

/** A block's raw text is a date line (`isDateLine` once its white space is normalised). */
export function isDateBlockText(raw: string, normalize: (text: string) => string = normalizeSpace): boolean {
  return raw.length <= MAX_DATE_CHARS && isDateLine(normalize(raw));
}
