/**
 * A line that is only a date ("03.04.2020", "Jun 18th 2018"), or a date after a dateline's
 * label ("Publiziert: 03.04.2020, 12:35"), is the article's dateline, not its text: the
 * article's date belongs in its metadata. Read from the text alone: a short
 * `<time>` element may be a post's date that a corpus keeps. Forum threads are left alone:
 * there a date heads each post (`forum-posts`).
 */
import { lineRule } from '../rule.js';
import { isDateBlockText } from './shared/date-line.js';

export const dateLines = lineRule({
  name: 'date-lines',
  doc: 'a body line that is only a date ("03.04.2020", "Jun 18th 2018", "Publiziert: 03.04.2020, 12:35") becomes other (not in data tables, not on forum threads)',
  labels: ['body'],
  runs: (page, settings) => settings.dateLines !== 0 && page.pageType !== 'forum',
  // The line first: few are dates, and a table cell's test reads the block's whole tag path.
  matches: (b, _page, texts) => isDateBlockText(b.text, texts.line) && !texts.inTableCell(b.tagPath),
  reason: 'a dateline',
});
