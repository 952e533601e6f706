/** The training driver shared by CRF, MaxEnt and MEMM: index, encode, minimise with L-BFGS. */
import { availableParallelism } from 'node:os';
import { PithError } from '../../errors.js';
import { LABELS } from '../../labels.js';
import type { LabeledSequence, Params, TrainProgress } from '../labeler.js';
import { lbfgs } from '../optim/lbfgs.js';
import { roundToFloat32 } from './codec.js';
import { encodeGold, encodeInterned, labelsInData, type EncodedItems } from './encode.js';
import { internAttributes, type FeatureIndex } from './feature-index.js';
import { weightLength, type LinearAlgorithm, type LinearModel } from './model.js';
import { linearConfig } from './param-specs.js';
import { shardedObjective, type ObjectiveFactory } from './shards.js';

export type { ObjectiveFactory } from './shards.js';

/** Below this many attribute occurrences per thread, a worker costs more than it saves. */
const MIN_ATTRIBUTES_PER_THREAD = 2_000_000;
const MAX_AUTO_THREADS = 8;

/** Threads for a training run: the number requested, or (0) one per core with fewer for small data. */
export function trainingThreads(requested: number, attributeOccurrences: number): number {
  if (requested > 0) return requested;
  const cores = Math.min(availableParallelism(), MAX_AUTO_THREADS);
  return Math.max(1, Math.min(cores, Math.floor(attributeOccurrences / MIN_ATTRIBUTES_PER_THREAD)));
}

/** `params` must already be resolved against the learner's specs. */
export function trainLinearModel(
  algorithm: LinearAlgorithm, data: readonly LabeledSequence[], params: Params,
  makeObjective: ObjectiveFactory, progress?: TrainProgress,
): LinearModel {
  const started = performance.now();
  const cfg = linearConfig(params);
  if (data.length === 0) throw new PithError('BAD_CORPUS', 'no training sequences');
  const labels = labelsInData(data, LABELS);
  if (labels.length === 0) throw new PithError('BAD_CORPUS', 'no labelled items: every gold label is unknown');
  progress?.({ stage: 'features', done: 0, total: 1 });
  const interned = internAttributes(data, cfg.minFreq, cfg.history, cfg.minSites);
  const index = interned.index;
  const enc = encodeInterned(interned);
  const gold = encodeGold(data, labels);
  const L = labels.length;
  progress?.({ stage: 'features', done: 1, total: 1, message: `${index.names.length} attributes, ${index.rows} weight rows, ${L} labels` });
  const edges = params['edges'] === true;
  const dim = weightLength(algorithm, index, L, edges);
  const threads = trainingThreads(cfg.threads, enc.ids.length);
  const sharded = shardedObjective(algorithm, makeObjective, index, enc, gold, L, cfg.sigma, dim, { edges, threads });
  const total = cfg.lbfgs.maxIterations ?? 0;
  let res: ReturnType<typeof lbfgs>;
  try {
    res = lbfgs(sharded.objective, new Float64Array(dim), {
      ...cfg.lbfgs,
      onIteration: (it) => progress?.({ stage: 'lbfgs', done: it.iteration, total, message: `loss ${it.f.toFixed(4)}, |g|/|w| ${it.relGradNorm.toExponential(2)}` }),
    });
  } finally {
    sharded.close();
  }
  const training = {
    sequences: data.length,
    items: gold.length,
    iterations: res.iterations,
    evaluations: res.evaluations,
    loss: res.f,
    stop: res.reason,
    threads: sharded.threads,
    seconds: +((performance.now() - started) / 1000).toFixed(3),
  };
  return { algorithm, labels, index, W: roundToFloat32(res.x), ...(edges ? { edges } : {}), training };
}
