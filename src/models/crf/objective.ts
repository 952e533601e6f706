/**
 * The CRF training objective: negative conditional log-likelihood plus the Gaussian prior,
 *   f(w) = sum_seq [log Z(x) - log Z(x | known labels)] + ||w||^2 / (2 sigma^2)
 * where Z(x | known labels) sums over the paths that agree with the gold labels; for a
 * fully labelled sequence it is exp(score of the gold path). Items labelled `unknown` are
 * thus marginalised, so partially labelled pages train correctly.
 *   df/dw = E_model[features] - E_constrained[features] + w / sigma^2
 * Weight layout: state rows (rows*L), transitions T[a*L+b], start[L], end[L], then with
 * `edges` one L*L block per attribute (attribute x (previous label, label), the E of Gibson et al. 2007).
 */
import type { FeatureIndex } from '../linear/feature-index.js';
import { maxSequenceLength, type EncodedItems } from '../linear/encode.js';
import { addEdgeGradient, addGaussianPrior, addStateGradient, edgeScores, stateScores } from '../linear/scores.js';
import type { Objective } from '../optim/types.js';
import { accumulateMarginals, chainBuffers, chainPotentials, forwardBackward } from './chain.js';

export const crfExtraLength = (L: number) => L * L + 2 * L;

/** Offset of the edge-feature weights (after state rows and transitions/start/end). */
export const crfEdgeOffset = (ix: FeatureIndex, L: number) => ix.rows * L + crfExtraLength(L);

export function crfObjective(ix: FeatureIndex, enc: EncodedItems, gold: Int8Array, L: number, sigma: number, options: { readonly edges?: boolean } = {}): Objective {
  const edges = options.edges === true;
  const maxLen = maxSequenceLength(enc);
  const S = new Float64Array(maxLen * L);
  const C = new Float64Array(maxLen * L);
  const TE = edges ? new Float64Array(maxLen * L * L) : null;
  const CE = edges ? new Float64Array(maxLen * L * L) : null;
  const buf = chainBuffers(maxLen, L, edges);
  const off = ix.rows * L;
  const eoff = crfEdgeOffset(ix, L);
  const nSeq = enc.seqStart.length - 1;
  return (W, G) => {
    G.fill(0);
    const cp = chainPotentials(W, off, L);
    let loss = 0;
    for (let s = 0; s < nSeq; s++) {
      const from = enc.seqStart[s]!, to = enc.seqStart[s + 1]!, n = to - from;
      let known = 0;
      for (let i = from; i < to; i++) if (gold[i]! >= 0) known++;
      if (known === 0) continue; // contributes log Z - log Z = 0
      stateScores(ix, enc, from, to, W, L, S);
      C.fill(0, 0, n * L);
      if (TE !== null) {
        edgeScores(enc, from, to, W, L, eoff, TE);
        CE!.fill(0, 0, n * L * L);
      }
      const logZ = forwardBackward(S, n, cp, buf, null, 0, true, TE);
      if (!Number.isFinite(logZ)) return Infinity;
      accumulateMarginals(cp, buf, n, 1, C, G, off, CE);
      if (known === n) {
        // Fully labelled: the gold path's score and its feature counts.
        const y0 = gold[from]!, yn = gold[to - 1]!;
        let score = W[off + L * L + y0]! + W[off + L * L + L + yn]!;
        G[off + L * L + y0] -= 1;
        G[off + L * L + L + yn] -= 1;
        for (let i = 0; i < n; i++) {
          const y = gold[from + i]!;
          score += S[i * L + y]!;
          C[i * L + y] -= 1;
          if (i > 0) {
            const ab = gold[from + i - 1]! * L + y;
            score += W[off + ab]!;
            G[off + ab] -= 1;
            if (TE !== null) {
              score += TE[i * L * L + ab]!;
              CE![i * L * L + ab] -= 1;
            }
          }
        }
        loss += logZ - score;
      } else {
        const logZc = forwardBackward(S, n, cp, buf, gold, from, true, TE);
        if (!Number.isFinite(logZc)) return Infinity;
        accumulateMarginals(cp, buf, n, -1, C, G, off, CE);
        loss += logZ - logZc;
      }
      addStateGradient(ix, enc, from, to, C, L, G);
      if (CE !== null) addEdgeGradient(enc, from, to, CE, L, eoff, G);
    }
    return loss + addGaussianPrior(W, G, sigma);
  };
}
