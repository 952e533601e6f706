/**
 * The objective of the log-linear learners that normalise each item on its own (MaxEnt,
 * MEMM): every item with known gold is a softmax over its state scores plus one row of extra
 * weights (MaxEnt: the label bias; MEMM: the transition from the previous gold label),
 *   f(w) = sum_{i used} [log sum_y exp(s_i(y) + E_i(y)) - s_i(g_i) - E_i(g_i)] + ||w||^2 / (2 sigma^2)
 *   df/ds_i(y) = df/dE_i(y) = p(y | i) - [y = g_i]
 */
import type { Objective } from '../optim/types.js';
import { maxSequenceLength, type EncodedItems } from './encode.js';
import type { FeatureIndex } from './feature-index.js';
import { addGaussianPrior, addStateGradient, stateScores } from './scores.js';

/**
 * Where item `i` (of the sequence starting at `from`) finds its extra weights in W, or -1
 * to leave it out of the loss. Called only for items whose own gold is known.
 */
export type ExtraRowOf = (gold: Int8Array, from: number, i: number) => number;

export function localSoftmaxObjective(ix: FeatureIndex, enc: EncodedItems, gold: Int8Array, L: number, sigma: number, extraRowOf: ExtraRowOf): Objective {
  const maxLen = maxSequenceLength(enc);
  const S = new Float64Array(maxLen * L), C = new Float64Array(maxLen * L);
  const nSeq = enc.seqStart.length - 1;
  return (W, G) => {
    G.fill(0);
    let loss = 0;
    for (let s = 0; s < nSeq; s++) {
      const from = enc.seqStart[s]!, to = enc.seqStart[s + 1]!;
      if (!hasKnownGold(gold, from, to)) continue;
      stateScores(ix, enc, from, to, W, L, S);
      C.fill(0, 0, (to - from) * L);
      for (let i = 0; i < to - from; i++) {
        const g = gold[from + i]!;
        if (g < 0) continue;
        const t = extraRowOf(gold, from, i);
        if (t < 0) continue;
        loss += itemLoss(S, C, W, G, i * L, t, g, L);
      }
      addStateGradient(ix, enc, from, to, C, L, G);
    }
    return loss + addGaussianPrior(W, G, sigma);
  };
}

function hasKnownGold(gold: Int8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (gold[i]! >= 0) return true;
  return false;
}

/**
 * One item's softmax loss: adds the extra row (at W[t..]) into its scores S[b..], writes
 * p(y) - [y = g] into C[b..] and adds it to the extra row's gradient.
 */
function itemLoss(S: Float64Array, C: Float64Array, W: Float64Array, G: Float64Array, b: number, t: number, g: number, L: number): number {
  let m = -Infinity;
  for (let y = 0; y < L; y++) m = Math.max(m, S[b + y] += W[t + y]!);
  let z = 0;
  for (let y = 0; y < L; y++) z += C[b + y] = Math.exp(S[b + y]! - m);
  const loss = Math.log(z) + m - S[b + g]!;
  const inv = 1 / z;
  for (let y = 0; y < L; y++) {
    C[b + y] *= inv;
    if (y === g) C[b + y] -= 1;
    G[t + y] += C[b + y]!;
  }
  return loss;
}
