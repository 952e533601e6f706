/**
 * `pith train PAGES... --model wrapper --unlabelled -o MODEL`: site models learned from pages
 * without labels (wrapper/learn-sites.ts), stored beside a general model like labelled ones.
 */
import { withSiteEntries, type SiteModelEntry } from '../models/model-file.js';
import { bundledModelPath, loadExtractionModel } from '../pipeline/extract.js';
import { describeLearned, learnSites, loadPagesForLearning, type LearnedSite } from '../wrapper/learn-sites.js';
import { generalOnly } from '../wrapper/unlabelled.js';
import type { Trained, TrainOptions, UnlabelledWrapperReport } from './trainer.js';
import type { TrainingPages } from './training-pages.js';

export async function trainWrapperWithoutLabels(pages: TrainingPages, options: TrainOptions): Promise<Trained> {
  const general = await loadExtractionModel(options.general ?? bundledModelPath());
  const found = await pages.files();
  const { pages: loaded, failed } = await loadPagesForLearning(found.files, found.roots);
  const report = (learned: readonly LearnedSite[], entries: readonly SiteModelEntry[]): UnlabelledWrapperReport => ({
    kind: 'wrapper-unlabelled',
    unreadable: failed.map((f) => ({ page: f.path, reason: f.reason })),
    sites: learned.map((s) => ({ description: describeLearned(s), notes: s.notes ?? [] })),
    hosts: entries.map((e) => e.host), pages: loaded.length,
    general: { algorithm: general.file.algorithm, path: general.path },
  });
  if (loaded.length === 0) return { report: report([], []), failure: { code: 'BAD_CORPUS', message: 'no page could be read: no site model written', subject: pages.subject } };
  // The pages were chosen for learning: every site among them is learned, however few its pages.
  const learned = learnSites(loaded, generalOnly(general), {
    always: true, minPages: 1, ...(options.site !== undefined ? { site: options.site } : {}),
  });
  const entries = learned.flatMap((s) => (s.entry ? [s.entry] : []));
  if (entries.length === 0) {
    // Every site is learned (always, minPages 1), so none written means every one was declined.
    return { report: report(learned, []), failure: { code: 'BAD_CORPUS', message: 'no site learned agreed enough with the general model on the pages of its site it read: no site model written', subject: pages.subject } };
  }
  return { model: withSiteEntries(general.file, entries), report: report(learned, entries) };
}
