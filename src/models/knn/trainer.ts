/**
 * The `knn` and `igtree` trainers. Training = encoding the instances, weighting the
 * columns, then storing them (IB1: deduplicated instance base + search tree) or compressing
 * them (IGTREE). One parameter table serves both; `algorithm` picks the labeler, and a
 * body of either kind loads through either trainer.
 */
import { PithError } from '../../errors.js';
import { LABELS } from '../../labels.js';
import type { FeatureSchema } from '../../features/types.js';
import type { AlgorithmName, LabeledSequence, Params, TrainContext, TrainProgress, Trainer } from '../labeler.js';
import { isRecord } from '../../util/is-record.js';
import { buildIgtree } from './igtree.js';
import { IgtreeLabeler } from './igtree-labeler.js';
import { Ib1Labeler } from './ib1-labeler.js';
import { dedupe, inverseRanges, makeInstanceBase } from './instance-base.js';
import { IGTREE_PARAMS, KNN_PARAMS, resolveKnnParams } from './params.js';
import { buildTable } from './table.js';
import { computeWeights } from './weights.js';

const NC = LABELS.length;

export interface KnnTrainOptions {
  /** Column names and kinds (default: names c0, c1, ...; kinds inferred from the values). */
  readonly schema?: FeatureSchema;
}

export type KnnLabeler = Ib1Labeler | IgtreeLabeler;

/** Trains IB1 or IGTREE (params.algorithm; default ib1). */
export function trainKnn(data: readonly LabeledSequence[], params: Params = {}, options: KnnTrainOptions = {}, progress?: TrainProgress): KnnLabeler {
  const config = resolveKnnParams(params);
  const stage = (s: string, done: number, message?: string) => progress?.({ stage: s, done, total: 3, ...(message ? { message } : {}) });
  stage('encode', 0);
  const table = buildTable(data, options.schema ? { schema: options.schema } : {});
  stage('weights', 1, `${table.rows} instances, ${table.columns.kinds.length} columns`);
  const { weights } = computeWeights(table, config.weighting, config.bins);
  const prior = new Float64Array(NC);
  for (let r = 0; r < table.rows; r++) prior[table.classes[r]!]! += 1;
  const core = { config, columns: table.columns, weights, prior };
  stage('store', 2);
  let labeler: KnnLabeler;
  if (config.algorithm === 'igtree') {
    labeler = new IgtreeLabeler(core, buildIgtree(table, weights, config.bins));
  } else {
    const width = table.columns.kinds.length;
    const distinct = dedupe(table.values, table.classes, table.rows, width);
    const inv = inverseRanges(table.columns.kinds, table.columns.min, table.columns.max);
    labeler = new Ib1Labeler(core, makeInstanceBase(distinct, width, table.columns.kinds, weights, inv));
  }
  stage('done', 3);
  return labeler;
}

/** Rebuilds either labeler from its body (dispatch on body.algorithm); BAD_MODEL when malformed. */
export function knnFromJSON(body: unknown): KnnLabeler {
  if (!isRecord(body)) throw new PithError('BAD_MODEL', 'knn model: body is not an object');
  return body.algorithm === 'igtree' ? IgtreeLabeler.fromJSON(body) : Ib1Labeler.fromJSON(body);
}

/** A Trainer bound to training options (e.g. the schema, for column names and kinds). */
export function createKnnTrainer(algorithm: 'knn' | 'igtree' = 'knn', options: KnnTrainOptions = {}): Trainer {
  const table = algorithm === 'igtree' ? IGTREE_PARAMS : KNN_PARAMS;
  return Object.freeze({
    algorithm: algorithm as AlgorithmName,
    params: table,
    train(data: readonly LabeledSequence[], params: Params, progress?: TrainProgress, context?: TrainContext) {
      const config = resolveKnnParams(params, table);
      // A schema bound to this trainer wins; else the caller's (names and declared kinds).
      const schema = options.schema ?? context?.schema;
      const usable = schema && data.length > 0 && schema.columns.length === firstWidth(data) ? schema : undefined;
      return trainKnn(data, { ...params, algorithm: config.algorithm }, usable ? { schema: usable } : {}, progress);
    },
    fromJSON: knnFromJSON,
  });
}

/** Columns of the first item (a schema of another width is ignored rather than trusted). */
function firstWidth(data: readonly LabeledSequence[]): number {
  for (const seq of data) if (seq?.items?.length) return seq.items[0]!.columns.length;
  return -1;
}

export const knnTrainer: Trainer = createKnnTrainer('knn');
export const igtreeTrainer: Trainer = createKnnTrainer('igtree');
