/**
 * A line in which the site asks its reader for something (subscribe to the newsletter, order
 * the issue, support its work, become a member, follow it, get its app) is the site speaking
 * to the reader, not the article: such short body lines become other. A page with many is
 * about them (a membership page, a newsletter's sign-up) and is left alone, as are
 * documentation pages, where "subscribe to" is an API's.
 */
import { lineRule } from '../rule.js';
import { READER_APPEAL, READER_APPEAL_OBJECT } from '../../features/cue-words.js';

/** An appeal is a few sentences; a longer block that mentions subscribing is prose about it. */
const MAX_APPEAL_CHARS = 300;
/** More appeals than this on one page: the page is about them. */
const MAX_APPEALS = 3;

/** The text asks the reader to subscribe, order, join, support or follow, and names what. */
export function isReaderAppeal(text: string): boolean {
  return text.length <= MAX_APPEAL_CHARS && READER_APPEAL.test(text) && READER_APPEAL_OBJECT.test(text);
}

export const readerAppeals = lineRule({
  name: 'reader-appeals',
  doc: 'short body lines in which the site asks the reader to subscribe, order, join, support or follow it become other (not on documentation, nor where many are)',
  labels: ['body', 'heading'],
  runs: (page) => page.pageType !== 'docs',
  matches: (b) => isReaderAppeal(b.text.trim()),
  maxMatches: MAX_APPEALS,
  reason: 'the site asking the reader to subscribe, order, join or follow',
});
