/**
 * A line that is only a date ("03.04.2020", "Jun 18th 2018"), or a date after a dateline's
 * label ("Publiziert: 03.04.2020, 12:35"), is the article's dateline, not its text: the
 * article's date belongs in its metadata. Read from the text alone: a short
 * `<time>` element may be a post's date that a corpus keeps. Forum threads are left alone:
 * there a date heads each post (`forum-posts`).
 */
import { lineRule } from '../rule.js';
import { normalizeSpace } from '../../dom/tree.js';
import { inTableCell } from '../blocks.js';
import { DATE_ONLY, DATELINE_LABEL } from '../../features/cue-words.js';

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
export function isDateBlockText(raw: string): boolean {
  return raw.length <= MAX_DATE_CHARS && isDateLine(normalizeSpace(raw));
}

export const dateLines = lineRule({
  name: 'date-lines',
  doc: 'a body line that is only a date ("03.04.2020", "Jun 18th 2018", "Publiziert: 03.04.2020, 12:35") becomes other (not in data tables, not on forum threads)',
  labels: ['body'],
  runs: (cfg) => cfg.dateLines !== 0 && cfg.pageType !== 'forum',
  matches: (b) => !inTableCell(b) && isDateBlockText(b.text),
  reason: 'a dateline',
});
