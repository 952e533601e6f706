/**
 * `npm run bench:svm`: the rendered-view study's subtree SVM on unseen sites, beside MaxEnt (pith's bundled
 * learner and recipe) trained on the same folds.
 *
 * The train corpora (trafilatura-eval, readability-test-pages, wcxb-dev, postlight-titles) are
 * pooled and split into cross-site folds (src/eval/splits.ts; near-duplicates kept together);
 * each fold trains the SVM (and MaxEnt) on the other folds and extracts its pages. Scores:
 * title exact (the extracted title equals the gold title after normalisation), body shingle
 * F1, and each corpus' own metric. Rows:
 * - `svm`: the SVM through the whole pipeline (decoder, article writers), as `pith extract`;
 * - `svm subtree`: the chosen subtrees alone (labels straight to the article, no decoder);
 * - `maxent`: the bundled recipe retrained per fold (`--reference bundled`: the bundled model
 *   itself, which saw every site: not a cross-site number; `--reference none`: skipped).
 *
 * Options: --limit N (pages per corpus), --folds K (5), --layouts DIR (cached layouts),
 * --set name=value (SVM parameters, repeatable; default negatives=6, plattFolds=2 to keep the full run near 20 minutes on 2 cores), --reference
 * maxent|bundled|none, --out FILE (Markdown report).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Corpus } from '../src/corpus/types.js';
import { openCorpus } from '../src/corpus/index.js';
import { computeFeatures } from '../src/features/index.js';
import type { LabeledSequence, ModelFile } from '../src/models/labeler.js';
import { trainOnSequences } from '../src/learn/train.js';
import { DEFAULT_MODEL_RECIPE } from '../src/learn/default-model.js';
import { modelFileExtractor, modelPathExtractor } from '../src/eval/model-extractor.js';
import type { Extractor } from '../src/eval/extractor.js';
import type { LoadedPage, PageRef } from '../src/eval/runner.js';
import { loadForEval } from '../src/eval/load.js';
import { crossSiteFolds } from './folds.js';
import { scorePage, summarize, type PageScores } from '../src/eval/page-scores.js';
import { LayoutCache } from '../src/render/cache.js';
import { articleHeadings, buildArticle, toText } from '../src/article/index.js';
import { trainSvmOnPages } from '../src/models/svm/train.js';
import type { SvmLabeler } from '../src/models/svm/labeler.js';
import { svmModelFile } from '../src/trainers/svm.js';
import type { GoldLabel } from '../src/labels.js';
import { bundledModelPath } from '../src/pipeline/extract.js';

const { values } = parseArgs({
  options: {
    limit: { type: 'string' }, folds: { type: 'string' }, layouts: { type: 'string' }, set: { type: 'string', multiple: true },
    reference: { type: 'string' }, out: { type: 'string' },
  },
});
const shared = join(process.cwd(), '..', 'shared', 'corpora');
const TRAIN = [...DEFAULT_MODEL_RECIPE.corpora];
const limit = values.limit ? Number(values.limit) : undefined;
const folds = Number(values.folds ?? 5);
const reference = values.reference ?? 'maxent';
const svmParams: Record<string, string> = { negatives: '6', plattFolds: '2' };
for (const kv of values.set ?? []) {
  const i = kv.indexOf('=');
  svmParams[kv.slice(0, i)] = kv.slice(i + 1);
}
const t00 = Date.now();
const log = (s: string) => process.stderr.write(`[svm ${((Date.now() - t00) / 1000).toFixed(0)}s] ${s}\n`);

const corpora: Corpus[] = [];
for (const n of TRAIN) {
  const c = await openCorpus(join(shared, n));
  corpora.push(limit ? { ...c, pages: c.pages.slice(0, limit) } : c);
}
const refs: PageRef[] = corpora.flatMap((corpus) => corpus.pages.map((page) => ({ corpus, page })));
const layouts = values.layouts ? await LayoutCache.open(values.layouts) : undefined;

// Every page loaded once (its layout attached when the folder has one); the raw HTML is dropped.
const loaded: Array<LoadedPage | undefined> = [];
let rendered = 0;
for (const r of refs) {
  try {
    const l = await loadForEval(r, layouts ? { layouts } : {});
    if (l.page.layout) rendered++;
    loaded.push({ ...l, html: '' });
  } catch (e) {
    log(`skipped ${r.corpus.name}/${r.page.id}: ${(e as Error).message}`);
    loaded.push(undefined);
  }
  if (loaded.length % 500 === 0) log(`loaded ${loaded.length}/${refs.length}`);
}
log(`loaded ${refs.length} pages (${rendered} with a layout)`);

const split = crossSiteFolds(refs, folds);

/** Scores per extractor name, per corpus. */
const scores = new Map<string, Map<string, PageScores[]>>();
const add = (name: string, corpus: string, s: PageScores) => {
  const m = scores.get(name) ?? new Map<string, PageScores[]>();
  scores.set(name, m);
  m.set(corpus, [...(m.get(corpus) ?? []), s]);
};
async function score(name: string, extractor: Extractor, idx: readonly number[]): Promise<number> {
  const t0 = performance.now();
  for (const i of idx) {
    const l = loaded[i];
    if (!l) continue;
    const ref = refs[i]!;
    try {
      const e = await extractor.extract({ page: l.page, html: l.html });
      add(name, ref.corpus.name, scorePage(l.page.id, ref.page.site, e, l.gold));
    } catch (err) {
      log(`${name} failed on ${ref.corpus.name}/${ref.page.id}: ${(err as Error).message}`);
    }
  }
  return (performance.now() - t0) / Math.max(1, idx.length);
}

/** The chosen subtrees alone: the labeler's labels straight to the article. */
function subtreeExtractor(labeler: SvmLabeler): Extractor {
  return {
    name: 'svm subtree',
    extract({ page }) {
      const labels = labeler.predictPage(page).labels;
      const article = buildArticle(page, labels, { includeHidden: page.includesHidden });
      return { title: article.title, headings: articleHeadings(article), body: toText(article), blockLabels: labels };
    },
  };
}

const seqCache = new Map<number, LabeledSequence | null>();
function sequence(i: number): LabeledSequence | null {
  if (seqCache.has(i)) return seqCache.get(i)!;
  const l = loaded[i];
  let s: LabeledSequence | null = null;
  if (l && l.gold.blockLabels && l.gold.blockLabels.some((x) => x !== 'unknown')) {
    s = { ...computeFeatures(l.page, DEFAULT_MODEL_RECIPE.features), pageId: `${refs[i]!.corpus.name}/${refs[i]!.page.id}`, site: refs[i]!.page.site, labels: l.gold.blockLabels };
  }
  seqCache.set(i, s);
  return s;
}

const timing: string[] = [];
const bundled = reference === 'bundled' ? await modelPathExtractor(bundledModelPath()) : undefined;
for (const fold of split.folds) {
  const t0 = Date.now();
  const train = fold.train.flatMap((i) => {
    const l = loaded[i];
    return l && l.gold.blockLabels ? [{ page: l.page, labels: l.gold.blockLabels as readonly GoldLabel[] }] : [];
  });
  const { labeler, report } = trainSvmOnPages(train, svmParams);
  const file: ModelFile = svmModelFile(labeler, report, [{ name: `fold ${fold.index}`, pages: train.length, hash: '' }]);
  const trainS = (Date.now() - t0) / 1000;
  const ms = await score('svm', modelFileExtractor(file, 'svm'), fold.test);
  await score('svm subtree', subtreeExtractor(labeler), fold.test);
  const line = `fold ${fold.index + 1}/${folds}: svm trained on ${train.length} pages in ${trainS.toFixed(0)}s ` +
    `(body ${report.body.examples} ex, ${report.body.supportVectors} SV, ${report.body.iterations} it${report.body.converged ? '' : ' NOT converged'}; ` +
    `title ${report.title.examples} ex, ${report.title.supportVectors} SV; partial body gold skipped ${report.bodyPartialSkipped}, gold body outside candidates ${report.bodyGoldOutside}, gold title not a candidate ${report.titleGoldOutside}); ` +
    `extraction ${ms.toFixed(1)} ms/page on ${fold.test.length} pages`;
  log(line);
  timing.push(`- ${line}`);
  if (reference === 'maxent') {
    const t1 = Date.now();
    const seqs = fold.train.map(sequence).filter((s): s is LabeledSequence => s !== null);
    const model = trainOnSequences(seqs, { algorithm: 'maxent', params: DEFAULT_MODEL_RECIPE.params, features: DEFAULT_MODEL_RECIPE.features });
    const mline = `fold ${fold.index + 1}/${folds}: maxent trained on ${seqs.length} pages in ${((Date.now() - t1) / 1000).toFixed(0)}s`;
    log(mline);
    timing.push(`- ${mline}`);
    await score('maxent', modelFileExtractor(model, 'maxent'), fold.test);
  } else if (bundled) {
    await score('maxent (bundled, saw every site)', bundled, fold.test);
  }
}

const f = (x: number | undefined) => (x === undefined ? '–' : x.toFixed(3));
const rows: string[] = [];
const pooled = new Map<string, PageScores[]>();
for (const [name, byCorpus] of scores) {
  for (const [corpus, s] of byCorpus) {
    const m = summarize(s);
    rows.push(`| ${corpus} | ${name} | ${m.pages} | ${f(m.title?.accuracy)} | ${f(m.shingle?.f1)} | ${f(m.snippets?.f1)} | ${f(m.word?.f1)} | ${f(m.labels?.micro.body?.f1)} | ${f(m.labels?.micro.title?.f1)} |`);
    pooled.set(name, [...(pooled.get(name) ?? []), ...s]);
  }
}
for (const [name, s] of pooled) {
  const m = summarize(s);
  rows.push(`| **all** | ${name} | ${m.pages} | ${f(m.title?.accuracy)} | ${f(m.shingle?.f1)} | ${f(m.snippets?.f1)} | ${f(m.word?.f1)} | ${f(m.labels?.micro.body?.f1)} | ${f(m.labels?.micro.title?.f1)} |`);
}
rows.sort();
const report = [
  `# The rendered-view study's subtree SVM, cross-site\n`,
  `${new Date().toISOString()}; ${folds} cross-site folds over ${TRAIN.join(', ')}${limit ? `, ${limit} pages per corpus` : ''}; ${rendered} of ${refs.length} pages with a layout; SVM params ${JSON.stringify(svmParams)}; reference ${reference}; ${((Date.now() - t00) / 60000).toFixed(1)} min.\n`,
  '| corpus | extractor | pages | title exact | shingle F1 | snippet F | word F1 | body block F1 | title block F1 |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows,
  '',
  ...timing,
  '',
].join('\n');
console.log(report);
if (values.out) await writeFile(values.out, report);
