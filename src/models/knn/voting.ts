/**
 * From a neighbour set to class probabilities. Each stored instance at distance d votes
 * for its label with weight
 *   majority:          1
 *   inverse-distance:  1 / (d + 1e-6)
 *   inverse-linear:    (d_k - d) / (d_k - d_1), 1 when d_k = d_1   (Dudani 1976; d_1 and d_k
 *                      are the nearest and farthest distances in the set)
 *   exponential-decay: exp(-decay * d)
 * and the probabilities are the normalised votes.
 */
import { LABELS, type Label } from '../../labels.js';
import type { Voting } from './params.js';
import type { Neighbours } from './search.js';

const NC = LABELS.length;
const ID_EPSILON = 1e-6;

export function rankWeight(voting: Voting, d: number, nearest: number, farthest: number, decay: number): number {
  switch (voting) {
    case 'majority':
      return 1;
    case 'inverse-distance':
      return 1 / (d + ID_EPSILON);
    case 'inverse-linear':
      return farthest === nearest ? 1 : (farthest - d) / (farthest - nearest);
    case 'exponential-decay':
      return Math.exp(-decay * d);
  }
}

/** Normalised votes in LABELS order; the prior when nobody votes. */
export function voteProbs(nb: Neighbours, voting: Voting, decay: number, prior: ArrayLike<number>): number[] {
  const votes = new Array<number>(NC).fill(0);
  const nearest = nb.ranks > 0 ? nb.distances[0]! : 0;
  const farthest = nb.ranks > 0 ? nb.distances[nb.ranks - 1]! : 0;
  for (let r = 0; r < nb.ranks; r++) {
    const w = rankWeight(voting, nb.distances[r]!, nearest, farthest, decay);
    for (let c = 0; c < NC; c++) votes[c]! += w * nb.counts[r * NC + c]!;
  }
  return normalise(votes, prior);
}

export function normalise(votes: number[], prior: ArrayLike<number>): number[] {
  let sum = 0;
  for (const v of votes) sum += v;
  if (!(sum > 0)) {
    let ps = 0;
    for (let c = 0; c < NC; c++) ps += prior[c]!;
    return Array.from({ length: NC }, (_, c) => (ps > 0 ? prior[c]! / ps : 1 / NC));
  }
  return votes.map((v) => v / sum);
}

/** Most probable label; ties go to the label more frequent in training, then LABELS order. */
export function bestLabel(probs: readonly number[], prior: ArrayLike<number>): Label {
  let best = 0;
  for (let c = 1; c < NC; c++) {
    if (probs[c]! > probs[best]! || (probs[c] === probs[best] && prior[c]! > prior[best]!)) best = c;
  }
  return LABELS[best]!;
}

/**
 * Probabilities for every k from 1 to nb.ranks out of one search with the largest k (the
 * first k ranks of a k = K neighbour set are exactly the k = k set): one search serves a
 * whole k sweep (memory-based study §6.6.1). Element k-1 holds the probabilities for k.
 */
export function probsForEachK(nb: Neighbours, voting: Voting, decay: number, prior: ArrayLike<number>): number[][] {
  const out: number[][] = [];
  for (let k = 1; k <= nb.ranks; k++) {
    const sub: Neighbours = { ranks: k, distances: nb.distances.subarray(0, k), counts: nb.counts.subarray(0, k * NC) };
    out.push(voteProbs(sub, voting, decay, prior));
  }
  return out;
}
