/**
 * The content region. Body text blocks group into clusters, split where the noise between two
 * of them costs more than `maxGapCost` (1 per text block plus 1 per 100 non-link characters;
 * headings and the title cost nothing). The heaviest cluster is the article; another cluster
 * survives when it carries at least `minClusterShare` of its text or `minClusterChars`
 * characters (`sectionedMinClusterShare` and `sectionedMinClusterChars` on `SECTIONED_KINDS`):
 * content need not be contiguous (a body split by an ad box survives, a "related stories"
 * teaser far below does not). Body blocks of the dropped clusters become other; the region
 * spans the kept ones.
 */
import type { DecodeRule } from '../rule.js';
import { SECTIONED_KINDS } from '../page-type.js';

interface Cluster {
  first: number;
  last: number;
  chars: number;
}

export const contentRegion: DecodeRule = {
  name: 'content-region',
  judgesLayout: true,
  doc: 'body blocks are clustered (split by costly runs of noise); clusters far smaller than the heaviest become other; the region spans the rest',
  apply(s, page, settings) {
    const { blocks, labels } = s;
    const n = blocks.length;
    const clusters: Cluster[] = [];
    let cur: Cluster | undefined;
    let gap = 0;
    for (let i = 0; i < n; i++) {
      const b = blocks[i]!;
      if (labels[i] === 'body' && b.kind === 'text') {
        if (cur && gap <= settings.maxGapCost) {
          cur.last = i;
          cur.chars += b.text.length;
        } else {
          cur = { first: i, last: i, chars: b.text.length };
          clusters.push(cur);
        }
        gap = 0;
      } else if (labels[i] !== 'heading' && labels[i] !== 'title' && b.kind === 'text') {
        gap += 1 + Math.max(0, b.text.length - b.linkChars) / 100;
      }
    }
    if (clusters.length === 0) return;
    const sectioned = SECTIONED_KINDS.has(page.pageType);
    const minShare = sectioned ? settings.sectionedMinClusterShare : settings.minClusterShare;
    const minChars = sectioned ? settings.sectionedMinClusterChars : settings.minClusterChars;
    const main = clusters.reduce((a, c) => (c.chars > a.chars ? c : a));
    const kept = clusters.filter((c) => c === main || c.chars >= minShare * main.chars || c.chars >= minChars);
    for (const c of clusters) {
      if (kept.includes(c)) continue;
      for (let i = c.first; i <= c.last; i++) if (labels[i] === 'body') s.relabel(i, 'other', 'body text outside the content region');
    }
    s.region = [Math.min(...kept.map((c) => c.first)), Math.max(...kept.map((c) => c.last))];
  },
};
