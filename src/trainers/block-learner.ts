/**
 * A block learner (CRF, MaxEnt, MEMM, k-NN, IGTree, MLP, RIPPER) as a page trainer: the
 * corpora's pages become labelled block sequences (learn/dataset.ts), the learner trains on
 * them (learn/train.ts). Without `site` the result is a general model; with it, the learner
 * trained on those pages alone becomes that host's site model (site-learner.ts).
 */
import { isPithError } from '../errors.js';
import type { AlgorithmName } from '../models/labeler.js';
import { getTrainer } from '../models/registry.js';
import { trainFromCorpora } from '../learn/train.js';
import { LayoutCache } from '../render/cache.js';
import { trainSiteLearner } from './site-learner.js';
import type { BlockLearnerReport, PageTrainer, Trained, TrainOptions } from './trainer.js';
import { refuseEvalOnly, type TrainingPages } from './training-pages.js';

export function blockLearnerTrainer(algorithm: AlgorithmName): PageTrainer {
  return Object.freeze({
    name: algorithm,
    params: getTrainer(algorithm).params,
    learnsUnlabelled: false,
    train: (pages: TrainingPages, options: TrainOptions = {}): Promise<Trained> =>
      options.site !== undefined ? trainSiteLearner(algorithm, options.site, pages, options) : trainGeneralModel(algorithm, pages, options),
  });
}

async function trainGeneralModel(algorithm: AlgorithmName, pages: TrainingPages, options: TrainOptions): Promise<Trained> {
  const corpora = await pages.corpora();
  refuseEvalOnly(corpora, options.allowEvalOnly);
  const report: BlockLearnerReport = {
    kind: 'block-learner', algorithm, pages: 0, blocks: 0, unused: [], seconds: { dataset: 0, training: 0 },
    leftOut: corpora.map((c) => ({ name: c.name, ...(c.skipped ? { skipped: c.skipped } : {}) })),
    visualWithoutLayouts: options.features?.families?.includes('visual') === true && options.layouts === undefined,
  };
  const progress = options.onProgress;
  try {
    const result = await trainFromCorpora(corpora, {
      algorithm, params: options.params ?? {}, features: options.features ?? {},
      ...(options.layouts !== undefined ? { layouts: await LayoutCache.open(options.layouts) } : {}),
      ...(options.limit !== undefined ? { limitPerCorpus: options.limit } : {}),
      ...(progress ? {
        onDatasetProgress: (done: number, total: number) => progress({ stage: 'features', done, total }),
        onTrainProgress: (e: { done: number; total: number }) => progress({ stage: `train ${algorithm}`, done: e.done, total: e.total }),
      } : {}),
    });
    const { dataset } = result;
    return {
      model: result.model,
      report: {
        ...report,
        pages: dataset.pages.length,
        blocks: dataset.pages.reduce((a, p) => a + p.sequence.items.length, 0),
        unused: dataset.failures.map((f) => ({ page: `${f.corpus}/${f.pageId}`, reason: f.error })),
        seconds: result.seconds,
      },
    };
  } catch (e) {
    // The learner found nothing to learn from (or a bad feature option): the report's notes still count.
    if (!isPithError(e)) throw e;
    return { report, failure: { code: e.code, message: e.message } };
  }
}
