/**
 * `pith train FOLDER... --model maxent --site HOST -o MODEL`: a learner trained on one site's
 * labelled pages alone, stored as the site model of HOST beside a general model (the bundled
 * one unless `--general` names another; its other hosts' site models are kept). The entry's
 * body is the learner's whole model file (docs/sites.md).
 */
import type { AlgorithmName } from '../models/labeler.js';
import type { FeatureOptions } from '../features/index.js';
import { PithError } from '../errors.js';
import { saveModel, withSiteEntries, type SiteModelEntry } from '../models/model-file.js';
import { bundledModelPath, loadExtractionModel } from '../pipeline/extract.js';
import { siteOfHost } from '../util/site.js';
import { openCorpora } from './dataset.js';
import { trainFromCorpora } from './train.js';
import { DEFAULT_MODEL_RECIPE } from './default-model.js';

export interface LearnerSiteTrainRequest {
  readonly corpora: readonly string[];
  readonly algorithm: AlgorithmName;
  /** The site's host (`www.` dropped, lower case). */
  readonly site: string;
  readonly out: string;
  readonly general?: string;
  /** Raw `--set` values; the learner's defaults otherwise. */
  readonly params?: Readonly<Record<string, string | number | boolean>>;
  /** Default: the bundled model's recipe's feature set. */
  readonly features?: FeatureOptions;
  readonly limit?: number;
}

/** Trains, writes the model file and reports on `log`; returns the exit code (0). */
export async function trainLearnerSite(req: LearnerSiteTrainRequest, log: NodeJS.WritableStream): Promise<number> {
  const host = siteOfHost(req.site);
  // Per-site learning, as the wrapper's: eval-only corpora are accepted (never a bundled model).
  const corpora = await openCorpora(req.corpora);
  const general = await loadExtractionModel(req.general ?? bundledModelPath());
  const result = await trainFromCorpora(corpora, {
    algorithm: req.algorithm, features: req.features ?? DEFAULT_MODEL_RECIPE.features,
    ...(req.params ? { params: req.params } : {}),
    ...(req.limit !== undefined ? { limitPerCorpus: req.limit } : {}),
  });
  for (const f of result.dataset.failures) log.write(`  skipped ${f.corpus}/${f.pageId}: ${f.error}\n`);
  const pages = result.dataset.pages.length;
  if (pages === 0) throw new PithError('BAD_CORPUS', `no labelled page could be used: no site model written for ${host}`, req.corpora.join(', '));
  const entry: SiteModelEntry = { host, algorithm: req.algorithm, pages, createdAt: result.model.createdAt, body: result.model };
  await saveModel(req.out, withSiteEntries(general.file, [entry]));
  log.write(`train: site ${host}: ${req.algorithm} from ${pages} page(s), features ${result.seconds.dataset.toFixed(1)}s, training ${result.seconds.training.toFixed(1)}s; general model ${general.file.algorithm} from ${general.path} -> ${req.out}\n`);
  return 0;
}
