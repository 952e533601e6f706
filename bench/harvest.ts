/**
 * `npm run bench:harvest`: are labels harvested from publishers' JSON-LD articleBody
 * (src/corpus/harvest.ts) as good to train on as a corpus' gold?
 *
 * The train corpora's pages (trafilatura-eval, readability-test-pages, wcxb-dev, read in place)
 * are harvested: each page's JSON-LD articleBody aligned to its blocks, kept when the
 * alignment passes harvest's thresholds. On cross-site folds (grouped by site, near-duplicates
 * kept together), the bundled recipe (DEFAULT_MODEL_RECIPE: learner, params, features) is
 * trained on the training folds' pages three ways, and each is scored on the held-out fold's
 * gold with bench:quality's metrics:
 *   (a) gold: the gold labels of every training page;
 *   (b) harvested: the harvested labels of the training pages harvesting kept;
 *   (c) gold-kept: the gold labels of those same kept pages (label quality vs page count).
 * Options (env): FOLDS (3), LIMIT (pages per corpus: pages whose bytes mention articleBody
 * first, then the rest in corpus order), OUT (Markdown report path).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Corpus } from '../src/corpus/types.js';
import { openCorpus } from '../src/corpus/index.js';
import { HARVEST_REJECT_REASONS, harvestParsedPage, type HarvestRejectReason } from '../src/corpus/harvest.js';
import { computeFeatures } from '../src/features/index.js';
import type { LabeledSequence } from '../src/models/labeler.js';
import type { GoldLabel } from '../src/labels.js';
import { trainOnSequences } from '../src/learn/train.js';
import { CROSS_SITE_PARAMS, DEFAULT_MODEL_RECIPE } from '../src/learn/default-model.js';
import { modelFileExtractor } from '../src/eval/model-extractor.js';
import { evaluatePages, type PageRef } from '../src/eval/runner.js';
import { loadForEval } from '../src/eval/load.js';
import { crossSiteFolds } from './folds.js';
import { summarize, type MetricSummary, type PageScores } from '../src/eval/page-scores.js';
import { maybeGunzip } from '../src/dom/bytes.js';
import { readPageBytes } from '../src/page.js';
import { latin1 } from '../src/corpus/readers/files.js';

const shared = join(process.cwd(), '..', 'shared', 'corpora');
const CORPORA = ['trafilatura-eval', 'readability-test-pages', 'wcxb-dev'];
const folds = Number(process.env.FOLDS ?? 3);
const limit = process.env.LIMIT ? Number(process.env.LIMIT) : undefined;
const algorithm = DEFAULT_MODEL_RECIPE.algorithm;
const params = { ...CROSS_SITE_PARAMS[algorithm] };
const features = DEFAULT_MODEL_RECIPE.features;
const f = (x: number | undefined) => (x === undefined ? '–' : x.toFixed(3));
const log = (s: string) => process.stderr.write(`[harvest ${new Date().toISOString().slice(11, 19)}] ${s}\n`);

async function mentionsArticleBody(path: string): Promise<boolean> {
  try {
    return latin1(maybeGunzip(await readPageBytes(path))).includes('articleBody');
  } catch {
    return false;
  }
}

const corpora: Corpus[] = [];
for (const n of CORPORA) {
  const c = await openCorpus(join(shared, n));
  if (limit === undefined) {
    corpora.push(c);
    continue;
  }
  const first: typeof c.pages[number][] = [];
  const rest: typeof c.pages[number][] = [];
  for (const p of c.pages) ((await mentionsArticleBody(p.htmlPath)) ? first : rest).push(p);
  corpora.push({ ...c, pages: [...first, ...rest].slice(0, limit) });
}
const refs: PageRef[] = corpora.flatMap((corpus) => corpus.pages.map((page) => ({ corpus, page })));

// Features once per page; gold and harvested labels beside them.
interface PageData { gold?: LabeledSequence; harvested?: LabeledSequence }
const data: PageData[] = [];
/** Per corpus: pages, kept, blocks of kept pages agreeing with gold, and harvested `heading` against gold `heading` on them. */
interface HarvestStats { pages: number; kept: number; agree: number; blocks: number; headingTp: number; headingFp: number; headingFn: number; rejected: Record<HarvestRejectReason, number> }
const perCorpus = new Map<string, HarvestStats>();
for (const [i, r] of refs.entries()) {
  const stats = perCorpus.get(r.corpus.name) ?? { pages: 0, kept: 0, agree: 0, blocks: 0, headingTp: 0, headingFp: 0, headingFn: 0, rejected: Object.fromEntries(HARVEST_REJECT_REASONS.map((x) => [x, 0])) as Record<HarvestRejectReason, number> };
  perCorpus.set(r.corpus.name, stats);
  stats.pages++;
  const d: PageData = {};
  try {
    const loaded = await loadForEval(r);
    const feats = computeFeatures(loaded.page, features);
    const base = { ...feats, pageId: `${r.corpus.name}/${r.page.id}`, site: r.page.site };
    const goldLabels: readonly GoldLabel[] = loaded.gold.blockLabels ?? loaded.page.blocks.map(() => 'unknown' as const);
    if (feats.items.length > 0 && goldLabels.some((l) => l !== 'unknown')) d.gold = { ...base, labels: goldLabels };
    const h = harvestParsedPage(loaded.page);
    if (h.kept) {
      stats.kept++;
      d.harvested = { ...base, labels: h.labels };
      for (let b = 0; b < h.labels.length; b++) {
        if (goldLabels[b] === 'unknown') continue;
        stats.blocks++;
        if (goldLabels[b] === h.labels[b]) stats.agree++;
        const [g, l] = [goldLabels[b] === 'heading', h.labels[b] === 'heading'];
        if (g && l) stats.headingTp++;
        else if (l) stats.headingFp++;
        else if (g) stats.headingFn++;
      }
    } else stats.rejected[h.reason]++;
    if (h.kept || h.reason === 'poor-alignment') log(`alignment ${r.corpus.name}/${r.page.id}: coverage ${f(h.coverage)} precision ${f(h.precision)} ${h.kept ? 'kept' : 'rejected'}`);
  } catch (e) {
    log(`skipped ${r.corpus.name}/${r.page.id}: ${(e as Error).message}`);
  }
  data.push(d);
  if ((i + 1) % 200 === 0) log(`pages ${i + 1}/${refs.length}`);
}

const split = crossSiteFolds(refs, folds);

const VARIANTS = ['a gold', 'b harvested', 'c gold-kept'] as const;
const scores = new Map<string, Map<string, PageScores[]>>(); // variant -> corpus -> scores
const trainedOn = new Map<string, number[]>();
for (const fold of split.folds) {
  const t0 = Date.now();
  const tr = fold.train.map((i) => data[i]!);
  const sets: Record<(typeof VARIANTS)[number], LabeledSequence[]> = {
    'a gold': tr.flatMap((d) => (d.gold ? [d.gold] : [])),
    'b harvested': tr.flatMap((d) => (d.harvested ? [d.harvested] : [])),
    'c gold-kept': tr.flatMap((d) => (d.harvested && d.gold ? [d.gold] : [])),
  };
  const extractors = VARIANTS.map((v) => {
    trainedOn.set(v, [...(trainedOn.get(v) ?? []), sets[v].length]);
    return modelFileExtractor(trainOnSequences(sets[v], { algorithm, params, features }), v);
  });
  log(`fold ${fold.index + 1}/${folds}: trained on ${VARIANTS.map((v) => `${sets[v].length} (${v})`).join(', ')} in ${((Date.now() - t0) / 1000).toFixed(0)}s; testing ${fold.test.length}`);
  const result = await evaluatePages(fold.test.map((i) => refs[i]!), extractors);
  for (const c of result.corpora) for (const run of c.runs) {
    const m = scores.get(run.extractor) ?? new Map<string, PageScores[]>();
    scores.set(run.extractor, m);
    m.set(c.corpus, [...(m.get(c.corpus) ?? []), ...run.scores]);
  }
}

/** Precision / recall of harvested `heading` against gold `heading` ('–' where either side has none). */
const headingPR = (s: HarvestStats): string => {
  const [p, r] = [s.headingTp + s.headingFp, s.headingTp + s.headingFn];
  return `${p ? f(s.headingTp / p) : '–'} / ${r ? f(s.headingTp / r) : '–'}`;
};
const row = (corpus: string, name: string, s: MetricSummary) => {
  const L = s.labels;
  return `| ${corpus} | ${name} | ${s.pages} | ${f(s.snippets?.f1)} | ${f(s.word?.f1)} | ${f(s.title?.accuracy)} | ${f(L?.micro.heading?.f1)} | ${f(L?.micro.body?.f1)} | ${f(L?.micro.title?.f1)} |`;
};
const out: string[] = [
  `# Harvested labels vs gold\n\n${new Date().toISOString()}; ${folds} cross-site folds over ${CORPORA.join(', ')}${limit ? `, ${limit} pages per corpus (pages mentioning articleBody first)` : ''}; ${algorithm} ${JSON.stringify(params)}\n`,
  '## Harvesting the pages\n',
  `| corpus | pages | kept | block agreement with gold (kept pages) | heading P / R vs gold (kept pages) | ${HARVEST_REJECT_REASONS.join(' | ')} |`,
  `|---|---:|---:|---:|---:|${HARVEST_REJECT_REASONS.map(() => '---:').join('|')}|`,
  ...[...perCorpus].map(([c, s]) => `| ${c} | ${s.pages} | ${s.kept} | ${s.blocks ? f(s.agree / s.blocks) : '–'} | ${headingPR(s)} | ${HARVEST_REJECT_REASONS.map((r) => s.rejected[r]).join(' | ')} |`),
  '',
  `Training pages per fold: ${VARIANTS.map((v) => `${v}: ${trainedOn.get(v)!.join(', ')}`).join('; ')}.\n`,
  '## Held-out fold, scored on gold\n',
  '| corpus | trained on | pages | snippet F | word F1 | title exact | heading block F1 | body block F1 | title block F1 |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|',
];
const rows: string[] = [];
for (const v of VARIANTS) {
  const m = scores.get(v);
  if (!m) continue;
  for (const [c, s] of m) rows.push(row(c, v, summarize(s)));
  rows.push(row('(all)', v, summarize([...m.values()].flat())));
}
out.push(...rows.sort());
const text = out.join('\n') + '\n';
console.log(text);
if (process.env.OUT) await writeFile(process.env.OUT, text);
