/**
 * The text of a tag path, `html/body/div/p`, written one way for the tree (dom/tree.ts) and for
 * the per-node facts' table of paths (dom/facts.ts).
 */

/**
 * Tag paths keep at most this many of the innermost tags. Real pages nest 10-40 deep; a
 * pathological one nests 100 000 deep, and a full path per block would make segmenting
 * quadratic in time and memory.
 */
export const MAX_TAG_PATH_TAGS = 64;

/**
 * The path from the outermost tag down to `innermost`, walking up with `parentOf` (negative: no
 * further tag) and naming each step with `tagOf`; deeper than MAX_TAG_PATH_TAGS, the innermost
 * ones after `…`. '' when `innermost` is negative.
 */
export function tagPathText(innermost: number, tagOf: (at: number) => string, parentOf: (at: number) => number): string {
  const parts: string[] = [];
  let at = innermost;
  while (at >= 0 && parts.length < MAX_TAG_PATH_TAGS) {
    parts.push(tagOf(at));
    at = parentOf(at);
  }
  if (at >= 0) parts.push('…');
  return parts.reverse().join('/');
}
