/** Whether a line only credits a picture or names a source (`credit-lines`; `media-in-region` reads captions with it). */
import { normalizeSpace } from '../../../dom/tree.js';
import { AGENCY, CREDIT_MARK } from '../../../features/cue-words.js';

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
export const SIGNED_CAPTION = /(?:©[^.!?©:]{2,60}|(?:^|[,.;|]\s*|\s[–—-]\s)(?:fotos?|photos?|photograph|bild|image|credit|crédito)\s*:[^.!?©:]{2,60}|[,;|]\s*(?:bild|foto|photo|image)\s+via\b[^.!?:]{0,40})\.?$/iu;
/** The word a caption signed without a colon holds ("..., Bild via"), with `SIGNED_CAPTION`'s flags. */
export const VIA = /via/iu;
/** The whole line is a picture credit or a source line, or a caption that ends in its credit. */
export function isCreditLine(text: string, normalize: (text: string) => string = normalizeSpace): boolean {
  // Most blocks are paragraphs: far too long to be a credit, whatever their white space.
  if (text.length > 4 * MAX_CREDIT_CHARS) return false;
  const t = normalize(text);
  if (t.length === 0 || t.length > MAX_CREDITED_CAPTION_CHARS) return false;
  // Every credit but a whole line naming its picture holds a colon or a copyright sign, or (signed) "via".
  const marked = t.includes(':') || t.includes('©');
  if ((marked || VIA.test(t)) && SIGNED_CAPTION.test(t)) return true;
  if (t.length > MAX_CREDIT_CHARS) {
    // A longer line is a caption with its credit only when the credit is a picture's or an agency's.
    return marked && (TRAILING_PICTURE_CREDIT.test(t) || (TRAILING_CREDIT.test(t) && AGENCY.test(t)));
  }
  if (PICTURE_LINE.test(t)) return true;
  if (!marked) return false;
  if (TRAILING_CREDIT.test(t)) return true;
  const m = CREDIT_MARK.exec(t);
  return m !== null && m.index <= MAX_CUE_OFFSET;
}
