/**
 * What the site benches share: the sites of train-use corpora with enough pages of full main
 * text gold, and a page's extraction scored against its gold as the article benchmark scores it
 * (headline, blank line, text).
 */
import { join } from 'node:path';
import { loadCorpusPage, openCorpus } from '../src/corpus/open.js';
import type { CorpusPage } from '../src/corpus/types.js';
import { shinglePageScore, type ShinglePageScore } from '../src/eval/article-benchmark.js';
import type { ExtractResult } from '../src/pipeline/extract.js';
import type { Page } from '../src/page.js';
import { articleText } from '../src/wrapper/unlabelled.js';
import { SHARED_CORPORA } from './folds.js';

export interface SitePages { readonly corpus: string; readonly site: string; readonly items: { entry: CorpusPage; page: Page }[] }

/**
 * The sites of `corpora` (train-use only) with `minPages` pages or more that have a full main
 * text gold and a URL, `only` these when it names any; `log` gets a line per corpus.
 */
export async function sitesOfCorpora(corpora: readonly string[], minPages: number, only: ReadonlySet<string>, log?: (line: string) => void): Promise<SitePages[]> {
  const out: SitePages[] = [];
  for (const name of corpora) {
    const corpus = await openCorpus(join(SHARED_CORPORA, name));
    if (corpus.use !== 'train') throw new Error(`${name}: not a train-use corpus`);
    const bySite = new Map<string, CorpusPage[]>();
    for (const p of corpus.pages) {
      if (p.gold.mainText === undefined || p.gold.mainText.trim() === '' || p.url === undefined) continue;
      bySite.set(p.site, [...(bySite.get(p.site) ?? []), p]);
    }
    if (log) {
      const withFull = corpus.pages.filter((p) => p.gold.mainText !== undefined).length;
      log(`${name}: ${corpus.pages.length} pages, ${withFull} with a full main text gold, ${bySite.size} sites, ${[...bySite.values()].filter((ps) => ps.length >= minPages).length} with ${minPages}+ pages`);
    }
    for (const [site, entries] of bySite) {
      if (entries.length < minPages || (only.size > 0 && !only.has(site))) continue;
      out.push({ corpus: name, site, items: await Promise.all(entries.map(async (entry) => ({ entry, page: await loadCorpusPage(corpus, entry) }))) });
    }
  }
  return out;
}

/** A page's gold as one text, headline first (as `articleText` reads an extraction). */
export const goldText = (entry: CorpusPage): string => `${entry.gold.title ?? ''}\n\n${entry.gold.mainText ?? ''}`;

/** An extraction's article against the page's gold, by the article benchmark's shingles. */
export const articleScore = (r: ExtractResult, entry: CorpusPage): ShinglePageScore => shinglePageScore(articleText(r.article), goldText(entry));
