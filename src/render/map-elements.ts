/**
 * Rendered elements to pith's nodes. Chromium and parse5 build the same HTML5 tree from the
 * same text (scripting off in both), so the k-th element in document order is the same
 * element: the tag sequences are equal and the mapping is the identity. Where they differ
 * (a tree cut at pith's node limit, scripts that changed the DOM, a parser difference such
 * as Chromium's newer `<select>` content model), the sequences are aligned greedily,
 * resynchronising on the nearest run of equal tags, and unmatched elements stay unmapped.
 */
import type { DomTree } from '../dom/tree.js';

/** How far ahead a resynchronisation looks, and how many equal tags in a row confirm it. */
const RESYNC_WINDOW = 256;
const CONFIRM_RUN = 3;

export interface ElementMapping {
  /** Per rendered element (index in the browser's document order): pith node id, or -1. */
  readonly nodeOf: Int32Array;
  /** Share of pith's elements (the root excluded) that got a rendered element. */
  readonly mapped: number;
}

/** pith's elements in document order, the `#document` root left out (browsers list from `<html>`). */
export function elementIds(tree: DomTree): number[] {
  const ids: number[] = [];
  for (const n of tree.nodes) if (n.kind === 'element' && n.id !== 0) ids.push(n.id);
  return ids;
}

function runMatches(ours: readonly string[], theirs: readonly string[], i: number, j: number): boolean {
  for (let k = 0; k < CONFIRM_RUN; k++) {
    const a = ours[i + k];
    const b = theirs[j + k];
    if (a === undefined || b === undefined) return k > 0 || (a === undefined && b === undefined);
    if (a !== b) return false;
  }
  return true;
}

/** Aligns the browser's tag sequence with the tree's elements. */
export function mapElements(tree: DomTree, renderedTags: readonly string[]): ElementMapping {
  const ids = elementIds(tree);
  const ours = ids.map((id) => (tree.nodes[id] as { tag: string }).tag);
  const nodeOf = new Int32Array(renderedTags.length).fill(-1);
  let i = 0;
  let j = 0;
  let matched = 0;
  while (i < ours.length && j < renderedTags.length) {
    if (ours[i] === renderedTags[j]) {
      nodeOf[j] = ids[i]!;
      matched++;
      i++;
      j++;
      continue;
    }
    let step: [number, number] | undefined;
    for (let k = 1; k <= RESYNC_WINDOW && !step; k++) {
      if (j + k < renderedTags.length && runMatches(ours, renderedTags, i, j + k)) step = [0, k];
      else if (i + k < ours.length && runMatches(ours, renderedTags, i + k, j)) step = [k, 0];
    }
    if (step) {
      i += step[0];
      j += step[1];
    } else {
      i++;
      j++;
    }
  }
  return { nodeOf, mapped: ours.length === 0 ? 1 : matched / ours.length };
}
