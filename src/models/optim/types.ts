/**
 * What an optimiser sees: a smooth function of a flat weight vector that returns its value
 * and writes its gradient. Learners build one of these over their encoded data; the
 * optimiser never sees sequences, labels or attributes (CRFsuite's encoder seam).
 */

/** Returns f(x) and writes df/dx into `grad` (same length as x). Must not keep or modify `x`. */
export type Objective = (x: Float64Array, grad: Float64Array) => number;

export interface IterationInfo {
  readonly iteration: number;
  readonly f: number;
  /** ||g|| / max(1, ||x||), the quantity the gradient test compares with `epsilon`. */
  readonly relGradNorm: number;
  readonly step: number;
  /** Objective evaluations so far (line search trials included). */
  readonly evaluations: number;
}

export type StopReason = 'converged-gradient' | 'converged-delta' | 'max-iterations' | 'line-search-failed';

export interface OptimResult {
  readonly x: Float64Array;
  readonly f: number;
  readonly iterations: number;
  readonly evaluations: number;
  readonly reason: StopReason;
}
