/**
 * What the msv-big9 site benchmarks (bench/sites.ts, sites-drift.ts, sites-unlabelled-cv.ts)
 * share: the corpus (`--corpus DIR`, default msv-big9 read in place) and its labelled pages by
 * site-year folder.
 */
import { join } from 'node:path';
import { openCorpus } from '../src/corpus/open.js';
import { msvSubfolders } from '../src/corpus/readers/msv.js';
import type { CorpusPage } from '../src/corpus/types.js';
import { loadLabelledPage, type LabelledPage } from '../src/wrapper/index.js';
import { SHARED_CORPORA } from './folds.js';
import { argValue } from './args.js';

/** The corpus the site benchmarks read: `--corpus DIR`, else the shared msv-big9. */
export function msvRoot(): string {
  return argValue('corpus', join(SHARED_CORPORA, 'msv-big9'));
}

/** A page of a site folder, labelled, with the wall ms its load took. */
export interface SitePage {
  readonly entry: CorpusPage;
  readonly lp: LabelledPage;
  readonly loadMs: number;
}

/** Every site-year folder of the corpus at `root` and its pages, labelled, in the corpus' order. */
export async function labelledSites(root: string): Promise<Map<string, SitePage[]>> {
  const sites = new Map<string, SitePage[]>();
  for (const folder of await msvSubfolders(root)) {
    const corpus = await openCorpus(join(root, folder));
    const pages: SitePage[] = [];
    for (const entry of corpus.pages) {
      const t0 = performance.now();
      const lp = await loadLabelledPage(corpus, entry);
      pages.push({ entry, lp, loadMs: performance.now() - t0 });
    }
    sites.set(folder, pages);
  }
  return sites;
}
