/**
 * The templates of a learner site model's training pages (docs/sites.md, "Learners as site
 * models"): stored in its `sites` entry as the wrapper's are, so that a page without a URL finds
 * it by template, and with the body lengths of those pages, so that a page on which it finds a
 * body far shorter than the site's usual goes to the general model.
 */
import type { Corpus } from '../corpus/types.js';
import type { SiteModelEntry } from '../models/model-file.js';
import { siteTemplatesOfPages, type SiteTemplates } from '../models/site-template.js';
import type { Page } from '../page.js';
import { loadGoldPage } from './dataset.js';

/** The templates and gold body lengths of the corpora's pages (the first `limit` of each, as training takes them); unreadable pages are left out. */
export async function trainingPagesTemplates(corpora: readonly Corpus[], limit?: number): Promise<SiteTemplates> {
  const pages: { page: Page; labels: readonly string[] }[] = [];
  for (const corpus of corpora) {
    for (const entry of limit !== undefined ? corpus.pages.slice(0, limit) : corpus.pages) {
      try {
        const gold = await loadGoldPage(corpus, entry);
        // A page no block of which the gold labels is left out of training too (dataset.ts).
        if (gold.labels.some((l) => l !== 'unknown')) pages.push({ page: gold.page, labels: gold.labels });
      } catch {
        // Training reports the pages it could not read.
      }
    }
  }
  return siteTemplatesOfPages(pages);
}

/** A learner's `sites` entry with the templates of the pages it was trained on (those of `corpora`). */
export async function withTrainingTemplates(entry: SiteModelEntry, corpora: readonly Corpus[], limit?: number): Promise<SiteModelEntry> {
  const template = await trainingPagesTemplates(corpora, limit);
  return template.templates.length > 0 ? { ...entry, template } : entry;
}
