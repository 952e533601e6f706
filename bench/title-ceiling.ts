/**
 * `npm run bench:title-ceiling`: how often can a title selector be right at all? For every
 * train-corpus page with a gold title, whether the gold title (compared as `title exact` is,
 * src/eval/text-metrics.ts) is the text of
 * - any text block of the page (the best any block or subtree selector could do),
 * - one of the SVM's title candidates (src/models/svm/subtrees.ts: the best `--model svm` could do),
 * - one of those candidates or the page's declared title as pith cleans it (`metadata.pageTitle`,
 *   the article's fallback when no block is the title).
 * Nothing is learned: these are ceilings, per corpus and pooled, for issue 22's title target.
 * Env: LIMIT (pages per corpus).
 */
import { DEFAULT_MODEL_RECIPE } from '../src/learn/default-model.js';
import { openCorpora } from './folds.js';
import { loadForEval } from '../src/eval/load.js';
import { titlesMatch } from '../src/eval/text-metrics.js';
import { indexPage, titleCandidates } from '../src/models/svm/subtrees.js';
import { extractPage, loadExtractionModel } from '../src/pipeline/extract.js';

const limit = process.env.LIMIT ? Number(process.env.LIMIT) : undefined;
const model = await loadExtractionModel();

interface Tally { pages: number; anyBlock: number; candidates: number; withDeclared: number }
const tallies = new Map<string, Tally>();
const pooled: Tally = { pages: 0, anyBlock: 0, candidates: 0, withDeclared: 0 };
for (const corpus of (await openCorpora(DEFAULT_MODEL_RECIPE.corpora, limit)).corpora) {
  const name = corpus.name;
  const t: Tally = { pages: 0, anyBlock: 0, candidates: 0, withDeclared: 0 };
  tallies.set(name, t);
  for (const page of corpus.pages) {
    let loaded;
    try {
      loaded = await loadForEval({ corpus, page });
    } catch {
      continue;
    }
    const gold = loaded.gold.title;
    if (!gold || !gold.trim()) continue;
    const { blocks } = loaded.page;
    const matches = (i: number) => titlesMatch(blocks[i]!.text, gold);
    const anyBlock = blocks.some((b, i) => b.kind === 'text' && matches(i));
    const candidates = titleCandidates(indexPage(loaded.page), undefined).some((c) => matches(c.block));
    const declared = extractPage(loaded.page, model).article.metadata.pageTitle;
    const withDeclared = candidates || (declared !== undefined && titlesMatch(declared, gold));
    for (const x of [t, pooled]) {
      x.pages++;
      if (anyBlock) x.anyBlock++;
      if (candidates) x.candidates++;
      if (withDeclared) x.withDeclared++;
    }
  }
}
const share = (a: number, b: number) => (b ? (a / b).toFixed(3) : '–');
console.log('| corpus | pages with a gold title | any text block | SVM title candidates | candidates or declared title |');
console.log('|---|---:|---:|---:|---:|');
for (const [name, t] of [...tallies, ['**pooled**', pooled] as const]) {
  console.log(`| ${name} | ${t.pages} | ${share(t.anyBlock, t.pages)} | ${share(t.candidates, t.pages)} | ${share(t.withDeclared, t.pages)} |`);
}
