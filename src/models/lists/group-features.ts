/**
 * Features of a page's candidate groups (rows sharing a tag path, MIN_GROUP or more: the
 * would-be lists) for the group ranker (group-ranker.ts, docs/lists.md): the group features the
 * node rows already carry, means over the members of a few node columns, and measures of the
 * group as a whole that no single row holds (its container's share of the page, its records,
 * its links' slugs and hosts, its members' likeness to each other, where it sits), plus the
 * item rules' marks on it. Every value is a plain number; the ranker standardises them.
 */
import { commonAncestor, firstHref, type DomTree, type ElementNode } from '../../dom/tree.js';
import { MIN_GROUP, TREE_NODE_COLUMNS, type TreeNodeRows } from '../../features/tree-nodes.js';

/** Names of the candidate features, in vector order (a ranker's file names the ones it reads). */
export const GROUP_FEATURE_NAMES: readonly string[] = Object.freeze([
  'size', 'textShare', 'meanTextLength', 'linkShare', 'imageShare', 'textRank', 'linkTextRank',
  'depth', 'position', 'tagA', 'tagLi', 'tagHeading', 'tagBlock', 'tagCell', 'tagInline',
  'meanChildren', 'meanLinks', 'containerShare', 'slugLength', 'externalShare', 'recordImageLinkShare',
  'recordTextLength', 'sameShapeShare', 'distinctHrefShare', 'distinctTextShare', 'siblingShare',
  'landmarkShare', 'menuHintShare', 'itemHintShare', 'priceShare',
  'itemMarkShare', 'itemChoice', 'itemProbability', 'groupRuleProbability',
]);

/** What the list model's rules say about a page's rows, read by the item-rule features. */
export interface RowMarks {
  /** Per row: marked as an item by most item rule sets. */
  readonly marked: ArrayLike<boolean>;
  /** Per row: the item rule sets' mean probability. */
  readonly probability: ArrayLike<number>;
  /** The tag path the item rules' list is on (-1: none). */
  readonly choice: number;
  /** Per candidate path: the group rule sets' probability (absent: no group rules). */
  readonly groups?: ReadonlyMap<number, number>;
}

export interface CandidateGroup {
  /** The tag path its members share. */
  readonly path: number;
  /** Row indexes of its members, in page order. */
  readonly rows: readonly number[];
  /** One value per GROUP_FEATURE_NAMES entry. */
  readonly x: Float64Array;
}

/** Members read for the measures that need each member's text or record (the rest read every member). */
const MAX_TEXT_MEMBERS = 40;
/** Ancestors read above a member (records, landmarks): the innermost ones, as the node rows keep them, so any nesting costs linear time. */
const MAX_CLIMB = 64;
const column = (name: string): number => TREE_NODE_COLUMNS.findIndex((c) => c.name === name);
const COL = {
  tag: column('tagName'), depth: column('depth'), position: column('position'), children: column('numChildren'), links: column('numLinks'),
  groupSize: column('groupSize'), groupTextShare: column('groupTextShare'), groupMeanTextLength: column('groupMeanTextLength'),
  groupLinkShare: column('groupLinkShare'), groupImageShare: column('groupImageShare'),
  groupTextRank: column('groupTextRank'), groupLinkTextRank: column('groupLinkTextRank'),
};
const NO_TEXT: ReadonlySet<string> = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg']);
const LANDMARKS: ReadonlySet<string> = new Set(['nav', 'header', 'footer', 'aside']);
const HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const BLOCKS: ReadonlySet<string> = new Set(['div', 'article', 'section', 'figure', 'dl', 'dd', 'dt']);
const CELLS: ReadonlySet<string> = new Set(['td', 'tr', 'th', 'tbody', 'table']);
/** Class and id words of menus and page furniture, and of listed things. */
const MENU_HINT = /nav|menu|footer|header|breadcrumb|social|share|follow|tags?\b|topbar|sidebar|language|account|login/i;
const ITEM_HINT = /product|item|card|result|post|entry|teaser|story|tile|offer|listing|recipe|article/i;
/** A price's characters; no letter among them. */
const PRICE_CHAR = /[\s$€£¥₹%\d.,:;()+\-–/]/;
const PRICE_WORDS = ['usd', 'eur', 'gbp', 'new', 'used', 'each', 'from', 'free shipping'];

/**
 * Whether a text is a price: price characters around at most one of PRICE_WORDS (any case), what
 * `/^[C]*(?:usd|...)?[C]*$/i` says, read in one pass: that expression backtracks over every split
 * of a run of digits before a letter (quadratic on an item of 100 000 digits). A word starts at
 * the first character that is no price character, since none is a letter.
 */
export function isPriceText(t: string): boolean {
  let i = 0;
  while (i < t.length && PRICE_CHAR.test(t[i]!)) i++;
  if (i === t.length) return true;
  const onlyPriceChars = (from: number): boolean => {
    for (let k = from; k < t.length; k++) if (!PRICE_CHAR.test(t[k]!)) return false;
    return true;
  };
  return PRICE_WORDS.some((w) => wordAt(t, i, w) && onlyPriceChars(i + w.length));
}

/** Whether lower-case ASCII `word` stands at `at` in `t`, letters in either case (as the `i` flag reads ASCII). */
function wordAt(t: string, at: number, word: string): boolean {
  if (at + word.length > t.length) return false;
  for (let k = 0; k < word.length; k++) {
    const c = t[at + k]!, w = word[k]!;
    if (c !== w && c !== w.toUpperCase()) return false;
  }
  return true;
}
const lg = (x: number): number => Math.log2(1 + x);

const num = (rows: TreeNodeRows, k: number, c: number): number => rows.items[k]!.columns[c] as number;

/**
 * The page's candidate groups: per tag path shared by MIN_GROUP rows or more, its rows' indexes
 * (page order); the paths in page order of their first member.
 */
export function candidateMembers(rows: Pick<TreeNodeRows, 'ids' | 'pathOf'>): Map<number, number[]> {
  const members = new Map<number, number[]>();
  rows.ids.forEach((id, k) => {
    const p = rows.pathOf[id]!;
    const m = members.get(p);
    if (m) m.push(k); else members.set(p, [k]);
  });
  for (const [path, ks] of members) if (ks.length < MIN_GROUP) members.delete(path);
  return members;
}

/** The page's candidate groups with their features, in page order of their first member. */
export function candidateFeatures(tree: DomTree, rows: TreeNodeRows, marks?: RowMarks): CandidateGroup[] {
  const page = pageFacts(tree);
  return [...candidateMembers(rows)].map(([path, ks]) => ({ path, rows: ks, x: groupVector(tree, rows, ks, page, marks) }));
}

/** Page-wide counts the group measures read in O(1) per subtree. */
interface PageFacts {
  /** Images / links before each node id (document order), for subtree counts. */
  readonly imagesBefore: Int32Array;
  readonly linksBefore: Int32Array;
  /** Text characters before each node id, scripts and styles left out. */
  readonly charsBefore: Float64Array;
  readonly bodyChars: number;
  readonly host: string | undefined;
}

function pageFacts(tree: DomTree): PageFacts {
  const n = tree.nodes.length;
  const imagesBefore = new Int32Array(n + 1), linksBefore = new Int32Array(n + 1), charsBefore = new Float64Array(n + 1);
  let skipUntil = -1;
  for (let k = 0; k < n; k++) {
    const node = tree.nodes[k]!;
    const img = node.kind === 'element' && (node.tag === 'img' || node.tag === 'picture') ? 1 : 0;
    const link = node.kind === 'element' && node.tag === 'a' && node.attrs['href'] !== undefined ? 1 : 0;
    if (node.kind === 'element' && k > skipUntil && NO_TEXT.has(node.tag)) skipUntil = node.end;
    imagesBefore[k + 1] = imagesBefore[k]! + img;
    linksBefore[k + 1] = linksBefore[k]! + link;
    charsBefore[k + 1] = charsBefore[k]! + (node.kind === 'text' && k > skipUntil ? node.text.length : 0);
  }
  const bodyChars = charsBefore[n]!;
  let host: string | undefined;
  try { host = tree.baseUrl ? new URL(tree.baseUrl).hostname.replace(/^www\./, '') : undefined; } catch { host = undefined; }
  return { imagesBefore, linksBefore, charsBefore, bodyChars: Math.max(1, bodyChars), host };
}

const el = (tree: DomTree, id: number): ElementNode => tree.nodes[id] as ElementNode;

/**
 * Each member's record: its highest ancestor (or itself) that holds no other member (the card
 * or `li` around a title link). Members are in document order, so only the neighbours can be inside.
 */
export function recordElements(tree: DomTree, ids: readonly number[]): number[] {
  return ids.map((id, i) => {
    const prev = i > 0 ? ids[i - 1]! : -1, next = i + 1 < ids.length ? ids[i + 1]! : Infinity;
    let r = id;
    for (let p = tree.nodes[id]!.parent, k = 0; p >= 0 && k < MAX_CLIMB; p = tree.nodes[p]!.parent, k++) {
      const e = el(tree, p);
      if (e.tag === 'body' || e.tag === 'html' || e.tag === '#document' || prev >= p || next <= e.end) break;
      r = p;
    }
    return r;
  });
}

function textChars(tree: DomTree, page: PageFacts, id: number): number {
  return page.charsBefore[el(tree, id).end + 1]! - page.charsBefore[id]!;
}

/** The last non-empty path segment of a link and its host (undefined host: relative on a page with no URL). */
function linkParts(href: string, base: string | undefined): { slug: string; host?: string } {
  try {
    const u = base ? new URL(href, base) : new URL(href);
    const segs = u.pathname.split('/').filter(Boolean);
    return { slug: segs[segs.length - 1] ?? '', host: u.hostname.replace(/^www\./, '') };
  } catch {
    const segs = href.split(/[?#]/)[0]!.split('/').filter(Boolean);
    return { slug: segs[segs.length - 1] ?? '' };
  }
}

/** Class and id words of an element and its ancestors up to `levels` above. */
function hintText(tree: DomTree, id: number, levels: number): string {
  const parts: string[] = [];
  for (let p = id, k = 0; p >= 0 && k <= levels; p = tree.nodes[p]!.parent, k++) {
    const e = el(tree, p);
    if (e.tag === 'body' || e.tag === '#document') break;
    if (e.attrs['class']) parts.push(e.attrs['class']);
    if (e.attrs['id']) parts.push(e.attrs['id']);
  }
  return parts.join(' ');
}

function inLandmark(tree: DomTree, id: number): boolean {
  for (let p = tree.nodes[id]!.parent, k = 0; p >= 0 && k < MAX_CLIMB; p = tree.nodes[p]!.parent, k++) {
    const e = el(tree, p);
    if (LANDMARKS.has(e.tag) || e.attrs['role'] === 'navigation' || e.attrs['role'] === 'banner' || e.attrs['role'] === 'contentinfo') return true;
  }
  return false;
}

/** A member's shape: its element children's tags. */
function shape(tree: DomTree, id: number): string {
  return el(tree, id).children.map((c) => (tree.nodes[c]!.kind === 'element' ? el(tree, c).tag : '')).filter(Boolean).join(',');
}

function share(n: number, of: number): number {
  return of > 0 ? n / of : 0;
}

function groupVector(tree: DomTree, rows: TreeNodeRows, ks: readonly number[], page: PageFacts, marks?: RowMarks): Float64Array {
  const first = ks[0]!;
  const ids = ks.map((k) => rows.ids[k]!);
  const sample = ids.length > MAX_TEXT_MEMBERS ? ids.slice(0, MAX_TEXT_MEMBERS) : ids;
  const tag = rows.items[first]!.columns[COL.tag] as string;
  const mean = (c: number): number => ks.reduce((s, k) => s + num(rows, k, c), 0) / ks.length;
  const box = commonAncestor(tree, ids);
  const recs = recordElements(tree, sample);
  let imageLink = 0, recordChars = 0;
  for (const r of recs) {
    const e = el(tree, r);
    if (page.imagesBefore[e.end + 1]! - page.imagesBefore[r]! > 0 && page.linksBefore[e.end + 1]! - page.linksBefore[r]! > 0) imageLink++;
    recordChars += textChars(tree, page, r);
  }
  const hrefs: string[] = [];
  let slug = 0, external = 0, withHost = 0;
  for (const id of sample) {
    const h = firstHref(tree, id);
    if (h === undefined) continue;
    hrefs.push(h);
    const parts = linkParts(h, tree.baseUrl);
    slug += lg(parts.slug.length);
    if (parts.host !== undefined && page.host !== undefined) { withHost++; if (parts.host !== page.host) external++; }
  }
  const texts = sample.map((id) => rows.textOf(id));
  const shapes = new Map<string, number>();
  for (const id of sample) { const s = shape(tree, id); shapes.set(s, (shapes.get(s) ?? 0) + 1); }
  const hints = sample.map((id) => hintText(tree, id, 3));
  const parents = new Set(sample.map((id) => tree.nodes[id]!.parent));
  const n = sample.length;
  let marked = 0, prob = 0;
  if (marks) for (const k of ks) { if (marks.marked[k]) marked++; prob += marks.probability[k]!; }
  const path = rows.pathOf[ids[0]!]!;
  return Float64Array.from([
    num(rows, first, COL.groupSize), num(rows, first, COL.groupTextShare), num(rows, first, COL.groupMeanTextLength),
    num(rows, first, COL.groupLinkShare), num(rows, first, COL.groupImageShare),
    lg(num(rows, first, COL.groupTextRank)), lg(num(rows, first, COL.groupLinkTextRank)),
    num(rows, first, COL.depth), num(rows, first, COL.position),
    tag === 'a' ? 1 : 0, tag === 'li' ? 1 : 0, HEADINGS.has(tag) ? 1 : 0, BLOCKS.has(tag) ? 1 : 0, CELLS.has(tag) ? 1 : 0,
    tag !== 'a' && tag !== 'li' && !HEADINGS.has(tag) && !BLOCKS.has(tag) && !CELLS.has(tag) ? 1 : 0,
    mean(COL.children), mean(COL.links),
    textChars(tree, page, box) / page.bodyChars,
    hrefs.length ? slug / hrefs.length : 0,
    share(external, withHost),
    share(imageLink, n),
    lg(recordChars / n),
    Math.max(...shapes.values()) / n,
    share(new Set(hrefs).size, n),
    share(new Set(texts).size, n),
    share(n - parents.size + 1, n),
    share(sample.filter((id) => inLandmark(tree, id)).length, n),
    share(hints.filter((h) => MENU_HINT.test(h)).length, n),
    share(hints.filter((h) => ITEM_HINT.test(h)).length, n),
    share(texts.filter((t) => t !== '' && isPriceText(t)).length, n),
    marks ? marked / ks.length : 0,
    marks && marks.choice === path ? 1 : 0,
    marks ? prob / ks.length : 0,
    marks?.groups?.get(path) ?? 0,
  ]);
}
