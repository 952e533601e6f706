/**
 * Headings only inside the content region (or up to three blocks before it) and followed by
 * body text before the next heading: an article's section heads, not the sidebar's box
 * titles. A heading right before another heading is fine (h2 then h3). On a page not known
 * to be an article the content may come in sections one region does not span (a product's
 * specs box, a landing page's feature rows, a shop's shelves): there the headings the model
 * found outside the region stay.
 */
import type { DecodeRule } from '../rule.js';

export const headingsInRegion: DecodeRule = {
  name: 'headings-in-region',
  judgesLayout: true,
  doc: "headings outside an article's content region (other kinds' content comes in sections one region may not span: a product's specs box, a landing page's feature rows, a shop's shelves), or with no body text after them, become other",
  apply(s, page) {
    const { labels, region } = s;
    const regionBound = page.pageType === 'article';
    const n = labels.length;
    for (let i = 0; i < n; i++) {
      if (labels[i] !== 'heading') continue;
      if (regionBound && (!region || i > region[1] || i < region[0] - 3)) {
        s.relabel(i, 'other', 'heading outside the content region');
        continue;
      }
      let j = i + 1;
      while (j < n && labels[j] !== 'body' && labels[j] !== 'heading') j++;
      if (j >= n || labels[j] !== 'body') {
        if (!(j < n && labels[j] === 'heading')) s.relabel(i, 'other', 'heading with no body text after it');
      }
    }
  },
};
