/**
 * `pith train FOLDER... --model maxent --site HOST -o MODEL`: a block learner trained on one
 * site's labelled pages alone, stored as the site model of HOST beside a general model (the
 * bundled one unless `general` names another; its other hosts' site models are kept). The
 * entry's body is the learner's whole model file (docs/sites.md).
 */
import type { AlgorithmName } from '../models/labeler.js';
import { withSiteEntries } from '../models/model-file.js';
import { bundledModelPath, loadExtractionModel } from '../pipeline/extract.js';
import { siteOfHost } from '../util/site.js';
import { trainFromCorpora } from '../learn/train.js';
import { DEFAULT_MODEL_RECIPE } from '../learn/default-model.js';
import { withTrainingTemplates } from '../learn/site-templates.js';
import type { SiteLearnerReport, Trained, TrainOptions } from './trainer.js';
import type { TrainingPages } from './training-pages.js';

/** `site`: the host (`www.` dropped, lower case). Features: the bundled recipe's unless `options.features`. */
export async function trainSiteLearner(algorithm: AlgorithmName, site: string, pages: TrainingPages, options: TrainOptions): Promise<Trained> {
  const host = siteOfHost(site);
  // Per-site learning, as the wrapper's: eval-only corpora are accepted (never a bundled model).
  const corpora = await pages.corpora();
  const general = await loadExtractionModel(options.general ?? bundledModelPath());
  const result = await trainFromCorpora(corpora, {
    algorithm, features: options.features ?? DEFAULT_MODEL_RECIPE.features,
    ...(options.params ? { params: options.params } : {}),
    ...(options.limit !== undefined ? { limitPerCorpus: options.limit } : {}),
  });
  const used = result.dataset.pages.length;
  const report: SiteLearnerReport = {
    kind: 'site-learner', host, algorithm, pages: used,
    unused: result.dataset.failures.map((f) => ({ page: `${f.corpus}/${f.pageId}`, reason: f.error })),
    seconds: result.seconds, general: { algorithm: general.file.algorithm, path: general.path },
  };
  if (used === 0) return { report, failure: { code: 'BAD_CORPUS', message: `no labelled page could be used: no site model written for ${host}`, subject: pages.subject } };
  // The training pages' templates let a page without a URL pick this site model, and their body lengths tell drift.
  const entry = await withTrainingTemplates({ host, algorithm, pages: used, createdAt: result.model.createdAt, body: result.model }, corpora, options.limit);
  return { model: withSiteEntries(general.file, [entry]), report };
}
