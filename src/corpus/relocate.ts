/**
 * Second, non-monotone pass of gold alignment. The monotone pass (token-align.ts) cannot
 * follow gold that lists the page's parts in another order (a product's rating box placed
 * after its description, a sidebar fact box moved up). Gold lines it left mostly unaligned
 * are looked up as exact token runs among the page tokens it left unaligned:
 * - a line of at least `minRunTokens` tokens may match anywhere (across blocks too);
 * - a shorter line (two words at least) must be a whole block ("Item details", "System
 *   Requirements") near where its gold neighbours aligned (an author's name printed after the
 *   post's date), or the only such block of the page, so that menu words are not claimed by
 *   chance. Single words are left alone: too little evidence.
 * Of several places the one nearest to where the line's gold neighbours aligned wins.
 */

export interface RelocateOptions {
  /** Shortest gold line that may match inside or across blocks. Default 6. */
  readonly minRunTokens?: number;
  /** A line counts as unaligned below this share of aligned tokens. Default 0.5. */
  readonly maxAlignedShare?: number;
  /** How far (page tokens) outside its gold neighbours' places a short line may be found. Default 40. */
  readonly window?: number;
}

const NEIGHBOUR_SCAN = 2000;

/** The page's tokens by token id (CSR: `positions[offsets[t]..offsets[t+1]]` are the places of `t`), and each block's extent. */
interface PageIndex {
  readonly offsets: Int32Array;
  readonly positions: Int32Array;
  readonly blockFirst: ReadonlyMap<number, number>;
  readonly blockEnd: ReadonlyMap<number, number>;
}

/**
 * Updates `match` (page token -> gold token, -1) in place: gold lines placed here take their
 * page tokens; their earlier scattered matches are dropped.
 */
export function relocateUnalignedLines(
  pageIds: Int32Array,
  blockOf: Int32Array,
  goldIds: Int32Array,
  segTokens: readonly (readonly string[])[],
  match: Int32Array,
  vocabSize: number,
  options: RelocateOptions = {},
): void {
  const minRun = options.minRunTokens ?? 6;
  const maxShare = options.maxAlignedShare ?? 0.5;
  const window = options.window ?? 40;
  if (pageIds.length === 0 || goldIds.length === 0) return;
  const goldPos = goldPositions(match, pageIds.length, goldIds.length);
  const segStart = segmentStarts(segTokens);
  const todo = unalignedLines(segTokens, segStart, goldPos, maxShare);
  if (todo.length === 0) return;
  const index = indexPage(pageIds, blockOf, vocabSize);
  for (const s of todo) {
    const g0 = segStart[s]!;
    const len = segStart[s + 1]! - g0;
    const candidates = placesOfLine(g0, len, pageIds, blockOf, goldIds, match, index, minRun);
    if (candidates.length === 0) continue;
    const distance = distanceFromNeighbours(goldPos, g0, len, pageIds.length);
    let best = candidates[0]!;
    for (const p of candidates) if (distance(p) < distance(best)) best = p;
    if (len < minRun) {
      const unique = candidates.length === 1;
      if (!unique && (!distance.hasNeighbours || distance(best) > window)) continue;
    }
    moveLine(g0, len, best, match, goldPos);
  }
}

/** Gold token -> page token (the monotone pass is one-to-one), -1 where unaligned. */
function goldPositions(match: Int32Array, pageLen: number, goldLen: number): Int32Array {
  const goldPos = new Int32Array(goldLen).fill(-1);
  for (let i = 0; i < pageLen; i++) if (match[i]! >= 0) goldPos[match[i]!] = i;
  return goldPos;
}

/** Segment start offsets in the gold stream (one more than there are segments). */
function segmentStarts(segTokens: readonly (readonly string[])[]): Int32Array {
  const segStart = new Int32Array(segTokens.length + 1);
  for (let s = 0; s < segTokens.length; s++) segStart[s + 1] = segStart[s]! + segTokens[s]!.length;
  return segStart;
}

/** The gold lines of two tokens or more with less than `maxShare` of their tokens aligned. */
function unalignedLines(segTokens: readonly (readonly string[])[], segStart: Int32Array, goldPos: Int32Array, maxShare: number): number[] {
  const todo: number[] = [];
  for (let s = 0; s < segTokens.length; s++) {
    const len = segTokens[s]!.length;
    // One word is too little evidence, and out of page order it breaks more shingles than it adds.
    if (len < 2) continue;
    let aligned = 0;
    for (let g = segStart[s]!; g < segStart[s + 1]!; g++) if (goldPos[g]! >= 0) aligned++;
    if (aligned / len < maxShare) todo.push(s);
  }
  return todo;
}

/** The page's token places by token id, and its blocks' extents. */
function indexPage(pageIds: Int32Array, blockOf: Int32Array, vocabSize: number): PageIndex {
  const pageLen = pageIds.length;
  const offsets = new Int32Array(vocabSize + 1);
  for (let i = 0; i < pageLen; i++) offsets[pageIds[i]! + 1]!++;
  for (let v = 0; v < vocabSize; v++) offsets[v + 1]! += offsets[v]!;
  const positions = new Int32Array(pageLen);
  const fill = offsets.slice(0, vocabSize);
  for (let i = 0; i < pageLen; i++) positions[fill[pageIds[i]!]!++] = i;
  const blockFirst = new Map<number, number>();
  const blockEnd = new Map<number, number>();
  for (let i = 0; i < pageLen; i++) {
    const b = blockOf[i]!;
    if (!blockFirst.has(b)) blockFirst.set(b, i);
    blockEnd.set(b, i + 1);
  }
  return { offsets, positions, blockFirst, blockEnd };
}

/**
 * Where gold tokens `g0..g0+len` occur as one run of still unaligned page tokens; a line
 * shorter than `minRun` only where it is a whole block.
 */
function placesOfLine(g0: number, len: number, pageIds: Int32Array, blockOf: Int32Array, goldIds: Int32Array, match: Int32Array, index: PageIndex, minRun: number): number[] {
  const { offsets, positions, blockFirst, blockEnd } = index;
  // Look the line up by its rarest word on the page, so lines of common words stay cheap.
  let key = 0;
  for (let j = 1; j < len; j++) {
    const t = goldIds[g0 + j]!;
    const best = goldIds[g0 + key]!;
    if (offsets[t + 1]! - offsets[t]! < offsets[best + 1]! - offsets[best]!) key = j;
  }
  const rare = goldIds[g0 + key]!;
  const candidates: number[] = [];
  for (let k = offsets[rare]!; k < offsets[rare + 1]!; k++) {
    const p = positions[k]! - key;
    if (p < 0) continue;
    if (p + len > pageIds.length) break;
    let ok = true;
    for (let j = 0; j < len && ok; j++) ok = pageIds[p + j] === goldIds[g0 + j] && match[p + j] === -1;
    if (!ok) continue;
    if (len < minRun) {
      const b = blockOf[p]!;
      if (blockFirst.get(b) !== p || blockEnd.get(b) !== p + len) continue;
    }
    candidates.push(p);
  }
  return candidates;
}

/**
 * Distance of a page place from the span where the line's gold neighbours (the previous and
 * next aligned gold tokens) sit: 0 inside it; without neighbours every place is as near.
 */
function distanceFromNeighbours(goldPos: Int32Array, g0: number, len: number, pageLen: number): ((p: number) => number) & { hasNeighbours: boolean } {
  // Looked for at most NEIGHBOUR_SCAN tokens away, so many unaligned lines stay linear.
  let before = -1;
  for (let g = g0 - 1; g >= Math.max(0, g0 - NEIGHBOUR_SCAN) && before < 0; g--) before = goldPos[g]!;
  let after = -1;
  for (let g = g0 + len; g < Math.min(goldPos.length, g0 + len + NEIGHBOUR_SCAN) && after < 0; g++) after = goldPos[g]!;
  const lo = Math.min(before >= 0 ? before : pageLen, after >= 0 ? after : pageLen);
  const hi = Math.max(before, after);
  const distance = (p: number): number => (hi < 0 ? 0 : p < lo ? lo - p : p > hi ? p - hi : 0);
  return Object.assign(distance, { hasNeighbours: hi >= 0 });
}

/** Gold line `g0..g0+len` takes page tokens `at..at+len`; its earlier matches are dropped. */
function moveLine(g0: number, len: number, at: number, match: Int32Array, goldPos: Int32Array): void {
  for (let g = g0; g < g0 + len; g++) {
    const old = goldPos[g]!;
    if (old >= 0) match[old] = -1;
  }
  for (let j = 0; j < len; j++) {
    match[at + j] = g0 + j;
    goldPos[g0 + j] = at + j;
  }
}
