/**
 * The list-extraction study's parse-tree node features (Cohen & Fan), one row per visible element of the page's
 * body that holds text: the unit the list finder classifies (docs/lists.md). Unlike the block
 * features (`pith-blocks`), these describe elements of any size, so a list item (an `li`, a
 * card's `a`, a `td`) is one example whatever the segmentation makes of it.
 *
 * The repetition features follow the seed: the tag sequence position p(n) is the path of tags
 * from the root to n; the node prefix count of n is the number of leaves l whose p(l) starts
 * with p(n), the node suffix count the number whose p(l) strictly extends it; both are divided
 * by the number of leaves. Leaves are the visible text nodes (their position is their parent's
 * path plus `#text`) and the visible elements with no children. The counts come from one trie
 * of the tag paths (one trie node per distinct path: the tree's own, dom/facts.ts), so the
 * whole page costs one pass.
 */
import { treeFacts } from '../dom/facts.js';
import type { DomTree, ElementNode } from '../dom/tree.js';
import type { ColumnSpec, FeatureSchema, ItemFeatures } from './types.js';

/** Columns of a node row, in order. Numeric lengths and counts are log2(1 + x). */
export const TREE_NODE_COLUMNS: readonly ColumnSpec[] = Object.freeze([
  { name: 'tagName', kind: 'symbolic', family: 'tree-nodes' },
  { name: 'parentTagName', kind: 'symbolic', family: 'tree-nodes' },
  { name: 'textLength', kind: 'numeric', family: 'tree-nodes' },
  { name: 'nonWhiteTextLength', kind: 'numeric', family: 'tree-nodes' },
  { name: 'recursiveTextLength', kind: 'numeric', family: 'tree-nodes' },
  { name: 'recursiveNonWhiteTextLength', kind: 'numeric', family: 'tree-nodes' },
  { name: 'depth', kind: 'numeric', family: 'tree-nodes' },
  { name: 'numChildren', kind: 'numeric', family: 'tree-nodes' },
  { name: 'numSiblings', kind: 'numeric', family: 'tree-nodes' },
  { name: 'sameTagSiblings', kind: 'numeric', family: 'tree-nodes' },
  { name: 'normalizedNumSiblings', kind: 'numeric', family: 'tree-nodes' },
  { name: 'linkShare', kind: 'numeric', family: 'tree-nodes' },
  { name: 'numLinks', kind: 'numeric', family: 'tree-nodes' },
  { name: 'pageTextShare', kind: 'numeric', family: 'tree-nodes' },
  { name: 'position', kind: 'numeric', family: 'tree-nodes' },
  { name: 'normalizedNodePrefixCount', kind: 'numeric', family: 'tree-nodes' },
  { name: 'normalizedNodeSuffixCount', kind: 'numeric', family: 'tree-nodes' },
  { name: 'nodePrefixCount', kind: 'numeric', family: 'tree-nodes' },
  { name: 'samePathCount', kind: 'numeric', family: 'tree-nodes' },
  { name: 'numImages', kind: 'numeric', family: 'tree-nodes' },
  { name: 'groupSize', kind: 'numeric', family: 'tree-nodes' },
  { name: 'groupTextShare', kind: 'numeric', family: 'tree-nodes' },
  { name: 'groupMeanTextLength', kind: 'numeric', family: 'tree-nodes' },
  { name: 'groupLinkShare', kind: 'numeric', family: 'tree-nodes' },
  { name: 'groupImageShare', kind: 'numeric', family: 'tree-nodes' },
  { name: 'groupTextRank', kind: 'numeric', family: 'tree-nodes' },
  { name: 'groupLinkTextRank', kind: 'numeric', family: 'tree-nodes' },
]);

/** Set-valued features, carried as attributes `<prefix><tag>`. */
export const TREE_NODE_SETS: readonly { readonly name: string; readonly prefix: string }[] = Object.freeze([
  { name: 'ancestorTagNames', prefix: 'anc:' },
  { name: 'childTagNames', prefix: 'child:' },
]);

export const TREE_NODE_SCHEMA: FeatureSchema = Object.freeze({
  name: 'tree-nodes',
  version: 1,
  families: Object.freeze(['tree-nodes']),
  columns: TREE_NODE_COLUMNS,
  hash: 'tree-nodes-v1',
});

/** Elements that are never list items nor hold visible text. */
const NOT_CANDIDATES: ReadonlySet<string> = new Set(['html', 'head', 'body', 'title', 'meta', 'link', 'script', 'style', 'noscript', 'template', 'svg', 'select', 'option', 'iframe']);

export interface TreeNodeRows {
  /** Element id of each row, in document order. */
  readonly ids: readonly number[];
  readonly items: readonly ItemFeatures[];
  /** Per node: its tag-path trie node (-1 for a text node that is hidden or blank). Same number = same tag path. */
  readonly pathOf: Int32Array;
  /** An element's visible text, white space collapsed (computed on demand: only output items need it). */
  readonly textOf: (id: number) => string;
}

const MAX_ANCESTORS = 64;
/** Members a group of same-path elements needs to count as repeated (and, for the list finder, to be a list). */
export const MIN_GROUP = 3;
const lg = (x: number): number => Math.log2(1 + x);
const round = (x: number): number => Math.round(x * 10000) / 10000;

/** Per-node measures every feature reads, computed in two linear passes. */
interface Measures {
  readonly visible: Uint8Array;
  readonly ownChars: Float64Array;
  readonly ownNonWhite: Float64Array;
  readonly chars: Float64Array;
  readonly nonWhite: Float64Array;
  readonly linkChars: Float64Array;
  readonly links: Float64Array;
  readonly images: Float64Array;
  /** Per node: its tag-path trie node (text nodes: their parent's path plus `#text`). */
  readonly pathOf: Int32Array;
  /** Per trie node: leaves whose path is exactly it, leaves whose path starts with it, elements with exactly it. */
  readonly trieLeaves: Float64Array;
  readonly trieSubtree: Float64Array;
  readonly trieElements: Float64Array;
  readonly leaves: number;
}

function isSkipped(tag: string): boolean {
  return tag === 'script' || tag === 'style' || tag === 'template' || tag === 'svg' || tag === 'noscript' || tag === 'select' || tag === 'head';
}

/**
 * The tag-path trie of the seed over the tree's own paths (dom/facts.ts): trie node 0 is the
 * document, trie node 1 + p the tree's path p (so `html` hangs under the document), and each
 * of those has a `#text` child numbered after all of them. Parents come first, as the
 * backward sweep over the trie needs; the order of element paths is the tree's.
 */
interface PathTrie {
  /** The trie node of an element (the document: 0). */
  readonly elementNode: (id: number) => number;
  /** The `#text` child of an element's trie node. */
  readonly textNode: (elementNode: number) => number;
  readonly parent: Int32Array;
}

function pathTrie(tree: DomTree): PathTrie {
  const facts = treeFacts(tree);
  const paths = facts.paths;
  const pathOf = facts.pathOf;
  const elements = paths.count + 1;
  const parent = new Int32Array(2 * elements);
  parent[0] = -1;
  for (let p = 0; p < paths.count; p++) parent[1 + p] = paths.parent[p]! + 1;
  for (let t = 0; t < elements; t++) parent[elements + t] = t;
  return { elementNode: (id) => pathOf[id]! + 1, textNode: (t) => elements + t, parent };
}

function measure(tree: DomTree): Measures {
  const nodes = tree.nodes;
  const n = nodes.length;
  const visible = new Uint8Array(n);
  const pathOf = new Int32Array(n).fill(-1);
  const trie = pathTrie(tree);
  const trieParent = trie.parent;
  // Forward pass (a parent precedes its children): visibility and tag paths.
  for (const node of nodes) {
    const parent = node.parent;
    const parentVisible = parent < 0 || visible[parent] === 1;
    if (node.kind === 'element') {
      visible[node.id] = parentVisible && !node.hidden && !isSkipped(node.tag) ? 1 : 0;
      pathOf[node.id] = trie.elementNode(node.id);
    } else if (parent >= 0 && parentVisible && node.text.trim() !== '') {
      visible[node.id] = 1;
      pathOf[node.id] = trie.textNode(pathOf[parent]!);
    }
  }
  const T = trieParent.length;
  const trieLeaves = new Float64Array(T), trieElements = new Float64Array(T);
  const ownChars = new Float64Array(n), ownNonWhite = new Float64Array(n), chars = new Float64Array(n);
  const nonWhite = new Float64Array(n), linkChars = new Float64Array(n), links = new Float64Array(n);
  const images = new Float64Array(n);
  let leaves = 0;
  // Backward pass (children before parents): sums flow up.
  for (let id = n - 1; id >= 0; id--) {
    if (!visible[id]) continue;
    const node = nodes[id]!;
    const p = node.parent;
    if (node.kind === 'text') {
      const c = collapsedLength(node.text), w = nonWhiteLength(node.text);
      chars[id] = c;
      nonWhite[id] = w;
      ownChars[p] += c;
      ownNonWhite[p] += w;
      trieLeaves[pathOf[id]!]++;
      leaves++;
    } else {
      trieElements[pathOf[id]!]++;
      if (node.children.length === 0) {
        trieLeaves[pathOf[id]!]++;
        leaves++;
      }
      if (node.tag === 'a' && node.attrs['href'] !== undefined) {
        links[id] += 1;
        linkChars[id] = chars[id]!;
      }
      if (node.tag === 'img' || node.tag === 'picture') images[id] = 1;
    }
    if (p >= 0 && visible[p]) {
      chars[p] += chars[id]!;
      nonWhite[p] += nonWhite[id]!;
      linkChars[p] += linkChars[id]!;
      links[p] += links[id]!;
      images[p] += images[id]!;
    }
  }
  // Trie nodes are numbered parents first, so one backward sweep sums each subtree.
  const trieSubtree = Float64Array.from(trieLeaves);
  for (let t = T - 1; t >= 0; t--) {
    const q = trieParent[t]!;
    if (q >= 0) trieSubtree[q] += trieSubtree[t]!;
  }
  return { visible, ownChars, ownNonWhite, chars, nonWhite, linkChars, links, images, pathOf, trieLeaves, trieSubtree, trieElements, leaves };
}

/**
 * Measures of each group of candidates sharing a tag path (a would-be list): its size, its
 * share of the page's text, its members' mean text length, link share and share with an image,
 * and its rank among the page's repeated groups by text and by link text.
 */
function groupStats(candidates: readonly number[], m: Measures): Map<number, number[]> {
  const acc = new Map<number, { k: number; chars: number; link: number; img: number; linkChars: number }>();
  let page = 0;
  for (const id of candidates) page = Math.max(page, m.chars[id]!);
  for (const id of candidates) {
    const p = m.pathOf[id]!;
    const a = acc.get(p) ?? { k: 0, chars: 0, link: 0, img: 0, linkChars: 0 };
    a.linkChars += m.linkChars[id]!;
    a.k++;
    a.chars += m.chars[id]!;
    a.link += m.chars[id]! > 0 ? m.linkChars[id]! / m.chars[id]! : 0;
    a.img += m.images[id]! > 0 ? 1 : 0;
    acc.set(p, a);
  }
  // Ranks among the page's repeated groups (MIN_GROUP members or more): 0 for the one with the
  // most text (or link text); a group too small to repeat ranks after all of them.
  const repeated = [...acc].filter(([, a]) => a.k >= MIN_GROUP);
  const rank = (key: (a: { chars: number; linkChars: number }) => number): Map<number, number> =>
    new Map([...repeated].sort((x, y) => key(y[1]) - key(x[1]) || x[0] - y[0]).map(([p], r) => [p, r]));
  const textRank = rank((a) => a.chars), linkRank = rank((a) => a.linkChars);
  const out = new Map<number, number[]>();
  for (const [p, a] of acc) {
    out.set(p, [
      round(lg(a.k - 1)), round(a.chars / Math.max(1, page)), round(lg(a.chars / a.k)), round(a.link / a.k), round(a.img / a.k),
      textRank.get(p) ?? repeated.length, linkRank.get(p) ?? repeated.length,
    ]);
  }
  return out;
}

function collapsedLength(s: string): number {
  return s.replace(/\s+/g, ' ').length;
}

function nonWhiteLength(s: string): number {
  let k = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12 && c !== 160) k++;
  }
  return k;
}

/** The element's visible text, white space collapsed. */
export function visibleText(tree: DomTree, id: number, visible: Uint8Array): string {
  const el = tree.nodes[id] as ElementNode;
  const parts: string[] = [];
  for (let k = id + 1; k <= el.end; k++) {
    const node = tree.nodes[k]!;
    if (node.kind === 'text' && visible[k]) parts.push(node.text);
    else if (node.kind === 'element' && !visible[k]) k = node.end;
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** Is the element inside the page's `<body>`? */
function bodyOf(tree: DomTree): number {
  for (const node of tree.nodes) if (node.kind === 'element' && node.tag === 'body') return node.id;
  return -1;
}

/** A parent's visible element children: how many, and how many of each tag. */
interface VisibleChildCounts {
  readonly siblings: number;
  readonly byTag: ReadonlyMap<string, number>;
}

/**
 * Counts each parent's visible element children once, when first asked (a list of 30 000 items
 * would otherwise count its siblings once per item).
 */
function visibleChildCounter(tree: DomTree, visible: Uint8Array): (parentId: number) => VisibleChildCounts {
  const counted = new Map<number, VisibleChildCounts>();
  return (parentId) => {
    let counts = counted.get(parentId);
    if (!counts) {
      let siblings = 0;
      const byTag = new Map<string, number>();
      for (const c of (tree.nodes[parentId] as ElementNode).children) {
        const s = tree.nodes[c]!;
        if (s.kind !== 'element' || !visible[c]) continue;
        siblings++;
        byTag.set(s.tag, (byTag.get(s.tag) ?? 0) + 1);
      }
      counts = { siblings, byTag };
      counted.set(parentId, counts);
    }
    return counts;
  };
}

/** An element's set features: its innermost ancestors' tags and its visible children's tags. */
function nodeSetFeatures(tree: DomTree, node: ElementNode, visible: Uint8Array): string[] {
  const nodes = tree.nodes;
  const attrs = new Set<string>();
  // The innermost ancestors only, as tag paths keep them: linear in the page on any nesting.
  for (let p = node.parent, k = 0; p >= 0 && k < MAX_ANCESTORS; p = nodes[p]!.parent, k++) {
    const a = nodes[p] as ElementNode;
    if (a.tag === '#document' || a.tag === 'html' || a.tag === 'body') continue;
    attrs.add(`anc:${a.tag}`);
  }
  for (const c of node.children) {
    const ch = nodes[c]!;
    if (ch.kind === 'element' && visible[c]) attrs.add(`child:${ch.tag}`);
  }
  return [...attrs];
}

/**
 * One row per candidate element: visible, inside `<body>`, holding visible text, and not
 * the body itself (nor html, head, scripts and other elements that never hold an item).
 */
export function treeNodeRows(tree: DomTree): TreeNodeRows {
  const m = measure(tree);
  const nodes = tree.nodes;
  const body = bodyOf(tree);
  const ids: number[] = [], items: ItemFeatures[] = [];
  const textOf = (id: number): string => visibleText(tree, id, m.visible);
  if (body < 0) return { ids, items, pathOf: m.pathOf, textOf };
  const bodyEl = nodes[body] as ElementNode;
  const pageChars = Math.max(1, m.chars[body]!);
  const leaves = Math.max(1, m.leaves);
  let maxDegree = 1;
  for (let id = body; id <= bodyEl.end; id++) {
    const node = nodes[id]!;
    if (node.kind === 'element' && m.visible[id]) maxDegree = Math.max(maxDegree, node.children.length);
  }
  const span = Math.max(1, bodyEl.end - body);
  const candidates: number[] = [];
  for (let id = body + 1; id <= bodyEl.end; id++) {
    const node = nodes[id]!;
    if (node.kind !== 'element') continue;
    if (!m.visible[id]) { id = node.end; continue; }
    if (!NOT_CANDIDATES.has(node.tag) && m.nonWhite[id]! > 0) candidates.push(id);
  }
  const groups = groupStats(candidates, m);
  const visibleChildren = visibleChildCounter(tree, m.visible);
  for (const id of candidates) {
    const node = nodes[id] as ElementNode;
    const parent = nodes[node.parent] as ElementNode;
    let elementChildren = 0;
    for (const c of node.children) if (nodes[c]!.kind === 'element' && m.visible[c]) elementChildren++;
    const { siblings, byTag } = visibleChildren(node.parent);
    const sameTag = byTag.get(node.tag) ?? 0;
    const path = m.pathOf[id]!;
    const prefix = m.trieSubtree[path]!;
    const suffix = prefix - m.trieLeaves[path]!;
    const columns: (string | number)[] = [
      node.tag,
      parent.tag,
      round(lg(m.ownChars[id]!)),
      round(lg(m.ownNonWhite[id]!)),
      round(lg(m.chars[id]!)),
      round(lg(m.nonWhite[id]!)),
      node.depth,
      round(lg(elementChildren)),
      round(lg(siblings - 1)),
      round(lg(sameTag - 1)),
      round((siblings - 1) / maxDegree),
      round(m.chars[id]! > 0 ? m.linkChars[id]! / m.chars[id]! : 0),
      round(lg(m.links[id]!)),
      round(m.chars[id]! / pageChars),
      round((id - body) / span),
      round(prefix / leaves),
      round(suffix / leaves),
      round(lg(prefix)),
      round(lg(m.trieElements[path]! - 1)),
      round(lg(m.images[id]!)),
      ...groups.get(path)!,
    ];
    ids.push(id);
    items.push({ attrs: nodeSetFeatures(tree, node, m.visible), columns });
  }
  return { ids, items, pathOf: m.pathOf, textOf };
}
