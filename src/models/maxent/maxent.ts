/**
 * Maximum entropy classifier (multinomial logistic regression): each item on its own,
 *   p(y | x_i) = exp(S_i(y) + b_y) / sum_y' exp(S_i(y') + b_y')
 * with the same attributes (and history copies) as the CRF, a per-label bias, the
 * Gaussian prior and L-BFGS. Items labelled `unknown` are left out of the loss.
 */
import type { FeatureContribution, Labeler, LabeledSequence, Params, ParamSpec, Trainer, TrainProgress } from '../labeler.js';
import type { FeatureIndex } from '../linear/feature-index.js';
import { maxSequenceLength, type EncodedItems } from '../linear/encode.js';
import { LinearLabeler, weightTable, type Decoded } from '../linear/labeler-base.js';
import { linearFromJSON } from '../linear/model.js';
import { LINEAR_PARAMS } from '../linear/param-specs.js';
import { addGaussianPrior, addStateGradient, stateScores } from '../linear/scores.js';
import { trainLinearModel } from '../linear/train.js';
import type { Objective } from '../optim/types.js';
import { resolveParams } from '../params.js';

export const MAXENT_PARAMS: readonly ParamSpec[] = LINEAR_PARAMS;

/**
 * f(w) = sum_{i known} [log sum_y exp(s_i(y)) - s_i(gold_i)] + ||w||^2 / (2 sigma^2)
 * df/ds_i(y) = p(y | x_i) - [y = gold_i]
 */
export function maxentObjective(ix: FeatureIndex, enc: EncodedItems, gold: Int8Array, L: number, sigma: number): Objective {
  const maxLen = maxSequenceLength(enc);
  const S = new Float64Array(maxLen * L), C = new Float64Array(maxLen * L);
  const bias = ix.rows * L;
  const nSeq = enc.seqStart.length - 1;
  return (W, G) => {
    G.fill(0);
    let loss = 0;
    for (let s = 0; s < nSeq; s++) {
      const from = enc.seqStart[s]!, to = enc.seqStart[s + 1]!, n = to - from;
      let known = 0;
      for (let i = from; i < to; i++) if (gold[i]! >= 0) known++;
      if (known === 0) continue;
      stateScores(ix, enc, from, to, W, L, S);
      C.fill(0, 0, n * L);
      for (let i = 0; i < n; i++) {
        const g = gold[from + i]!;
        if (g < 0) continue;
        const b = i * L;
        let m = -Infinity;
        for (let y = 0; y < L; y++) m = Math.max(m, S[b + y] += W[bias + y]!);
        let z = 0;
        for (let y = 0; y < L; y++) z += C[b + y] = Math.exp(S[b + y]! - m);
        loss += Math.log(z) + m - S[b + g]!;
        const inv = 1 / z;
        for (let y = 0; y < L; y++) {
          C[b + y] *= inv;
          if (y === g) C[b + y] -= 1;
          G[bias + y] += C[b + y]!;
        }
      }
      addStateGradient(ix, enc, from, to, C, L, G);
    }
    return loss + addGaussianPrior(W, G, sigma);
  };
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
    return [{ feature: `bias:${this.model.labels[y]}`, weight: this.model.W[this.model.index.rows * this.L + y]! }];
  }

  protected describeExtra(): string[] {
    return weightTable('bias', ['bias'], this.model.labels, this.model.W, this.model.index.rows * this.L);
  }
}

export const maxentTrainer: Trainer = {
  algorithm: 'maxent',
  params: MAXENT_PARAMS,
  train(data: readonly LabeledSequence[], params: Params, progress?: TrainProgress): Labeler {
    const p = resolveParams(MAXENT_PARAMS, params);
    return new MaxentLabeler(trainLinearModel('maxent', data, p, maxentObjective, progress));
  },
  fromJSON(body: unknown): Labeler {
    return new MaxentLabeler(linearFromJSON(body, 'maxent'));
  },
};


