/**
 * Where each block sits in the page's element tree, for rules that reason about the article's
 * container: per block, the ids of the elements holding it, from the outermost (`<html>`) to
 * the block's own element. Ids are in document order, so a chain's position is its depth and
 * two blocks share the container `c` when `c` is on both chains.
 */
import type { DomTree } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';

/** Per block, its element and that element's ancestors, outermost first (the document root left out). */
export type BlockContainers = readonly (readonly number[])[];

/**
 * The chains of every block. Blocks in one element share the chain above it, so a page of
 * 100 000 nested elements holding few blocks costs one walk per block; chains are cut to the
 * innermost `maxDepth` elements (a container deeper than that in a hostile page is not looked for).
 */
export function blockContainers(tree: DomTree, blocks: readonly Block[], maxDepth = 256): BlockContainers {
  const memo = new Map<number, readonly number[]>();
  const chainOf = (elementId: number): readonly number[] => {
    const known = memo.get(elementId);
    if (known) return known;
    const up: number[] = [];
    let cur = elementId;
    while (cur > 0 && up.length < maxDepth) {
      up.push(cur);
      cur = tree.nodes[cur]!.parent;
    }
    const chain = up.reverse();
    memo.set(elementId, chain);
    return chain;
  };
  return blocks.map((b) => chainOf(b.elementId));
}

/** Whether block `i` lies inside element `element` (its chain passes through it). */
export function inElement(chains: BlockContainers, i: number, element: number): boolean {
  return (chains[i] ?? []).includes(element);
}

/**
 * The tag of each element on a block's chain, read off the block's tag path: both end at the
 * block's own element, so they line up from the inner end, whichever of the two a deep page cut
 * at the outer end. Positions above the path's cut are undefined.
 */
export function tagsAlongChain(tagPath: string, chain: readonly number[]): (string | undefined)[] {
  const tags = tagPath.split('/');
  const offset = tags.length - chain.length;
  return chain.map((_, k) => {
    const tag = tags[k + offset];
    return tag === '…' ? undefined : tag;
  });
}
