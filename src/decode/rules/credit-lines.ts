/**
 * A line that only credits a picture or names a source ("Foto: dpa", "Bild via Flickr",
 * "Quelle: Landesregierung", "Titelbild", "Überblick. (Foto: Getty)") is not the article's
 * text: the photo it belongs to may be gone, and a reader skips it. The learner sees the cue
 * (`cue:credit`) but keeps such a line when it sits among the article's paragraphs.
 *
 * A caption signed at its end ("Ski-Star. © AFP / NAME", "... (Quelle: Fleischmann/Unsplash)") goes
 * with its credit, as `media-in-region` leaves such a caption out: trafilatura-eval's golds list
 * these credits as noise, while dragnet's and Readability's keep the caption (docs/quality.md,
 * session 28, weighs the two). A photo post whose signed caption is all its body keeps it.
 */
import { lineRule, type DecodeState } from '../rule.js';
import { normalizeSpace } from '../../dom/tree.js';
import { inTableCell } from '../blocks.js';
import { AGENCY, CREDIT_MARK } from '../../features/cue-words.js';

/** A credit line is short: a paragraph that cites a source is prose. */
const MAX_CREDIT_CHARS = 100;
/** A caption with its credit at the end runs to a sentence or two. */
const MAX_CREDITED_CAPTION_CHARS = 220;
/** Where a leading credit cue may start: "Foto:", "(Foto:", "– Bild:". */
const MAX_CUE_OFFSET = 3;
/** A whole line naming the picture it stands for, or crediting it "via" someone. */
const PICTURE_LINE = /^(?:(?:titelbild|beitragsbild|headerbild|aufmacherbild|symbolbild|vorschaubild|featured image|header image|cover image)(?:\s*:.*)?|bild via\b.*|(?:foto|photo|image|bild)s?\s+(?:via|by|von|de|di)\s+\S.*)$/iu;
/** A caption ending in its credit in brackets, cued by one of `cues`: "Überblick. (Foto: Getty)". */
function trailingCredit(cues: string): RegExp {
  return new RegExp(`\\((?:[^()]{0,30}[\\s,;])?(?:${cues})\\s*:\\s*[^()]{1,40}\\)\\s*$`, 'iu');
}
const PICTURE_CUES = 'fotos?|photos?|bild(?:er)?|image|credit';
/** A picture's or a text's source: "(Foto: Getty)", "(Quelle: dpa)". */
const TRAILING_CREDIT = trailingCredit(`${PICTURE_CUES}|quelle|source|fuente`);
/** A picture's only, not a text's source: "(Foto: dpa)", not "(Source: Financial Times)". */
const TRAILING_PICTURE_CREDIT = trailingCredit(PICTURE_CUES);
/**
 * A caption signed at its end: "... | © Augusta National/Getty Images", "Ski-Star. © AFP / MARCO
 * BERTORELLO", "Roman Prymula, photo: Archives du Gouvernement tchèque", "..., Bild via". The
 * credit is the line's last words (no sentence ends after it) and follows a break in the line:
 * "the photo: a sunset" is prose.
 */
const SIGNED_CAPTION = /(?:©[^.!?©:]{2,60}|(?:^|[,.;|]\s*|\s[–—-]\s)(?:fotos?|photos?|photograph|bild|image|credit|crédito)\s*:[^.!?©:]{2,60}|[,;|]\s*(?:bild|foto|photo|image)\s+via\b[^.!?:]{0,40})\.?$/iu;
/** The whole line is a picture credit or a source line, or a caption that ends in its credit. */
export function isCreditLine(text: string): boolean {
  // Most blocks are paragraphs: far too long to be a credit, whatever their white space.
  if (text.length > 4 * MAX_CREDIT_CHARS) return false;
  const t = normalizeSpace(text);
  if (t.length === 0 || t.length > MAX_CREDITED_CAPTION_CHARS) return false;
  if (SIGNED_CAPTION.test(t)) return true;
  if (t.length > MAX_CREDIT_CHARS) {
    // A longer line is a caption with its credit only when the credit is a picture's or an agency's.
    return TRAILING_PICTURE_CREDIT.test(t) || (TRAILING_CREDIT.test(t) && AGENCY.test(t));
  }
  if (PICTURE_LINE.test(t) || TRAILING_CREDIT.test(t)) return true;
  const m = CREDIT_MARK.exec(t);
  return m !== null && m.index <= MAX_CUE_OFFSET;
}

/** The credited lines are all the page's body: a photo post whose signed caption is its text ("... Artwork and photos © DiegoKoi"). */
function isAllTheBody(s: DecodeState, lines: readonly number[]): boolean {
  const credited = new Set(lines);
  return !s.labels.some((l, i) => l === 'body' && !credited.has(i) && s.blocks[i]!.kind === 'text' && s.blocks[i]!.text.trim() !== '');
}

export const creditLines = lineRule({
  name: 'credit-lines',
  doc: 'a short line that only credits a picture or names a source ("Foto: dpa", "Quelle: ...", "Titelbild"), or a caption that ends in its credit ("... © AFP / NAME"), becomes other (not in data tables, not on documentation, not when such lines are all the body)',
  labels: ['body'],
  runs: (cfg) => cfg.creditLines !== 0 && cfg.pageType !== 'docs',
  matches: (b) => !inTableCell(b) && isCreditLine(b.text),
  spares: isAllTheBody,
  reason: 'a picture credit or source line',
});
