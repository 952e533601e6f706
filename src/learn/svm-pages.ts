/**
 * Corpus pages for the subtree SVM (models/svm): each page loaded with its gold block labels
 * and, when a layout folder is given and holds the page's layout (keyed by the page's bytes),
 * that layout attached, so the spatial features use the real boxes; other pages stay
 * parser-only. Unlike the block learners' dataset (dataset.ts), a page is read as served.
 */
import type { Corpus, CorpusPage } from '../corpus/types.js';
import { goldBlockLabels } from '../corpus/index.js';
import { loadPage, readPageBytes, withCachedLayout } from '../page.js';
import { LayoutCache } from '../render/cache.js';
import type { SvmTrainingPage } from '../models/svm/train.js';
import { corpusPages } from './dataset.js';

export interface LoadedSvmPage extends SvmTrainingPage {
  readonly corpus: string;
  readonly entry: CorpusPage;
  /** Whether a cached layout was attached. */
  readonly rendered: boolean;
}

export interface SvmLoadOptions {
  /** Folder of cached layouts (`pith render -o DIR`). */
  readonly layouts?: string;
  readonly limit?: number;
  readonly onPage?: (done: number, total: number) => void;
}

export interface SvmLoadResult {
  readonly pages: LoadedSvmPage[];
  readonly skipped: Array<{ corpus: string; id: string; reason: string }>;
}

/** Loads one page (with its layout from `cache` when there is one). */
export async function loadSvmPage(corpus: Corpus, entry: CorpusPage, cache?: LayoutCache): Promise<LoadedSvmPage> {
  const bytes = await readPageBytes(entry.htmlPath);
  const page = await withCachedLayout(loadPage(bytes, { id: entry.id, ...(entry.url !== undefined ? { url: entry.url } : {}) }, entry.htmlPath), bytes, cache);
  return { corpus: corpus.name, entry, page, labels: goldBlockLabels(page, entry.gold), rendered: page.layout !== undefined };
}

export async function loadSvmPages(corpora: readonly Corpus[], options: SvmLoadOptions = {}): Promise<SvmLoadResult> {
  const cache = options.layouts !== undefined ? await LayoutCache.open(options.layouts) : undefined;
  const jobs = corpusPages(corpora, options.limit);
  const pages: LoadedSvmPage[] = [];
  const skipped: SvmLoadResult['skipped'] = [];
  let done = 0;
  for (const [corpus, entry] of jobs) {
    try {
      const p = await loadSvmPage(corpus, entry, cache);
      if (p.labels.some((l) => l === 'body' || l === 'title')) pages.push(p);
      else skipped.push({ corpus: corpus.name, id: entry.id, reason: 'no block could be labelled body or title from the gold' });
    } catch (e) {
      skipped.push({ corpus: corpus.name, id: entry.id, reason: (e as Error).message });
    }
    options.onPage?.(++done, jobs.length);
  }
  return { pages, skipped };
}
