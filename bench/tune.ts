/**
 * `npm run bench:tune`: a quick comparison of learner settings on ONE cross-site fold of the
 * train corpora (train on the other folds' sites, score the held-out sites), for choosing
 * the bundled model's settings before the full `bench:quality` run. Features are computed
 * once and shared by every configuration.
 *   CONFIGS='sigma=10;sigma=1,minFreq=5' ALGORITHM=crf LIMIT=300 FOLDS=5 TEST_FOLD=0 node dist/bench/tune.js
 */
import { join } from 'node:path';
import { openCorpus } from '../src/corpus/index.js';
import type { Corpus } from '../src/corpus/types.js';
import { computeFeatures } from '../src/features/index.js';
import type { AlgorithmName, LabeledSequence } from '../src/models/labeler.js';
import { trainOnSequences } from '../src/learn/train.js';
import { modelFileExtractor } from '../src/eval/model-extractor.js';
import { evaluatePages, type LoadedPage, type PageRef } from '../src/eval/runner.js';
import { loadForEval } from '../src/eval/load.js';
import { makeFolds } from '../src/eval/splits.js';
import { goldTextForDuplicates } from '../src/eval/cross-validate.js';
import { summarize, type PageScores } from '../src/eval/page-scores.js';

const shared = join(process.cwd(), '..', 'shared', 'corpora');
const TRAIN = ['trafilatura-eval', 'readability-test-pages', 'wcxb-dev', 'postlight-titles'];
const limit = process.env.LIMIT ? Number(process.env.LIMIT) : undefined;
const folds = Number(process.env.FOLDS ?? 5);
const testFold = Number(process.env.TEST_FOLD ?? 0);
const algorithm = (process.env.ALGORITHM ?? 'crf') as AlgorithmName;
const configs = (process.env.CONFIGS ?? '').split(';').map((c) => Object.fromEntries(c.split(',').filter(Boolean).map((kv) => kv.split('=') as [string, string])));
const log = (s: string) => process.stderr.write(`[tune ${new Date().toISOString().slice(11, 19)}] ${s}\n`);

const corpora: Corpus[] = [];
for (const n of TRAIN) {
  const c = await openCorpus(join(shared, n));
  corpora.push(limit ? { ...c, pages: c.pages.slice(0, limit) } : c);
}
const refs: PageRef[] = corpora.flatMap((corpus) => corpus.pages.map((page) => ({ corpus, page })));
const split = makeFolds(refs.map((r) => {
  const text = goldTextForDuplicates(r);
  return text !== undefined ? { site: r.page.site, text } : { site: r.page.site };
}), { strategy: 'cross-site', folds, seed: 1 });
const fold = split.folds[testFold]!;

const train: LabeledSequence[] = [];
let n = 0;
for (const i of fold.train) {
  const r = refs[i]!;
  try {
    const loaded = await loadForEval(r);
    const labels = loaded.gold.blockLabels;
    if (labels && labels.some((l) => l !== 'unknown')) train.push({ ...computeFeatures(loaded.page), pageId: `${r.corpus.name}/${r.page.id}`, site: r.page.site, labels });
  } catch { /* unreadable pages are left out, as in training */ }
  if (++n % 500 === 0) log(`features ${n}/${fold.train.length}`);
}
const testRefs = fold.test.map((i) => refs[i]!);
const cache = new Map<PageRef, LoadedPage>();
const loader = async (r: PageRef): Promise<LoadedPage> => {
  let l = cache.get(r);
  if (!l) cache.set(r, (l = await loadForEval(r)));
  return l;
};
log(`fold ${testFold}: ${train.length} training pages, ${testRefs.length} test pages`);

const f = (x: number | undefined) => (x === undefined ? '–' : x.toFixed(3));
const rows: string[] = [];
for (const params of configs) {
  const t0 = Date.now();
  const model = trainOnSequences(train, { algorithm, params });
  const secs = (Date.now() - t0) / 1000;
  const result = await evaluatePages(testRefs, [modelFileExtractor(model, 'pith')], { loader });
  const all: PageScores[] = [];
  const cells: string[] = [];
  for (const c of result.corpora) {
    const s = c.runs[0]!.summary;
    all.push(...c.runs[0]!.scores);
    cells.push(`${c.corpus}: snip ${f(s.snippets?.f1)} word ${f(s.word?.f1)} shingle ${f(s.shingle?.f1)} title ${f(s.title?.accuracy)}`);
  }
  const s = summarize(all);
  const row = `| ${JSON.stringify(params)} | ${secs.toFixed(0)} | ${f(s.labels?.micro.body?.f1)} | ${f(s.labels?.micro.title?.f1)} | ${f(s.labels?.micro.heading?.f1)} | ${f(s.title?.accuracy)} | ${cells.join('; ')} |`;
  rows.push(row);
  log(row);
}
console.log(`| params | train s | body F1 | title F1 | heading F1 | title exact | per corpus |\n|---|---:|---:|---:|---:|---:|---|\n${rows.join('\n')}`);
