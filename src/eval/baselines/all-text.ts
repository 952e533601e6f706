/**
 * The floor every extractor must beat: all visible text is body, the title is the page's
 * `<title>`. Scores what segmentation alone gives (recall near 1, precision = share of
 * the page that is content).
 */
import type { Label } from '../../labels.js';
import type { Extractor } from '../extractor.js';
import { labelsToExtraction } from '../labels-to-extraction.js';

export const allTextExtractor: Extractor = Object.freeze<Extractor>({
  name: 'all-text',
  extract({ page }) {
    const labels: Label[] = page.blocks.map((b) => (b.kind === 'text' ? 'body' : 'other'));
    return { ...labelsToExtraction(page.blocks, labels), title: page.tree.title };
  },
});
