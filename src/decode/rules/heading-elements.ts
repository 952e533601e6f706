/**
 * A section heading element (h2-h6) the model left out, between kept text and followed by
 * body, is the article's own heading: noise set inside an article's text is rarely marked up
 * as a heading. (One cross-site fold each of two models: wcxb-dev gained 74 and 21 heading
 * blocks for 19 and 16 wrongly promoted.)
 */
import type { Block } from '../../segment/segment.js';
import type { DecodeRule } from '../rule.js';

/** The block sits in an h2-h6 element (itself, or up to two levels of inline markup inside it). */
export function inHeadingElement(block: Block): boolean {
  // Only the path's last three tags: a hostile page's path can be 100 000 tags long.
  let end = block.tagPath.length;
  for (let k = 0; k < 3 && end > 0; k++) {
    const start = block.tagPath.lastIndexOf('/', end - 1) + 1;
    if (end - start === 2 && block.tagPath[start] === 'h' && block.tagPath[start + 1]! >= '2' && block.tagPath[start + 1]! <= '6') return true;
    end = start - 1;
  }
  return false;
}

export const headingElements: DecodeRule = {
  name: 'heading-elements',
  doc: 'an h2-h6 text block labelled other (not page furniture, an ad or a line a line rule dropped), after kept text and followed by body, becomes a heading',
  apply(s, cfg) {
    const { blocks, labels } = s;
    const n = blocks.length;
    let prevText = -1;
    for (let i = 0; i < n; i++) {
      if (blocks[i]!.kind !== 'text') continue;
      // An ad's label in an <h3> ("Advertisement") sits between paragraphs too, as does a widget's ("Externer Inhalt").
      if (labels[i] === 'other' && !s.furniture?.[i] && !cfg.adBlocks?.[i] && !s.droppedBlocks?.[i] && prevText >= 0 && labels[prevText] !== 'other' && inHeadingElement(blocks[i]!)) {
        let next = i + 1;
        while (next < n && blocks[next]!.kind !== 'text') next++;
        if (next < n && labels[next] === 'body') s.relabel(i, 'heading', 'a heading element between article text');
      }
      prevText = i;
    }
  },
};
