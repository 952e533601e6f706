/**
 * Parameters of the memory-based learners, declared once (ParamSpec drives defaults,
 * validation, `--set name=value` and help) and resolved into a frozen config.
 */
import type { ParamSpec, Params } from '../labeler.js';
import { resolveParams } from '../params.js';

export type KnnAlgorithm = 'ib1' | 'igtree';
export type Weighting = 'none' | 'information-gain' | 'gain-ratio' | 'chi-square' | 'shared-variance';
export type Voting = 'majority' | 'inverse-distance' | 'inverse-linear' | 'exponential-decay';

export const KNN_ALGORITHMS: readonly KnnAlgorithm[] = Object.freeze(['ib1', 'igtree']);
export const WEIGHTINGS: readonly Weighting[] = Object.freeze([
  'none',
  'information-gain',
  'gain-ratio',
  'chi-square',
  'shared-variance',
]);
export const VOTINGS: readonly Voting[] = Object.freeze(['majority', 'inverse-distance', 'inverse-linear', 'exponential-decay']);

export interface KnnConfig {
  readonly algorithm: KnnAlgorithm;
  readonly k: number;
  readonly weighting: Weighting;
  readonly voting: Voting;
  readonly decay: number;
  readonly bins: number;
}

function specs(defaultAlgorithm: KnnAlgorithm): readonly ParamSpec[] {
  return Object.freeze([
    {
      name: 'algorithm',
      type: 'string',
      default: defaultAlgorithm,
      choices: KNN_ALGORITHMS,
      help: 'ib1: exact k-nearest-neighbour over the whole instance base; igtree: the instance base compressed into a decision tree (fast, usually less accurate)',
    },
    {
      name: 'k',
      type: 'integer',
      default: 1,
      min: 1,
      max: 1000,
      help: 'number of nearest DISTANCES (not instances): every stored instance at one of the k smallest distances votes (ib1 only)',
    },
    {
      name: 'weighting',
      type: 'string',
      default: 'gain-ratio',
      choices: WEIGHTINGS,
      help: 'feature weighting of the distance (ib1) or column order of the tree (igtree)',
    },
    {
      name: 'voting',
      type: 'string',
      default: 'majority',
      choices: VOTINGS,
      help: 'how neighbours vote: majority (1 each), inverse-distance 1/(d+1e-6), inverse-linear (Dudani), exponential-decay exp(-decay*d) (ib1 only)',
    },
    {
      name: 'decay',
      type: 'number',
      default: 1,
      min: 0,
      max: 1e6,
      help: 'alpha of exponential-decay voting',
    },
    {
      name: 'bins',
      type: 'integer',
      default: 20,
      min: 2,
      max: 10000,
      help: 'equal-width bins that numeric columns are cut into for weighting (and for the igtree splits)',
    },
  ] satisfies ParamSpec[]);
}

export const KNN_PARAMS: readonly ParamSpec[] = specs('ib1');
export const IGTREE_PARAMS: readonly ParamSpec[] = specs('igtree');

/** Fills defaults, validates every value against its spec (shared resolveParams) and rejects unknown names. */
export function resolveKnnParams(params: Params | undefined, table: readonly ParamSpec[] = KNN_PARAMS): KnnConfig {
  const out = resolveParams(table, params ?? {});
  return Object.freeze({
    algorithm: out.algorithm as KnnAlgorithm,
    k: out.k as number,
    weighting: out.weighting as Weighting,
    voting: out.voting as Voting,
    decay: out.decay as number,
    bins: out.bins as number,
  });
}

/** The config as plain Params (what a model file records). */
export function configToParams(c: KnnConfig): Params {
  return Object.freeze({ algorithm: c.algorithm, k: c.k, weighting: c.weighting, voting: c.voting, decay: c.decay, bins: c.bins });
}
