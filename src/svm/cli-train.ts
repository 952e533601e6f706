/**
 * `pith train CORPUS... --model svm -o MODEL [--layouts DIR] [--set c=...]`: seed 002's
 * subtree SVMs learned from labelled pages and written as an ordinary model file, which
 * `pith extract --model` loads like any other (the pipeline calls `predictPage`).
 */
import { createHash } from 'node:crypto';
import { PithError } from '../errors.js';
import { LABELS } from '../labels.js';
import { openCorpora } from '../learn/dataset.js';
import { DEFAULT_MODEL_RECIPE } from '../learn/default-model.js';
import { featureSchema, resolveFeatureOptions } from '../features/index.js';
import { createModelFile, saveModel } from '../models/model-file.js';
import type { ModelFile } from '../models/labeler.js';
import type { RawParams } from '../models/params.js';
import { trainSvmOnPages, type SvmTrainingReport } from '../models/svm/train.js';
import type { SvmLabeler } from '../models/svm/labeler.js';
import { loadSvmPages, type LoadedSvmPage } from './load.js';

export interface SvmTrainRequest {
  readonly corpora: readonly string[];
  readonly out: string;
  readonly layouts?: string;
  readonly limit?: number;
  readonly params?: RawParams;
  readonly allowEvalOnly?: boolean;
}

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

export async function trainSvmCommand(req: SvmTrainRequest, log: NodeJS.WritableStream): Promise<number> {
  const corpora = await openCorpora(req.corpora);
  const evalOnly = corpora.filter((c) => c.use === 'eval-only');
  if (evalOnly.length && !req.allowEvalOnly) {
    throw new PithError('BAD_OPTION', `${evalOnly.map((c) => c.name).join(', ')} may be used for evaluation only (see ../shared/corpora/README.md); pass --allow-eval-only for experiments`);
  }
  const t0 = performance.now();
  const loaded = await loadSvmPages(corpora, {
    ...(req.layouts !== undefined ? { layouts: req.layouts } : {}),
    ...(req.limit !== undefined ? { limit: req.limit } : {}),
  });
  if (loaded.pages.length === 0) throw new PithError('BAD_CORPUS', 'no labelled page could be used: no model written', req.corpora.join(', '));
  const t1 = performance.now();
  const { labeler, report } = trainSvmOnPages(loaded.pages, req.params ?? {});
  const info = corpora.map((c) => {
    const mine = loaded.pages.filter((p) => p.corpus === c.name);
    return { name: c.name, pages: mine.length, hash: pagesHash(mine) };
  });
  await saveModel(req.out, svmModelFile(labeler, report, info));
  const rendered = loaded.pages.filter((p) => p.rendered).length;
  log.write(labeler.describe() + '\n');
  log.write(
    `train: svm on ${loaded.pages.length} pages (${rendered} with a layout), ${loaded.skipped.length} skipped; ` +
    `body model from ${report.bodyPages} pages${report.bodyPartialSkipped ? ` (${report.bodyPartialSkipped} with partial body gold left to the title model)` : ''} (${report.body.examples} candidates, ${report.body.supportVectors} support vectors${report.body.converged ? '' : ', SMO stopped at its iteration guard'}), ` +
    `title model from ${report.titlePages} pages (${report.title.examples} candidates, ${report.title.supportVectors} support vectors); ` +
    `loading ${((t1 - t0) / 1000).toFixed(1)}s, training ${report.seconds.toFixed(1)}s -> ${req.out}\n`,
  );
  for (const s of loaded.skipped.slice(0, 5)) log.write(`  skipped ${s.corpus}/${s.id}: ${s.reason}\n`);
  return 0;
}
