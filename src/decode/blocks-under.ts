/** Which blocks lie inside an element of some kind (a comment section, an ad slot). */
import type { DomTree, ElementNode } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';
import { nonSpaceChars } from '../features/text-stats.js';

/** Class strings longer than this are feature-flag dumps, not layout names: the markers leave them unread. */
export const MAX_CLASS_CHARS = 400;

/**
 * 1 for each block whose element, or an ancestor of it, is one that `marks` accepts. Each
 * element is looked at once (a memo per node, filled along each block's path up to the first
 * element already known), so a page of 100 000 nested elements costs one pass, without recursion.
 */
export function blocksUnder(tree: DomTree, blocks: readonly Block[], marks: (el: ElementNode) => boolean): Uint8Array {
  return blocksUnderEach(tree, blocks, [marks])[0]!;
}

/** Markers `markedAncestry` takes at most: a node's bits and the bit that says they are known fill 16. */
const MAX_MARKERS = 15;

/**
 * The markers (at most `MAX_MARKERS`) that a node or one of its ancestors passes, as a bit set
 * per node id. Each element is tested once: a memo per node, filled along each asked node's
 * path up to the first node already known, so a page of 100 000 nested elements costs one pass,
 * without recursion.
 */
export function markedAncestry(
  tree: DomTree,
  markers: readonly ((el: ElementNode) => boolean)[],
  /** A cheap test that every element some marker accepts passes: one it rejects is not shown to the markers. */
  mayPass?: (el: ElementNode) => boolean,
): (id: number) => number {
  if (markers.length > MAX_MARKERS) throw new RangeError(`markedAncestry takes at most ${MAX_MARKERS} markers, not ${markers.length}`);
  const nodes = tree.nodes;
  // 0 unknown; else KNOWN plus the bits of the markers the node or an ancestor passes.
  const KNOWN = 0x8000;
  const memo = new Uint16Array(nodes.length);
  const chain: number[] = [];
  return (id) => {
    chain.length = 0;
    let cur = id;
    while (cur > 0 && memo[cur] === 0) {
      chain.push(cur);
      cur = nodes[cur]!.parent;
    }
    let bits = cur > 0 ? memo[cur]! & ~KNOWN : 0;
    // From the top of the walked path down: a node has its parent's bits and its own.
    for (let c = chain.length - 1; c >= 0; c--) {
      const node = nodes[chain[c]!]!;
      if (node.kind === 'element' && (mayPass === undefined || mayPass(node))) for (let m = 0; m < markers.length; m++) if (markers[m]!(node)) bits |= 1 << m;
      memo[chain[c]!] = KNOWN | bits;
    }
    return bits;
  };
}

/** Per marker (bit `m` of `bitsAt`, for `count` markers), 1 for each block whose element carries it. */
export function blockMarks(blocks: readonly Block[], bitsAt: (id: number) => number, count: number): Uint8Array[] {
  const bitsOf = new Uint16Array(blocks.length);
  for (let k = 0; k < blocks.length; k++) bitsOf[k] = bitsAt(blocks[k]!.elementId);
  const out: Uint8Array[] = [];
  for (let m = 0; m < count; m++) {
    const marks = new Uint8Array(blocks.length);
    for (let k = 0; k < blocks.length; k++) marks[k] = (bitsOf[k]! >> m) & 1;
    out.push(marks);
  }
  return out;
}

/**
 * `blocksUnder` for several kinds of element in one walk (at most `MAX_MARKERS`): one array per
 * marker, in order (`markedAncestry`).
 */
export function blocksUnderEach(tree: DomTree, blocks: readonly Block[], markers: readonly ((el: ElementNode) => boolean)[]): Uint8Array[] {
  return blockMarks(blocks, markedAncestry(tree, markers), markers.length);
}

/** Whether one of the text nodes `ids` is marked: a block with none is not counted (most pages mark none). */
function anyMarked(nodes: DomTree['nodes'], ids: readonly number[], isMarked: (id: number) => boolean): boolean {
  for (const id of ids) if (nodes[id]!.kind === 'text' && isMarked(id)) return true;
  return false;
}

/**
 * 1 for each block of several text nodes over half of whose characters (white space left out),
 * and at least `minChars` of them, lie in marked elements (`isMarked`, by node id: the node or an
 * ancestor) below the block's own element: a block whose inline part is marked and outweighs
 * the rest (a button's short label beside a long transcript kept for screen readers).
 */
export function blocksMostlyUnder(tree: DomTree, blocks: readonly Block[], isMarked: (id: number) => boolean, minChars: number): Uint8Array {
  const nodes = tree.nodes;
  const out = new Uint8Array(blocks.length);
  for (let k = 0; k < blocks.length; k++) {
    const b = blocks[k]!;
    if (b.kind !== 'text' || b.nodeIds.length < 2 || !anyMarked(nodes, b.nodeIds, isMarked)) continue;
    let marked = 0;
    let total = 0;
    for (const id of b.nodeIds) {
      const n = nodes[id]!;
      if (n.kind !== 'text') continue;
      const chars = nonSpaceChars(n.text);
      total += chars;
      if (chars > 0 && isMarked(id)) marked += chars;
    }
    if (marked >= minChars && 2 * marked > total) out[k] = 1;
  }
  return out;
}
