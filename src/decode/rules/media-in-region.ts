/**
 * Images and media are kept only inside the content region: body inside it (or one block
 * either side) when p(body) is at least 0.3, other outside. A lead image the model believes
 * in (p(body) >= 0.5, or `leadFigureMinBody` for an image in a `<figure>`) may stand up to four
 * blocks before the region when only short text (its caption, a byline, a share bar) stands
 * between them; a photo whose box holds a caption counts as a figure, may stand six blocks before,
 * and keeps its caption unless the caption carries the photo's credit.
 */
import { BlockTag, type DecodeRule, type DecodeState } from '../rule.js';
import { BlockRole } from '../roles.js';
import { isCreditLine } from './shared/credit-line.js';
import { BODY } from '../blocks.js';
import { AGENCY, CREDIT_MARK, CREDIT_SIGN } from '../../features/cue-words.js';

const IN_FIGURE = /(?:^|\/)figure(?:\/|$)/;
/** Blocks a lead image may stand before the region: four, six for a photo with its caption, credit and toggles. */
const LEAD_BLOCKS = 4;
const LEAD_FIGURE_BLOCKS = 6;

/**
 * A kept lead photo keeps its caption between it and the region: not its credit or its toggles,
 * and not a caption that carries its credit ("... Photograph: Guy Smallman/Getty Images", "...
 * EFE"), which readers leave out with the credit.
 */
function keepCaption(s: DecodeState, roles: ArrayLike<number>, from: number, to: number): void {
  for (let k = from; k < to; k++) {
    if (roles[k] !== BlockRole.caption || s.labels[k] !== 'other' || carriesCredit(s.blocks[k]!.text, s.texts.line)) continue;
    s.relabel(k, 'body', "the lead photo's caption");
  }
}

/** The text credits a picture: a credit cue ("Foto:", "Photograph:"), a copyright sign, an agency's name, a credit line ("..., Bild via"). */
function carriesCredit(text: string, normalize: (text: string) => string): boolean {
  return CREDIT_MARK.test(text) || CREDIT_SIGN.test(text) || AGENCY.test(text) || isCreditLine(text, normalize);
}

export const mediaInRegion: DecodeRule = {
  name: 'media-in-region',
  doc: 'images and media inside the content region (or a believed lead image just before it) become body, unless a rule dropped them; those outside become other',
  apply(s, page, settings) {
    const { blocks, probs, labels, region } = s;
    const roles = page.blockRoles;
    for (let i = 0; i < blocks.length; i++) {
      if (blocks[i]!.kind === 'text') continue;
      const figure = IN_FIGURE.test(blocks[i]!.tagPath) || roles?.[i] === BlockRole.captioned;
      const leadMinBody = figure ? Math.min(settings.leadFigureMinBody, 0.5) : 0.5;
      const lead = region !== undefined && i < region[0] && i >= region[0] - (figure ? LEAD_FIGURE_BLOCKS : LEAD_BLOCKS) && probs[i]![BODY]! >= leadMinBody
        && blocks.slice(i + 1, region[0]).every((b) => b.kind === 'text' && b.text.length <= 200);
      const inside = region !== undefined && ((i >= region[0] - 1 && i <= region[1] + 1) || lead);
      if (!inside && labels[i] !== 'other') s.relabel(i, 'other', 'image outside the content region');
      else if (inside && labels[i] === 'other' && probs[i]![BODY]! >= 0.3 && !s.has(i, BlockTag.dropped)) s.relabel(i, 'body', 'image inside the content region');
      if (lead && labels[i] === 'body' && roles) keepCaption(s, roles, i + 1, region[0]);
    }
  },
};
