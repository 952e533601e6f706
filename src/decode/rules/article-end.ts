/**
 * The article ends where its container ends. Most of what pith keeps wrongly is prose after
 * the article (related stories' summaries, author bios, product blurbs: docs/quality.md's error
 * analysis), which the content region takes in because little noise separates it from the
 * last paragraph. The page's tree knows better: the article's paragraphs share one element.
 * The container is the innermost element holding at least `containerShare` of the body's
 * characters and at least two of its blocks; body blocks after its last body block that lie
 * outside it become other, and the region ends at the container's last body block. Not when
 * the caller keeps readers' comments, which follow the article's container.
 */
import type { DecodeRule } from '../rule.js';

export const articleEnd: DecodeRule = {
  name: 'article-end',
  doc: "body blocks after the article's container (the innermost element holding `containerShare` of the body text) become other; the region ends with it",
  apply(s, cfg) {
    const chains = cfg.blockContainers;
    const region = s.region;
    // Kept readers' comments (`commentBody` 1) sit after the article's container by nature.
    if (!chains || !region || !(cfg.containerShare > 0.5) || cfg.commentBody >= 1) return;
    const { blocks, labels } = s;
    const chars = new Map<number, number>();
    const count = new Map<number, number>();
    let total = 0;
    for (let i = region[0]; i <= region[1]; i++) {
      const b = blocks[i]!;
      if (labels[i] !== 'body' || b.kind !== 'text') continue;
      total += b.text.length;
      for (const id of chains[i] ?? []) {
        chars.set(id, (chars.get(id) ?? 0) + b.text.length);
        count.set(id, (count.get(id) ?? 0) + 1);
      }
    }
    if (total === 0) return;
    // Elements over half the text lie on one line of ancestors: the innermost has the largest id.
    let container = -1;
    for (const [id, c] of chars) if (c >= cfg.containerShare * total && count.get(id)! >= 2 && id > container) container = id;
    if (container < 0) return;
    const inside = (i: number): boolean => (chains[i] ?? []).includes(container);
    let last = region[1];
    while (last >= region[0] && !(labels[last] === 'body' && inside(last))) last--;
    if (last < region[0]) return;
    for (let i = last + 1; i <= region[1]; i++) {
      if (labels[i] === 'body' && !inside(i)) s.relabel(i, 'other', "after the article's container");
    }
    let end = region[1];
    while (end > last && labels[end] !== 'body') end--;
    s.region = [region[0], end];
  },
};
