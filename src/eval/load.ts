/**
 * The runner's default page loader: a corpus page parsed and segmented once (the corpus'
 * own loader, so block ids match the gold alignment), its decoded HTML for peers that
 * parse it themselves, and its gold in the metrics' form.
 */
import { alignGold, goldText, loadCorpusPage } from '../corpus/index.js';
import { decodeHtml } from '../dom/decode.js';
import { readPageBytes } from '../page.js';
import type { LoadedPage, PageRef } from './runner.js';
import type { PageGold } from './page-scores.js';

export async function loadForEval(ref: PageRef): Promise<LoadedPage> {
  const { corpus, page: cp } = ref;
  const page = await loadCorpusPage(corpus, cp);
  // Decoding again is cheap next to parsing, and keeps Page free of the raw text.
  const html = decodeHtml(await readPageBytes(cp.htmlPath), {}, cp.htmlPath).text;
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
  };
  return { page, html, gold: pageGold };
}
