/**
 * Advertising is not the article: blocks in ad slots or reading only "Advertisement"
 * (`adBlocks`, decode/ads.ts) lose their p(body) and p(heading) to `other`, scaled by `adBody`, and are
 * relabelled from the scaled row, so no later rule (the region, the prose rescue, images in
 * the region) takes them back.
 */
import { scaleContent } from '../blocks.js';
import type { DecodeRule } from '../rule.js';

export const adSlots: DecodeRule = {
  name: 'ad-slots',
  doc: 'blocks in ad slots or reading only "Advertisement" lose p(body) and p(heading) to other (scaled by `adBody`) and are relabelled',
  apply(s, page, settings) {
    const marks = page.adBlocks;
    if (marks === undefined || !(settings.adBody < 1)) return;
    if (!s.anyMarked(marks)) return;
    s.scaleMarked(marks, (row) => scaleContent(row, settings.adBody), 'advertising');
  },
};
