/**
 * `npm run bench:kind-model`: would a model of its own for shops' and sites' pages beat the
 * general one there? Per cross-site fold of the train corpora: the bundled recipe trained on
 * every training page (the general model), and the same recipe trained only on the training
 * fold's wcxb-dev pages of the types in KIND_TYPES (the kind model). The fold's wcxb-dev pages
 * are scored twice: with the general model alone, and with the kind model on the pages whose
 * detected kind (`pageKind`) is in KIND_TRIGGER. Word F1 by page type, and the sum of page F1
 * gained. Features are computed once per training page and shared by both models.
 *   FOLDS=0,1 KIND_TYPES=product,collection KIND_TRIGGER=product,website node dist/bench/kind-model.js
 * The results are in docs/quality.md.
 */
import { computeFeatures } from '../src/features/index.js';
import { DEFAULT_MODEL_RECIPE } from '../src/learn/default-model.js';
import type { LabeledSequence } from '../src/models/labeler.js';
import { trainOnSequences } from '../src/learn/train.js';
import { trainingPanels } from '../src/learn/dataset.js';
import { loadForEval } from '../src/eval/load.js';
import { evaluatePages, type PageRef } from '../src/eval/runner.js';
import { summarize, type PageScores } from '../src/eval/page-scores.js';
import { extractPage, inMemoryModel, type LoadedModel } from '../src/pipeline/extract.js';
import { articleHeadings, toText } from '../src/article/index.js';
import type { Extractor } from '../src/eval/extractor.js';
import { crossSiteFolds, openCorpora } from './folds.js';

const KIND_CORPUS = 'wcxb-dev';
const kindTypes = (process.env.KIND_TYPES ?? 'product,collection,listing,service').split(',');
const trigger = (process.env.KIND_TRIGGER ?? 'product,listing,website').split(',');
const FOLD_COUNT = 5;
const foldList = (process.env.FOLDS ?? '0,1,2,3,4').split(',').map(Number);
const badFold = foldList.find((f) => !Number.isInteger(f) || f < 0 || f >= FOLD_COUNT);
if (badFold !== undefined) throw new Error(`FOLDS: each fold is a whole number from 0 to ${FOLD_COUNT - 1}, not '${badFold}'`);
const log = (s: string) => process.stderr.write(`[kind-model ${new Date().toISOString().slice(11, 19)}] ${s}\n`);

const { refs } = await openCorpora(DEFAULT_MODEL_RECIPE.corpora);
const split = crossSiteFolds(refs, FOLD_COUNT);

/** The general model, and the kind model on pages of a triggering kind. */
function kindExtractor(general: LoadedModel, kind: LoadedModel | undefined, name: string): Extractor {
  return {
    name,
    extract({ page }) {
      let r = extractPage(page, general, {});
      if (kind && trigger.includes(r.pageKind)) r = extractPage(page, kind, {});
      return { title: r.article.title, pageTitle: r.article.metadata.pageTitle ?? '', headings: articleHeadings(r.article), body: toText(r.article), blockLabels: r.labels };
    },
  };
}

async function trainingSequences(train: readonly number[]): Promise<Array<{ seq: LabeledSequence; ref: PageRef }>> {
  const out: Array<{ seq: LabeledSequence; ref: PageRef }> = [];
  for (const i of train) {
    const r = refs[i]!;
    try {
      const l = await loadForEval(r, trainingPanels(r.page.gold));
      const labels = l.gold.blockLabels;
      if (labels && labels.some((x) => x !== 'unknown')) out.push({ ref: r, seq: { ...computeFeatures(l.page, DEFAULT_MODEL_RECIPE.features), pageId: `${r.corpus.name}/${r.page.id}`, site: r.page.site, labels } });
    } catch { /* unreadable pages are left out, as in training */ }
  }
  return out;
}

const byType = { general: new Map<string, PageScores[]>(), kind: new Map<string, PageScores[]>() };
const gained = new Map<string, number>();
for (const f of foldList) {
  const fold = split.folds[f]!;
  const all = await trainingSequences(fold.train);
  const shops = all.filter(({ ref }) => ref.corpus.name === KIND_CORPUS && kindTypes.includes(ref.page.pageType ?? ''));
  log(`fold ${f}: ${all.length} training pages, ${shops.length} of them for the kind model`);
  if (shops.length === 0) throw new Error(`KIND_TYPES: no ${KIND_CORPUS} training page is of type ${kindTypes.join(', ')}`);
  const recipe = { algorithm: DEFAULT_MODEL_RECIPE.algorithm, params: DEFAULT_MODEL_RECIPE.params, features: DEFAULT_MODEL_RECIPE.features };
  const general = inMemoryModel(trainOnSequences(all.map((s) => s.seq), recipe));
  const kind = inMemoryModel(trainOnSequences(shops.map((s) => s.seq), recipe));
  const test = fold.test.map((i) => refs[i]!).filter((r) => r.corpus.name === KIND_CORPUS);
  const res = await evaluatePages(test, [kindExtractor(general, undefined, 'general'), kindExtractor(general, kind, 'kind')]);
  for (const c of res.corpora) {
    const types = new Map(test.map((r) => [r.page.id, r.page.pageType ?? '-']));
    c.runs[0]!.scores.forEach((g, k) => {
      const t = types.get(g.pageId) ?? '-';
      const kScore = c.runs[1]!.scores[k]!;
      for (const [run, s] of [['general', g], ['kind', kScore]] as const) byType[run].set(t, [...(byType[run].get(t) ?? []), s]);
      gained.set(t, (gained.get(t) ?? 0) + (kScore.word?.f1 ?? 0) - (g.word?.f1 ?? 0));
    });
  }
  log(`fold ${f} scored`);
}
const f3 = (x: number | undefined) => (x === undefined ? '–' : x.toFixed(3));
console.log(`kind model: ${kindTypes.join(', ')}; used on pages detected ${trigger.join(', ')}; folds ${foldList.join(',')}\n`);
console.log('| page type | pages | general word F1 | with the kind model | sum of page F1 gained |\n|---|---:|---:|---:|---:|');
for (const [t, scores] of [...byType.general].sort()) {
  console.log(`| ${t} | ${scores.length} | ${f3(summarize(scores).word?.f1)} | ${f3(summarize(byType.kind.get(t) ?? []).word?.f1)} | ${(gained.get(t) ?? 0).toFixed(2)} |`);
}
