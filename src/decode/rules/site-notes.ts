/**
 * Lines a site prints under every post, not the post's own text: the blog theme's post-meta
 * footer ("This entry was posted on ... and is filed under ...") and a standing disclaimer of
 * the authors' views ("The opinions expressed here are my personal opinions ..."), a liability
 * line ("Alle Angaben ohne Gewähr") and an affiliate disclosure ("This post contains affiliate
 * links ...", "We may receive compensation ..."), and a newspaper's print and reprint notes ("A
 * version of this article appeared in print on ...", "Dow Jones Reprints: ..."). On old blogs the learner keeps them, a sentence
 * or two of prose right under the post; the training corpora hardly have them.
 */
import { lineRule } from '../rule.js';
import { normalizeSpace } from '../../dom/tree.js';
import { AFFILIATE_DISCLOSURE, AFFILIATE_WORD, LIABILITY_DISCLAIMER, OPINION_DISCLAIMER, POST_META_LINE, PRINT_NOTE } from '../../features/cue-words.js';

/** A footer line with its categories and "You can follow any responses ..." runs to a few hundred characters. */
const MAX_SITE_NOTE_CHARS = 400;

/** A disclosure opens the note: prose that mentions affiliate links further on is a post's own text. */
const MAX_DISCLOSURE_OFFSET = 160;

/** The text opens as a post-meta footer, an opinions disclaimer, an affiliate disclosure or a print note does. */
export function isSiteNote(text: string, normalize: (text: string) => string = normalizeSpace): boolean {
  if (text.length > MAX_SITE_NOTE_CHARS) return false;
  const line = normalize(text);
  if (POST_META_LINE.test(line) || OPINION_DISCLAIMER.test(line) || LIABILITY_DISCLAIMER.test(line) || PRINT_NOTE.test(line)) return true;
  if (!AFFILIATE_WORD.test(line)) return false;
  const disclosure = AFFILIATE_DISCLOSURE.exec(line);
  return disclosure !== null && disclosure.index <= MAX_DISCLOSURE_OFFSET;
}

export const siteNotes = lineRule({
  name: 'site-notes',
  doc: 'a body block that is a blog\'s post-meta footer ("This entry was posted on ... and is filed under ..."), a standing disclaimer ("The opinions expressed here are ..."), an affiliate disclosure ("We may earn a commission ...") or a print note ("A version of this article appeared in print on ...", "Dow Jones Reprints: ...") becomes other',
  labels: ['body'],
  matches: (b, _page, texts) => isSiteNote(b.text, texts.line),
  reason: "a site's post-meta footer, disclaimer, disclosure or print note",
});
