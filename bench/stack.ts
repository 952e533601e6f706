/**
 * `npm run bench:stack`: does a second stage that reads the first stage's predictions around
 * each block (stacked sequential learning, bench/stack/) improve on the bundled recipe
 * cross-site? On ONE cross-site fold of the train corpora (as bench:tune):
 * - the first stage (the bundled recipe) is trained on the other folds;
 * - its out-of-fold probabilities on those training pages come from INNER cross-site folds
 *   (a stage trained on the same pages it predicts would be over-confident, and the second
 *   stage would learn to trust it);
 * - the second stage (MaxEnt over context-features.ts) learns from them;
 * - the held-out sites are extracted by the first stage alone and by both, through the same
 *   decoder and article writers.
 * Env: TEST_FOLD (0), FOLDS (5), INNER (3), SIGMA2 ('1': the second stage's prior; a list
 * '0.3,1,3' trains one second stage each), LIMIT (pages per corpus).
 */
import { computeFeatures } from '../src/features/index.js';
import { CROSS_SITE_PARAMS, DEFAULT_MODEL_RECIPE } from '../src/learn/default-model.js';
import type { LabeledSequence, Labeler } from '../src/models/labeler.js';
import { trainOnSequences } from '../src/learn/train.js';
import { labelerFromModel, getTrainer } from '../src/models/registry.js';
import { resolveParams } from '../src/models/params.js';
import { modelExtractor } from '../src/eval/model-extractor.js';
import { featureOptionsOf } from '../src/pipeline/extract.js';
import { evaluatePages, type LoadedPage, type PageRef } from '../src/eval/runner.js';
import { loadForEval } from '../src/eval/load.js';
import { makeFolds } from '../src/eval/splits.js';
import { crossSiteFolds, openCorpora } from './folds.js';
import { contextSequence, StackedLabeler } from './stack/labeler.js';

const limit = process.env.LIMIT ? Number(process.env.LIMIT) : undefined;
const folds = Number(process.env.FOLDS ?? 5);
const testFold = Number(process.env.TEST_FOLD ?? 0);
const inner = Number(process.env.INNER ?? 3);
const sigmas = (process.env.SIGMA2 ?? '1').split(',').map(Number);
const log = (s: string) => process.stderr.write(`[stack ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
const features = DEFAULT_MODEL_RECIPE.features;
const firstParams = { ...CROSS_SITE_PARAMS['maxent'] };

const { refs } = await openCorpora(DEFAULT_MODEL_RECIPE.corpora, limit);
const fold = crossSiteFolds(refs, folds).folds[testFold]!;

const train: LabeledSequence[] = [];
for (const i of fold.train) {
  const r = refs[i]!;
  try {
    const l = await loadForEval(r);
    const labels = l.gold.blockLabels;
    if (labels && labels.some((x) => x !== 'unknown')) train.push({ ...computeFeatures(l.page, features), pageId: `${r.corpus.name}/${r.page.id}`, site: r.page.site, labels });
  } catch { /* unreadable pages are left out, as in training */ }
}
log(`fold ${testFold}: ${train.length} training pages`);

// Out-of-fold first-stage predictions on the training pages, from inner cross-site folds.
const innerFolds = makeFolds(train.map((s) => ({ site: s.site })), { strategy: 'cross-site', folds: inner, seed: 2 }).folds;
const context: LabeledSequence[] = new Array(train.length);
for (const f of innerFolds) {
  const t0 = Date.now();
  const labeler = labelerFromModel(trainOnSequences(f.train.map((i) => train[i]!), { algorithm: 'maxent', params: firstParams, features }));
  for (const i of f.test) {
    const s = train[i]!;
    context[i] = { ...contextSequence(labeler.predict(s), s.pageId, s.site), labels: s.labels };
  }
  log(`inner fold ${f.index + 1}/${inner}: ${f.train.length} pages in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
const t0 = Date.now();
const firstFile = trainOnSequences(train, { algorithm: 'maxent', params: firstParams, features });
const first = labelerFromModel(firstFile);
log(`first stage on all ${train.length} pages in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

const maxent = getTrainer('maxent');
const loaded = (labeler: Labeler) => ({ file: firstFile, labeler, path: '<memory>', featureOptions: featureOptionsOf(firstFile) });
const extractors = [modelExtractor(loaded(first), 'first stage')];
for (const sigma of sigmas) {
  const second = maxent.train(context.filter(Boolean), resolveParams(maxent.params, { sigma, minFreq: 3 }));
  extractors.push(modelExtractor(loaded(new StackedLabeler(first, second)), `stacked sigma=${sigma}`));
}
const cache = new Map<PageRef, LoadedPage>();
const result = await evaluatePages(fold.test.map((i) => refs[i]!), extractors, {
  loader: async (r) => {
    let l = cache.get(r);
    if (!l) cache.set(r, (l = await loadForEval(r)));
    return l;
  },
});
const f3 = (x: number | undefined) => (x === undefined ? '–' : x.toFixed(3));
const prf = (m: { precision: number; recall: number; f1: number } | undefined) => (m ? `${f3(m.f1)} (${f3(m.precision)} / ${f3(m.recall)})` : '–');
console.log(`fold ${testFold} of ${folds}, ${inner} inner folds; F (P / R)\n`);
console.log('| corpus | run | snippet | word | shingle | title exact | body block F1 |\n|---|---|---|---|---|---:|---:|');
for (const c of result.corpora) {
  for (const run of c.runs) {
    const s = run.summary;
    console.log(`| ${c.corpus} | ${run.extractor} | ${prf(s.snippets)} | ${prf(s.word)} | ${prf(s.shingle)} | ${f3(s.title?.accuracy)} | ${f3(s.labels?.micro.body?.f1)} |`);
  }
}
