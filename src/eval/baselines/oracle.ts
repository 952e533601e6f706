/**
 * The gold oracle: blocks labelled with their gold labels. Its text scores are the ceiling
 * pith's segmentation and gold alignment allow (a block holding both content and noise, or
 * gold text that aligns to no block, costs even the oracle). `unknown` gold becomes `other`.
 */
import { PithError } from '../../errors.js';
import type { Label } from '../../labels.js';
import type { Extractor } from '../extractor.js';
import { labelsToExtraction } from '../labels-to-extraction.js';

export const oracleExtractor: Extractor = Object.freeze<Extractor>({
  name: 'oracle',
  needsGold: true,
  extract({ page, goldLabels }) {
    if (!goldLabels) throw new PithError('BAD_OPTION', 'the oracle needs gold block labels', page.id);
    if (goldLabels.length !== page.blocks.length) {
      throw new PithError('BAD_CORPUS', `${goldLabels.length} gold labels for ${page.blocks.length} blocks`, page.id);
    }
    const labels: Label[] = goldLabels.map((l) => (l === 'unknown' ? 'other' : l));
    return labelsToExtraction(page.blocks, labels);
  },
});
