/**
 * A section heading element (h2-h6) the model left out, between kept text and followed by
 * body, is the article's own heading: noise set inside an article's text is rarely marked up
 * as a heading.
 */
import { inHeadingElement } from './shared/heading-element.js';
import { BlockTag, type DecodeRule } from '../rule.js';

export const headingElements: DecodeRule = {
  name: 'heading-elements',
  doc: 'an h2-h6 text block labelled other (not page furniture, an ad or a line a line rule dropped), after kept text and followed by body, becomes a heading',
  apply(s, page) {
    const { blocks, labels } = s;
    const n = blocks.length;
    let prevText = -1;
    for (let i = 0; i < n; i++) {
      if (blocks[i]!.kind !== 'text') continue;
      // An ad's label in an <h3> ("Advertisement") sits between paragraphs too, as does a widget's ("Externer Inhalt").
      if (labels[i] === 'other' && !s.has(i, BlockTag.furniture) && !page.adBlocks?.[i] && !s.has(i, BlockTag.dropped) && prevText >= 0 && labels[prevText] !== 'other' && inHeadingElement(blocks[i]!)) {
        let next = i + 1;
        while (next < n && blocks[next]!.kind !== 'text') next++;
        if (next < n && labels[next] === 'body') s.relabel(i, 'heading', 'a heading element between article text');
      }
      prevText = i;
    }
  },
};
