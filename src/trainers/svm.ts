/**
 * `pith train CORPUS... --model svm -o MODEL [--layouts DIR] [--set c=...]`: the subtree SVMs
 * (models/svm: a body model and a title model, after Wang et al. 2009) learned from labelled
 * pages and written as an ordinary model file, which `pith extract --model` loads like any
 * other (the pipeline calls `predictPage`).
 */
import { createHash } from 'node:crypto';
import { PithError } from '../errors.js';
import { LABELS } from '../labels.js';
import { DEFAULT_MODEL_RECIPE } from '../learn/default-model.js';
import { loadSvmPages, type LoadedSvmPage } from '../learn/svm-pages.js';
import { featureSchema, resolveFeatureOptions } from '../features/index.js';
import { createModelFile } from '../models/model-file.js';
import type { ModelFile } from '../models/labeler.js';
import { trainSvmOnPages, type SvmTrainingReport } from '../models/svm/train.js';
import { SVM_PARAMS, type SvmLabeler } from '../models/svm/labeler.js';
import type { PageTrainer, Trained, TrainOptions } from './trainer.js';
import { refuseEvalOnly, type TrainingPages } from './training-pages.js';

/**
 * The model file for a trained SVM labeler. The feature schema recorded is the bundled
 * recipe's: the SVM reads none of the block features, but the pipeline's lazy `features`
 * (and `--explain`) compute them under the file's options.
 */
export function svmModelFile(labeler: SvmLabeler, report: SvmTrainingReport, corpora: ModelFile['trainingCorpora']): ModelFile {
  const features = DEFAULT_MODEL_RECIPE.features;
  return createModelFile(labeler, {
    labels: LABELS, featureSchema: featureSchema(features), featureOptions: { ...resolveFeatureOptions(features) },
    trainingCorpora: corpora, params: report.params,
  });
}

function pagesHash(pages: readonly LoadedSvmPage[]): string {
  const h = createHash('sha256');
  for (const p of pages) h.update(`${p.corpus}/${p.entry.id}\t${p.labels.join(',')}\t${p.rendered ? 1 : 0}\n`);
  return h.digest('hex').slice(0, 16);
}

async function trainSvm(pages: TrainingPages, options: TrainOptions = {}): Promise<Trained> {
  if (options.site !== undefined) throw new PithError('BAD_OPTION', '--site takes wrapper or a block learner; svm site models are not supported');
  const corpora = await pages.corpora();
  refuseEvalOnly(corpora, options.allowEvalOnly);
  const t0 = performance.now();
  const loaded = await loadSvmPages(corpora, {
    ...(options.layouts !== undefined ? { layouts: options.layouts } : {}),
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
  });
  if (loaded.pages.length === 0) throw new PithError('BAD_CORPUS', 'no labelled page could be used: no model written', pages.subject);
  const t1 = performance.now();
  const { labeler, report } = trainSvmOnPages(loaded.pages, options.params ?? {});
  const info = corpora.map((c) => {
    const mine = loaded.pages.filter((p) => p.corpus === c.name);
    return { name: c.name, pages: mine.length, hash: pagesHash(mine) };
  });
  return {
    model: svmModelFile(labeler, report, info),
    report: {
      kind: 'svm', description: labeler.describe(), pages: loaded.pages.length, rendered: loaded.pages.filter((p) => p.rendered).length,
      unused: loaded.skipped.map((s) => ({ page: `${s.corpus}/${s.id}`, reason: s.reason })),
      training: report, loadingSeconds: (t1 - t0) / 1000,
    },
  };
}

export const svmPageTrainer: PageTrainer = Object.freeze({
  name: 'svm',
  params: SVM_PARAMS,
  learnsUnlabelled: false,
  train: trainSvm,
});
