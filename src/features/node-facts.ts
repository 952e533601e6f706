/**
 * The features' own per-element facts, inherited down the tree in one forward pass over the
 * node array (pre-order: a parent comes before its children): the landmarks an element is
 * in, its heading level and the microdata around it. Families read these instead of walking
 * to the root per block. Facts other stages share (tag-path ids, depth, child positions) are
 * the tree's (dom/facts.ts), passed through here rather than derived a second time.
 */
import { treeFacts } from '../dom/facts.js';
import type { DomTree } from '../dom/tree.js';

/** Landmarks a block can sit in (own element or an ancestor; ARIA roles count as their element). */
export const CONTAINERS = Object.freeze([
  'article', 'main', 'aside', 'nav', 'footer', 'header', 'figure', 'figcaption', 'blockquote', 'li', 'table',
  'form', 'pre', 'address',
] as const);
export type Container = (typeof CONTAINERS)[number];
const CONTAINER_BIT: ReadonlyMap<string, number> = new Map(CONTAINERS.map((c, i) => [c, 1 << i]));
/** Extra flag bit: inside an `<a href>`. */
export const IN_LINK_BIT = 1 << 24;
const ROLE_AS: ReadonlyMap<string, Container> = new Map([
  ['main', 'main'], ['navigation', 'nav'], ['complementary', 'aside'], ['contentinfo', 'footer'],
  ['banner', 'header'], ['article', 'article'], ['figure', 'figure'], ['listitem', 'li'], ['table', 'table'],
  ['form', 'form'], ['search', 'form'],
]);

/** itemprop values whose enclosing element says what a block is. */
export const MICRODATA = Object.freeze([
  'articlebody', 'headline', 'description', 'author', 'datepublished', 'comment', 'articlesection', 'caption', 'name',
] as const);
export type Microdata = (typeof MICRODATA)[number];
const MICRODATA_BIT: ReadonlyMap<string, number> = new Map(MICRODATA.map((c, i) => [c, 1 << i]));
/** Extra bit: inside an element whose itemtype is an article-like schema.org type. */
export const ARTICLE_ITEMTYPE_BIT = 1 << MICRODATA.length;
const ARTICLE_TYPE_RE = /article|blogposting|newsarticle|report/i;

const HEADING_LEVEL: ReadonlyMap<string, number> = new Map([['h1', 1], ['h2', 2], ['h3', 3], ['h4', 4], ['h5', 5], ['h6', 6]]);

export interface NodeFacts {
  /** Per node: bit set of `CONTAINERS` the element is in (itself included), plus `IN_LINK_BIT`. */
  readonly containerFlags: Int32Array;
  /** Per node: 1..6 when the element is, or is inside, h1..h6; else 0. */
  readonly headingLevel: Int32Array;
  /** Per node: bit set of `MICRODATA` itemprops (and `ARTICLE_ITEMTYPE_BIT`) on the element or its ancestors. */
  readonly microdata: Int32Array;
  /**
   * Per node: id of the element's tag path (same tags from the root = same id; a text node
   * has its parent's, the document -1): the tree's `pathOf` (dom/facts.ts).
   */
  readonly pathId: Int32Array;
  /**
   * Parent of each tag path (-1 for top level): the tree's `paths.parent`. A path is numbered
   * after its parent path, so parent ids are always smaller: sums over the path trie run backwards.
   */
  readonly pathParent: Int32Array;
}

/** Bits of a tag's facts: its `CONTAINERS` bit (below bit 24), `IS_A` for `a`, and its heading level from `LEVEL_SHIFT` up. */
const TAG_BITS = (1 << CONTAINERS.length) - 1;
const IS_A = 1 << 24;
const LEVEL_SHIFT = 25;

function factsOfTag(tag: string): number {
  return (CONTAINER_BIT.get(tag) ?? 0) | (tag === 'a' ? IS_A : 0) | ((HEADING_LEVEL.get(tag) ?? 0) << LEVEL_SHIFT);
}

/** The facts of every element of the tree (for text nodes and the document, zeros, paths as above). */
export function nodeFacts(tree: DomTree): NodeFacts {
  const nodes = tree.nodes;
  const n = nodes.length;
  const flags = new Int32Array(n);
  const heading = new Int32Array(n);
  const micro = new Int32Array(n);
  const shared = treeFacts(tree);
  // What an element's tag alone gives (its landmark bit, its heading level), worked out once per
  // tag path rather than looked up per element: a page has far fewer paths than elements.
  const pathOf = shared.pathOf;
  const byPath = new Int32Array(shared.paths.count).fill(-1);
  for (let id = 1; id < n; id++) {
    const node = nodes[id]!;
    if (node.kind !== 'element') continue;
    const p = node.parent;
    const path = pathOf[id]!;
    let tagFacts = path >= 0 ? byPath[path]! : factsOfTag(node.tag);
    if (tagFacts < 0) byPath[path] = tagFacts = factsOfTag(node.tag);
    let f = (p > 0 ? flags[p]! : 0) | (tagFacts & TAG_BITS);
    if ((tagFacts & IS_A) !== 0 && node.attrs['href'] !== undefined) f |= IN_LINK_BIT;
    const role = node.attrs['role'];
    if (role !== undefined) {
      const as = ROLE_AS.get(role.trim().toLowerCase());
      if (as) f |= CONTAINER_BIT.get(as)!;
    }
    flags[id] = f;
    const level = tagFacts >>> LEVEL_SHIFT;
    heading[id] = level > 0 ? level : p > 0 ? heading[p]! : 0;
    let m = p > 0 ? micro[p]! : 0;
    const ip = node.attrs['itemprop'];
    if (ip !== undefined) for (const v of ip.toLowerCase().split(/\s+/)) m |= MICRODATA_BIT.get(v) ?? 0;
    const it = node.attrs['itemtype'];
    if (it !== undefined && ARTICLE_TYPE_RE.test(it)) m |= ARTICLE_ITEMTYPE_BIT;
    micro[id] = m;
  }
  return { containerFlags: flags, headingLevel: heading, microdata: micro, pathId: shared.pathOf, pathParent: shared.paths.parent };
}
