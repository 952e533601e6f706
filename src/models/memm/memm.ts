/**
 * Maximum entropy Markov model (McCallum et al. 2000; the third learner of Gibson et al. 2007): a local
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
import type { FeatureContribution, ParamSpec } from '../labeler.js';
import type { FeatureIndex } from '../linear/feature-index.js';
import type { EncodedItems } from '../linear/encode.js';
import { LinearLabeler, type Decoded } from '../linear/labeler-base.js';
import { localSoftmaxObjective } from '../linear/local-objective.js';
import { LINEAR_PARAMS } from '../linear/param-specs.js';
import { linearTrainer } from '../linear/trainer.js';
import type { Objective } from '../optim/types.js';

export const MEMM_PARAMS: readonly ParamSpec[] = LINEAR_PARAMS;

/**
 * Each item whose own and previous gold labels are known is a softmax over its state scores
 * plus the transition row of the previous gold label (START for the first item).
 */
export function memmObjective(ix: FeatureIndex, enc: EncodedItems, gold: Int8Array, L: number, sigma: number): Objective {
  const T = ix.rows * L;
  return localSoftmaxObjective(ix, enc, gold, L, sigma, (g, from, i) => {
    const prev = i === 0 ? L : g[from + i - 1]!;
    return prev < 0 ? -1 : T + prev * L;
  });
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
    return [{ feature: `trans:${from}->${this.model.labels[y]}`, weight: this.extraWeight(prev, y) }];
  }

  protected describeExtra(): string[] {
    return this.extraTable('transitions (row: label at i-1 or START, column: label at i)', [...this.model.labels, 'START']);
  }
}

export const memmTrainer = linearTrainer('memm', MEMM_PARAMS, memmObjective, MemmLabeler);
