/**
 * Monotone alignment of two token sequences (a page's and a gold text's), in the manner of
 * patience diff: anchor on tokens that occur once in the gold range and at most a few times
 * in the page range (a gold token seen several times on the page anchors only where its
 * neighbours match too), keep the longest chain of anchors that is increasing in both (LIS),
 * then solve the ranges between anchors the same way; ranges small enough are solved exactly
 * with an LCS table that prefers runs of consecutive matches. Work is bounded (no recursion,
 * a budget on cells and passes), so a 50 MB page aligns in linear-ish time and memory.
 */

export interface TokenAlignOptions {
  /** Largest gap (page tokens x gold tokens) solved with an exact LCS table. Default 400 000. */
  readonly maxDpCells?: number;
  /** How often a gold-unique token may occur in the page range and still anchor. Default 3. */
  readonly maxPageRepeats?: number;
  /**
   * Largest range without any anchor still solved with an LCS table (rather than left
   * unaligned). Default 8 x `maxDpCells`.
   */
  readonly maxFallbackCells?: number;
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
  const maxFallbackCells = options.maxFallbackCells ?? 8 * maxDpCells;
  const match = new Int32Array(a.length).fill(-1);
  const counts = newTokenCounts(vocabSize);
  // Each pass over a range costs its length; cap the total so pathological input cannot hang.
  let budget = 40 * (a.length + b.length) + 2_000_000;
  // Anchorless ranges solved exactly share one cell budget (about a second of work at most).
  let fallbackBudget = 50_000_000;

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

    const pairA: number[] = [];
    const pairB: number[] = [];
    uniqueTokenAnchors(a, b, a0, a1, b0, b1, maxRepeats, counts, pairA, pairB);
    let span = 1;
    // No unique word: try unique word pairs, then triples (text made of common words, repeated blocks).
    for (let n = 2; n <= 4 && pairA.length === 0; n++) {
      ngramAnchors(a, b, a0, a1, b0, b1, n, maxRepeats, pairA, pairB);
      span = n;
      budget -= 2 * (na + nb);
    }
    if (pairA.length === 0) {
      // Nothing safe to anchor on: solve it exactly when affordable, else leave it unaligned.
      if (na * nb <= maxFallbackCells && na * nb <= fallbackBudget) {
        fallbackBudget -= na * nb;
        lcs(a, b, a0, a1, b0, b1, match);
      }
      continue;
    }
    keepBestContext(a, b, a0, a1, b0, b1, span, pairA, pairB);

    splitAtAnchors({ a0, a1, b0, b1 }, longestChain(pairA, pairB), pairA, pairB, span, match, stack);
  }
  return match;
}

/** Scratch counts by token id, all zero between uses. */
interface TokenCounts {
  readonly countA: Int32Array;
  readonly countB: Int32Array;
  readonly posB: Int32Array;
}

function newTokenCounts(vocabSize: number): TokenCounts {
  return { countA: new Int32Array(vocabSize), countB: new Int32Array(vocabSize), posB: new Int32Array(vocabSize) };
}

/**
 * Anchors: tokens unique in the gold range and present 1..maxRepeats times in the page range,
 * appended to `pairA`/`pairB` in page order. Leaves `counts` all zero again.
 */
function uniqueTokenAnchors(a: Int32Array, b: Int32Array, a0: number, a1: number, b0: number, b1: number, maxRepeats: number, counts: TokenCounts, pairA: number[], pairB: number[]): void {
  const { countA, countB, posB } = counts;
  for (let i = b0; i < b1; i++) {
    const t = b[i]!;
    countB[t]!++;
    posB[t] = i;
  }
  for (let i = a0; i < a1; i++) countA[a[i]!]!++;
  for (let i = a0; i < a1; i++) {
    const t = a[i]!;
    if (countB[t] === 1 && countA[t]! <= maxRepeats) {
      pairA.push(i);
      pairB.push(posB[t]!);
    }
  }
  for (let i = b0; i < b1; i++) countB[b[i]!] = 0;
  for (let i = a0; i < a1; i++) countA[a[i]!] = 0;
}

/**
 * Splits range `r` at the chained anchors (each `span` tokens long): anchored tokens match
 * each other, the stretches between them go on `stack` to be aligned in turn.
 */
function splitAtAnchors(r: Range, chain: readonly number[], pairA: readonly number[], pairB: readonly number[], span: number, match: Int32Array, stack: Range[]): void {
  let pa = r.a0;
  let pb = r.b0;
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
  if (r.a1 > pa && r.b1 > pb) stack.push({ a0: pa, a1: r.a1, b0: pb, b1: r.b1 });
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
 * A gold token found several times on the page (menu entry, teaser and the text itself) is
 * kept as an anchor only at the occurrences whose neighbours match the gold best: the count
 * of equal tokens on both sides, up to 16 each way. Filters `pairA`/`pairB` in place.
 */
function keepBestContext(a: Int32Array, b: Int32Array, a0: number, a1: number, b0: number, b1: number, span: number, pairA: number[], pairB: number[]): void {
  const n = pairA.length;
  const seen = new Map<number, number>(); // gold position -> number of page candidates
  for (let k = 0; k < n; k++) seen.set(pairB[k]!, (seen.get(pairB[k]!) ?? 0) + 1);
  if (seen.size === n) return;
  const score = new Int32Array(n);
  const best = new Map<number, number>();
  for (let k = 0; k < n; k++) {
    const ib = pairB[k]!;
    if (seen.get(ib) === 1) continue;
    const ia = pairA[k]!;
    let c = 0;
    for (let d = 1; d <= 16 && ia - d >= a0 && ib - d >= b0 && a[ia - d] === b[ib - d]; d++) c++;
    for (let d = span; d < span + 16 && ia + d < a1 && ib + d < b1 && a[ia + d] === b[ib + d]; d++) c++;
    score[k] = c;
    if (c > (best.get(ib) ?? -1)) best.set(ib, c);
  }
  let w = 0;
  for (let k = 0; k < n; k++) {
    const ib = pairB[k]!;
    if (seen.get(ib) !== 1 && score[k]! < best.get(ib)!) continue;
    pairA[w] = pairA[k]!;
    pairB[w++] = ib;
  }
  pairA.length = w;
  pairB.length = w;
}

/** Score of one matched token, and the bonus when it continues the previous match (a run). */
const MATCH_SCORE = 4;
const RUN_BONUS = 1;

/**
 * Longest common subsequence of a[a0..a1) and b[b0..b1) that prefers runs, written into
 * `match`. Two tables over suffixes: F1 when the previous pair matched diagonally, F0 when not:
 *   F_c[i][j] = max(a_i == b_j ? MATCH + c*RUN + F1[i+1][j+1] : -inf, F0[i+1][j], F0[i][j+1])
 * filled from the end so the walk from (0, 0) reads matches in order. Among alignments with
 * the same number of matches, the one with the fewest breaks wins, so a heading's words match
 * the heading rather than scattered menu words.
 */
function lcs(a: Int32Array, b: Int32Array, a0: number, a1: number, b0: number, b1: number, match: Int32Array): void {
  const n = a1 - a0;
  const m = b1 - b0;
  const w = m + 1;
  const f0 = new Int32Array((n + 1) * w);
  const f1 = new Int32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    const ai = a[a0 + i];
    const row = i * w;
    const next = (i + 1) * w;
    for (let j = m - 1; j >= 0; j--) {
      const skip = Math.max(f0[next + j]!, f0[row + j + 1]!);
      if (ai === b[b0 + j]) {
        const diag = MATCH_SCORE + f1[next + j + 1]!;
        f0[row + j] = Math.max(diag, skip);
        f1[row + j] = Math.max(diag + RUN_BONUS, skip);
      } else {
        f0[row + j] = skip;
        f1[row + j] = skip;
      }
    }
  }
  let i = 0;
  let j = 0;
  let run = 0; // 1 when the previous step matched diagonally
  while (i < n && j < m) {
    const here = (run ? f1 : f0)[i * w + j]!;
    if (a[a0 + i] === b[b0 + j] && here === MATCH_SCORE + run * RUN_BONUS + f1[(i + 1) * w + j + 1]!) {
      match[a0 + i] = b0 + j;
      i++;
      j++;
      run = 1;
    } else {
      run = 0;
      if (f0[(i + 1) * w + j]! >= f0[i * w + j + 1]!) i++;
      else j++;
    }
  }
}
