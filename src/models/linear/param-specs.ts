/** Parameters shared by the log-linear learners (CRF, MaxEnt, MEMM), declared once. */
import type { ParamSpec, Params } from '../labeler.js';
import type { LbfgsOptions } from '../optim/lbfgs.js';
import { HISTORY_MODES, type HistoryMode } from './feature-index.js';

export const LINEAR_PARAMS: readonly ParamSpec[] = Object.freeze([
  {
    name: 'sigma', type: 'number', default: 10, min: 1e-6, max: 1e6,
    help: "Standard deviation of the Gaussian prior on every weight: adds ||w||^2 / (2 sigma^2) to the loss (L2 regularisation; CRFsuite's c2 = 1/(2 sigma^2)). Smaller smooths more; the block-labelling study tried 1, 10 and 100.",
  },
  { name: 'maxIterations', type: 'integer', default: 200, min: 1, max: 100000, help: 'L-BFGS iterations at most.' },
  { name: 'epsilon', type: 'number', default: 1e-5, min: 0, max: 1, help: 'Convergence: stop when ||gradient|| / max(1, ||w||) falls below epsilon.' },
  { name: 'delta', type: 'number', default: 1e-5, min: 0, max: 1, help: 'Convergence: stop when the loss improved by less than this fraction over the last `period` iterations (0 = off).' },
  { name: 'period', type: 'integer', default: 10, min: 1, max: 1000, help: 'Iterations the delta test looks back.' },
  { name: 'memory', type: 'integer', default: 6, min: 1, max: 100, help: 'L-BFGS correction pairs kept (the inverse-Hessian approximation).' },
  { name: 'minFreq', type: 'integer', default: 1, min: 1, max: 1000000, help: 'Feature cutoff: keep an attribute (and each history copy) only when it occurs in at least minFreq training items.' },
  { name: 'minSites', type: 'integer', default: 1, min: 1, max: 1000000, help: "Cross-site cutoff: keep an attribute only when it occurs on at least minSites distinct sites (a class name seen on one site is that site's template, not a signal for unseen sites)." },
  {
    name: 'threads', type: 'integer', default: 0, min: 0, max: 64,
    help: 'Training threads: the sequences are split among them and their losses and gradients summed each iteration (0 = one per core, at most 8; small data stays on one). Changes speed only; results agree up to rounding.',
  },
  {
    name: 'history', type: 'string', default: 'none', choices: HISTORY_MODES,
    help: "The block-labelling study's history predicates: 'prev' copies each attribute of item i-1 onto item i as prev:<name>, 'next' those of item i+1 as next:<name>, 'both' does both.",
  },
] satisfies ParamSpec[]);

export interface LinearTrainConfig {
  readonly sigma: number;
  readonly minFreq: number;
  readonly minSites: number;
  readonly history: HistoryMode;
  /** 0 = one per core. */
  readonly threads: number;
  readonly lbfgs: LbfgsOptions;
}

/** Params already resolved against LINEAR_PARAMS (see models/params.ts). */
export function linearConfig(p: Params): LinearTrainConfig {
  return Object.freeze({
    sigma: p['sigma'] as number,
    minFreq: p['minFreq'] as number,
    minSites: p['minSites'] as number,
    history: p['history'] as HistoryMode,
    threads: (p['threads'] as number | undefined) ?? 0,
    lbfgs: Object.freeze({
      maxIterations: p['maxIterations'] as number,
      epsilon: p['epsilon'] as number,
      delta: p['delta'] as number,
      period: p['period'] as number,
      memory: p['memory'] as number,
    }),
  });
}
