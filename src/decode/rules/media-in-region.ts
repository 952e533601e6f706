/**
 * Images and media are kept only inside the content region: body inside it (or one block
 * either side) when p(body) is at least 0.3, other outside. A lead image the model believes
 * in (p(body) >= 0.5, or `leadFigureMinBody` for an image in a `<figure>`) may stand up to four
 * blocks before the region when only short text (its caption, a byline, a share bar) stands
 * between them.
 */
import type { DecodeRule } from '../rule.js';
import { BODY } from '../blocks.js';

const IN_FIGURE = /(?:^|\/)figure(?:\/|$)/;

export const mediaInRegion: DecodeRule = {
  name: 'media-in-region',
  doc: 'images and media inside the content region (or a believed lead image just before it) become body, those outside other',
  apply(s, cfg) {
    const { blocks, probs, labels, region } = s;
    for (let i = 0; i < blocks.length; i++) {
      if (blocks[i]!.kind === 'text') continue;
      const leadMinBody = IN_FIGURE.test(blocks[i]!.tagPath) ? Math.min(cfg.leadFigureMinBody, 0.5) : 0.5;
      const lead = region !== undefined && i < region[0] && i >= region[0] - 4 && probs[i]![BODY]! >= leadMinBody
        && blocks.slice(i + 1, region[0]).every((b) => b.kind === 'text' && b.text.length <= 200);
      const inside = region !== undefined && ((i >= region[0] - 1 && i <= region[1] + 1) || lead);
      if (!inside && labels[i] !== 'other') s.relabel(i, 'other', 'image outside the content region');
      else if (inside && labels[i] === 'other' && probs[i]![BODY]! >= 0.3) s.relabel(i, 'body', 'image inside the content region');
    }
  },
};
