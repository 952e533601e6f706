/** Which blocks lie inside an element of some kind (a comment section, an ad slot). */
import type { DomTree, ElementNode } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';

/** Class strings longer than this are feature-flag dumps, not layout names: the markers leave them unread. */
export const MAX_CLASS_CHARS = 400;

/**
 * 1 for each block whose element, or an ancestor of it, is one that `marks` accepts. Each
 * element is looked at once (a memo per node, filled along each block's path up to the first
 * element already known), so a page of 100 000 nested elements costs one pass, without recursion.
 */
export function blocksUnder(tree: DomTree, blocks: readonly Block[], marks: (el: ElementNode) => boolean): Uint8Array {
  const out = new Uint8Array(blocks.length);
  const nodes = tree.nodes;
  // 0 unknown, 1 inside a marked element, 2 not inside one.
  const memo = new Uint8Array(nodes.length);
  const chain: number[] = [];
  for (let k = 0; k < blocks.length; k++) {
    chain.length = 0;
    let cur = blocks[k]!.elementId;
    let inside = false;
    while (cur > 0) {
      const known = memo[cur]!;
      if (known !== 0) {
        inside = known === 1;
        break;
      }
      chain.push(cur);
      const node = nodes[cur]!;
      if (node.kind === 'element' && marks(node)) {
        inside = true;
        break;
      }
      cur = node.parent;
    }
    // Everything on the walked path shares the answer found above it (a marked element marks all below).
    for (const id of chain) memo[id] = inside ? 1 : 2;
    if (inside) out[k] = 1;
  }
  return out;
}
