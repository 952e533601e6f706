/**
 * The runner's default page loader: a corpus page parsed and segmented once (the corpus'
 * own loader, so block ids match the gold alignment), its decoded HTML for peers that
 * parse it themselves, and its gold in the metrics' form.
 */
import { alignGold, goldText, loadCorpusPage } from '../corpus/index.js';
import { decodeHtml } from '../dom/bytes.js';
import { readPageBytes, withCachedLayout } from '../page.js';
import type { LayoutCache } from '../render/cache.js';
import type { LoadedPage, PageRef } from './page-ref.js';
import type { PageGold } from './page-scores.js';

export interface EvalLoadOptions {
  /** A layout folder (`pith render`): pages found in it carry their layout (visual features, SVM). */
  readonly layouts?: LayoutCache;
  /** Read panels that open in place as shown (default, as extraction does); training pages may not (learn/dataset.ts). */
  readonly openPanels?: boolean;
}

export async function loadForEval(ref: PageRef, options: EvalLoadOptions = {}): Promise<LoadedPage> {
  const { corpus, page: cp } = ref;
  const bytes = await readPageBytes(cp.htmlPath);
  const page = await withCachedLayout(await loadCorpusPage(corpus, cp, options.openPanels === undefined ? {} : { openPanels: options.openPanels }), bytes, options.layouts);
  // Decoding again is cheap next to parsing, and keeps Page free of the raw text.
  const html = decodeHtml(bytes, {}, cp.htmlPath).text;
  const gold = cp.gold;
  const text = goldText(gold);
  const hasBlockGold = gold.annotations !== undefined || gold.segments !== undefined || text !== undefined
    || gold.snippets !== undefined || gold.title !== undefined;
  const alignment = hasBlockGold ? alignGold(page, gold) : undefined;
  const pageGold: PageGold = {
    ...(alignment ? { blockLabels: alignment.labels } : {}),
    blockIndices: page.blocks.flatMap((b) => (b.kind === 'text' ? [b.index] : [])),
    ...(gold.partial ? { partial: true } : {}),
    ...(gold.title !== undefined ? { title: gold.title } : {}),
    ...(text !== undefined ? { text, textIncludesTitle: alignment?.titleInText === true } : {}),
    ...(gold.snippets ? { snippets: gold.snippets } : {}),
    ...(alignment && alignment.goldTokens > 0 ? { alignedShare: alignment.alignedGoldTokens / alignment.goldTokens } : {}),
  };
  return { page, html, gold: pageGold };
}
