/**
 * Maximum entropy Markov model (McCallum et al. 2000; seed 001's third learner): a local
 * MaxEnt classifier for each item conditioned on the previous label,
 *   p(y_i | y_{i-1}, x) = exp(S_i(y_i) + T(y_{i-1}, y_i)) / sum_y exp(S_i(y) + T(y_{i-1}, y))
 * with y_{-1} = START. Training conditions on the previous GOLD label (an item whose own or
 * previous gold label is `unknown` is left out). Prediction: Viterbi over the local
 * log-probabilities for the labels; per-item probabilities are the exact MEMM marginals
 * P(y_i | x) from the forward recursion alpha_i(y) = sum_y' alpha_{i-1}(y') p(y | y', x)
 * (in a directed model later items do not change earlier marginals, so no backward pass),
 * which can disagree with the Viterbi path on an item.
 * Weight layout: state rows (rows*L), then T[(prev)*L + y] for prev in labels + START (row L).
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

export const MEMM_PARAMS: readonly ParamSpec[] = LINEAR_PARAMS;

/**
 * f(w) = sum_{i, gold_i and gold_{i-1} known} [log sum_y exp(s_i(y) + T(g_{i-1}, y)) - s_i(g_i) - T(g_{i-1}, g_i)]
 *        + ||w||^2 / (2 sigma^2)
 */
export function memmObjective(ix: FeatureIndex, enc: EncodedItems, gold: Int8Array, L: number, sigma: number): Objective {
  const maxLen = maxSequenceLength(enc);
  const S = new Float64Array(maxLen * L), C = new Float64Array(maxLen * L);
  const T = ix.rows * L;
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
        const prev = i === 0 ? L : gold[from + i - 1]!;
        if (g < 0 || prev < 0) continue;
        const b = i * L, t = T + prev * L;
        let m = -Infinity;
        for (let y = 0; y < L; y++) m = Math.max(m, S[b + y] += W[t + y]!);
        let z = 0;
        for (let y = 0; y < L; y++) z += C[b + y] = Math.exp(S[b + y]! - m);
        loss += Math.log(z) + m - S[b + g]!;
        const inv = 1 / z;
        for (let y = 0; y < L; y++) {
          C[b + y] *= inv;
          if (y === g) C[b + y] -= 1;
          G[t + y] += C[b + y]!;
        }
      }
      addStateGradient(ix, enc, from, to, C, L, G);
    }
    return loss + addGaussianPrior(W, G, sigma);
  };
}

export class MemmLabeler extends LinearLabeler {
  protected decode(S: Float64Array, n: number, _enc: EncodedItems): Decoded {
    const L = this.L, W = this.model.W, T = this.model.index.rows * L;
    const path = new Int32Array(n), probs = new Float64Array(n * L);
    if (n === 0) return { path, probs };
    const P = new Float64Array((L + 1) * L); // local p(y | prev) for the current item
    const back = new Int8Array(n * L);
    let delta = new Float64Array(L), nextDelta = new Float64Array(L);
    const local = (i: number, prev: number) => {
      const b = i * L, t = T + prev * L, row = prev * L;
      let m = -Infinity;
      for (let y = 0; y < L; y++) m = Math.max(m, S[b + y]! + W[t + y]!);
      let z = 0;
      for (let y = 0; y < L; y++) z += P[row + y] = Math.exp(S[b + y]! + W[t + y]! - m);
      for (let y = 0; y < L; y++) P[row + y] /= z;
    };
    local(0, L);
    for (let y = 0; y < L; y++) {
      probs[y] = P[L * L + y]!;
      delta[y] = Math.log(P[L * L + y]!);
    }
    for (let i = 1; i < n; i++) {
      for (let p = 0; p < L; p++) local(i, p);
      const b = i * L, pb = b - L;
      for (let y = 0; y < L; y++) {
        // alpha_i(y) = sum_p alpha_{i-1}(p) p(y | p);  delta_i(y) = max_p delta_{i-1}(p) + log p(y | p)
        let a = 0, best = -Infinity, arg = 0;
        for (let p = 0; p < L; p++) {
          const q = P[p * L + y]!;
          a += probs[pb + p]! * q;
          const v = delta[p]! + Math.log(q);
          if (v > best) { best = v; arg = p; }
        }
        probs[b + y] = a;
        nextDelta[y] = best;
        back[b + y] = arg;
      }
      [delta, nextDelta] = [nextDelta, delta];
    }
    let best = -Infinity, arg = 0;
    for (let y = 0; y < L; y++) if (delta[y]! > best) { best = delta[y]!; arg = y; }
    path[n - 1] = arg;
    for (let i = n - 1; i > 0; i--) path[i - 1] = back[i * L + path[i]!]!;
    return { path, probs };
  }

  protected extraContributions(path: Int32Array, i: number, _enc: EncodedItems): FeatureContribution[] {
    const L = this.L, y = path[i]!;
    const prev = i === 0 ? L : path[i - 1]!;
    const from = prev === L ? 'START' : this.model.labels[prev]!;
    return [{ feature: `trans:${from}->${this.model.labels[y]}`, weight: this.model.W[this.model.index.rows * L + prev * L + y]! }];
  }

  protected describeExtra(): string[] {
    return weightTable('transitions (row: label at i-1 or START, column: label at i)', [...this.model.labels, 'START'], this.model.labels, this.model.W, this.model.index.rows * this.L);
  }
}

export const memmTrainer: Trainer = {
  algorithm: 'memm',
  params: MEMM_PARAMS,
  train(data: readonly LabeledSequence[], params: Params, progress?: TrainProgress): Labeler {
    const p = resolveParams(MEMM_PARAMS, params);
    return new MemmLabeler(trainLinearModel('memm', data, p, memmObjective, progress));
  },
  fromJSON(body: unknown): Labeler {
    return new MemmLabeler(linearFromJSON(body, 'memm'));
  },
};
