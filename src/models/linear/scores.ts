/**
 * The linear part shared by CRF, MaxEnt and MEMM: per-item label scores from attribute
 * weights, and the matching gradient accumulation. Weights are laid out row-major,
 * W[row * L + y], so the L weights of an attribute are adjacent.
 */
import type { FeatureIndex } from './feature-index.js';
import type { EncodedItems } from './encode.js';

/**
 * For the items [from, to) of one sequence:
 *   S[(i-from)*L + y] = sum_{a in item i} v_a W[a, y]
 *                     + sum_{a in item i-1} v_a W[prev(a), y] + sum_{a in item i+1} v_a W[next(a), y]
 * computed in one pass over the items: each item adds to itself and its two neighbours.
 * (An attribute's own row is its number, FeatureIndex.own[k] = k.)
 */
export function stateScores(ix: FeatureIndex, enc: EncodedItems, from: number, to: number, W: Float64Array, L: number, S: Float64Array): void {
  if (L === 4) return stateScores4(ix, enc, from, to, W, S);
  const { itemStart, ids, vals } = enc;
  S.fill(0, 0, (to - from) * L);
  if (ix.history === 'none' && vals === null) {
    // The common case, kept free of branches.
    for (let i = from, base = 0; i < to; i++, base += L) {
      const end = itemStart[i + 1]!;
      for (let p = itemStart[i]!; p < end; p++) {
        const r = ids[p]! * L;
        for (let y = 0; y < L; y++) S[base + y] += W[r + y]!;
      }
    }
    return;
  }
  const { prev, next } = ix;
  const hasPrev = ix.history === 'prev' || ix.history === 'both';
  const hasNext = ix.history === 'next' || ix.history === 'both';
  for (let i = from; i < to; i++) {
    const base = (i - from) * L;
    const end = itemStart[i + 1]!;
    for (let p = itemStart[i]!; p < end; p++) {
      const k = ids[p]!;
      const v = vals === null ? 1 : vals[p]!;
      let r = k * L;
      for (let y = 0; y < L; y++) S[base + y] += v * W[r + y]!;
      if (hasPrev && i + 1 < to && (r = prev[k]!) >= 0) {
        r *= L;
        const b = base + L;
        for (let y = 0; y < L; y++) S[b + y] += v * W[r + y]!;
      }
      if (hasNext && i > from && (r = next[k]!) >= 0) {
        r *= L;
        const b = base - L;
        for (let y = 0; y < L; y++) S[b + y] += v * W[r + y]!;
      }
    }
  }
}

/**
 * The transpose of `stateScores`: G[row*L + y] += sum_i v_a C[(i-from)*L + y] over the
 * rows item i's attributes reach, where C holds d(objective)/dS.
 */
export function addStateGradient(ix: FeatureIndex, enc: EncodedItems, from: number, to: number, C: Float64Array, L: number, G: Float64Array): void {
  if (L === 4) return addStateGradient4(ix, enc, from, to, C, G);
  const { itemStart, ids, vals } = enc;
  if (ix.history === 'none' && vals === null) {
    for (let i = from, base = 0; i < to; i++, base += L) {
      const end = itemStart[i + 1]!;
      for (let p = itemStart[i]!; p < end; p++) {
        const r = ids[p]! * L;
        for (let y = 0; y < L; y++) G[r + y] += C[base + y]!;
      }
    }
    return;
  }
  const { prev, next } = ix;
  const hasPrev = ix.history === 'prev' || ix.history === 'both';
  const hasNext = ix.history === 'next' || ix.history === 'both';
  for (let i = from; i < to; i++) {
    const base = (i - from) * L;
    const end = itemStart[i + 1]!;
    for (let p = itemStart[i]!; p < end; p++) {
      const k = ids[p]!;
      const v = vals === null ? 1 : vals[p]!;
      let r = k * L;
      for (let y = 0; y < L; y++) G[r + y] += v * C[base + y]!;
      if (hasPrev && i + 1 < to && (r = prev[k]!) >= 0) {
        r *= L;
        const b = base + L;
        for (let y = 0; y < L; y++) G[r + y] += v * C[b + y]!;
      }
      if (hasNext && i > from && (r = next[k]!) >= 0) {
        r *= L;
        const b = base - L;
        for (let y = 0; y < L; y++) G[r + y] += v * C[b + y]!;
      }
    }
  }
}

/*
 * Four labels (pith's label set) unrolled, with the sums in local variables: about three
 * times faster than the loops over y, and this is where training spends its time.
 */
function stateScores4(ix: FeatureIndex, enc: EncodedItems, from: number, to: number, W: Float64Array, S: Float64Array): void {
  const { itemStart, ids, vals } = enc;
  const { prev, next } = ix;
  const hasPrev = ix.history === 'prev' || ix.history === 'both';
  const hasNext = ix.history === 'next' || ix.history === 'both';
  for (let i = from, base = 0; i < to; i++, base += 4) {
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    const a = itemStart[i]!, b = itemStart[i + 1]!;
    if (vals === null) {
      for (let p = a; p < b; p++) {
        const r = ids[p]! << 2;
        s0 += W[r]!; s1 += W[r + 1]!; s2 += W[r + 2]!; s3 += W[r + 3]!;
      }
    } else {
      for (let p = a; p < b; p++) {
        const r = ids[p]! << 2, v = vals[p]!;
        s0 += v * W[r]!; s1 += v * W[r + 1]!; s2 += v * W[r + 2]!; s3 += v * W[r + 3]!;
      }
    }
    if (hasPrev && i > from) {
      // prev:<a> for the attributes a of item i-1.
      for (let p = itemStart[i - 1]!; p < a; p++) {
        let r = prev[ids[p]!]!;
        if (r < 0) continue;
        r <<= 2;
        const v = vals === null ? 1 : vals[p]!;
        s0 += v * W[r]!; s1 += v * W[r + 1]!; s2 += v * W[r + 2]!; s3 += v * W[r + 3]!;
      }
    }
    if (hasNext && i + 1 < to) {
      // next:<a> for the attributes a of item i+1.
      const c = itemStart[i + 2]!;
      for (let p = b; p < c; p++) {
        let r = next[ids[p]!]!;
        if (r < 0) continue;
        r <<= 2;
        const v = vals === null ? 1 : vals[p]!;
        s0 += v * W[r]!; s1 += v * W[r + 1]!; s2 += v * W[r + 2]!; s3 += v * W[r + 3]!;
      }
    }
    S[base] = s0; S[base + 1] = s1; S[base + 2] = s2; S[base + 3] = s3;
  }
}

function addStateGradient4(ix: FeatureIndex, enc: EncodedItems, from: number, to: number, C: Float64Array, G: Float64Array): void {
  const { itemStart, ids, vals } = enc;
  const { prev, next } = ix;
  const hasPrev = ix.history === 'prev' || ix.history === 'both';
  const hasNext = ix.history === 'next' || ix.history === 'both';
  for (let i = from, base = 0; i < to; i++, base += 4) {
    const a = itemStart[i]!, b = itemStart[i + 1]!;
    const c0 = C[base]!, c1 = C[base + 1]!, c2 = C[base + 2]!, c3 = C[base + 3]!;
    if (vals === null) {
      for (let p = a; p < b; p++) {
        const r = ids[p]! << 2;
        G[r] += c0; G[r + 1] += c1; G[r + 2] += c2; G[r + 3] += c3;
      }
    } else {
      for (let p = a; p < b; p++) {
        const r = ids[p]! << 2, v = vals[p]!;
        G[r] += v * c0; G[r + 1] += v * c1; G[r + 2] += v * c2; G[r + 3] += v * c3;
      }
    }
    if (hasPrev && i + 1 < to) {
      // This item's attributes are prev: attributes of item i+1.
      const d0 = C[base + 4]!, d1 = C[base + 5]!, d2 = C[base + 6]!, d3 = C[base + 7]!;
      for (let p = a; p < b; p++) {
        let r = prev[ids[p]!]!;
        if (r < 0) continue;
        r <<= 2;
        const v = vals === null ? 1 : vals[p]!;
        G[r] += v * d0; G[r + 1] += v * d1; G[r + 2] += v * d2; G[r + 3] += v * d3;
      }
    }
    if (hasNext && i > from) {
      // ... and next: attributes of item i-1.
      const d0 = C[base - 4]!, d1 = C[base - 3]!, d2 = C[base - 2]!, d3 = C[base - 1]!;
      for (let p = a; p < b; p++) {
        let r = next[ids[p]!]!;
        if (r < 0) continue;
        r <<= 2;
        const v = vals === null ? 1 : vals[p]!;
        G[r] += v * d0; G[r + 1] += v * d1; G[r + 2] += v * d2; G[r + 3] += v * d3;
      }
    }
  }
}

export interface RowContribution {
  readonly row: number;
  /** value x weight towards the label asked for. */
  readonly weight: number;
}

/** Every row that reaches item `i` (of the sequence [from, to)) with value x W[row, y]. */
export function rowContributions(ix: FeatureIndex, enc: EncodedItems, from: number, to: number, i: number, W: Float64Array, L: number, y: number): RowContribution[] {
  const out: RowContribution[] = [];
  const { itemStart, ids, vals } = enc;
  const add = (item: number, rows: Int32Array) => {
    if (item < from || item >= to) return;
    for (let p = itemStart[item]!; p < itemStart[item + 1]!; p++) {
      const r = rows[ids[p]!]!;
      if (r >= 0) out.push({ row: r, weight: (vals === null ? 1 : vals[p]!) * W[r * L + y]! });
    }
  };
  add(i, ix.own);
  add(i - 1, ix.prev);
  add(i + 1, ix.next);
  return out;
}

/** 0.5 * ||w||^2 / sigma^2 added to f, w / sigma^2 to g (the Gaussian prior). */
export function addGaussianPrior(W: Float64Array, G: Float64Array, sigma: number): number {
  const inv = 1 / (sigma * sigma);
  let s = 0;
  for (let j = 0; j < W.length; j++) {
    const w = W[j]!;
    s += w * w;
    G[j] += w * inv;
  }
  return 0.5 * s * inv;
}

/**
 * Edge features (block-labelling study's "E" option): attribute x (previous label, label) weights. For
 * the items [from, to), item i >= from+1:
 *   TE[(i-from)*L*L + a*L + b] = sum_{attr k in item i} v_k W[offset + k*L*L + a*L + b]
 * (the first item has no incoming transition and gets zeros).
 */
export function edgeScores(enc: EncodedItems, from: number, to: number, W: Float64Array, L: number, offset: number, TE: Float64Array): void {
  const LL = L * L;
  const { itemStart, ids, vals } = enc;
  TE.fill(0, 0, (to - from) * LL);
  for (let i = from + 1; i < to; i++) {
    const o = (i - from) * LL;
    for (let p = itemStart[i]!; p < itemStart[i + 1]!; p++) {
      const r = offset + ids[p]! * LL;
      const v = vals === null ? 1 : vals[p]!;
      for (let j = 0; j < LL; j++) TE[o + j] += v * W[r + j]!;
    }
  }
}

/** The transpose of `edgeScores`: G[offset + k*L*L + j] += v_k CE[(i-from)*L*L + j]. */
export function addEdgeGradient(enc: EncodedItems, from: number, to: number, CE: Float64Array, L: number, offset: number, G: Float64Array): void {
  const LL = L * L;
  const { itemStart, ids, vals } = enc;
  for (let i = from + 1; i < to; i++) {
    const o = (i - from) * LL;
    for (let p = itemStart[i]!; p < itemStart[i + 1]!; p++) {
      const r = offset + ids[p]! * LL;
      const v = vals === null ? 1 : vals[p]!;
      for (let j = 0; j < LL; j++) G[r + j] += v * CE[o + j]!;
    }
  }
}
