/**
 * Families over the tree around a block: the block-labelling study's ancestor, descendant and sibling
 * tags, and the list-extraction study's structure (depth, children, siblings, tag-path repetition).
 */
import type { ElementNode } from '../../dom/tree.js';
import { Log2BucketRefs, NONE, ValueRefs, type FeatureFamily } from '../family.js';
import type { PageContext } from '../page-context.js';
import { logScale } from '../text-stats.js';
import { log2p } from './lexical.js';

function tagOf(ctx: PageContext, id: number): string {
  const n = ctx.tree.nodes[id];
  return id > 0 && n && n.kind === 'element' ? n.tag : NONE;
}
function parentOf(ctx: PageContext, id: number): number {
  return id > 0 ? ctx.tree.nodes[id]!.parent : -1;
}

export const ancestorsFamily: FeatureFamily = {
  name: 'ancestors',
  doc: "The block-labelling study's ancestor tags: `tag=<t>` (the block's own element: the common ancestor of its text, e.g. `p`, `a`, `img`), `box=<t>` (nearest non-inline element holding it), `parent=<t>` and `gparent=<t>` (the box's parent and grandparent). Columns: tag, box, parent, grandparent.",
  columns: [
    { name: 'tag', kind: 'symbolic' },
    { name: 'box', kind: 'symbolic' },
    { name: 'parent', kind: 'symbolic' },
    { name: 'grandparent', kind: 'symbolic' },
  ],
  attributes: ['tag=*', 'box=*', 'parent=*', 'gparent=*'],
  compute(ctx, out) {
    const boxes = ctx.containers;
    const tagRefs = new ValueRefs(out, 'tag=');
    const boxRefs = new ValueRefs(out, 'box=');
    const parentRefs = new ValueRefs(out, 'parent=');
    const gparentRefs = new ValueRefs(out, 'gparent=');
    ctx.blocks.forEach((b, i) => {
      const box = boxes[i]!;
      const p = parentOf(ctx, box);
      const tags = [tagOf(ctx, b.elementId), tagOf(ctx, box), tagOf(ctx, p), tagOf(ctx, parentOf(ctx, p))];
      out.attrRef(i, tagRefs.get(tags[0]));
      out.attrRef(i, boxRefs.get(tags[1]));
      out.attrRef(i, parentRefs.get(tags[2]));
      out.attrRef(i, gparentRefs.get(tags[3]));
      tags.forEach((t, j) => out.col(i, j, t));
    });
  },
};

function descName(el: ElementNode): string {
  switch (el.tag) {
    case 'a':
      return el.attrs['href'] !== undefined ? 'a-href' : 'a-name';
    case 'b':
      return 'strong';
    case 'i':
      return 'em';
    default:
      return el.tag;
  }
}

const MAX_DESC_COLUMN = 4;

export const descendantsFamily: FeatureFamily = {
  name: 'descendants',
  doc: "The block-labelling study's descendant tags: `desc:<t>` for each element inside the block's span of text (inline wrappers between its box and its text, and elements among its text nodes), with `a href` (`a-href`) told from `a name` (`a-name`), `b` as `strong` and `i` as `em`. Column desc: up to four names, sorted, joined by `+` (`_` when none).",
  columns: [{ name: 'desc', kind: 'symbolic' }],
  attributes: ['desc:*'],
  compute(ctx, out) {
    const nodes = ctx.tree.nodes;
    const boxes = ctx.containers;
    ctx.blocks.forEach((b, i) => {
      out.col(i, 0, NONE);
      if (b.kind !== 'text' || b.nodeIds.length === 0) return;
      const names = new Set<string>();
      const box = boxes[i]!;
      // Wrappers opened before the first text node: climb from it to the box.
      for (let p = nodes[b.nodeIds[0]!]!.parent; p > box; p = nodes[p]!.parent) names.add(descName(nodes[p] as ElementNode));
      // Elements among the block's nodes; hidden subtrees are skipped whole.
      const last = b.nodeIds[b.nodeIds.length - 1]!;
      for (let id = b.nodeIds[0]! + 1; id < last; id++) {
        const n = nodes[id]!;
        if (n.kind !== 'element') continue;
        names.add(descName(n));
        if (n.hidden) id = n.end;
      }
      if (names.size === 0) return;
      for (const t of names) out.attrRef(i, out.refOf('desc:', t));
      if (out.keepsColumns) out.col(i, 0, [...names].sort().slice(0, MAX_DESC_COLUMN).join('+'));
    });
  },
};

/** The element a block's siblings are taken around: its box, or the image itself. */
function siblingAnchor(ctx: PageContext, i: number): number {
  const b = ctx.blocks[i]!;
  return b.kind === 'text' ? ctx.containers[i]! : b.elementId;
}

export const siblingsFamily: FeatureFamily = {
  name: 'siblings',
  doc: "The block-labelling study's sibling tags: `prevsib=<t>` and `nextsib=<t>`, the element siblings before and after the block's box (for images: the image); `_` when there is none. Columns: prevSibling, nextSibling.",
  columns: [
    { name: 'prevSibling', kind: 'symbolic' },
    { name: 'nextSibling', kind: 'symbolic' },
  ],
  attributes: ['prevsib=*', 'nextsib=*'],
  compute(ctx, out) {
    const nodes = ctx.tree.nodes;
    const childIndex = ctx.childIndex;
    const prevRefs = new ValueRefs(out, 'prevsib=');
    const nextRefs = new ValueRefs(out, 'nextsib=');
    for (let i = 0; i < ctx.blocks.length; i++) {
      const el = siblingAnchor(ctx, i);
      let prev = NONE;
      let next = NONE;
      if (el > 0) {
        const kids = (nodes[nodes[el]!.parent] as ElementNode).children;
        const at = childIndex[el]!;
        for (let k = at - 1; k >= 0; k--) {
          const c = nodes[kids[k]!]!;
          if (c.kind === 'element') {
            prev = c.tag;
            break;
          }
        }
        for (let k = at + 1; k < kids.length; k++) {
          const c = nodes[kids[k]!]!;
          if (c.kind === 'element') {
            next = c.tag;
            break;
          }
        }
      }
      out.attrRef(i, prevRefs.get(prev));
      out.attrRef(i, nextRefs.get(next));
      out.col(i, 0, prev);
      out.col(i, 1, next);
    }
  },
};

export const structureFamily: FeatureFamily = {
  name: 'structure',
  doc: "The list-extraction study's parse-tree features of the block's box: `depth` (value depth/32, capped at 1), `children` and `siblings` (element counts, log-scaled), and repetition of its tag path among the page's blocks (the leaves): `rep-prefix` (share of blocks whose path starts with the box's path: the list-extraction study's prefix count), `rep-suffix` (share whose path is strictly longer: its suffix count), `rep-same` (share with exactly this path) and `rep-same=<log2 bucket of the count>`, and `rep-parent` (prefix share of the box's parent path, which sees the list a block belongs to). Columns: depth, children, siblings, prefixShare, suffixShare, sameShare, parentPrefixShare.",
  columns: [
    { name: 'depth', kind: 'numeric' },
    { name: 'children', kind: 'numeric' },
    { name: 'siblings', kind: 'numeric' },
    { name: 'prefixShare', kind: 'numeric' },
    { name: 'suffixShare', kind: 'numeric' },
    { name: 'sameShare', kind: 'numeric' },
    { name: 'parentPrefixShare', kind: 'numeric' },
  ],
  attributes: ['depth', 'children', 'siblings', 'rep-prefix', 'rep-suffix', 'rep-same', 'rep-same=*', 'rep-parent'],
  compute(ctx, out) {
    const nodes = ctx.tree.nodes;
    const n = ctx.blocks.length;
    if (n === 0) return;
    const parents = ctx.pathParents;
    const exact = new Float64Array(parents.length);
    const anchors = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      anchors[i] = siblingAnchor(ctx, i);
      if (anchors[i]! > 0) exact[ctx.pathId(anchors[i]!)]!++;
    }
    // prefix[p] = blocks whose path is p or below it; children paths have larger ids than their parent.
    const prefix = Float64Array.from(exact);
    const kidCount = new Map<number, number>();
    for (let p = parents.length - 1; p >= 0; p--) if (parents[p]! >= 0) prefix[parents[p]!]! += prefix[p]!;
    const depthRef = out.ref('depth');
    const childrenRef = out.ref('children');
    const siblingsRef = out.ref('siblings');
    const prefixRef = out.ref('rep-prefix');
    const suffixRef = out.ref('rep-suffix');
    const sameRef = out.ref('rep-same');
    const parentRef = out.ref('rep-parent');
    const sameBuckets = new Log2BucketRefs(out, 'rep-same=', 64);
    for (let i = 0; i < n; i++) {
      const el = anchors[i]!;
      if (el <= 0) continue;
      const node = nodes[el] as ElementNode;
      const pid = ctx.pathId(el);
      // Many blocks can share a box (text directly in a big <div>): count its children once.
      let kids = kidCount.get(el);
      if (kids === undefined) {
        kids = node.children.reduce((k, c) => k + (nodes[c]!.kind === 'element' ? 1 : 0), 0);
        kidCount.set(el, kids);
      }
      const parent = nodes[node.parent] as ElementNode;
      const sibs = parent.id > 0 ? parent.children.length : 0;
      const pre = prefix[pid]! / n;
      const suf = (prefix[pid]! - exact[pid]!) / n;
      const same = exact[pid]! / n;
      const ppid = parents[pid]!;
      const parentPre = ppid >= 0 ? prefix[ppid]! / n : 1;
      out.attrRef(i, depthRef, Math.min(1, node.depth / 32));
      if (kids > 0) out.attrRef(i, childrenRef, logScale(kids, 64));
      if (sibs > 1) out.attrRef(i, siblingsRef, logScale(sibs - 1, 64));
      out.attrRef(i, prefixRef, pre);
      if (suf > 0) out.attrRef(i, suffixRef, suf);
      out.attrRef(i, sameRef, same);
      out.attrRef(i, sameBuckets.get(exact[pid]!));
      out.attrRef(i, parentRef, parentPre);
      out.col(i, 0, node.depth);
      if (out.keepsColumns) {
        out.col(i, 1, log2p(kids));
        out.col(i, 2, log2p(sibs));
      }
      out.col(i, 3, pre);
      out.col(i, 4, suf);
      out.col(i, 5, same);
      out.col(i, 6, parentPre);
    }
  },
};
