/**
 * `npm run bench:quality`: pith's learned extraction on unseen sites, beside Readability.js
 * on the same pages in the same run.
 *
 * - The "train" corpora (trafilatura-eval, readability-test-pages, wcxb-dev, postlight-titles)
 *   are pooled and split into 5 folds grouped by site (near-duplicates kept together): each
 *   page is extracted by a model trained on the other folds only, so no page is ever scored
 *   by a model that saw its site.
 * - The eval-only corpora (l3s-gn1, dragnet, cleaneval) are scored with a model trained on
 *   all train corpora (they are never trained on).
 * "declared title exact" scores pith's `metadata.pageTitle` (the title the page declares,
 * Readability.js's convention) against the same gold titles as "title exact" (the visible headline).
 * Options (env): FOLDS (5), LIMIT (pages per corpus), ALGORITHMS (the bundled model's learner;
 * e.g. maxent,crf,memm for the block-labelling study's comparison; the first also scores the eval-only corpora),
 * SET (learner params for every learner, `name=value,...`; default: each learner's
 * CROSS_SITE_PARAMS, src/learn/default-model.ts), ABLATION=1 (one cross-validation per feature
 * family switched off, first learner), OUT (Markdown report path), LAYOUTS (a `pith render`
 * folder: pages found there carry their layout), VISUAL=1 (with LAYOUTS: the first learner
 * cross-site with the bundled recipe and with the recipe plus the `visual` family, and
 * nothing else).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Corpus } from '../src/corpus/types.js';
import { openCorpus } from '../src/corpus/index.js';
import { computeFeatures, DEFAULT_FAMILIES, type FamilyName, type FeatureOptions } from '../src/features/index.js';
import { LayoutCache } from '../src/render/cache.js';
import { laidOutByCss } from '../src/render/layout.js';
import type { AlgorithmName, LabeledSequence } from '../src/models/labeler.js';
import { trainOnSequences } from '../src/learn/train.js';
import { trainingPanels } from '../src/learn/dataset.js';
import { CROSS_SITE_PARAMS, DEFAULT_MODEL_RECIPE, recipeFeaturesWithout } from '../src/learn/default-model.js';
import { modelFileExtractor } from '../src/eval/model-extractor.js';
import { readabilityExtractor } from '../src/eval/baselines/readability.js';
import { evaluatePages, type EvalResult, type LoadedPage, type PageRef } from '../src/eval/runner.js';
import { loadForEval } from '../src/eval/load.js';
import { errorLines } from '../src/eval/report.js';
import { crossSiteFolds } from './folds.js';
import { summarize, type MetricSummary, type PageScores } from '../src/eval/page-scores.js';

const shared = join(process.cwd(), '..', 'shared', 'corpora');
const TRAIN = [...DEFAULT_MODEL_RECIPE.corpora];
const EVAL_ONLY = ['l3s-gn1', 'dragnet', 'cleaneval'];
const folds = Number(process.env.FOLDS ?? 5);
const limit = process.env.LIMIT ? Number(process.env.LIMIT) : undefined;
const algorithms = (process.env.ALGORITHMS ?? DEFAULT_MODEL_RECIPE.algorithm).split(',') as AlgorithmName[];
// Each learner's cross-site settings (the bundled model's for its learner; its own defaults
// for a learner without any, e.g. knn) unless SET overrides them.
const override = process.env.SET !== undefined
  ? Object.fromEntries(process.env.SET.split(',').filter(Boolean).map((kv) => kv.split('=') as [string, string]))
  : undefined;
const paramsOf = (algorithm: AlgorithmName): Record<string, string | number | boolean> =>
  override ?? { ...CROSS_SITE_PARAMS[algorithm] };
const layouts = process.env.LAYOUTS ? await LayoutCache.open(process.env.LAYOUTS) : undefined;
/**
 * Pages whose rendered prose sits in a column narrower than the window: their stylesheet was
 * inline, so the layout is the page's own (offline, external stylesheets are never loaded and
 * most pages render as one full-width flow). "Where rendering works" in VISUAL's second table.
 */
const laidOut = new Set<string>();
const PROSE_WORDS = 12;
function notePageLayout(r: PageRef, page: LoadedPage['page']): void {
  const prose = page.blocks.filter((b) => b.kind === 'text' && b.text.split(/\s+/).length >= PROSE_WORDS).map((b) => b.elementId);
  if (page.layout && laidOutByCss(page.layout, prose)) laidOut.add(`${r.corpus.name}/${r.page.id}`);
}
const load = async (r: PageRef): Promise<LoadedPage> => {
  const loaded = await loadForEval(r, layouts ? { layouts } : {});
  notePageLayout(r, loaded.page);
  return loaded;
};
const log = (s: string) => process.stderr.write(`[quality ${new Date().toISOString().slice(11, 19)}] ${s}\n`);

async function open(names: string[]): Promise<Corpus[]> {
  const out: Corpus[] = [];
  for (const n of names) {
    const c = await openCorpus(join(shared, n));
    out.push(limit ? { ...c, pages: c.pages.slice(0, limit) } : c);
  }
  return out;
}

const trainCorpora = await open(TRAIN);
const refs: PageRef[] = trainCorpora.flatMap((corpus) => corpus.pages.map((page) => ({ corpus, page })));
const key = (r: PageRef) => `${r.corpus.name}/${r.page.id}`;

/** Features are computed once per page and feature set; pages loaded once per pass. */
const seqCache = new Map<string, Map<string, LabeledSequence>>();
async function sequencesFor(pages: readonly PageRef[], features: FeatureOptions, tag: string): Promise<LabeledSequence[]> {
  let cache = seqCache.get(tag);
  if (!cache) seqCache.set(tag, (cache = new Map()));
  const out: LabeledSequence[] = [];
  let n = 0;
  for (const r of pages) {
    let s = cache.get(key(r));
    if (!s) {
      try {
        const loaded = await loadForEval(r, { ...(layouts ? { layouts } : {}), ...trainingPanels(r.page.gold) });
        const labels = loaded.gold.blockLabels ?? loaded.page.blocks.map(() => 'unknown' as const);
        s = { ...computeFeatures(loaded.page, features), pageId: key(r), site: r.page.site, labels };
      } catch (e) {
        log(`skipped ${key(r)}: ${(e as Error).message}`);
        s = { pageId: key(r), site: r.page.site, items: [], labels: [] };
      }
      cache.set(key(r), s);
    }
    if (s.items.length && s.labels.some((l) => l !== 'unknown')) out.push(s);
    if (++n % 500 === 0) log(`features ${tag}: ${n}/${pages.length}`);
  }
  return out;
}

/** Every train-corpus page extracted by a model that never saw its site; returns scores by corpus. */
async function crossSite(algorithm: AlgorithmName, features: FeatureOptions, tag: string, withReadability: boolean): Promise<Map<string, Map<string, PageScores[]>>> {
  const split = crossSiteFolds(refs, folds);
  const byExtractor = new Map<string, Map<string, PageScores[]>>();
  const add = (result: EvalResult) => {
    for (const c of result.corpora) for (const run of c.runs) {
      const name = run.extractor.startsWith('model:') ? `pith ${algorithm}${tag === 'visual' ? ' +visual' : ''}` : run.extractor;
      const m = byExtractor.get(name) ?? new Map<string, PageScores[]>();
      byExtractor.set(name, m);
      m.set(c.corpus, [...(m.get(c.corpus) ?? []), ...run.scores]);
    }
    failures.push(...errorLines(result));
  };
  for (const fold of split.folds) {
    const t0 = Date.now();
    const train = await sequencesFor(fold.train.map((i) => refs[i]!), features, tag);
    const model = trainOnSequences(train, { algorithm, params: paramsOf(algorithm), features });
    log(`${tag} ${algorithm} fold ${fold.index + 1}/${folds}: trained on ${train.length} pages in ${((Date.now() - t0) / 1000).toFixed(0)}s; testing ${fold.test.length}`);
    const extractors = [modelFileExtractor(model, `model:${algorithm}`), ...(withReadability ? [readabilityExtractor] : [])];
    add(await evaluatePages(fold.test.map((i) => refs[i]!), extractors, { loader: load }));
  }
  return byExtractor;
}

/** Unloadable pages and failed extractions (scored as finding nothing by the runner), one line per run that had any. */
const failures: string[] = [];

const f = (x: number | undefined) => (x === undefined ? '–' : x.toFixed(3));
function row(name: string, corpus: string, s: MetricSummary): string {
  const L = s.labels;
  return `| ${corpus} | ${name} | ${s.pages} | ${f(s.snippets?.f1)} | ${f(s.word?.f1)} | ${f(s.shingle?.f1)} | ${f(s.title?.accuracy)} | ${f(s.pageTitle?.accuracy)} | ${f(L?.micro.heading?.f1)} | ${f(L?.micro.body?.f1)} | ${f(L?.micro.title?.f1)} |`;
}
/** The main text's metric for a corpus (words, else snippets, else shingles: the first its gold gives), with precision and recall. */
function prRow(name: string, corpus: string, s: MetricSummary): string {
  const [metric, m] = s.word ? ['word', s.word] as const : s.snippets ? ['snippet', s.snippets] as const : ['shingle', s.shingle] as const;
  return `| ${corpus} | ${name} | ${s.pages} | ${m ? metric : '–'} | ${f(m?.precision)} | ${f(m?.recall)} | ${f(m?.f1)} | ${f(s.shingle?.precision)} | ${f(s.shingle?.recall)} | ${f(s.shingle?.f1)} |`;
}
const PR_HEADER = '| corpus | extractor | pages | metric | precision | recall | F1 | shingle P | shingle R | shingle F1 |\n|---|---|---:|---|---:|---:|---:|---:|---:|---:|';
const HEADER = '| corpus | extractor | pages | snippet F | word F1 | shingle F1 | title exact | declared title exact | heading block F1 | body block F1 | title block F1 |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|';

const report: string[] = [`# pith quality benchmark\n\n${new Date().toISOString()}; ${folds} cross-site folds over the train corpora${limit ? `, ${limit} pages per corpus` : ''}; params ${algorithms.map((a) => `${a} ${JSON.stringify(paramsOf(a))}`).join(', ')}\n`];
const docRows: string[] = [];
const docRow = (name: string, corpus: string, s: MetricSummary) => {
  const d = s.document;
  if (!d) return;
  const all = d.all;
  docRows.push(`| ${corpus} | ${name} | ${all.pages} | ${f(all.accuracy)} | ${f(all.precision)} | ${f(all.recall)} | ${f(all.block.precision)} | ${f(all.block.recall)} | ${f(d.contiguous?.accuracy)} (${d.contiguous?.pages ?? 0}) | ${f(d.nonContiguous?.accuracy)} (${d.nonContiguous?.pages ?? 0}) |`);
};

if (process.env.VISUAL === '1') {
  if (!layouts) throw new Error('VISUAL=1 needs LAYOUTS=<pith render folder>');
  // The rendered-view study's rendered view as one more family, against the recipe without it, on the same folds.
  const recipe = DEFAULT_MODEL_RECIPE.features;
  const withVisual: FeatureOptions = { ...recipe, families: [...DEFAULT_FAMILIES, 'visual'] };
  const vrows: string[] = [];
  const subsetRows: string[] = [];
  const vrow = (corpus: string, name: string, s: MetricSummary): string =>
    `| ${corpus} | ${name} | ${s.pages} | ${f(s.snippets?.precision)} | ${f(s.snippets?.f1)} | ${f(s.word?.precision)} | ${f(s.word?.f1)} | ${f(s.shingle?.precision)} | ${f(s.shingle?.recall)} | ${f(s.shingle?.f1)} | ${f(s.labels?.micro.body?.f1)} | ${f(s.title?.accuracy)} |`;
  for (const [features, tag] of [[recipe, 'all'], [withVisual, 'visual']] as const) {
    const result = await crossSite(algorithms[0]!, features, tag, false);
    for (const [name, byCorpus] of result) for (const [corpus, scores] of byCorpus) {
      vrows.push(vrow(corpus, name, summarize(scores)));
      const sub = scores.filter((p) => laidOut.has(`${corpus}/${p.pageId}`));
      if (sub.length > 0) subsetRows.push(vrow(corpus, name, summarize(sub)));
    }
    seqCache.delete(tag);
  }
  const head = '| corpus | extractor | pages | snippet P | snippet F | word P | word F1 | shingle P | shingle R | shingle F1 | body block F1 | title exact |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|';
  const text = `# Visual features (rendered-view study), cross-site\n\n${new Date().toISOString()}; ${folds} cross-site folds over the train corpora${limit ? `, ${limit} pages per corpus` : ''}; layouts from ${process.env.LAYOUTS}\n\n## Every page\n\n${head}\n${vrows.sort().join('\n')}\n\n## Pages laid out by their own CSS (prose column narrower than 85% of the window: ${laidOut.size} pages)\n\n${head}\n${subsetRows.sort().join('\n')}\n`;
  console.log(text);
  if (process.env.OUT) await writeFile(process.env.OUT, text);
  process.exit(0);
}

// 1. Cross-site over the train corpora, each algorithm, Readability once beside the first.
const rows: string[] = [];
const prRows: string[] = [];
const typeRows: string[] = [];
/** Page type by `corpus/id`, where the corpus records it (wcxb-dev). */
const pageTypes = new Map(refs.flatMap((r) => (r.page.pageType ? [[key(r), r.page.pageType] as const] : [])));
let first = true;
for (const algorithm of algorithms) {
  const result = await crossSite(algorithm, DEFAULT_MODEL_RECIPE.features, 'all', first);
  for (const [name, byCorpus] of result) for (const [corpus, scores] of byCorpus) {
    const s = summarize(scores);
    rows.push(row(name, corpus, s));
    prRows.push(prRow(name, corpus, s));
    docRow(name, corpus, s);
    const byType = new Map<string, PageScores[]>();
    for (const p of scores) {
      const t = pageTypes.get(`${corpus}/${p.pageId}`);
      if (t) byType.set(t, [...(byType.get(t) ?? []), p]);
    }
    for (const [t, list] of byType) typeRows.push(prRow(name, `${corpus} ${t}`, summarize(list)));
  }
  first = false;
}
report.push(`## Cross-site (train corpora)\n\n${HEADER}\n${rows.sort().join('\n')}\n`);
report.push(`### Precision and recall of the main text (cross-site)\n\n${PR_HEADER}\n${prRows.sort().join('\n')}\n`);
if (typeRows.length) report.push(`### By page type (cross-site; the corpus's own page types)\n\n${PR_HEADER}\n${typeRows.sort().join('\n')}\n`);

// 2. Eval-only corpora with a model trained on every train page.
{
  const t0 = Date.now();
  const all = await sequencesFor(refs, DEFAULT_MODEL_RECIPE.features, 'all');
  const model = trainOnSequences(all, { algorithm: algorithms[0]!, params: paramsOf(algorithms[0]!), features: DEFAULT_MODEL_RECIPE.features });
  log(`full model trained on ${all.length} pages in ${((Date.now() - t0) / 1000).toFixed(0)}s`);
  const evalCorpora = await open(EVAL_ONLY);
  const result = await evaluatePages(evalCorpora.flatMap((corpus) => corpus.pages.map((page) => ({ corpus, page }))), [modelFileExtractor(model, `pith ${algorithms[0]}`), readabilityExtractor], {
    onProgress: (e) => { if (e.done % 200 === 0) log(`eval ${e.corpus} ${e.done}/${e.total}`); },
  });
  failures.push(...errorLines(result));
  const evalRows: string[] = [];
  const evalPr: string[] = [];
  for (const c of result.corpora) for (const run of c.runs) {
    evalRows.push(row(run.extractor, c.corpus, run.summary));
    evalPr.push(prRow(run.extractor, c.corpus, run.summary));
    docRow(run.extractor, c.corpus, run.summary);
  }
  report.push(`## Eval-only corpora (model trained on all train corpora)\n\n${HEADER}\n${evalRows.join('\n')}\n`);
  report.push(`### Precision and recall of the main text (eval-only)\n\n${PR_HEADER}\n${evalPr.join('\n')}\n`);
}
report.push(`## The block-labelling study's document-level table (Content = title/heading/body vs other; complete gold only)\n\n| corpus | extractor | pages | doc acc | doc prec | doc recall | block prec | block recall | contiguous acc (pages) | non-contiguous acc (pages) |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n${docRows.sort().join('\n')}\n`);

// 3. Feature-family ablation: the first learner cross-site with one family off (body/title/heading block F1 over all train corpora).
if (process.env.ABLATION === '1') {
  const abl: string[] = [];
  const off = DEFAULT_MODEL_RECIPE.features.exclude ?? [];
  for (const fam of ['none', ...DEFAULT_FAMILIES.filter((n) => !off.includes(n))] as Array<FamilyName | 'none'>) {
    const features = recipeFeaturesWithout(fam === 'none' ? [] : [fam]);
    const result = await crossSite(algorithms[0]!, features, fam, false);
    const scores = [...result.values()].flatMap((m) => [...m.values()].flat());
    const s = summarize(scores);
    abl.push(`| ${fam === 'none' ? '(all families)' : `-${fam}`} | ${f(s.labels?.micro.body?.f1)} | ${f(s.labels?.micro.title?.f1)} | ${f(s.labels?.micro.heading?.f1)} | ${f(s.title?.accuracy)} |`);
    seqCache.delete(fam);
    log(`ablation ${fam} done`);
  }
  report.push(`## Feature-family ablation (${algorithms[0]}, cross-site, all train corpora pooled)\n\n| features | body block F1 | title block F1 | heading block F1 | title exact |\n|---|---:|---:|---:|---:|\n${abl.join('\n')}\n`);
}

report.push(`## Failed extractions (each scored as finding nothing) and unloadable pages\n\n${failures.length === 0 ? 'None.' : failures.join('\n')}\n`);
const text = report.join('\n');
console.log(text);
if (process.env.OUT) await writeFile(process.env.OUT, text);
