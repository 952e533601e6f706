/**
 * A line in which the site asks its reader for something (subscribe to the newsletter, order
 * the issue, support its work, become a member, follow it, get its app), or that describes its
 * newsletter beside the sign-up ("X is a weekly newsletter for ..."), is the site speaking
 * to the reader, not the article: such short body lines become other. A page with many is
 * about them (a membership page, a newsletter's sign-up) and is left alone. On documentation
 * pages (a tutorial with code blocks included), where "subscribe to", "members" or "apps" are an
 * API's, only appeals that name a newsletter are: no API has one.
 */
import { lineRule } from '../rule.js';
import { READER_APPEAL, READER_APPEAL_OBJECT, READER_APPEAL_WORD } from '../../features/cue-words.js';

/** An appeal is a few sentences; a longer block that mentions subscribing is prose about it. */
const MAX_APPEAL_CHARS = 300;
/** More appeals than this on one page: the page is about them. */
const MAX_APPEALS = 3;

/** A newsletter's blurb beside its sign-up: "The Replay is a weekly newsletter for dev and engineering leaders." */
export const NEWSLETTER_BLURB = /^[^.!?]{1,60}?\s(?:is|ist|est)\s+(?:a|an|our|ein|une?)\s+(?:(?:free|weekly|daily|monthly|bi-?weekly|fortnightly|curated|wöchentliche[rn]?|tägliche[rn]?|kostenlose[rn]?)\s+)*(?:e-?mail\s+)?newsletter\b/iu;
/** Whether the text is an appeal `READER_APPEAL` accepts, its words looked for first. */
function asksReader(t: string): boolean {
  return READER_APPEAL_WORD.test(t) && READER_APPEAL.test(t);
}

/** The word every newsletter's blurb holds, with `NEWSLETTER_BLURB`'s flags: the blurb's pattern is read only where it is. */
export const NEWSLETTER_WORD = /newsletter/iu;
/** What an appeal on a documentation page must name. */
export const NEWSLETTER = /(?:^|[^\p{L}])(?:newsletters?|e-?mail\s+updates)(?:[^\p{L}]|$)/iu;
/** Symbols a sign-up box puts before its appeal ("🚀 Sign up for ..."). */
export const LEADING_SYMBOLS = /^[^\p{L}\p{N}]+/u;

/** The text asks the reader to subscribe, order, join, support or follow, and names what; or it is a newsletter's blurb. */
export function isReaderAppeal(text: string): boolean {
  if (text.length > MAX_APPEAL_CHARS) return false;
  const t = text.replace(LEADING_SYMBOLS, '');
  return (asksReader(t) && READER_APPEAL_OBJECT.test(t)) || (NEWSLETTER_WORD.test(t) && NEWSLETTER_BLURB.test(t));
}

/** A reader appeal for a newsletter: the only kind a documentation page's text is not likely to be. */
export function isNewsletterAppeal(text: string): boolean {
  if (text.length > MAX_APPEAL_CHARS) return false;
  const t = text.replace(LEADING_SYMBOLS, '');
  return (asksReader(t) && NEWSLETTER.test(t)) || (NEWSLETTER_WORD.test(t) && NEWSLETTER_BLURB.test(t));
}

export const readerAppeals = lineRule({
  name: 'reader-appeals',
  doc: 'short body lines in which the site asks the reader to subscribe, order, join, support or follow it become other (on documentation only a newsletter\'s; not where many are)',
  labels: ['body', 'heading'],
  matches: (b, page) => (page.pageType === 'docs' ? isNewsletterAppeal(b.text.trim()) : isReaderAppeal(b.text.trim())),
  maxMatches: MAX_APPEALS,
  reason: 'the site asking the reader to subscribe, order, join or follow',
});
