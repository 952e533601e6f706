/**
 * `pith train FOLDER... --model wrapper -o MODEL`: the wrapper's site models (wrapper/train.ts)
 * learned from labelled pages, or without labels (wrapper-unlabelled.ts), stored beside a
 * general model (the bundled one unless `general` names another).
 */
import { withSiteEntries } from '../models/model-file.js';
import { bundledModelPath, loadExtractionModel } from '../pipeline/extract.js';
import { trainedSiteEntry, trainSites, type SiteTraining } from '../wrapper/train.js';
import type { PageTrainer, Trained, TrainOptions, WrapperReport, WrapperSiteReport } from './trainer.js';
import type { TrainingPages } from './training-pages.js';
import { trainWrapperWithoutLabels } from './wrapper-unlabelled.js';

function siteReport(t: SiteTraining): WrapperSiteReport {
  return {
    host: t.model.host, description: t.model.describe(), namedBy: t.namedBy,
    templates: t.template.templates.map((x) => ({ paths: x.paths.length, pages: x.pages })), pages: t.used.length,
  };
}

async function trainWrapperWithLabels(pages: TrainingPages, options: TrainOptions): Promise<Trained> {
  // Site models are per-site learning, the use research corpora allow (never a bundled model),
  // so eval-only corpora are accepted here.
  const corpora = await pages.corpora();
  const general = await loadExtractionModel(options.general ?? bundledModelPath());
  const t0 = performance.now();
  const trained = await trainSites(corpora, {
    ...(options.site !== undefined ? { site: options.site } : {}),
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
  });
  const ms = performance.now() - t0;
  const used = trained.reduce((a, t) => a + t.used.length, 0);
  const report: WrapperReport = {
    kind: 'wrapper', sites: trained.map(siteReport), pages: used, msPerPage: ms / Math.max(1, used),
    general: { algorithm: general.file.algorithm, path: general.path },
  };
  const usable = trained.filter((t) => t.used.length > 0);
  if (usable.length === 0) {
    return { report, failure: { code: 'BAD_CORPUS', message: 'no labelled page could be used (see the notes above): no site model written', subject: pages.subject } };
  }
  return { model: withSiteEntries(general.file, usable.map((t) => trainedSiteEntry(t))), report };
}

export const wrapperTrainer: PageTrainer = Object.freeze({
  name: 'wrapper',
  params: [],
  learnsUnlabelled: true,
  train: (pages: TrainingPages, options: TrainOptions = {}): Promise<Trained> =>
    options.unlabelled ? trainWrapperWithoutLabels(pages, options) : trainWrapperWithLabels(pages, options),
});
