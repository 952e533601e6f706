/**
 * Advertising is not the article: blocks in ad slots or reading only "Advertisement"
 * (`adBlocks`, decode/ads.ts) lose their p(body) and p(heading) to `other`, scaled by `adBody`, and are
 * relabelled from the scaled row, so no later rule (the region, the prose rescue, images in
 * the region) takes them back.
 */
import { LABELS } from '../../labels.js';
import { argmax, scaleContent } from '../blocks.js';
import type { DecodeRule } from '../rule.js';

export const adSlots: DecodeRule = {
  name: 'ad-slots',
  doc: 'blocks in ad slots or reading only "Advertisement" lose p(body) and p(heading) to other (scaled by `adBody`) and are relabelled',
  apply(s, cfg) {
    const marks = cfg.adBlocks;
    if (marks === undefined || !(cfg.adBody < 1)) return;
    let any = false;
    for (let i = 0; i < s.blocks.length; i++) if (marks[i]) any = true;
    if (!any) return;
    s.probs = s.probs.map((row, i) => (marks[i] ? scaleContent(row, cfg.adBody) : row));
    for (let i = 0; i < s.blocks.length; i++) if (marks[i]) s.relabel(i, LABELS[argmax(s.probs[i]!)]!, 'advertising');
  },
};
