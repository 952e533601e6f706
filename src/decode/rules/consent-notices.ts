/**
 * A notice about cookies or consent in the article's flow (a cookie banner the page left in
 * its markup, "accept YouTube's cookies to see this video" where an embed was) is the site
 * speaking to the reader, not the article. Short body lines reading so become other; on a
 * page where many do, the page is about cookies (a privacy policy) and they stay.
 */
import { lineRule } from '../rule.js';
import { CONSENT_CONTEXT, CONSENT_NOTICE, CONSENT_NOTICE_WORD } from '../../features/cue-words.js';

/** A notice is a few sentences; a longer block that names cookies is prose about them. */
const MAX_NOTICE_CHARS = 600;
/** More notices than this on one page: the page is about cookies. */
const MAX_NOTICES = 3;

/** A line this short that says "We use cookies" is a banner's heading, whatever else it lacks. */
const MAX_BARE_NOTICE_CHARS = 40;

/** The text is a notice about cookies or consent: its phrase, and what such notices speak of (unless it is a bare banner line). */
export function isConsentNotice(text: string): boolean {
  if (text.length > MAX_NOTICE_CHARS || !CONSENT_NOTICE_WORD.test(text) || !CONSENT_NOTICE.test(text)) return false;
  return text.length <= MAX_BARE_NOTICE_CHARS || CONSENT_CONTEXT.test(text);
}

export const consentNotices = lineRule({
  name: 'consent-notices',
  doc: "short body lines that are a site's notice about cookies or consent become other (not where many are: a privacy policy)",
  labels: ['body'],
  matches: (b) => isConsentNotice(b.text),
  maxMatches: MAX_NOTICES,
  reason: 'a notice about cookies or consent',
});
