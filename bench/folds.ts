/**
 * The shared corpora and the cross-site folds every cross-validating benchmark splits them
 * into: one definition, so that bench:quality, bench:tune, bench:errors, bench:stack,
 * bench:svm and bench:harvest hold out the same sites in fold k.
 */
import { join } from 'node:path';
import { openCorpus } from '../src/corpus/index.js';
import type { Corpus } from '../src/corpus/types.js';
import type { PageRef } from '../src/eval/runner.js';
import { makeFolds, type Split } from '../src/eval/splits.js';
import { goldTextForDuplicates } from '../src/eval/cross-validate.js';

/** `../shared/corpora`, read in place. */
export const SHARED_CORPORA = join(process.cwd(), '..', 'shared', 'corpora');

/** Opens the named corpora (at most `limit` pages each) and lists their pages in order. */
export async function openCorpora(names: readonly string[], limit?: number): Promise<{ corpora: Corpus[]; refs: PageRef[] }> {
  const corpora: Corpus[] = [];
  for (const name of names) {
    const c = await openCorpus(join(SHARED_CORPORA, name));
    corpora.push(limit ? { ...c, pages: c.pages.slice(0, limit) } : c);
  }
  return { corpora, refs: corpora.flatMap((corpus) => corpus.pages.map((page) => ({ corpus, page }))) };
}

/** Folds grouped by site, near-duplicate pages kept together (seed 1, as every run so far). */
export function crossSiteFolds(refs: readonly PageRef[], folds: number): Split {
  return makeFolds(refs.map((r) => {
    const text = goldTextForDuplicates(r);
    return text !== undefined ? { site: r.page.site, text } : { site: r.page.site };
  }), { strategy: 'cross-site', folds, seed: 1 });
}
