/**
 * Corpora -> labelled sequences for the learners: each page is loaded, its gold aligned
 * to blocks, and its features computed. A page that fails (unreadable, no gold) is counted
 * and skipped, never fatal.
 */
import type { Corpus, CorpusPage, Gold } from '../corpus/types.js';
import { goldBlockLabels, loadCorpusPage, openCorpus } from '../corpus/index.js';
import { computeFeatures, type FeatureOptions } from '../features/index.js';
import type { LabeledSequence } from '../models/labeler.js';
import { readPageBytes, withCachedLayout, type Page } from '../page.js';
import type { LayoutCache } from '../render/cache.js';
import type { GoldLabel } from '../labels.js';

export interface DatasetPage {
  readonly corpus: string;
  readonly page: CorpusPage;
  readonly sequence: LabeledSequence;
}

export interface Dataset {
  readonly pages: DatasetPage[];
  readonly failures: Array<{ corpus: string; pageId: string; error: string }>;
}

export interface DatasetOptions {
  readonly features?: FeatureOptions;
  /** Most pages taken from each corpus (for quick runs). Default: all. */
  readonly limitPerCorpus?: number;
  readonly onProgress?: (done: number, total: number) => void;
  /** A `pith render` folder: pages found there carry their layout (for the `visual` family). */
  readonly layouts?: LayoutCache;
}

/** A page with its gold block labels, before features (shared by training and evaluation). */
export interface GoldPage {
  readonly corpus: Corpus;
  readonly entry: CorpusPage;
  readonly page: Page;
  readonly labels: GoldLabel[];
}

/**
 * A training page. A benchmark's gold is text aligned to blocks, and on the panels a reader opens
 * in place (dom/disclosure.ts) the golds disagree from site to site: Twilio's code tabs are in,
 * Sweetwater's promotional tabs out. Trained on pages with their panels open, the model kept
 * more noise on news (docs/quality.md, "Panels a reader opens in place"). So such pages are read as served, panels
 * closed, while extraction opens them. Labels a person put on nodes (the annotation tool) name
 * the panels they mean, and those pages keep their panels open. The benches that train in the
 * run (bench/quality.ts, bench/tune.ts) read their training pages the same way.
 */
export function trainingPanels(gold: Gold): { openPanels: boolean } {
  return { openPanels: gold.annotations !== undefined };
}

export async function loadGoldPage(corpus: Corpus, entry: CorpusPage, layouts?: LayoutCache): Promise<GoldPage> {
  let page = await loadCorpusPage(corpus, entry, trainingPanels(entry.gold));
  if (layouts) page = await withCachedLayout(page, await readPageBytes(entry.htmlPath), layouts);
  return { corpus, entry, page, labels: goldBlockLabels(page, entry.gold) };
}

export function toLabeledSequence(gold: GoldPage, features: FeatureOptions = {}): LabeledSequence {
  const seq = computeFeatures(gold.page, features);
  return { ...seq, pageId: `${gold.corpus.name}/${gold.entry.id}`, site: gold.entry.site, labels: gold.labels };
}

export async function openCorpora(paths: readonly string[]): Promise<Corpus[]> {
  const out: Corpus[] = [];
  for (const p of paths) out.push(await openCorpus(p));
  return out;
}

/** Every page of the corpora, with its corpus, at most `limitPerCorpus` (the first ones) of each. */
export function corpusPages(corpora: readonly Corpus[], limitPerCorpus?: number): Array<[Corpus, CorpusPage]> {
  const jobs: Array<[Corpus, CorpusPage]> = [];
  for (const c of corpora) {
    const pages = limitPerCorpus !== undefined ? c.pages.slice(0, limitPerCorpus) : c.pages;
    for (const p of pages) jobs.push([c, p]);
  }
  return jobs;
}

export async function buildDataset(corpora: readonly Corpus[], options: DatasetOptions = {}): Promise<Dataset> {
  const jobs = corpusPages(corpora, options.limitPerCorpus);
  const pages: DatasetPage[] = [];
  const failures: Dataset['failures'] = [];
  let done = 0;
  for (const [corpus, entry] of jobs) {
    try {
      const gold = await loadGoldPage(corpus, entry, options.layouts);
      if (gold.labels.some((l) => l !== 'unknown')) {
        pages.push({ corpus: corpus.name, page: entry, sequence: toLabeledSequence(gold, options.features) });
      } else {
        failures.push({ corpus: corpus.name, pageId: entry.id, error: 'no block could be labelled from the gold' });
      }
    } catch (e) {
      failures.push({ corpus: corpus.name, pageId: entry.id, error: (e as Error).message });
    }
    options.onProgress?.(++done, jobs.length);
  }
  return { pages, failures };
}
