/**
 * A page of a single text block (a fragment, a note, a test page) is that block: with nothing
 * to tell content from noise, an empty article is the one certain mistake. Only when no block
 * is body yet, and not for a `<noscript>` notice on a page that draws itself with scripts:
 * readers never see it.
 */
import type { DecodeRule } from '../rule.js';
import { inNoscript } from '../blocks.js';

export const singleTextBlock: DecodeRule = {
  name: 'single-text-block',
  doc: 'a page with no body and only one non-empty text block (not a `<noscript>` notice) has that block as body',
  apply(s) {
    if (s.labels.includes('body')) return;
    const { blocks } = s;
    let only = -1;
    let count = 0;
    for (let i = 0; i < blocks.length && count < 2; i++) {
      if (blocks[i]!.kind === 'text' && blocks[i]!.text.trim() && !inNoscript(blocks[i]!)) {
        only = i;
        count++;
      }
    }
    if (count === 1) s.relabel(only, 'body', 'the page has one block of text');
  },
};
