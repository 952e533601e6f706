/**
 * Maximum entropy classifier (multinomial logistic regression): each item on its own,
 *   p(y | x_i) = exp(S_i(y) + b_y) / sum_y' exp(S_i(y') + b_y')
 * with the same attributes (and history copies) as the CRF, a per-label bias, the
 * Gaussian prior and L-BFGS. Items labelled `unknown` are left out of the loss.
 */
import type { FeatureContribution, ParamSpec } from '../labeler.js';
import type { FeatureIndex } from '../linear/feature-index.js';
import type { EncodedItems } from '../linear/encode.js';
import { LinearLabeler, type Decoded } from '../linear/labeler-base.js';
import { localSoftmaxObjective } from '../linear/local-objective.js';
import { LINEAR_PARAMS } from '../linear/param-specs.js';
import { linearTrainer } from '../linear/trainer.js';
import type { Objective } from '../optim/types.js';

export const MAXENT_PARAMS: readonly ParamSpec[] = LINEAR_PARAMS;

/** Each item with known gold is a softmax over its state scores plus the label bias (the row after the state rows). */
export function maxentObjective(ix: FeatureIndex, enc: EncodedItems, gold: Int8Array, L: number, sigma: number): Objective {
  const bias = ix.rows * L;
  return localSoftmaxObjective(ix, enc, gold, L, sigma, () => bias);
}

export class MaxentLabeler extends LinearLabeler {
  protected decode(S: Float64Array, n: number, _enc: EncodedItems): Decoded {
    const L = this.L, W = this.model.W, bias = this.model.index.rows * L;
    const path = new Int32Array(n), probs = new Float64Array(n * L);
    for (let i = 0; i < n; i++) {
      const b = i * L;
      let m = -Infinity, arg = 0;
      for (let y = 0; y < L; y++) {
        const v = S[b + y]! + W[bias + y]!;
        if (v > m) { m = v; arg = y; }
      }
      let z = 0;
      for (let y = 0; y < L; y++) z += probs[b + y] = Math.exp(S[b + y]! + W[bias + y]! - m);
      for (let y = 0; y < L; y++) probs[b + y] /= z;
      path[i] = arg;
    }
    return { path, probs };
  }

  protected extraContributions(path: Int32Array, i: number, _enc: EncodedItems): FeatureContribution[] {
    const y = path[i]!;
    return [{ feature: `bias:${this.model.labels[y]}`, weight: this.extraWeight(0, y) }];
  }

  protected describeExtra(): string[] {
    return this.extraTable('bias', ['bias']);
  }
}

export const maxentTrainer = linearTrainer('maxent', MAXENT_PARAMS, maxentObjective, MaxentLabeler);
