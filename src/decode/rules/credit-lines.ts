/**
 * A line that only credits a picture or names a source ("Foto: dpa", "Bild via Flickr",
 * "Quelle: Landesregierung", "Titelbild", "Überblick. (Foto: Getty)") is not the article's
 * text: the photo it belongs to may be gone, and a reader skips it. The learner sees the cue
 * (`cue:credit`) but keeps such a line when it sits among the article's paragraphs.
 */
import { lineRule } from '../rule.js';
import { normalizeSpace } from '../../dom/tree.js';
import { inTableCell } from '../blocks.js';
import { CREDIT_MARK } from '../../features/vocabulary.js';

/** A credit line is short: a paragraph that cites a source is prose. */
const MAX_CREDIT_CHARS = 100;
/** Where a leading credit cue may start: "Foto:", "(Foto:", "– Bild:". */
const MAX_CUE_OFFSET = 3;
/** A whole line naming the picture it stands for, or crediting it "via" someone. */
const PICTURE_LINE = /^(?:titelbild|beitragsbild|headerbild|aufmacherbild|symbolbild|vorschaubild|featured image|header image|cover image|bild via\b.*|(?:foto|photo|image|bild)s?\s+(?:via|by|von|de|di)\s+\S.*)$/iu;
/** A caption ending in its credit: "Überblick. (Foto: Getty)". */
const TRAILING_CREDIT = /\((?:[^()]{0,30}[\s,;])?(?:fotos?|photos?|bild(?:er)?|image|credit|quelle|source|fuente)\s*:\s*[^()]{1,40}\)\s*$/iu;
/** The whole line is a picture credit or a source line. */
export function isCreditLine(text: string): boolean {
  // Most blocks are paragraphs: far too long to be a credit, whatever their white space.
  if (text.length > 4 * MAX_CREDIT_CHARS) return false;
  const t = normalizeSpace(text);
  if (t.length === 0 || t.length > MAX_CREDIT_CHARS) return false;
  if (PICTURE_LINE.test(t) || TRAILING_CREDIT.test(t)) return true;
  const m = CREDIT_MARK.exec(t);
  return m !== null && m.index <= MAX_CUE_OFFSET;
}

export const creditLines = lineRule({
  name: 'credit-lines',
  doc: 'a short line that only credits a picture or names a source ("Foto: dpa", "Quelle: ...", "Titelbild") becomes other (not in tables, not on documentation)',
  labels: ['body'],
  runs: (cfg) => cfg.creditLines !== 0 && cfg.pageType !== 'docs',
  matches: (b) => !inTableCell(b) && isCreditLine(b.text),
  reason: 'a picture credit or source line',
});
