/**
 * Word n-grams ("shingles") of a token sequence, counted as a multiset: the unit both the
 * article-extraction-benchmark's body metric and the site agreement check compare texts by.
 */

/** The n-grams of `tokens` with their counts (fewer than `n` tokens: one shingle of all; none: none). */
export function shingleCounts(tokens: readonly string[], n: number): Map<string, number> {
  const out = new Map<string, number>();
  // '\u0001' cannot occur inside a token, so joined shingles never collide.
  const last = Math.max(1, tokens.length - n + 1);
  for (let i = 0; i < last && i < tokens.length; i++) {
    const key = tokens.slice(i, i + n).join('\u0001');
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}
