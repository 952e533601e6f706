/**
 * What the evaluation runner hands around: a corpus page before and after loading. Apart
 * from the runner so that the loader (load.ts), which the runner imports lazily, needs
 * nothing of the runner itself.
 */
import type { Corpus, CorpusPage } from '../corpus/types.js';
import type { Page } from '../page.js';
import type { PageGold } from './page-scores.js';

/** A page of a corpus, not loaded yet. */
export interface PageRef {
  readonly corpus: Corpus;
  readonly page: CorpusPage;
}

/** A page ready for the extractors, with its gold in the metrics' form. */
export interface LoadedPage {
  readonly page: Page;
  readonly html: string;
  readonly gold: PageGold;
}

export type PageLoader = (ref: PageRef) => Promise<LoadedPage>;
