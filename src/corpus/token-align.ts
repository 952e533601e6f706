/**
 * Monotone alignment of two token sequences (a page's and a gold text's), in the manner of
 * patience diff: anchor on tokens that occur once in the gold range and at most a few times
 * in the page range, keep the longest chain of anchors that is increasing in both (LIS),
 * then solve the ranges between anchors the same way; ranges small enough are solved exactly
 * with an LCS table. Work is bounded (no recursion, a budget on cells and passes), so a
 * 50 MB page aligns in linear-ish time and memory.
 */

export interface TokenAlignOptions {
  /** Largest gap (page tokens x gold tokens) solved with an exact LCS table. Default 400 000. */
  readonly maxDpCells?: number;
  /** How often a gold-unique token may occur in the page range and still anchor. Default 3. */
  readonly maxPageRepeats?: number;
}

interface Range {
  a0: number;
  a1: number;
  b0: number;
  b1: number;
}

/**
 * Returns, for each token of `a` (the page), the index of the `b` (gold) token it aligns
 * to, or -1. Matches are strictly increasing in both sequences.
 */
export function alignTokenSequences(a: Int32Array, b: Int32Array, vocabSize: number, options: TokenAlignOptions = {}): Int32Array {
  const maxDpCells = options.maxDpCells ?? 400_000;
  const maxRepeats = options.maxPageRepeats ?? 3;
  const match = new Int32Array(a.length).fill(-1);
  const countA = new Int32Array(vocabSize);
  const countB = new Int32Array(vocabSize);
  const posB = new Int32Array(vocabSize);
  // Each pass over a range costs its length; cap the total so pathological input cannot hang.
  let budget = 40 * (a.length + b.length) + 2_000_000;

  const stack: Range[] = [{ a0: 0, a1: a.length, b0: 0, b1: b.length }];
  while (stack.length > 0) {
    const r = stack.pop()!;
    let { a0, a1, b0, b1 } = r;
    // Common prefix and suffix match trivially.
    while (a0 < a1 && b0 < b1 && a[a0] === b[b0]) match[a0++] = b0++;
    while (a0 < a1 && b0 < b1 && a[a1 - 1] === b[b1 - 1]) match[--a1] = --b1;
    const na = a1 - a0;
    const nb = b1 - b0;
    if (na === 0 || nb === 0) continue;
    if (na * nb <= maxDpCells) {
      lcs(a, b, a0, a1, b0, b1, match);
      continue;
    }
    budget -= na + nb;
    if (budget < 0) continue;

    // Anchors: tokens unique in the gold range and present 1..maxRepeats times in the page range.
    for (let i = b0; i < b1; i++) {
      const t = b[i]!;
      countB[t]!++;
      posB[t] = i;
    }
    for (let i = a0; i < a1; i++) countA[a[i]!]!++;
    const pairA: number[] = [];
    const pairB: number[] = [];
    for (let i = a0; i < a1; i++) {
      const t = a[i]!;
      if (countB[t] === 1 && countA[t]! <= maxRepeats) {
        pairA.push(i);
        pairB.push(posB[t]!);
      }
    }
    for (let i = b0; i < b1; i++) countB[b[i]!] = 0;
    for (let i = a0; i < a1; i++) countA[a[i]!] = 0;
    let span = 1;
    // No unique word: try unique word pairs, then triples (text made of common words, repeated blocks).
    for (let n = 2; n <= 4 && pairA.length === 0; n++) {
      ngramAnchors(a, b, a0, a1, b0, b1, n, maxRepeats, pairA, pairB);
      span = n;
      budget -= 2 * (na + nb);
    }
    if (pairA.length === 0) continue; // nothing safe to anchor on: leave the range unaligned

    const chain = longestChain(pairA, pairB);
    // Split the range at the anchors; anchored tokens match each other.
    let pa = a0;
    let pb = b0;
    for (const k of chain) {
      const ia = pairA[k]!;
      const ib = pairB[k]!;
      // n-gram anchors may overlap the previous one: keep the chain strictly increasing.
      if (ia < pa || ib < pb) continue;
      for (let j = 0; j < span; j++) match[ia + j] = ib + j;
      if (ia > pa && ib > pb) stack.push({ a0: pa, a1: ia, b0: pb, b1: ib });
      pa = ia + span;
      pb = ib + span;
    }
    if (a1 > pa && b1 > pb) stack.push({ a0: pa, a1, b0: pb, b1 });
  }
  return match;
}

/**
 * Anchors on n-grams occurring once in the gold range and 1..maxRepeats times in the page
 * range, keyed by a rolling hash and confirmed token by token (a collision is never trusted).
 */
function ngramAnchors(a: Int32Array, b: Int32Array, a0: number, a1: number, b0: number, b1: number, n: number, maxRepeats: number, pairA: number[], pairB: number[]): void {
  const key = (s: Int32Array, i: number): number => {
    let h = 0;
    for (let j = 0; j < n; j++) h = (Math.imul(h, 0x01000193) ^ (s[i + j]! + 1)) >>> 0;
    return h;
  };
  const inB = new Map<number, number>(); // hash -> position, or -1 when repeated
  for (let i = b0; i + n <= b1; i++) {
    const k = key(b, i);
    inB.set(k, inB.has(k) ? -1 : i);
  }
  const inA = new Map<number, number>();
  for (let i = a0; i + n <= a1; i++) {
    const k = key(a, i);
    if ((inB.get(k) ?? -1) >= 0) inA.set(k, (inA.get(k) ?? 0) + 1);
  }
  for (let i = a0; i + n <= a1; i++) {
    const k = key(a, i);
    const pos = inB.get(k) ?? -1;
    if (pos < 0 || (inA.get(k) ?? 0) > maxRepeats) continue;
    let same = true;
    for (let j = 0; j < n && same; j++) same = a[i + j] === b[pos + j];
    if (!same) continue;
    pairA.push(i);
    pairB.push(pos);
  }
}

/**
 * Longest chain of pairs increasing in both coordinates. Pairs arrive sorted by `pa`;
 * patience sorting on `pb` (strictly increasing) gives an O(n log n) LIS.
 */
function longestChain(pa: readonly number[], pb: readonly number[]): number[] {
  const n = pa.length;
  const tails: number[] = []; // tails[len-1] = index of the pair ending the best chain of that length
  const prev = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    // Pairs with equal pa (the same page token) cannot both be in a chain: pa strictly increases by construction.
    const v = pb[i]!;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pb[tails[mid]!]! < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const out: number[] = [];
  for (let k = tails.length > 0 ? tails[tails.length - 1]! : -1; k >= 0; k = prev[k]!) out.push(k);
  return out.reverse();
}

/**
 * Exact longest common subsequence of a[a0..a1) and b[b0..b1), written into `match`.
 * L[i][j] = a_i == b_j ? L[i+1][j+1] + 1 : max(L[i+1][j], L[i][j+1]), filled from the end so
 * the walk from (0, 0) reads matches in order.
 */
function lcs(a: Int32Array, b: Int32Array, a0: number, a1: number, b0: number, b1: number, match: Int32Array): void {
  const n = a1 - a0;
  const m = b1 - b0;
  const w = m + 1;
  const table = new Int32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    const ai = a[a0 + i];
    const row = i * w;
    const next = (i + 1) * w;
    for (let j = m - 1; j >= 0; j--) {
      table[row + j] = ai === b[b0 + j] ? table[next + j + 1]! + 1 : Math.max(table[next + j]!, table[row + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[a0 + i] === b[b0 + j]) {
      match[a0 + i] = b0 + j;
      i++;
      j++;
    } else if (table[(i + 1) * w + j]! >= table[i * w + j + 1]!) i++;
    else j++;
  }
}
