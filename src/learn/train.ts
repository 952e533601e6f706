/**
 * Training as one call: corpora -> dataset -> learner -> versioned model file.
 * Used by `pith train`, the bundled-model build, the benchmarks and the annotation tool.
 */
import { createHash } from 'node:crypto';
import type { LayoutCache } from '../render/cache.js';
import { LABELS } from '../labels.js';
import type { Corpus } from '../corpus/types.js';
import { featureSchema, resolveFeatureOptions, type FeatureOptions } from '../features/index.js';
import type { AlgorithmName, LabeledSequence, ModelFile, TrainProgress } from '../models/labeler.js';
import { getTrainer } from '../models/registry.js';
import { resolveParams } from '../models/params.js';
import { buildDataset, type Dataset } from './dataset.js';

export interface TrainOptions {
  readonly algorithm: AlgorithmName;
  /** Raw parameter values (`--set name=value`), validated against the learner's ParamSpec. */
  readonly params?: Readonly<Record<string, string | number | boolean>>;
  readonly features?: FeatureOptions;
  readonly limitPerCorpus?: number;
  readonly onDatasetProgress?: (done: number, total: number) => void;
  readonly onTrainProgress?: TrainProgress;
  /** A `pith render` folder: training pages found there carry their layout. */
  readonly layouts?: LayoutCache;
}

export interface TrainResult {
  readonly model: ModelFile;
  readonly dataset: Dataset;
  readonly seconds: { readonly dataset: number; readonly training: number };
}

/** A short, stable fingerprint of what a model was trained on. */
export function sequencesHash(seqs: readonly LabeledSequence[]): string {
  const h = createHash('sha256');
  for (const s of seqs) h.update(`${s.pageId}\t${s.labels.join(',')}\n`);
  return h.digest('hex').slice(0, 16);
}

/** Trains on ready sequences (cross-validation folds call this directly). */
export function trainOnSequences(
  seqs: readonly LabeledSequence[],
  options: Pick<TrainOptions, 'algorithm' | 'params' | 'features' | 'onTrainProgress'>,
  corpora: ModelFile['trainingCorpora'] = [{ name: 'sequences', pages: seqs.length, hash: sequencesHash(seqs) }],
): ModelFile {
  const trainer = getTrainer(options.algorithm);
  const params = resolveParams(trainer.params, options.params ?? {});
  const labeler = trainer.train(seqs, params, options.onTrainProgress, { schema: featureSchema(options.features ?? {}) });
  return {
    format: 'pith-model', version: 1, algorithm: options.algorithm, labels: LABELS,
    featureSchema: featureSchema(options.features ?? {}),
    featureOptions: { ...resolveFeatureOptions(options.features ?? {}) },
    trainingCorpora: corpora, params,
    createdAt: new Date().toISOString(), body: labeler.toJSON(),
  };
}

export async function trainFromCorpora(corpora: readonly Corpus[], options: TrainOptions): Promise<TrainResult> {
  const t0 = Date.now();
  const dataset = await buildDataset(corpora, {
    ...(options.features ? { features: options.features } : {}),
    ...(options.limitPerCorpus !== undefined ? { limitPerCorpus: options.limitPerCorpus } : {}),
    ...(options.onDatasetProgress ? { onProgress: options.onDatasetProgress } : {}),
    ...(options.layouts ? { layouts: options.layouts } : {}),
  });
  const t1 = Date.now();
  const info = corpora.map((c) => {
    const seqs = dataset.pages.filter((p) => p.corpus === c.name).map((p) => p.sequence);
    return { name: c.name, pages: seqs.length, hash: sequencesHash(seqs) };
  });
  const model = trainOnSequences(dataset.pages.map((p) => p.sequence), options, info);
  return { model, dataset, seconds: { dataset: (t1 - t0) / 1000, training: (Date.now() - t1) / 1000 } };
}
