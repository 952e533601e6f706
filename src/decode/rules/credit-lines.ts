/**
 * A line that only credits a picture or names a source ("Foto: dpa", "Bild via Flickr",
 * "Quelle: Landesregierung", "Titelbild", "Überblick. (Foto: Getty)") is not the article's
 * text: the photo it belongs to may be gone, and a reader skips it. The learner sees the cue
 * (`cue:credit`) but keeps such a line when it sits among the article's paragraphs.
 *
 * A caption signed at its end ("Ski-Star. © AFP / NAME", "... (Quelle: Fleischmann/Unsplash)") goes
 * with its credit, as `media-in-region` leaves such a caption out (how the corpora's golds
 * differ on it: docs/decoder-tuning.md). A photo post whose signed caption is all its body keeps it.
 */
import { lineRule, type DecodeState } from '../rule.js';
import { isCreditLine } from './shared/credit-line.js';

/** The credited lines are all the page's body: a photo post whose signed caption is its text ("... Artwork and photos © DiegoKoi"). */
function isAllTheBody(s: DecodeState, lines: readonly number[]): boolean {
  const credited = new Set(lines);
  return !s.labels.some((l, i) => l === 'body' && !credited.has(i) && s.blocks[i]!.kind === 'text' && s.blocks[i]!.text.trim() !== '');
}

export const creditLines = lineRule({
  name: 'credit-lines',
  doc: 'a short line that only credits a picture or names a source ("Foto: dpa", "Quelle: ...", "Titelbild"), or a caption that ends in its credit ("... © AFP / NAME"), becomes other (not in data tables, not on documentation, not when such lines are all the body)',
  labels: ['body'],
  runs: (page, settings) => settings.creditLines !== 0 && page.pageType !== 'docs',
  // The line first: few are credits, and a table cell's test reads the block's whole tag path.
  matches: (b, _page, texts) => isCreditLine(b.text, texts.line) && !texts.inTableCell(b.tagPath),
  spares: isAllTheBody,
  reason: 'a picture credit or source line',
});
