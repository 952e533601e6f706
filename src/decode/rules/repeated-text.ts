/**
 * A page that prints a paragraph twice in two places (a mobile and a desktop variant of the same
 * box, a forum post quoted in a reply, a summary repeated as a lead) gives the reader that text
 * once: a body block whose text repeats a content block before it, under another tag path,
 * becomes other. A story printed twice in the same layout is left alone: readers
 * take both copies for the page's. On a product page
 * a repeat in the same layout goes too: a shop prints its feature list or description again
 * for another screen size or in a second copy of a tab, never a second time on purpose. Only
 * lines long enough to be a sentence count: "Read more" or a table's "Queen" repeat on purpose.
 */
import type { DecodeRule } from '../rule.js';

/** Shorter lines (labels, table cells, "Share this") repeat on purpose. */
export const MIN_REPEATED_CHARS = 40;

export const repeatedText: DecodeRule = {
  name: 'repeated-text',
  doc: `a body block whose text (at least ${MIN_REPEATED_CHARS} characters) repeats an earlier content block's, under another tag path (or any, on a product page), becomes other`,
  apply(s, page) {
    const sameLayoutToo = page.pageType === 'product';
    const { blocks, labels } = s;
    const seen = new Map<string, string>();
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i]!;
      if (b.kind !== 'text' || labels[i] === 'other' || b.text.length < MIN_REPEATED_CHARS) continue;
      const text = s.texts.line(b.text);
      if (text.length < MIN_REPEATED_CHARS) continue;
      const firstPath = seen.get(text);
      if (firstPath === undefined) seen.set(text, b.tagPath);
      else if (labels[i] === 'body' && (sameLayoutToo || firstPath !== b.tagPath)) s.relabel(i, 'other', 'repeats an earlier content block');
    }
  },
};
