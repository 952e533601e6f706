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
  const pageLen = pageIds.length;
  const goldLen = goldIds.length;
  if (pageLen === 0 || goldLen === 0) return;

  // Gold token -> page token (the monotone pass is one-to-one).
  const goldPos = new Int32Array(goldLen).fill(-1);
  for (let i = 0; i < pageLen; i++) if (match[i]! >= 0) goldPos[match[i]!] = i;

  // Segment start offsets in the gold stream.
  const segStart = new Int32Array(segTokens.length + 1);
  for (let s = 0; s < segTokens.length; s++) segStart[s + 1] = segStart[s]! + segTokens[s]!.length;

  const todo: number[] = [];
  for (let s = 0; s < segTokens.length; s++) {
    const len = segTokens[s]!.length;
    // One word is too little evidence, and out of page order it breaks more shingles than it adds.
    if (len < 2) continue;
    let aligned = 0;
    for (let g = segStart[s]!; g < segStart[s + 1]!; g++) if (goldPos[g]! >= 0) aligned++;
    if (aligned / len < maxShare) todo.push(s);
  }
  if (todo.length === 0) return;

  // Page positions by token id (CSR), and block extents.
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

  for (const s of todo) {
    const g0 = segStart[s]!;
    const len = segStart[s + 1]! - g0;
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
      if (p + len > pageLen) break;
      let ok = true;
      for (let j = 0; j < len && ok; j++) ok = pageIds[p + j] === goldIds[g0 + j] && match[p + j] === -1;
      if (!ok) continue;
      if (len < minRun) {
        const b = blockOf[p]!;
        if (blockFirst.get(b) !== p || blockEnd.get(b) !== p + len) continue;
      }
      candidates.push(p);
    }
    if (candidates.length === 0) continue;
    // Where the gold's neighbours sit on the page: previous and next aligned gold tokens.
    // (Looked for at most NEIGHBOUR_SCAN tokens away, so many unaligned lines stay linear.)
    let before = -1;
    for (let g = g0 - 1; g >= Math.max(0, g0 - NEIGHBOUR_SCAN) && before < 0; g--) before = goldPos[g]!;
    let after = -1;
    for (let g = g0 + len; g < Math.min(goldLen, g0 + len + NEIGHBOUR_SCAN) && after < 0; g++) after = goldPos[g]!;
    const lo = Math.min(before >= 0 ? before : pageLen, after >= 0 ? after : pageLen);
    const hi = Math.max(before, after);
    // Distance from the neighbours' span (0 inside it); without neighbours every place is as near.
    const distance = (p: number): number => (hi < 0 ? 0 : p < lo ? lo - p : p > hi ? p - hi : 0);
    let best = candidates[0]!;
    for (const p of candidates) if (distance(p) < distance(best)) best = p;
    if (len < minRun) {
      const unique = candidates.length === 1;
      if (!unique && (hi < 0 || distance(best) > window)) continue;
    }
    for (let g = g0; g < g0 + len; g++) {
      const old = goldPos[g]!;
      if (old >= 0) match[old] = -1;
    }
    for (let j = 0; j < len; j++) {
      match[best + j] = g0 + j;
      goldPos[g0 + j] = best + j;
    }
  }
}
