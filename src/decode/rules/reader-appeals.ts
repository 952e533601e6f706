/**
 * A line in which the site asks its reader for something (subscribe to the newsletter, order
 * the issue, support its work, become a member, follow it, get its app), or that describes its
 * newsletter beside the sign-up ("X is a weekly newsletter for ..."), is the site speaking
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

/** A newsletter's blurb beside its sign-up: "The Replay is a weekly newsletter for dev and engineering leaders." */
const NEWSLETTER_BLURB = /^[^.!?]{1,60}?\s(?:is|ist|est)\s+(?:a|an|our|ein|une?)\s+(?:(?:free|weekly|daily|monthly|bi-?weekly|fortnightly|curated|wöchentliche[rn]?|tägliche[rn]?|kostenlose[rn]?)\s+)*(?:e-?mail\s+)?newsletter\b/iu;
/** Symbols a sign-up box puts before its appeal ("🚀 Sign up for ..."). */
const LEADING_SYMBOLS = /^[^\p{L}\p{N}]+/u;

/** The text asks the reader to subscribe, order, join, support or follow, and names what; or it is a newsletter's blurb. */
export function isReaderAppeal(text: string): boolean {
  if (text.length > MAX_APPEAL_CHARS) return false;
  const t = text.replace(LEADING_SYMBOLS, '');
  return (READER_APPEAL.test(t) && READER_APPEAL_OBJECT.test(t)) || NEWSLETTER_BLURB.test(t);
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
