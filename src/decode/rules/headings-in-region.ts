/**
 * Headings only inside the content region (or up to three blocks before it) and followed by
 * body text before the next heading: an article's section heads, not the sidebar's box
 * titles. A heading right before another heading is fine (h2 then h3).
 */
import type { DecodeRule } from '../rule.js';

export const headingsInRegion: DecodeRule = {
  name: 'headings-in-region',
  doc: 'headings outside the content region, or with no body text after them, become other',
  apply(s) {
    const { labels, region } = s;
    const n = labels.length;
    for (let i = 0; i < n; i++) {
      if (labels[i] !== 'heading') continue;
      if (!region || i > region[1] || i < region[0] - 3) {
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
