/**
 * A light, read-only view of the tree a browser builds. Nodes live in one array in
 * document (pre-)order, so a node's id is its index: stable for the same bytes, cheap
 * to store, and usable as a DOM location in corpora and models.
 */
import { isSpaceNormalized } from './white-space.js';
import { tagPathText } from './tag-path.js';

export interface ElementNode {
  readonly kind: 'element';
  readonly id: number;
  readonly parent: number; // -1 for the root
  /** Lower-case tag name (`#document` for the root). */
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly number[];
  /** Depth below the document root (html = 1). */
  readonly depth: number;
  /**
   * Hidden by the `hidden` attribute or inline `display:none` / `visibility:hidden`, itself or by
   * an ancestor; not a panel a reader opens in place (a tab, an accordion: dom/disclosure.ts).
   */
  readonly hidden: boolean;
  /** Id of the last node inside this element's subtree (itself when empty): subtree = [id, end]. */
  readonly end: number;
}

export interface TextNode {
  readonly kind: 'text';
  readonly id: number;
  readonly parent: number;
  readonly text: string;
  readonly depth: number;
}

export type DomNode = ElementNode | TextNode;

export interface MetaTag {
  readonly key: string; // name, property or itemprop, lower-cased
  readonly content: string;
}

export interface DomTree {
  readonly nodes: readonly DomNode[];
  /** The `<title>` text, whitespace-normalised ('' when absent). */
  readonly title: string;
  /** `<html lang>` when given. */
  readonly lang: string | undefined;
  /** `<html dir>` (else `<body dir>`) when given, as written. */
  readonly dir?: string;
  /** `<meta name|property|itemprop content>` pairs in document order. */
  readonly meta: readonly MetaTag[];
  /** Raw text of each `<script type="application/ld+json">`. */
  readonly jsonLd: readonly string[];
  /** `<base href>` or the URL the page was fetched from, when known. */
  readonly baseUrl: string | undefined;
  /** Set when the page was cut at the parser's node limit (`MAX_TREE_NODES`): the rest was not read. */
  readonly truncated?: true;
  /** Nodes the parser's budget dropped, by reason (dom/tree-budget.ts); absent when none was. */
  readonly dropped?: DroppedNodes;
}

/** Nodes dropped from a page's tree, by reason. */
export interface DroppedNodes {
  /** Elements and text nodes inside hidden subtrees. */
  readonly hidden: number;
  /** Empty elements. */
  readonly empty: number;
  /** Inline elements holding only text, replaced by that text. */
  readonly unwrapped: number;
}

export function element(tree: DomTree, id: number): ElementNode {
  const n = tree.nodes[id];
  if (!n || n.kind !== 'element') throw new RangeError(`node ${id} is not an element`);
  return n;
}

/** Ancestors of a node from its parent up to the root (not including the node). */
export function ancestors(tree: DomTree, id: number): ElementNode[] {
  const out: ElementNode[] = [];
  let p = tree.nodes[id]?.parent ?? -1;
  while (p >= 0) {
    const n = tree.nodes[p] as ElementNode;
    out.push(n);
    p = n.parent;
  }
  return out;
}

/** True when the element, or an element around it, is a heading: h1-h6 or `role="heading"`. */
export function inHeading(tree: DomTree, id: number): boolean {
  for (let p = id; p >= 0; ) {
    const n = tree.nodes[p];
    if (!n || n.kind !== 'element') return false;
    if (/^h[1-6]$/.test(n.tag) || n.attrs['role']?.trim().toLowerCase() === 'heading') return true;
    p = n.parent;
  }
  return false;
}

/** An element itself when it is a link with an href, else its first descendant that is (undefined: none). */
export function firstLinkElement(tree: DomTree, id: number): number | undefined {
  for (let k = id, end = (tree.nodes[id] as ElementNode).end; k <= end; k++) {
    const n = tree.nodes[k]!;
    if (n.kind === 'element' && n.tag === 'a' && n.attrs['href'] !== undefined && n.attrs['href'].trim() !== '') return k;
  }
  return undefined;
}

/** An element's own link, else its first descendant link's (as written, trimmed; undefined: none). */
export function firstHref(tree: DomTree, id: number): string | undefined {
  const link = firstLinkElement(tree, id);
  return link === undefined ? undefined : (tree.nodes[link] as ElementNode).attrs['href']!.trim();
}

/** True when `inner` lies in the subtree of element `outer` (or is it). */
export function contains(tree: DomTree, outer: number, inner: number): boolean {
  const o = tree.nodes[outer];
  if (!o || o.kind !== 'element') return outer === inner;
  return inner >= o.id && inner <= o.end;
}

/** Nearest common ancestor element of a set of node ids. */
export function commonAncestor(tree: DomTree, ids: readonly number[]): number {
  if (ids.length === 0) return 0;
  let lo = ids[0]!;
  let hi = ids[0]!;
  for (const id of ids) {
    if (id < lo) lo = id;
    const n = tree.nodes[id]!;
    const last = n.kind === 'element' ? n.end : id;
    if (last > hi) hi = last;
  }
  let cur = tree.nodes[lo]!.kind === 'element' ? lo : tree.nodes[lo]!.parent;
  while (cur > 0 && (tree.nodes[cur] as ElementNode).end < hi) cur = tree.nodes[cur]!.parent;
  return Math.max(cur, 0);
}

/**
 * Tag names from below the document root to the node's element, e.g. `html/body/div/p`;
 * deeper than MAX_TAG_PATH_TAGS (tag-path.ts), the innermost ones after `…`.
 */
export function tagPath(tree: DomTree, id: number): string {
  const n = tree.nodes[id]!;
  const start = n.kind === 'element' ? n.id : n.parent;
  // The document (node 0) has no tag: the walk ends below it.
  const below = (at: number): number => (at > 0 ? at : -1);
  return tagPathText(below(start), (at) => (tree.nodes[at] as ElementNode).tag, (at) => below(tree.nodes[at]!.parent));
}

/**
 * An XPath-like location, `/html[1]/body[1]/div[3]/p[2]` (text nodes end in `/text()[k]`),
 * which survives changes to pith's segmentation; used to anchor stored annotations.
 */
export function domPath(tree: DomTree, id: number): string {
  const parts: string[] = [];
  let cur = tree.nodes[id];
  while (cur && cur.id !== 0) {
    const parent = tree.nodes[cur.parent] as ElementNode;
    let k = 0;
    for (const c of parent.children) {
      const cn = tree.nodes[c]!;
      if (cur.kind === 'text' ? cn.kind === 'text' : cn.kind === 'element' && cn.tag === cur.tag) k++;
      if (c === cur.id) break;
    }
    parts.push(cur.kind === 'text' ? `text()[${k}]` : `${cur.tag}[${k}]`);
    cur = parent;
  }
  return '/' + parts.reverse().join('/');
}

/** Resolves a path made by `domPath`; undefined when the tree has no such node. */
export function resolveDomPath(tree: DomTree, path: string): number | undefined {
  const steps = path.split('/').filter(Boolean);
  let cur = tree.nodes[0] as ElementNode;
  for (const step of steps) {
    const m = /^(.+)\[(\d+)\]$/.exec(step);
    if (!m) return undefined;
    const name = m[1]!;
    let k = Number(m[2]);
    let found: DomNode | undefined;
    for (const c of cur.children) {
      const cn = tree.nodes[c]!;
      const match = name === 'text()' ? cn.kind === 'text' : cn.kind === 'element' && cn.tag === name;
      if (match && --k === 0) {
        found = cn;
        break;
      }
    }
    if (!found) return undefined;
    if (found.kind === 'text') return found.id;
    cur = found;
  }
  return cur.id;
}

/** Collapses runs of white space (keeping none at the ends). */
export function normalizeSpace(s: string): string {
  if (isSpaceNormalized(s)) return s;
  return s.replace(/[\s\u00a0\u200b\ufeff]+/g, ' ').trim();
}

/** All text in an element's subtree that a reader would see (skipped nodes excluded by construction). */
export function subtreeText(tree: DomTree, id: number): string {
  const n = tree.nodes[id]!;
  if (n.kind === 'text') return n.text;
  const parts: string[] = [];
  for (let i = n.id + 1; i <= n.end; i++) {
    const c = tree.nodes[i]!;
    if (c.kind === 'text') parts.push(c.text);
  }
  return normalizeSpace(parts.join(' '));
}
