/**
 * `npm run bench:tune`: a quick comparison of learner settings on ONE cross-site fold of the
 * train corpora (train on the other folds' sites, score the held-out sites), for choosing
 * the bundled model's settings before the full `bench:quality` run. Features are computed
 * once and shared by every configuration.
 *   CONFIGS='sigma=10;sigma=1,minFreq=5' ALGORITHM=crf LIMIT=300 FOLDS=5 TEST_FOLD=0 node dist/bench/tune.js
 * Without CONFIGS the one configuration is the algorithm's cross-site settings
 * (src/learn/default-model.ts: the bundled model's, for MaxEnt).
 * With ABLATE=1 it runs a feature-family ablation instead: the bundled model's settings, once
 * with every family and once per group of families switched off (features recomputed).
 * DECODER='[{"rescueShare":0},{"rescueShare":1,"proseGap":3}]' scores each trained model once
 * per set of decoder settings (src/decode/constrain.ts), one row each: the constraints
 * compared on the same model. EXCLUDE='page-kind;' gives one run per ';'-separated set of
 * families switched off (an empty set: every family), each with its own features.
 * Families are switched off on top of the bundled recipe's own (src/learn/default-model.ts);
 * ALL_FAMILIES=1 starts from every family instead.
 * SAVE=/tmp/fold0 writes each run's model to /tmp/fold0<run>.model.json.gz, for per-page study.
 * MIN_ALIGNED=0.9 trains only on pages whose gold text the block alignment found at least that
 * share of (`alignedShare`): a test of whether badly aligned gold hurts the learner; a list
 * ('0,0.9,0.98') trains once per threshold on the same features.
 */
import { computeFeatures, type FamilyName, type FeatureOptions } from '../src/features/index.js';
import { CROSS_SITE_PARAMS, DEFAULT_MODEL_RECIPE, recipeFeaturesWithout } from '../src/learn/default-model.js';
import type { AlgorithmName, LabeledSequence } from '../src/models/labeler.js';
import { trainOnSequences } from '../src/learn/train.js';
import { trainingPanels } from '../src/learn/dataset.js';
import { modelFileExtractor } from '../src/eval/model-extractor.js';
import { evaluatePages, type LoadedPage, type PageRef } from '../src/eval/runner.js';
import { loadForEval, type EvalLoadOptions } from '../src/eval/load.js';
import { crossSiteFolds, openCorpora } from './folds.js';
import { summarize, type PageScores } from '../src/eval/page-scores.js';
import { DECODE_NUMBERS, type DecodeOptions } from '../src/decode/constrain.js';
import { saveModel } from '../src/models/model-file.js';
import { resolveFeatureOptions } from '../src/features/config.js';

const limit = process.env.LIMIT ? Number(process.env.LIMIT) : undefined;
const folds = Number(process.env.FOLDS ?? 5);
const testFold = Number(process.env.TEST_FOLD ?? 0);
const algorithm = (process.env.ALGORITHM ?? DEFAULT_MODEL_RECIPE.algorithm) as AlgorithmName;
const ablate = process.env.ABLATE === '1';
/** MIN_ALIGNED='0,0.9': one training set per threshold, from the same features. */
const minAlignedList = (process.env.MIN_ALIGNED ?? '0').split(',').map(Number);
/** Families by where they come from; one ablation row per group. */
const GROUPS: Record<string, FamilyName[]> = {
  'words + stop-words (block-labelling study)': ['words', 'stop-words'],
  'entities + title-case (block-labelling study)': ['entities', 'title-case'],
  'title-match (block-labelling study)': ['title-match'],
  'tags: ancestors, descendants, siblings (block-labelling study)': ['ancestors', 'descendants', 'siblings'],
  'anchor + link-density': ['anchor', 'link-density'],
  'word-count + text-density': ['word-count', 'text-density'],
  'window (memory-based study)': ['window'],
  'structure (list-extraction study)': ['structure'],
  'markup-tokens (class/id/role/itemprop)': ['markup-tokens'],
  'position': ['position'],
  'heading + containers + schema': ['heading', 'containers', 'schema'],
  'prose-core + title-anchor (page-level)': ['prose-core', 'title-anchor'],
  'page-kind (page-level)': ['page-kind'],
  'prose-span (page-level)': ['prose-span'],
  'cues (credits, counters, licence, dateline, lead-in)': ['cues'],
};
/** The learner settings to train with: CONFIGS='a=1,b=2;a=3', else one set (see the header). */
function learnerConfigs(): Array<Record<string, string | number | boolean>> {
  if (ablate) return [{ ...DEFAULT_MODEL_RECIPE.params }];
  // Without CONFIGS: the algorithm's cross-site settings (the bundled recipe's, for its learner), not the learner's bare defaults.
  if (process.env.CONFIGS === undefined) return [{ ...(CROSS_SITE_PARAMS[algorithm] ?? {}) }];
  return process.env.CONFIGS.split(';').map((c) => Object.fromEntries(c.split(',').filter(Boolean).map((kv) => kv.split('=') as [string, string])));
}
const configs = learnerConfigs();
const decoders = parseDecoders(process.env.DECODER);
const log = (s: string) => process.stderr.write(`[tune ${new Date().toISOString().slice(11, 19)}] ${s}\n`);

const { refs } = await openCorpora(DEFAULT_MODEL_RECIPE.corpora, limit);
const split = crossSiteFolds(refs, folds);
const fold = split.folds[testFold]!;

/** Pages loaded once for all runs: test pages as extraction reads them, training pages as training does. */
function cachedLoader(optionsOf: (r: PageRef) => EvalLoadOptions): (r: PageRef) => Promise<LoadedPage> {
  const cache = new Map<PageRef, LoadedPage>();
  return async (r) => {
    let l = cache.get(r);
    if (!l) cache.set(r, (l = await loadForEval(r, optionsOf(r))));
    return l;
  };
}
const loader = cachedLoader(() => ({}));
const trainingLoader = cachedLoader((r) => trainingPanels(r.page.gold));
const testRefs = fold.test.map((i) => refs[i]!);

async function trainingSequences(features: FeatureOptions): Promise<Array<LabeledSequence & { alignedShare: number }>> {
  const train: Array<LabeledSequence & { alignedShare: number }> = [];
  let n = 0;
  for (const i of fold.train) {
    const r = refs[i]!;
    try {
      const loaded = await trainingLoader(r);
      const labels = loaded.gold.blockLabels;
      if (labels && labels.some((l) => l !== 'unknown')) train.push({ ...computeFeatures(loaded.page, features), pageId: `${r.corpus.name}/${r.page.id}`, site: r.page.site, labels, alignedShare: loaded.gold.alignedShare ?? 1 });
    } catch { /* unreadable pages are left out, as in training */ }
    if (++n % 500 === 0) log(`features ${n}/${fold.train.length}`);
  }
  return train;
}

// Runs switch families off on top of the bundled recipe's feature set (ALL_FAMILIES=1: on top of every family).
const allFamilies = process.env.ALL_FAMILIES === '1';
const base: readonly FamilyName[] = allFamilies ? [] : DEFAULT_MODEL_RECIPE.features.exclude ?? [];
const offWith = (exclude: FamilyName[]): FeatureOptions => (allFamilies ? { exclude } : recipeFeaturesWithout(exclude));
const runs: Array<{ name: string; features: FeatureOptions }> = ablate
  ? [{ name: '(recipe families)', features: offWith([]) }, ...Object.entries(GROUPS).filter(([, g]) => !g.every((n) => base.includes(n))).map(([name, exclude]) => ({ name: `-${name}`, features: offWith(exclude) }))]
  : (process.env.EXCLUDE ?? '').split(';').map((set) => {
      const exclude = set.split(',').filter(Boolean) as FamilyName[];
      return { name: exclude.length ? `-${exclude.join('-')}` : '', features: offWith(exclude) };
    });
// A misspelt family fails here, before any page is read (per-page errors are skipped below).
for (const run of runs) resolveFeatureOptions(run.features);
const f = (x: number | undefined) => (x === undefined ? '–' : x.toFixed(3));
/** F1 with precision/recall beside it: 'F (P/R)'. */
const prf = (m: { precision: number; recall: number; f1: number } | undefined) => (m ? `${f(m.f1)} (${f(m.precision)}/${f(m.recall)})` : '–');
const rows: string[] = [];
for (const run of runs) {
  const all = await trainingSequences(run.features);
  for (const minAligned of minAlignedList) {
    // MIN_ALIGNED=0.9: train only on pages whose gold text aligned at least this well.
    const train = all.filter((s) => minAligned <= 0 || s.alignedShare >= minAligned);
    const named = { ...run, name: `${run.name}${minAligned > 0 ? ` aligned>=${minAligned}` : ''}` };
    log(`fold ${testFold}: ${train.length} training pages, ${testRefs.length} test pages ${named.name}`);
    for (const params of configs) await trainAndScore(named, train, params);
  }
}

async function trainAndScore(run: { name: string; features: FeatureOptions }, train: LabeledSequence[], params: Record<string, string | number | boolean>): Promise<void> {
  const t0 = Date.now();
  const model = trainOnSequences(train, { algorithm, params, features: run.features });
  const secs = (Date.now() - t0) / 1000;
  if (process.env.SAVE) await saveModel(`${process.env.SAVE}${run.name || '-all'}.model.json.gz`, model);
  const result = await evaluatePages(testRefs, decoders.map((d, k) => modelFileExtractor(model, `pith${k}`, d)), { loader });
  decoders.forEach((decoder, k) => {
    const all: PageScores[] = [];
    const cells: string[] = [];
    for (const c of result.corpora) {
      const s = c.runs[k]!.summary;
      all.push(...c.runs[k]!.scores);
      cells.push(`${c.corpus}: snip ${prf(s.snippets)} word ${prf(s.word)} shingle ${prf(s.shingle)} title ${f(s.title?.accuracy)}`);
    }
    const s = summarize(all);
    const name = `${run.name}${JSON.stringify(params)}${decoders.length > 1 ? ` decoder ${JSON.stringify(decoder)}` : ''}`;
    const row = `| ${name} | ${secs.toFixed(0)} | ${f(s.labels?.micro.body?.f1)} | ${f(s.labels?.micro.title?.f1)} | ${f(s.labels?.micro.heading?.f1)} | ${f(s.title?.accuracy)} | ${cells.join('; ')} |`;
    rows.push(row);
    log(row);
  });
}

/** DECODER: a JSON array of objects of numeric decoder settings; unknown names are refused. */
function parseDecoders(text: string | undefined): DecodeOptions[] {
  if (!text) return [{}];
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch (e) {
    throw new Error(`DECODER is not JSON: ${(e as Error).message}`);
  }
  if (!Array.isArray(list) || list.length === 0) throw new Error('DECODER must be a non-empty JSON array of objects');
  return list.map((o: unknown) => {
    if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new Error(`DECODER entry ${JSON.stringify(o)} is not an object`);
    for (const [k, v] of Object.entries(o)) {
      if (!DECODE_NUMBERS.includes(k)) throw new Error(`DECODER: unknown setting '${k}' (known: ${DECODE_NUMBERS.join(', ')})`);
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`DECODER: ${k} must be a number`);
    }
    return o as DecodeOptions;
  });
}
console.log(`| params | train s | body F1 | title F1 | heading F1 | title exact | per corpus |\n|---|---:|---:|---:|---:|---:|---|\n${rows.join('\n')}`);
