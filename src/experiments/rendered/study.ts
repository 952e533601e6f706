/**
 * The rendered-view study's experiments on msv-big9 (5 news sites x 40 pages, with their rendered layouts):
 * a wrapper learned from pages of ONE site, tested on the pages of every OTHER site (its
 * "single training site" question), for the SVM subtree selector (spatial + content features)
 * beside the sequence models trained on the same pages (MaxEnt with the bundled recipe's
 * features, and with the visual family added), and the bundled model that saw no page of
 * msv-big9 at all. Learning curve: the same over k = 1, 2, 5, 10, 20, 40 training pages.
 * Scores as the rendered-view study counts them: title accuracy (exact headline) and body accuracy (a page
 * whose body shingle F1 against the gold is at least 0.9), plus mean body shingle F1.
 */
import { join } from 'node:path';
import { openCorpus } from '../../corpus/open.js';
import { msvSubfolders } from '../../corpus/readers/msv.js';
import type { Corpus } from '../../corpus/types.js';
import { toText } from '../../article/index.js';
import { computeFeatures, DEFAULT_FAMILIES, type FeatureOptions } from '../../features/index.js';
import { shinglePageScore, type ShinglePageScore } from '../../eval/article-benchmark.js';
import { titlesMatch } from '../../eval/text-metrics.js';
import { trainOnSequences } from '../../learn/train.js';
import { CROSS_SITE_PARAMS, DEFAULT_MODEL_RECIPE } from '../../learn/default-model.js';
import { labelerFromModel } from '../../models/registry.js';
import type { Labeler } from '../../models/labeler.js';
import { extractPage, featureOptionsOf, loadExtractionModel, type LoadedModel } from '../../pipeline/extract.js';
import { LayoutCache } from '../../render/cache.js';
import { loadSvmPage, type LoadedSvmPage } from '../../learn/svm-pages.js';
import { trainSvmOnPages } from '../../models/svm/train.js';
import { seededShuffle } from '../../util/random.js';

export const RENDERED_EXTRACTORS = ['svm', 'maxent', 'maxent+visual', 'bundled'] as const;
export type RenderedExtractor = (typeof RENDERED_EXTRACTORS)[number];

export interface RenderedStudyOptions {
  /** The msv-big9 folder (or any folder of msv site-year folders). */
  readonly corpus: string;
  /** A `pith render` folder holding the pages' layouts. */
  readonly layouts: string;
  /** Training pages per site for the learning curve (the largest is the main table's). */
  readonly sizes?: readonly number[];
  readonly onProgress?: (message: string) => void;
}

export interface Outcome {
  readonly title: boolean;
  readonly bodyF1: number;
}

export interface Cell {
  readonly trainSite: string;
  readonly size: number;
  readonly extractor: RenderedExtractor;
  readonly outcomes: readonly Outcome[];
  readonly trainMs: number;
}

export interface RenderedStudy {
  readonly sites: readonly string[];
  readonly pagesPerSite: Readonly<Record<string, number>>;
  readonly renderedShare: number;
  readonly sizes: readonly number[];
  readonly cells: readonly Cell[];
}

/** A page's site in msv-big9: the folder name without its year (`bbc-2013` -> `bbc`). */
function siteOfFolder(folder: string): string {
  return folder.replace(/-\d{4}$/, '');
}

/** Body accuracy's threshold: a body this close to the gold counts as extracted correctly. */
export const BODY_CORRECT_F1 = 0.9;

function pageF1(s: ShinglePageScore): number {
  return s.tp === 0 ? (s.fp + s.fn === 0 ? 1 : 0) : (2 * s.tp) / (2 * s.tp + s.fp + s.fn);
}

function score(model: LoadedModel, p: LoadedSvmPage): Outcome {
  const r = extractPage(p.page, model);
  return {
    title: titlesMatch(r.article.title, p.entry.gold.title ?? ''),
    bodyF1: pageF1(shinglePageScore(toText(r.article), p.entry.gold.mainText ?? '')),
  };
}

function inMemory(labeler: Labeler, file: LoadedModel['file']): LoadedModel {
  return { file, labeler, featureOptions: featureOptionsOf(file), path: '<memory>' };
}

function trainMaxent(pages: readonly LoadedSvmPage[], features: FeatureOptions): LoadedModel {
  const seqs = pages.map((p) => ({ ...computeFeatures(p.page, features), labels: [...p.labels] }));
  const file = trainOnSequences(seqs, { algorithm: 'maxent', params: { ...CROSS_SITE_PARAMS['maxent'], minFreq: 1 }, features });
  return inMemory(labelerFromModel(file), file);
}

export async function runRenderedStudy(options: RenderedStudyOptions): Promise<RenderedStudy> {
  const log = options.onProgress ?? (() => undefined);
  const cache = await LayoutCache.open(options.layouts);
  const bySite = new Map<string, LoadedSvmPage[]>();
  let rendered = 0;
  let total = 0;
  for (const folder of await msvSubfolders(options.corpus)) {
    const corpus: Corpus = await openCorpus(join(options.corpus, folder));
    const site = siteOfFolder(folder);
    const list = bySite.get(site) ?? [];
    for (const entry of corpus.pages) {
      const p = await loadSvmPage(corpus, entry, cache);
      total++;
      if (p.rendered) rendered++;
      if (p.labels.some((l) => l === 'body')) list.push(p);
    }
    bySite.set(site, list);
  }
  const sites = [...bySite.keys()].sort();
  log(`loaded ${total} pages of ${sites.length} sites, ${rendered} with a layout`);
  const bundled = await loadExtractionModel();
  const bundledScores = new Map<LoadedSvmPage, Outcome>();
  for (const list of bySite.values()) for (const p of list) bundledScores.set(p, score(bundled, p));
  const visual: FeatureOptions = { ...DEFAULT_MODEL_RECIPE.features, families: [...DEFAULT_FAMILIES, 'visual'] };
  const maxSize = Math.min(...sites.map((s) => bySite.get(s)!.length));
  const sizes = (options.sizes ?? [1, 2, 5, 10, 20, 40]).filter((k) => k <= maxSize);
  const cells: Cell[] = [];
  for (const trainSite of sites) {
    // The rendered-view study draws its training pages at random: one fixed draw per site, its prefixes the sizes.
    const order = seededShuffle(bySite.get(trainSite)!, 2009);
    const test = sites.filter((s) => s !== trainSite).flatMap((s) => bySite.get(s)!);
    for (const size of sizes) {
      const train = order.slice(0, size);
      const learners: Array<[RenderedExtractor, () => LoadedModel]> = [
        ['svm', () => {
          const { labeler } = trainSvmOnPages(train);
          return inMemory(labeler, { ...bundled.file, algorithm: 'svm', body: labeler.toJSON() });
        }],
        ['maxent', () => trainMaxent(train, DEFAULT_MODEL_RECIPE.features)],
        ['maxent+visual', () => trainMaxent(train, visual)],
      ];
      for (const [extractor, learn] of learners) {
        const t0 = performance.now();
        const model = learn();
        const trainMs = performance.now() - t0;
        cells.push({ trainSite, size, extractor, trainMs, outcomes: test.map((p) => score(model, p)) });
      }
      cells.push({ trainSite, size, extractor: 'bundled', trainMs: 0, outcomes: test.map((p) => bundledScores.get(p)!) });
      log(`trained on ${size} page(s) of ${trainSite}, tested on ${test.length} pages of the other sites`);
    }
  }
  return {
    sites, sizes, cells, renderedShare: total > 0 ? rendered / total : 0,
    pagesPerSite: Object.fromEntries(sites.map((s) => [s, bySite.get(s)!.length])),
  };
}

export interface Rates {
  readonly title: number;
  readonly body: number;
  readonly bodyF1: number;
  readonly pages: number;
}

export function rates(outcomes: readonly Outcome[]): Rates {
  const n = Math.max(1, outcomes.length);
  return {
    pages: outcomes.length,
    title: outcomes.filter((o) => o.title).length / n,
    body: outcomes.filter((o) => o.bodyF1 >= BODY_CORRECT_F1).length / n,
    bodyF1: outcomes.reduce((a, o) => a + o.bodyF1, 0) / n,
  };
}
