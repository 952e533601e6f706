/**
 * Inducing field rules from example pages (docs/fields.md; wrapper induction's phase 2 for named
 * values). For each example value, the units on its page that hold it (a text node, or an
 * element whose whole text it is) are its *occurrences*; each occurrence proposes a tag path
 * rule, an anchor rule (nearest id/class/itemprop, then the path below) and, for a text node,
 * a label rule (the text before it). Proposals of the same shape are merged over all examples
 * (a position kept where every example agrees, from the start or the end, else `*`), with
 * freer variants beside them; every proposal is then run on every training page and scored:
 * examples it explains, values it takes that are no example (where a page gave one value at
 * most, or none: a page that lists several values may show more than it gave). Rules are
 * ranked by examples explained, then fewest wrong values, then kind (a label that looks
 * like one, an anchor, a path), and the best few are kept as alternatives.
 */
import { commonAncestor, type DomTree, type ElementNode, type TextNode } from '../dom/tree.js';
import { classOf, examplePath, MAX_RULE_STEPS, pathStepOf, withinRuleDepth, type RuleStep } from '../models/wrapper/rules.js';
import {
  applyCleanup, charClasses, elementText, inlineLabel, isAriaAttr, labelledTexts, LEADING_LIST_NUMBER, LINK_VALUE_ATTRS, linkOf, normalizeValue, resolveLinkValue, ruleUnits, ruleValues,
  TEXT_VALUE_ATTRS, textIndexOf, type FieldAnchor, type FieldAttr, type FieldModel, type FieldRule, type FieldRuleKind, type FieldsBody, type ValueCleanup, type ValueProfile,
} from '../models/wrapper/fields.js';

/** A training page's tree and the values a person gave for it (a field missing: not given). */
export interface FieldExamplePage {
  readonly id: string;
  readonly tree: DomTree;
  readonly fields: Readonly<Record<string, readonly string[]>>;
}

/** Alternatives kept per field, and per kind of rule among them. */
export const MAX_FIELD_RULES = 5;
const MAX_RULES_PER_KIND = 2;
/** How far up an anchor rule looks for an element with an id, class or itemprop. */
const ANCHOR_MAX_UP = 6;
/** A unit holding a value with text around it is taken only up to this size (else it is a container, not the value's). */
const MAX_UNIT_SLACK = 80;
/** Occurrences of one example value kept (a value shown everywhere teaches nothing more). */
const MAX_OCCURRENCES = 40;
/** Element units (whole text) are considered up to this many characters. */
const MAX_ELEMENT_TEXT = 400;
/** Share of the text records of the examples' shape must hold where they span beyond the examples' list. */
const RECORD_SPREAD_SHARE = 0.5;

interface Occurrence {
  /** The unit's element (the text node's parent, or the element itself). */
  readonly element: number;
  /** 0: the element's whole text; else the text child's index. */
  readonly text: number;
  readonly node: number;
  readonly prefix: string;
  readonly suffix: string;
  /** The element's attribute is the value (`href`: its link), not its text. */
  readonly attr?: FieldAttr;
}

interface Proposal {
  readonly key: string;
  readonly base: Omit<FieldRule, 'clean' | 'examples' | 'wrong' | 'pages' | 'steps'>;
  readonly paths: PathOfStep[][];
  readonly occurrences: Occurrence[];
  readonly pages: Set<string>;
  /** For label rules: the label looks like one (near the value, or `:` between them). */
  labelLike: boolean;
  /** Occurrences that are items of a menu of links (`inLinkMenu`). */
  inMenu: number;
}

type PathOfStep = { readonly tag: string; readonly first: number; readonly last: number };

const collapse = (s: string): string => s.replace(/[\s\u00a0\u200b]+/g, ' ').trim();

interface PageUnits {
  readonly texts: { node: TextNode; text: string }[];
  readonly elements: { el: ElementNode; text: string }[];
}

/** The text nodes and the short elements of a page, text collapsed. */
function pageUnits(tree: DomTree): PageUnits {
  const texts: { node: TextNode; text: string }[] = [];
  const elements: { el: ElementNode; text: string }[] = [];
  // Linear on any nesting (a page 100 000 levels deep): the elements holding text, in the order
  // their first text reaches them (climbing stops at one reached already), each one's count of
  // texts from prefix sums, and its text read from the text nodes alone.
  const holders: number[] = [];
  const reached = new Uint8Array(tree.nodes.length);
  const textsBefore = new Int32Array(tree.nodes.length + 1);
  const textIds: number[] = [];
  for (const n of tree.nodes) {
    textsBefore[n.id + 1] = textsBefore[n.id]!;
    if (n.kind !== 'text') continue;
    textIds.push(n.id);
    const text = collapse(n.text);
    if (!text) continue;
    textsBefore[n.id + 1]!++;
    texts.push({ node: n, text });
    for (let p = n.parent; p > 0 && !reached[p]; p = tree.nodes[p]!.parent) {
      reached[p] = 1;
      holders.push(p);
    }
  }
  for (const id of holders) {
    const el = tree.nodes[id] as ElementNode;
    if (textsBefore[el.end + 1]! - textsBefore[el.id + 1]! < 2) continue; // one text node: its text unit says the same
    let t = '';
    for (let k = firstAbove(textIds, el.id); k < textIds.length && textIds[k]! <= el.end && t.length <= MAX_ELEMENT_TEXT * 2; k++) {
      t += (tree.nodes[textIds[k]!] as TextNode).text;
    }
    const text = collapse(t);
    if (text.length <= MAX_ELEMENT_TEXT) elements.push({ el, text });
  }
  return { texts, elements };
}

/** The first index of ascending `ids` whose id is above `id` (`ids.length` when none is). */
function firstAbove(ids: readonly number[], id: number): number {
  let lo = 0, hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! <= id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Text attributes in the order a tie prefers them: those named (alt, title, ...), then aria-* as the page writes them. */
function textAttrsOf(el: ElementNode): FieldAttr[] {
  const out: FieldAttr[] = TEXT_VALUE_ATTRS.filter((a) => el.attrs[a] !== undefined);
  for (const name of Object.keys(el.attrs)) if (isAriaAttr(name)) out.push(name);
  return out;
}

/** An element's attribute that holds a value. */
interface AttrSite {
  readonly el: number;
  readonly attr: FieldAttr;
}

/** Values to the attributes that hold them, in page order (then in the order the attributes are listed). */
type AttrIndex = Map<string, AttrSite[]>;

function addSite(index: AttrIndex, value: string, site: AttrSite): void {
  let at = index.get(value);
  if (!at) index.set(value, (at = []));
  at.push(site);
}

const textAttrIndexCache = new WeakMap<DomTree, AttrIndex>();
const linkIndexCache = new WeakMap<DomTree, AttrIndex>();

/** An index of the tree built once and kept while the tree lives. */
function cachedIndex(cache: WeakMap<DomTree, AttrIndex>, tree: DomTree, build: (index: AttrIndex) => void): AttrIndex {
  let index = cache.get(tree);
  if (index === undefined) {
    index = new Map();
    build(index);
    cache.set(tree, index);
  }
  return index;
}

/** The page's text attribute values (normalised, up to an element unit's size) and where they stand (cached per tree). */
function textAttrIndex(tree: DomTree): AttrIndex {
  return cachedIndex(textAttrIndexCache, tree, (index) => {
    for (const n of tree.nodes) {
      if (n.kind !== 'element') continue;
      for (const attr of textAttrsOf(n)) {
        const raw = n.attrs[attr]!;
        if (raw.length > MAX_ELEMENT_TEXT * 2) continue;
        const value = normalizeValue(raw);
        if (value === '' || value.length > MAX_ELEMENT_TEXT) continue;
        addSite(index, value, { el: n.id, attr });
      }
    }
  });
}

/** The page's links (every link attribute, resolved as `linkOf` resolves them) and where they stand (cached per tree). */
function linkIndex(tree: DomTree): AttrIndex {
  return cachedIndex(linkIndexCache, tree, (index) => {
    for (const n of tree.nodes) {
      if (n.kind !== 'element') continue;
      for (const attr of LINK_VALUE_ATTRS) {
        if (n.attrs[attr] === undefined) continue;
        const link = linkOf(tree, n, attr);
        if (link !== undefined) addSite(index, link, { el: n.id, attr });
      }
    }
  });
}

/** The occurrence of a value as the whole value of an element's attribute. */
const attrOccurrence = ({ el, attr }: AttrSite): Occurrence => ({ element: el, text: 0, node: el, prefix: '', suffix: '', attr });

/** Where a value stands as a text attribute's whole value (white space normalised): an image's alt, a `<time datetime>`. */
function attrOccurrencesOf(tree: DomTree, value: string): Occurrence[] {
  return (textAttrIndex(tree).get(value) ?? []).slice(0, MAX_OCCURRENCES).map(attrOccurrence);
}

/** A letter or digit, or a number's separator before or after a digit: the value would be part of a longer word or number there. */
const WORD_BEFORE = /(?:[\p{L}\p{N}]|\p{N}[.,])$/u;
const WORD_AFTER = /^(?:[\p{L}\p{N}]|[.,]\p{N})/u;

/** Where `value` first stands in `text` as a whole (not inside a longer word or number: `899.00` in `$1,899.00`), or -1. */
function standsAlone(text: string, value: string): number {
  for (let i = text.indexOf(value); i >= 0; i = text.indexOf(value, i + 1)) {
    if (!WORD_BEFORE.test(text.slice(Math.max(0, i - 2), i)) && !WORD_AFTER.test(text.slice(i + value.length, i + value.length + 2))) return i;
  }
  return -1;
}

/** The elements of `els` with none of the others inside them. */
function deepestOnly<T extends { readonly el: ElementNode }>(els: readonly T[]): T[] {
  return els.filter((e) => !els.some((o) => o.el.id > e.el.id && o.el.id <= e.el.end));
}

/** Whether `node` is the only text of its element that is not white space. */
function isOnlyText(tree: DomTree, node: TextNode): boolean {
  const el = tree.nodes[node.parent] as ElementNode;
  for (let i = el.id + 1; i <= el.end; i++) {
    const n = tree.nodes[i]!;
    if (n.kind === 'text' && n.id !== node.id && collapse(n.text) !== '') return false;
  }
  return true;
}

/** Where a value occurs on a page: text nodes (exact, or with text around it) and elements whose whole text it is. */
function occurrencesOf(tree: DomTree, units: PageUnits, value: string): Occurrence[] {
  const out: Occurrence[] = [];
  for (const { node, text } of units.texts) {
    if (text.length > value.length + MAX_UNIT_SLACK) continue;
    const norm = normalizeValue(text);
    // A value that is its element's whole text is read as that whole text, so a value with
    // inline markup on another record (`... in <em>Pluribus</em>`) comes out whole.
    if (norm === value) out.push({ element: node.parent, text: isOnlyText(tree, node) ? 0 : textIndexOf(tree, node), node: node.id, prefix: '', suffix: '' });
    else {
      const i = text.indexOf(value);
      if (i >= 0) out.push({ element: node.parent, text: textIndexOf(tree, node), node: node.id, prefix: text.slice(0, i), suffix: text.slice(i + value.length) });
    }
  }
  // Elements whose whole text is the value (split over several text nodes), deepest only.
  for (const { el } of deepestOnly(units.elements.filter((e) => normalizeValue(e.text) === value))) {
    out.push({ element: el.id, text: 0, node: el.id, prefix: '', suffix: '' });
  }
  // Elements whose text holds the value split over several text nodes with a little text
  // around it (`<sup>$</sup>899<sup>.00</sup>`), where the value stands exactly nowhere:
  // deepest only, and none around a text node that holds it with text around it.
  if (!out.some((o) => o.prefix === '' && o.suffix === '')) {
    const holding: { el: ElementNode; text: string; i: number }[] = [];
    for (const e of units.elements) {
      if (e.text.length > value.length + MAX_UNIT_SLACK) continue;
      const i = standsAlone(e.text, value);
      if (i >= 0) holding.push({ ...e, i });
    }
    for (const { el, text, i } of deepestOnly(holding)) {
      if (out.some((o) => o.node > el.id && o.node <= el.end)) continue;
      out.push({ element: el.id, text: 0, node: el.id, prefix: text.slice(0, i), suffix: text.slice(i + value.length) });
    }
  }
  // A value the page shows everywhere ("1", "Yes") would make induction quadratic: exact
  // occurrences first, at most MAX_OCCURRENCES of them.
  if (out.length <= MAX_OCCURRENCES) return out;
  return [...out.filter((o) => o.prefix === '' && o.suffix === ''), ...out.filter((o) => o.prefix !== '' || o.suffix !== '')].slice(0, MAX_OCCURRENCES);
}

/** A value written as a link (`https://...`, `//host/...`, `/path`): a field all of whose examples are links takes links. */
export const LINK_VALUE_RE = /^(?:https?:\/\/|\/)\S*$/i;

/**
 * Where a link value occurs on a page: the elements whose `href` (`inHref`), or whose other link
 * attributes (an image's `src`: read where no link explains as many examples), resolved, are it.
 */
function linkOccurrencesOf(tree: DomTree, value: string, inHref: boolean): Occurrence[] {
  return (linkIndex(tree).get(value) ?? []).filter((s) => (s.attr === 'href') === inHref).slice(0, MAX_OCCURRENCES).map(attrOccurrence);
}

/** Class tokens an anchor may use: not per page (a run of three digits), at most four. */
const MAX_CLASS_TOKENS = 4;

/**
 * The nearest element at or above `id` with an id, itemprop or class, as anchors (its id or
 * itemprop; else its whole class attribute and each of its class tokens, for sites whose items
 * add a class of their own), with the path from below it.
 */
function anchorsOf(tree: DomTree, id: number): { anchor: FieldAnchor; below: PathOfStep[] }[] {
  // The steps climbed so far, the example's element first: only these few, however deep the page.
  const climbed: PathOfStep[] = [];
  let el = tree.nodes[id] as ElementNode;
  for (let up = 0; up <= ANCHOR_MAX_UP && el.id > 0; up++) {
    const idAttr = (el.attrs['id'] ?? '').trim();
    const itemprop = (el.attrs['itemprop'] ?? '').trim();
    const cls = classOf(el);
    const below = climbed.map(({ tag, first, last }) => ({ tag, first, last })).reverse();
    // Ids with long digit runs are per page (`post-48213`), not the template's.
    if (idAttr && !/\d{3,}/.test(idAttr)) return [{ anchor: { tag: el.tag, attr: 'id', value: idAttr }, below }];
    if (itemprop) return [{ anchor: { tag: el.tag, attr: 'itemprop', value: itemprop }, below }];
    if (cls && !/\d{3,}/.test(cls)) {
      const tokens = cls.split(' ').filter((t) => !/\d{3,}/.test(t)).slice(0, MAX_CLASS_TOKENS);
      return [
        { anchor: { tag: el.tag, attr: 'class', value: cls }, below },
        ...(tokens.length > 1 ? tokens.map((t) => ({ anchor: { tag: el.tag, attr: 'classToken' as const, value: t }, below })) : []),
      ];
    }
    climbed.push(pathStepOf(tree, el));
    el = tree.nodes[el.parent] as ElementNode;
  }
  return [];
}

/** Sibling items, each holding a link, that make a menu of links (a nav bar, a breadcrumb, a tag list). */
const MENU_MIN_LINKS = 3;
/** How far up from a unit's element a menu item's link is looked for, and from the link its item's wrappers. */
const MENU_MAX_UP = 2;

/** Text that words something (a letter or a digit): a separator ("»", "|", "/") between links does not. */
const WORDED = /[\p{L}\p{N}]/u;

/**
 * An element's only content: its one element child when it has no other element child and no
 * worded text of its own (`li > a`, not `li` of "Brand: <a>Acme</a>"). Stops at a second element.
 */
function soleChild(tree: DomTree, el: ElementNode): ElementNode | undefined {
  let only: ElementNode | undefined;
  for (const c of el.children) {
    const n = tree.nodes[c]!;
    if (n.kind === 'text') {
      if (WORDED.test(n.text)) return undefined;
    } else if (only) return undefined;
    else only = n;
  }
  return only;
}

/** The link an element is, or is in (at most MENU_MAX_UP levels up). */
function linkAround(tree: DomTree, id: number): ElementNode | undefined {
  let el = tree.nodes[id] as ElementNode;
  for (let up = 0; el.tag !== 'a'; up++) {
    if (up >= MENU_MAX_UP || el.parent < 0) return undefined;
    el = tree.nodes[el.parent] as ElementNode;
  }
  return el;
}

/** Whether an element is, or wraps alone, a link (`li > a`, `li > span > a`). */
function holdsLinkAlone(tree: DomTree, el: ElementNode | undefined): boolean {
  for (let up = 0; up <= MENU_MAX_UP && el; up++) {
    if (el.tag === 'a') return true;
    el = soleChild(tree, el);
  }
  return false;
}

/** Per parent element, how many of its element children of each tag hold a link alone; per tree, filled as asked. */
const linkItemCounts = new WeakMap<DomTree, Map<number, Map<string, number>>>();

function linkItemsOf(tree: DomTree, parentId: number, tag: string): number {
  let byParent = linkItemCounts.get(tree);
  if (!byParent) linkItemCounts.set(tree, (byParent = new Map()));
  let byTag = byParent.get(parentId);
  if (!byTag) {
    byTag = new Map();
    for (const c of (tree.nodes[parentId] as ElementNode).children) {
      const n = tree.nodes[c]!;
      if (n.kind === 'element' && holdsLinkAlone(tree, n)) byTag.set(n.tag, (byTag.get(n.tag) ?? 0) + 1);
    }
    byParent.set(parentId, byTag);
  }
  return byTag.get(tag) ?? 0;
}

/**
 * Whether an element is (inside) a link that is an item of a menu of links: the link, or the
 * wrappers holding it alone, among at least MENU_MIN_LINKS sibling items of its tag that each
 * hold a link alone. A menu's link names a place to go, not the page's value, nor its caption.
 */
function inLinkMenu(tree: DomTree, id: number): boolean {
  let item = linkAround(tree, id);
  if (!item) return false;
  for (let up = 0; up < MENU_MAX_UP && item.parent >= 0; up++) {
    const parent = tree.nodes[item.parent] as ElementNode;
    if (parent.tag === 'body' || soleChild(tree, parent) !== item) break;
    item = parent;
  }
  if (item.parent < 0) return false;
  return linkItemsOf(tree, item.parent, item.tag) >= MENU_MIN_LINKS;
}

/**
 * A count or a score: a number and one word ("0 items", "3 results"), or a number and words up
 * to another number ("4.58 out of 5 stars"). "5G", "4G LTE", "3.5 mm jack" are neither.
 */
const COUNT = /^\s*[\d.,]+\s+(?:\p{L}+\s*$|\D*\d)/u;

/** Whether a label is marked as a caption: it ends in ':' or is a table header or a term (th, dt). */
function markedAsCaption(tree: DomTree, label: TextNode): boolean {
  const tag = (tree.nodes[label.parent] as ElementNode).tag;
  return /:\s*$/.test(label.text) || tag === 'th' || tag === 'dt';
}

/**
 * Whether a text before a value can caption it: not a count (unless marked as a caption), and
 * not a link of a menu of links (the menu item before a value names the next place to go:
 * "Home" before "Tents").
 */
function readsAsCaption(tree: DomTree, label: TextNode): boolean {
  if (COUNT.test(label.text) && !markedAsCaption(tree, label)) return false;
  return !inLinkMenu(tree, label.parent);
}

/** Whether the label text node sits next to the value: their common ancestor at most two levels above the value's element. */
function labelIsNear(tree: DomTree, label: TextNode, value: TextNode): boolean {
  let el = tree.nodes[value.parent] as ElementNode;
  for (let up = 0; up <= 2 && el.id > 0; up++) {
    if (label.id >= el.id && label.id <= el.end) return true;
    el = tree.nodes[el.parent] as ElementNode;
  }
  return false;
}

function propose(tree: DomTree, pageId: string, occ: Occurrence, value: string, into: Map<string, Proposal>): void {
  // A link's target is the value whatever menu holds it; only its text names a place to go.
  const menu = occ.attr === undefined && inLinkMenu(tree, occ.element);
  const add = (key: string, base: Proposal['base'], path: PathOfStep[], labelLike = false): void => {
    let p = into.get(key);
    if (!p) into.set(key, (p = { key, base, paths: [], occurrences: [], pages: new Set(), labelLike, inMenu: 0 }));
    p.paths.push(path);
    p.occurrences.push(occ);
    if (menu) p.inMenu++;
    p.pages.add(pageId);
    p.labelLike &&= labelLike;
  };
  const unit = occ.attr !== undefined ? `@${occ.attr}` : String(occ.text);
  const attr = occ.attr !== undefined ? { attr: occ.attr } : {};
  if (withinRuleDepth(tree, occ.element)) {
    const path = examplePath(tree, occ.element).map(({ tag, first, last }) => ({ tag, first, last }));
    add(`path|${path.map((s) => s.tag).join('/')}|${unit}`, { kind: 'path', text: occ.text, ...attr }, path);
  }
  for (const a of anchorsOf(tree, occ.element)) add(`anchor|${a.anchor.tag}|${a.anchor.attr}=${a.anchor.value}|${a.below.map((s) => s.tag).join('/')}|${unit}`, { kind: 'anchor', anchor: a.anchor, text: occ.text, ...attr }, a.below);
  const node = tree.nodes[occ.node]!;
  if (node.kind !== 'text' || occ.attr !== undefined) return;
  const tag = (tree.nodes[node.parent] as ElementNode).tag;
  const il = inlineLabel(collapse(node.text));
  if (il && normalizeValue(il.rest).includes(value)) {
    add(`label-inline|${il.key}|${tag}`, { kind: 'label', label: il.key, tag, inline: true, text: 1 }, [], true);
    return;
  }
  const entries = labelledTexts(tree);
  const at = entries.findIndex((t) => t.node.id === node.id);
  const lt = at > 0 ? entries[at] : undefined;
  if (!lt?.label || lt.label === value.toLowerCase()) return;
  const labelNode = entries[at - 1]!.node;
  if (!readsAsCaption(tree, labelNode)) return;
  const like = labelIsNear(tree, labelNode, node) || /:\s*$/.test(labelNode.text) || /^\s*:/.test(node.text);
  add(`label|${lt.label}|${lt.labelTag}|${tag}`, { kind: 'label', label: lt.label, labelTag: lt.labelTag, tag, text: 1 }, [], like);
}

/** Steps keeping each position every example shares, from the start or the end; `free`: the leaf's (or all) positions freed. */
function mergePaths(paths: readonly PathOfStep[][], free: 'none' | 'leaf' | 'all'): RuleStep[] {
  const n = paths[0]!.length;
  const out: RuleStep[] = [];
  for (let i = 0; i < n; i++) {
    const tag = paths[0]![i]!.tag;
    if (free === 'all' || (free === 'leaf' && i === n - 1)) {
      out.push({ tag });
      continue;
    }
    const firsts = new Set(paths.map((p) => p[i]!.first));
    const lasts = new Set(paths.map((p) => p[i]!.last));
    const first = firsts.size === 1 ? [...firsts][0] : undefined;
    const last = lasts.size === 1 ? [...lasts][0] : undefined;
    out.push({ tag, ...(first !== undefined ? { first } : {}), ...(last !== undefined ? { last } : {}) });
  }
  return out;
}

function commonPrefix(a: readonly string[]): string {
  let p = a[0] ?? '';
  for (const s of a) while (!s.startsWith(p)) p = p.slice(0, -1);
  return p;
}

function commonSuffix(a: readonly string[]): string {
  let p = a[0] ?? '';
  for (const s of a) while (!s.endsWith(p)) p = p.slice(1);
  return p;
}

/**
 * A text of whole capitalised words before a value (`Adidas `, `Under Armour `: a name, such as
 * a brand), each followed by white space. Lower-case words (`by `, `with `) are not: they say
 * what follows rather than name something, and differ with the value's kind.
 */
const LEADING_WORDS = /^\s*(?:[\p{Lu}\p{N}][\p{L}\p{N}'’&.-]*\s+)+$/u;

/** How many words a text of whole words before a value holds; undefined when it is not such a text. */
function leadingWordCount(prefix: string): number | undefined {
  return LEADING_WORDS.test(prefix) ? prefix.trim().split(/\s+/).length : undefined;
}

/** Whether a text before a value is a list item's number (`1. `, `12) `) and nothing else: what the clean-up cuts. */
function isListNumber(prefix: string): boolean {
  const t = prefix.trimStart();
  return LEADING_LIST_NUMBER.exec(t)?.[0].length === t.length;
}

/**
 * The clean-up the occurrences agree on: the same text before (after) the value on every one
 * is dropped; differing texts that end (start) alike with a separator cut there; differing
 * texts of as many whole words on every one (a brand before a product's name) are dropped as
 * that many leading words; a list's number (`1. `) before the one example is cut where a unit
 * starts with one.
 */
export function learnCleanup(prefixes: readonly string[], suffixes: readonly string[]): ValueCleanup {
  const out: { -readonly [K in keyof ValueCleanup]: ValueCleanup[K] } = {};
  const strip = (s: string): string => normalizeValue(s) === '' ? '' : s;
  const pre = prefixes.map(strip);
  const suf = suffixes.map(strip);
  if (pre.some((p) => p !== '')) {
    // A list's number (`1. `) differs on the next record: it is cut where a unit starts with one
    // (a cut after the first `. ` anywhere would take `St. ` from an unnumbered `St. Patrick's Day`).
    if (new Set(pre).size === 1 && isListNumber(pre[0]!)) out.listNumber = true;
    else if (new Set(pre).size === 1) out.prefix = pre[0]!;
    else {
      const tail = commonSuffix(pre);
      if (pre.every((p) => p !== '') && /[^\p{L}\p{N}\s]/u.test(tail)) out.after = tail.trimStart() || tail;
      else {
        const counts = new Set(pre.map(leadingWordCount));
        if (counts.size === 1 && !counts.has(undefined)) out.dropWords = [...counts][0]!;
      }
    }
  }
  if (suf.some((s) => s !== '')) {
    if (new Set(suf).size === 1) out.suffix = suf[0]!;
    else {
      const head = commonPrefix(suf);
      if (suf.every((s) => s !== '') && /[^\p{L}\p{N}]/u.test(head) && head.trim() !== '') out.before = head.trimEnd() || head;
    }
  }
  return out;
}

/** The words of a text, white space collapsed. */
const wordsOf = (text: string): string[] => normalizeValue(text).split(' ').filter((w) => w !== '');

/**
 * Whether a unit's text opens with `n` whole capitalised words (a name: `Hoka `) followed by at
 * least as many words as the shortest example value: so a brand before a name of the examples'
 * length. A name without the brand (`Clifton 10`), a shorter value (`Ghost`) or a date without
 * the label (`March 5` after `Posted March 3`) does not.
 */
function opensWithName(text: string, n: number, valueWords: number): boolean {
  const words = wordsOf(text);
  return words.length >= n + valueWords && LEADING_WORDS.test(words.slice(0, n).join(' ') + ' ');
}

/**
 * Whether a constant prefix of whole capitalised words the example records share (`Brooks ` before
 * two Brooks shoes) varies between the records the rule reads: a unit of the rule in another
 * record of the examples (`inOtherRecord`, as the rule's score counts records) that does not
 * start with it and opens with as many other capitalised words before a value of the examples'
 * length (`Hoka Clifton 10`). A label (`Price: `, `by `) or a list's number is no such text and is
 * kept; so is a prefix every record repeats, and one before values without a letter (`USD ` before
 * a price: a unit or a label, never a name). Only on pages that gave several values (records).
 */
function wordsVaryOnPage(read: Omit<FieldRule, 'examples' | 'wrong' | 'pages' | 'clean'>, clean: ValueCleanup, pages: readonly FieldExamplePage[], examples: readonly (ReadonlySet<string> | undefined)[], regions: readonly (RecordRegion | undefined)[]): boolean {
  const prefix = clean.prefix;
  const n = prefix !== undefined ? leadingWordCount(prefix) : undefined;
  if (prefix === undefined || n === undefined) return false;
  return pages.some((p, k) => {
    const region = regions[k];
    const want = examples[k];
    if (!region || !want || want.size < 2 || [...want].some((v) => !/\p{L}/u.test(v))) return false;
    const valueWords = Math.min(...[...want].map((v) => wordsOf(v).length));
    return ruleUnits(p.tree, { ...read, clean: {} } as FieldRule).some((u) =>
      inOtherRecord(p.tree, u.node, region) && applyCleanup(u.text, { prefix }) === undefined && opensWithName(u.text, n, valueWords));
  });
}

/**
 * Whether an attribute rule reads, on every other record of the examples (`inOtherRecord`), the
 * end of a text the rule `text` reads there, or the whole of it (`Sonic 7` as the alt where the
 * heading shows `Under Armour Sonic 7`): the attribute is the value that rule's guess of leading
 * words cuts from, not a caption of its own (`product image`, `Hoka Clifton 10 – Black`).
 */
function attrEndsText(attr: FieldRule, text: FieldRule, pages: readonly FieldExamplePage[], examples: readonly (ReadonlySet<string> | undefined)[], regions: readonly (RecordRegion | undefined)[]): boolean {
  return pages.every((p, k) => {
    const region = regions[k];
    if (!region || (examples[k]?.size ?? 0) < 2) return true;
    const texts = ruleUnits(p.tree, { ...text, clean: {} }).map((u) => normalizeValue(u.text));
    return ruleValues(p.tree, attr).every((g) => {
      if (!inOtherRecord(p.tree, g.node, region)) return true;
      const v = normalizeValue(g.value);
      return texts.some((t) => t === v || t.endsWith(' ' + v));
    });
  });
}

/** A clean-up whose constant prefix of words varies between records: as many leading words dropped instead (`drop 1 leading word`). */
function asLeadingWords(clean: ValueCleanup): ValueCleanup {
  const { prefix, ...rest } = clean;
  return { dropWords: leadingWordCount(prefix!)!, ...rest };
}

const KIND_RANK = { label: 0, anchor: 1, path: 2 } as const;

interface Scored {
  readonly rule: FieldRule;
  readonly rank: number;
  /** Share of its proposal's occurrences that are links of a menu: of two places showing an example alike, the one outside a menu holds the value. */
  readonly menu: number;
  /** Values found in the examples' list beyond the examples (the records the person did not point at). */
  readonly more: number;
  /** Example values read a second time inside their own example record. */
  readonly twice: number;
  /** The examples it explains on the training pages (`explainedKey`). */
  readonly explained: ReadonlySet<string>;
}

/**
 * Where a page's example records sit: the examples' common ancestor (their list) and the shape
 * of one record from the list's child that holds an example down to the value's element (tags;
 * classes where the examples agree). A list split into rows or sections repeats that shape
 * outside the examples' list.
 */
interface RecordRegion {
  readonly list: ElementNode;
  /** The examples' records (the list's children, or below them where those hold several records): another value there is a second value of an example's record. */
  readonly examples: readonly ElementNode[];
  /** From the record's root (tag only: rows and sections name it differently) down to the value's element. */
  readonly shape?: readonly { readonly tag: string; readonly classes?: readonly string[] }[];
}

/** The element a unit node stands for (a text node's parent). */
const unitElement = (tree: DomTree, node: number): ElementNode => {
  const n = tree.nodes[node]!;
  return (n.kind === 'element' ? n : tree.nodes[n.parent]) as ElementNode;
};

/** The elements from the child of `list` that holds `node` down to its unit element; undefined when none is below the list. */
function chainBelow(tree: DomTree, list: ElementNode, node: number): ElementNode[] | undefined {
  const chain: ElementNode[] = [];
  for (let el = unitElement(tree, node); el.id !== list.id; el = tree.nodes[el.parent] as ElementNode) {
    if (el.id === 0) return undefined;
    chain.push(el);
  }
  return chain.length > 0 ? chain.reverse() : undefined;
}

/** Whether two elements are alike: the same tag and class attribute. */
const alike = (a: ElementNode, b: ElementNode): boolean => a.tag === b.tag && classOf(a) === classOf(b);

/**
 * Whether `el`'s children (other than the one numbered `except`) lead, through elements alike
 * to `chain[k]`, `chain[k + 1]`, ... in turn, to a unit element like `chain`'s last.
 */
function leadsAlike(tree: DomTree, el: ElementNode, chain: readonly ElementNode[], k: number, except = -1): boolean {
  if (k === chain.length) return true;
  return el.children.some((c) => {
    const n = tree.nodes[c]!;
    return c !== except && n.kind === 'element' && alike(n, chain[k]!) && leadsAlike(tree, n, chain, k + 1);
  });
}

/**
 * Where an example's record starts in its chain below the list: below each element that holds
 * another unit along alike elements (a section or a grid's row of several records, where the
 * examples sit in different ones), else at the list's child.
 */
function recordLevel(tree: DomTree, chain: readonly ElementNode[]): number {
  let level = 0;
  // In another child than the example's: a record beside the example's, not a second value inside it.
  while (level < chain.length - 1 && leadsAlike(tree, chain[level]!, chain, level + 1, chain[level + 1]!.id)) level++;
  return level;
}

/** The class tokens every element of `els` has. */
function sharedClasses(els: readonly ElementNode[]): string[] {
  return classOf(els[0]!).split(' ').filter((t) => t !== '' && els.every((e) => classOf(e).split(' ').includes(t)));
}

/** A region as the examples' chains give it, with the shape aligned from the value upward where asked for and the chains differ. */
interface ChainRegion extends RecordRegion {
  /** The records and shape of chains that differ but share a tail from the value upward (`alignedTail`). */
  readonly aligned?: { readonly examples: readonly ElementNode[]; readonly shape: NonNullable<RecordRegion['shape']> };
}

/**
 * The examples' list and record shape as their chains below the list give it (no shape when
 * they differ in length or tags), before the shape's records elsewhere on the page are checked.
 * `align`: where they differ, also the tail their whole chains share from the value upward.
 */
function regionOfChains(tree: DomTree, nodes: readonly number[], align = false): ChainRegion | undefined {
  if (nodes.length < 2) return undefined;
  const list = tree.nodes[commonAncestor(tree, nodes)] as ElementNode;
  const whole = nodes.map((n) => chainBelow(tree, list, n));
  const chains = whole.map((c) => (c ? c.slice(recordLevel(tree, c)) : c));
  const examples = chains.flatMap((c) => (c ? [c[0]!] : []));
  const first = chains[0];
  if (!first || chains.some((c) => !c || c.length !== first.length || c.some((el, i) => el.tag !== first[i]!.tag))) {
    const aligned = align ? alignedTail(whole) : undefined;
    return { list, examples, ...(aligned ? { aligned } : {}) };
  }
  // Class tokens every example's element has: generated per-variant classes (`hsyiZF`) aside, a record keeps one of them.
  const shape = first.map((el, i) => {
    const classes = sharedClasses(chains.map((c) => c![i]!));
    return i > 0 && classes.length > 0 ? { tag: el.tag, classes } : { tag: el.tag };
  });
  return { list, examples, shape };
}

/** Levels a record shape aligned from the value upward needs, each sharing a class token on every example. */
const MIN_ALIGNED_LEVELS = 3;

/**
 * The record shape of examples whose whole chains below their list differ in length (a featured
 * card and a card of a section list), aligned from the value upward: the levels where every
 * example's element has the same tag and shares a class token; the highest is the record.
 * Undefined when fewer than MIN_ALIGNED_LEVELS levels align (a short generic tail, `span > a`,
 * would fit unrelated parts of the page), or the chains are as long (they differ in tags).
 */
function alignedTail(whole: readonly (ElementNode[] | undefined)[]): ChainRegion['aligned'] {
  if (whole.some((c) => !c) || new Set(whole.map((c) => c!.length)).size === 1) return undefined;
  const full = whole as ElementNode[][];
  const shortest = Math.min(...full.map((c) => c.length));
  const levels: { tag: string; classes: string[] }[] = [];
  for (let depth = 0; depth < shortest; depth++) {
    const els = full.map((c) => c[c.length - 1 - depth]!);
    if (els.some((e) => e.tag !== els[0]!.tag)) break;
    const classes = sharedClasses(els);
    if (classes.length === 0) break;
    levels.unshift({ tag: els[0]!.tag, classes });
  }
  if (levels.length < MIN_ALIGNED_LEVELS) return undefined;
  // The highest aligned level is the record (the level above may hold several: a section's list).
  return { examples: full.map((c) => c[c.length - levels.length]!), shape: levels };
}

/**
 * The examples' list and record shape on a page (no shape where their chains differ, except a
 * tail aligned from the value upward, or where the shape's records elsewhere are no list split in parts).
 */
function recordRegion(tree: DomTree, nodes: readonly number[]): RecordRegion | undefined {
  const chains = regionOfChains(tree, nodes, true);
  if (chains === undefined) return undefined;
  const { list, examples, shape, aligned } = chains;
  const shaped = shape !== undefined ? { list, examples, shape } : aligned !== undefined ? { list, ...aligned } : undefined;
  if (shaped !== undefined && spreadIsRecords(tree, list, shaped.shape)) return shaped;
  return { list, examples };
}

/** Pairs of occurrences of the first two example records looked at when examples show in several places. */
const MAX_RECORD_PAIRS = 400;

/** Where each example value of each field occurs on a page (unit nodes, in page order). */
type ValueOccurrences = Readonly<Record<string, readonly (readonly number[])[]>>;

/** Each example value of each field with every place it stands (text, and other attributes), to tell whether one rule reads two records' units. */
type ValueUnits = Readonly<Record<string, readonly { readonly value: string; readonly units: readonly Occurrence[] }[]>>;

/**
 * Whether one rule's clean-up reads each of the `fields`' two example values from units inside the
 * two records: the units' texts around the values (`Foto: JEP` beside `La Operación Orión en
 * Medellín, ...`, a caption's credit and its prose) must teach a clean-up that gives both values.
 * An attribute (`alt`, `href`) holds its value whole, as the same attribute of the other record does.
 */
function oneReading(records: readonly [ElementNode, ElementNode], fields: readonly string[], units: ValueUnits): boolean {
  const inside = (el: ElementNode, o: Occurrence): boolean => o.node >= el.id && o.node <= el.end;
  return fields.every((f) => {
    const [va, vb] = [units[f]![0]!, units[f]![1]!];
    const as = va.units.filter((o) => inside(records[0], o));
    const bs = vb.units.filter((o) => inside(records[1], o));
    return as.some((a) => bs.some((b) => {
      if (a.attr !== b.attr) return false;
      if (a.attr !== undefined) return true;
      const clean = learnCleanup([a.prefix, b.prefix], [a.suffix, b.suffix]);
      return applyCleanup(a.prefix + va.value + a.suffix, clean) === va.value && applyCleanup(b.prefix + vb.value + b.suffix, clean) === vb.value;
    }));
  });
}

/**
 * The list holding a page's example records and the first two records in it, found from all
 * fields at once: the k-th value of every field belongs to the k-th example record. Of the
 * places the first field's first two values show (a menu, a news blurb, the main list), the
 * first pair that sits in two records of one list (`recordRegion` with a shape) whose records
 * also hold the other fields' first two values (one field: its own two values alone, so an
 * example mentioned first in a story is taken where it stands in the list), each field's two
 * read by one clean-up (`oneReading`), and whose record shape spreads over the page as a list
 * split in parts or shows elsewhere only as other lists (a story's tag list, its `span > a`
 * fitting the menu's too: `spreadIsRecords`, other lists not deciding). Undefined when no pair
 * does (the values' first mentions then stand for the records).
 */
function exampleRecords(tree: DomTree, occurrences: ValueOccurrences, units: ValueUnits): { list: ElementNode; records: readonly [ElementNode, ElementNode] } | undefined {
  const names = Object.keys(occurrences).filter((f) => occurrences[f]!.length >= 2 && occurrences[f]!.every((o) => o.length > 0));
  if (names.length < 1) return undefined;
  const [as, bs] = [occurrences[names[0]!]![0]!, occurrences[names[0]!]![1]!];
  const inside = (el: ElementNode, nodes: readonly number[]): boolean => nodes.some((n) => n >= el.id && n <= el.end);
  // The shape's records elsewhere (a scan of the whole tree, the same for many pairs) are checked last, once per list and shape.
  const spreadChecked = new Map<string, boolean>();
  const spreads = (list: ElementNode, shape: NonNullable<RecordRegion['shape']>): boolean => {
    const key = `${list.id}|${JSON.stringify(shape)}`;
    let ok = spreadChecked.get(key);
    if (ok === undefined) spreadChecked.set(key, (ok = spreadIsRecords(tree, list, shape, false)));
    return ok;
  };
  let tried = 0;
  for (const a of as) {
    for (const b of bs) {
      if (a === b) continue;
      if (++tried > MAX_RECORD_PAIRS) return undefined;
      const region = regionOfChains(tree, [a, b]);
      if (region?.shape === undefined || region.examples.length < 2) continue;
      const [ra, rb] = [region.examples[0]!, region.examples[1]!];
      if (ra.id === rb.id) continue;
      if (!names.every((f) => inside(ra, occurrences[f]![0]!) && inside(rb, occurrences[f]![1]!))) continue;
      if (!oneReading([ra, rb], names, units)) continue;
      if (spreads(region.list, region.shape)) return { list: region.list, records: [ra, rb] };
    }
  }
  return undefined;
}

/** One unit node per example value: inside its example record where the page's records are known, else its first occurrence. */
function regionNodes(perValue: readonly (readonly number[])[], records: readonly ElementNode[] | undefined): number[] {
  return perValue.flatMap((occs, k) => {
    const rec = records?.[k];
    const inRecord = rec !== undefined ? occs.find((n) => n >= rec.id && n <= rec.end) : undefined;
    return occs.length > 0 ? [inRecord ?? occs[0]!] : [];
  });
}

/** The record root above a unit element of the shape (as many levels up as the shape is long, less one). */
function recordRootOf(tree: DomTree, el: ElementNode, depth: number): ElementNode {
  for (let i = 1; i < depth; i++) el = tree.nodes[el.parent] as ElementNode;
  return el;
}

/** Whether two elements hold records alike: the same tag, and a class token in common or no class either. */
function sameKindOfList(a: ElementNode, b: ElementNode): boolean {
  return a.tag === b.tag && (sharedClasses([a, b]).length > 0 || (classOf(a).trim() === '' && classOf(b).trim() === ''));
}

/**
 * Whether the records of the examples' shape outside their list are a list split in parts
 * (rows of a grid, sections each with a heading) rather than the same small block repeated in
 * larger units (a pros-and-cons box in every product review): where the records the shape
 * reaches hold most of the text of the part of the page they span. Records of the shape two or
 * more to a parent unlike the examples' records' (a menu's `span > a` beside a story's tag list)
 * are another list, not a part of this one: in the search for the example records they do not
 * decide (`otherListsDecide` false). The region a rule is scored in keeps them deciding: there
 * a shape kept counts every element of it across the page as a record found (a menu's links
 * where the examples are the menu's own).
 */
function spreadIsRecords(tree: DomTree, list: ElementNode, shape: NonNullable<RecordRegion['shape']>, otherListsDecide = true): boolean {
  const leafTag = shape[shape.length - 1]!.tag;
  const found: ElementNode[] = [];
  const foundIds = new Set<number>();
  for (const n of tree.nodes) {
    if (n.kind !== 'element' || n.tag !== leafTag || !fitsRecordShape(tree, n.id, shape)) continue;
    const r = recordRootOf(tree, n, shape.length);
    if (!foundIds.has(r.id)) {
      foundIds.add(r.id);
      found.push(r);
    }
  }
  const inList = (r: ElementNode): boolean => r.id >= list.id && r.id <= list.end;
  const homes = [...new Set(found.filter(inList).map((r) => r.parent))].map((id) => tree.nodes[id] as ElementNode);
  const perParent = new Map<number, number>();
  for (const r of found) perParent.set(r.parent, (perParent.get(r.parent) ?? 0) + 1);
  const otherList = (r: ElementNode): boolean => perParent.get(r.parent)! >= 2 && !homes.some((h) => sameKindOfList(h, tree.nodes[r.parent] as ElementNode));
  const roots = otherListsDecide ? found : found.filter((r) => inList(r) || !otherList(r));
  const outside = roots.filter((r) => !inList(r));
  if (outside.length === 0) return true;
  const span = tree.nodes[commonAncestor(tree, roots.map((r) => r.id))] as ElementNode;
  const inRecords = outermost(roots).reduce((n, r) => n + elementText(tree, r).length, 0);
  const share = inRecords / Math.max(1, elementText(tree, span).length);
  return share >= RECORD_SPREAD_SHARE;
}

/**
 * The elements, of distinct ids, that no other of them holds, in document order: one sweep in id
 * order, since an element held by an earlier one is held by the last outermost one before it.
 */
function outermost(elements: readonly ElementNode[]): ElementNode[] {
  const out: ElementNode[] = [];
  let openEnd = -1;
  for (const el of [...elements].sort((a, b) => a.id - b.id)) {
    if (el.id <= openEnd) continue;
    out.push(el);
    openEnd = el.end;
  }
  return out;
}

/** Whether a unit node sits at the end of an element chain of the record shape (in any list). */
function fitsRecordShape(tree: DomTree, node: number, shape: RecordRegion['shape']): boolean {
  if (!shape) return false;
  let el = unitElement(tree, node);
  for (let i = shape.length - 1; i >= 0; i--) {
    const s = shape[i]!;
    if (el.id === 0 || el.tag !== s.tag) return false;
    if (s.classes !== undefined && !classOf(el).split(' ').some((t) => s.classes!.includes(t))) return false;
    el = tree.nodes[el.parent] as ElementNode;
  }
  return true;
}

/**
 * Where a unit node stands against the examples' records: in an example's own record; in a
 * record the person did not point at (`record`: one of their record shape, in their list or
 * elsewhere, such as the next row of a grid; where no shape is known, anything in their list);
 * in their list off that shape (`list`: another table's cell in an article of review sections, a
 * "Why we like it" line: no record, though not proven wrong); or outside.
 */
function recordPlace(tree: DomTree, node: number, region: RecordRegion): 'example' | 'record' | 'list' | 'outside' {
  if (region.examples.some((r) => node >= r.id && node <= r.end)) return 'example';
  if (fitsRecordShape(tree, node, region.shape)) return 'record';
  if (node >= region.list.id && node <= region.list.end) return region.shape === undefined ? 'record' : 'list';
  return 'outside';
}

/** Whether a unit node stands in a record the person did not point at, as a rule's score counts records found (`recordPlace`). */
const inOtherRecord = (tree: DomTree, node: number, region: RecordRegion): boolean => recordPlace(tree, node, region) === 'record';

/** An example explained: its page's index and its value. */
const explainedKey = (page: number, value: string): string => `${page}|${value}`;

/**
 * Runs a rule on every training page: examples explained, values taken that were none. A
 * page that gave several values of the field (records of a list) may show more than it gave:
 * there values inside the examples' list, or in a record of the examples' shape elsewhere
 * (the next row of a grid, another section's list), are the records the person did not point
 * at; the rest count as wrong, and so does a second value inside an example's own record
 * (a record's other link).
 */
function scoreRule(rule: Omit<FieldRule, 'examples' | 'wrong' | 'pages'>, pages: readonly FieldExamplePage[], examples: readonly (ReadonlySet<string> | undefined)[], regions: readonly (RecordRegion | undefined)[]): { examples: number; wrong: number; more: number; twice: number; explained: ReadonlySet<string> } {
  const explained = new Set<string>();
  let wrong = 0;
  let more = 0;
  let twice = 0;
  pages.forEach((p, k) => {
    const want = examples[k];
    if (!want) return;
    const got = ruleValues(p.tree, rule as FieldRule);
    for (const g of got) if (want.has(g.value)) explained.add(explainedKey(k, g.value));
    const region = regions[k];
    const readRecords = new Set<number>();
    for (const g of got) {
      if (want.has(g.value)) {
        // A record has one value of a field: reading an example's record twice, the rule takes something else there too.
        const record = want.size > 1 ? region?.examples.find((r) => g.node >= r.id && g.node <= r.end) : undefined;
        if (record !== undefined) {
          if (readRecords.has(record.id)) twice++;
          else readRecords.add(record.id);
        }
        continue;
      }
      const place = want.size > 1 && region !== undefined ? recordPlace(p.tree, g.node, region) : 'outside';
      if (place === 'example' || place === 'outside') wrong++;
      else if (place === 'record') more++;
    }
  });
  return { examples: explained.size, wrong, more, twice, explained };
}

/** The value profile of a field's examples (for drift warnings). */
function profileOf(values: readonly string[], labels: readonly (string | undefined)[]): ValueProfile {
  const lens = values.map((v) => v.length);
  const distinctLabels = new Set(labels);
  const label = distinctLabels.size === 1 ? [...distinctLabels][0] : undefined;
  return {
    minLength: lens.length ? Math.min(...lens) : 0,
    maxLength: lens.length ? Math.max(...lens) : 0,
    classes: [...new Set(values.map(charClasses))].sort(),
    ...(label !== undefined && labels.length > 0 ? { label } : {}),
  };
}

export interface FieldInduceOptions {
  /** Kinds of rule to propose (default all): `['path']` is wrapper induction's tag paths alone (the bench's ablation). */
  readonly kinds?: readonly FieldRuleKind[];
}

/** The values a page gives for a field, undefined when it gives none: its own key only (a field named `constructor` is not Object's). */
function givenValues(page: FieldExamplePage, field: string): readonly string[] | undefined {
  return Object.hasOwn(page.fields, field) ? page.fields[field] : undefined;
}

/** A field's example values per page (normalised; links resolved as the page resolves them) and whether they are links. */
function fieldExamples(field: string, pages: readonly FieldExamplePage[]): { links: boolean; examples: (Set<string> | undefined)[] } {
  const given = pages.flatMap((p) => givenValues(p, field) ?? []).map(normalizeValue).filter((v) => v !== '');
  // A field given as links (a record's URL) is read from the elements' links, resolved as the page resolves them.
  const links = given.length > 0 && given.every((v) => LINK_VALUE_RE.test(v));
  const examples = pages.map((p) => (givenValues(p, field) !== undefined
    ? new Set(givenValues(p, field)!.map(normalizeValue).filter((v) => v !== '').map((v) => (links ? resolveLinkValue(p.tree, v) : v)))
    : undefined));
  return { links, examples };
}

/** Where a value occurs on a page, as text or, for a field of links, as a link (`href`). */
function valueOccurrences(tree: DomTree, units: PageUnits, value: string, links: boolean): Occurrence[] {
  return links ? linkOccurrencesOf(tree, value, true) : occurrencesOf(tree, units, value);
}

/** Where a value stands as another attribute's whole value: a text attribute (alt, title, datetime, ...), or for links `src` and the like. */
function attrOccurrences(tree: DomTree, value: string, links: boolean): Occurrence[] {
  return links ? linkOccurrencesOf(tree, value, false) : attrOccurrencesOf(tree, value);
}

/** Whether a rule reads an attribute other than the one its field's values are first looked for in. */
const readsOtherAttr = (rule: { readonly attr?: FieldAttr }): boolean => rule.attr !== undefined && rule.attr !== 'href';

/** The unit nodes of occurrences, in page order. */
const sortedNodes = (occs: readonly Occurrence[]): number[] => occs.map((o) => o.node).sort((a, b) => a - b);

/** One example value on its page and where it stands: as text (`href` for links), and as another attribute's whole value. */
interface ExampleValue {
  readonly value: string;
  readonly occurrences: readonly Occurrence[];
  readonly inAttrs: readonly Occurrence[];
}

/** A field's examples on the training pages, found once for both finding example records and inducing rules. */
interface FieldExamples {
  readonly links: boolean;
  /** Per page, its values (undefined: the page does not give the field). */
  readonly examples: readonly (ReadonlySet<string> | undefined)[];
  /** Per page, its values in the order of `examples` with where each stands. */
  readonly found: readonly (readonly ExampleValue[] | undefined)[];
}

function findExamples(field: string, pages: readonly FieldExamplePage[], units: readonly PageUnits[]): FieldExamples {
  const { links, examples } = fieldExamples(field, pages);
  const found = pages.map((p, k) => (examples[k] === undefined ? undefined : [...examples[k]!].map((value): ExampleValue => {
    return { value, occurrences: valueOccurrences(p.tree, units[k]!, value, links), inAttrs: attrOccurrences(p.tree, value, links) };
  })));
  return { links, examples, found };
}

/** What the training pages show of a field: the rules its occurrences propose, its values and the labels before them, and each page's record region. */
interface FieldOccurrences {
  readonly proposals: ReadonlyMap<string, Proposal>;
  readonly allValues: readonly string[];
  readonly valueLabels: readonly (string | undefined)[];
  readonly regions: readonly (RecordRegion | undefined)[];
  /** Each page's region as the attributes show it, for rules that read other attributes. */
  readonly attrRegions: readonly (RecordRegion | undefined)[];
}

/** Proposes rules from every occurrence of the examples' values and finds each page's record region. */
function fieldOccurrences(pages: readonly FieldExamplePage[], found: FieldExamples['found'], records: readonly (readonly ElementNode[] | undefined)[]): FieldOccurrences {
  const proposals = new Map<string, Proposal>();
  const allValues: string[] = [];
  const valueLabels: (string | undefined)[] = [];
  const regions: (RecordRegion | undefined)[] = [];
  // Rules that read other attributes are scored against the examples' list as those attributes show it.
  const attrRegions: (RecordRegion | undefined)[] = [];
  pages.forEach((p, k) => {
    const perValue: (readonly number[])[] = [];
    const perValueAttr: (readonly number[])[] = [];
    let anyInAttr = false;
    for (const { value: v, occurrences: occs, inAttrs } of found[k] ?? []) {
      allValues.push(v);
      const nodes = sortedNodes(occs);
      perValue.push(nodes);
      perValueAttr.push(inAttrs.length > 0 ? sortedNodes(inAttrs) : nodes);
      anyInAttr ||= inAttrs.length > 0;
      for (const o of occs) propose(p.tree, p.id, o, v, proposals);
      for (const o of inAttrs) propose(p.tree, p.id, o, v, proposals);
      const textOcc = occs.find((o) => o.prefix === '' && p.tree.nodes[o.node]!.kind === 'text');
      valueLabels.push(textOcc ? labelledTexts(p.tree).find((t) => t.node.id === textOcc.node)?.label : undefined);
    }
    const region = recordRegion(p.tree, regionNodes(perValue, records[k]));
    regions.push(region);
    // Where no value stands in another attribute, the attributes show the list as the text does.
    attrRegions.push(anyInAttr ? recordRegion(p.tree, regionNodes(perValueAttr, records[k])) : region);
  });
  return { proposals, allValues, valueLabels, regions, attrRegions };
}

/** A rule to score: a proposal's reading with one of its path variants (`v`) and the clean-up its occurrences teach. */
interface CandidateRule {
  readonly pr: Proposal;
  readonly read: Omit<FieldRule, 'examples' | 'wrong' | 'pages' | 'clean'>;
  readonly clean: ValueCleanup;
  readonly v: number;
}

/** Every proposal's readings: a label rule as it is, a path rule with its three ways of merging the examples' paths. */
function candidateRules(proposals: ReadonlyMap<string, Proposal>, options: FieldInduceOptions): CandidateRule[] {
  const candidates: CandidateRule[] = [];
  for (const pr of proposals.values()) {
    if (options.kinds && !options.kinds.includes(pr.base.kind)) continue;
    const clean = learnCleanup(pr.occurrences.map((o) => o.prefix), pr.occurrences.map((o) => o.suffix));
    const variants: (readonly RuleStep[] | undefined)[] = pr.base.kind === 'label' ? [undefined]
      : [mergePaths(pr.paths, 'none'), mergePaths(pr.paths, 'leaf'), mergePaths(pr.paths, 'all')];
    variants.forEach((steps, v) => candidates.push({ pr, read: { ...pr.base, ...(steps !== undefined ? { steps } : {}) }, clean, v }));
  }
  return candidates;
}

/** Each distinct candidate scored on the training pages; those that explain no example are dropped. */
function scoredRules(candidates: readonly CandidateRule[], pages: readonly FieldExamplePage[], examples: FieldExamples['examples'], occ: FieldOccurrences): Scored[] {
  // A prefix of words some rule shows varying between the records is no constant for any rule.
  const varying = new Set<string>();
  for (const c of candidates) if (c.clean.prefix !== undefined && !varying.has(c.clean.prefix) && wordsVaryOnPage(c.read, c.clean, pages, examples, occ.regions)) varying.add(c.clean.prefix);
  const scored: Scored[] = [];
  const seen = new Set<string>();
  for (const { pr, read, clean, v } of candidates) {
    const rule = { ...read, clean: clean.prefix !== undefined && varying.has(clean.prefix) ? asLeadingWords(clean) : clean };
    const key = JSON.stringify(rule);
    if (seen.has(key)) continue;
    seen.add(key);
    const s = scoreRule(rule, pages, examples, readsOtherAttr(rule) ? occ.attrRegions : occ.regions);
    if (s.examples === 0) continue;
    const kindRank = pr.base.kind === 'label' ? (pr.labelLike ? 0 : 3) : KIND_RANK[pr.base.kind];
    const cleanRank = Object.keys(clean).length;
    scored.push({ rule: { ...rule, examples: s.examples, wrong: s.wrong, pages: pr.pages.size }, rank: kindRank * 10 + cleanRank * 3 + v, menu: pr.inMenu / pr.occurrences.length, more: s.more, twice: s.twice, explained: s.explained });
  }
  return scored;
}

/**
 * The scored rules that may stand, best first. Where pages gave example records, the rule that
 * reads each example record once, then the one that finds more of the list's other records, wins
 * a tie. A rule reading another attribute stands only where it explains more examples than every
 * rule reading the text (or `href`) without guessing where the value starts: dropping leading
 * words guesses that every record's text before the value (a brand) is as long as the examples',
 * which an attribute holding the example whole does not. But an attribute that explains no more
 * than such a guess stands only where it agrees with the guessed rule's text on the other records
 * (an alt reading `Hoka Clifton 10 – Black` or `product image` there is no name).
 */
function keptRules(scored: readonly Scored[], pages: readonly FieldExamplePage[], examples: FieldExamples['examples'], attrRegions: readonly (RecordRegion | undefined)[]): Scored[] {
  const byRank = (a: Scored, b: Scored): number => b.rule.examples - a.rule.examples || a.rule.wrong - b.rule.wrong || a.twice - b.twice || b.more - a.more || a.menu - b.menu || a.rank - b.rank;
  const firstExamples = scored.reduce((n, s) => (readsOtherAttr(s.rule) || s.rule.clean.dropWords !== undefined ? n : Math.max(n, s.rule.examples)), 0);
  const textExamples = scored.reduce((n, s) => (readsOtherAttr(s.rule) ? n : Math.max(n, s.rule.examples)), 0);
  const guess = scored.filter((s) => !readsOtherAttr(s.rule) && s.rule.clean.dropWords !== undefined).sort(byRank)[0];
  const kept = scored.filter((s) => !readsOtherAttr(s.rule) || s.rule.examples > textExamples
    || (s.rule.examples > firstExamples && guess !== undefined && attrEndsText(s.rule, guess.rule, pages, examples, attrRegions)));
  return kept.sort(byRank);
}

/** The rules read together, then alternatives nearly as right as the best, at most MAX_FIELD_RULES and MAX_RULES_PER_KIND of a kind. */
function chosenRules(kept: readonly Scored[], members: readonly Scored[]): FieldRule[] {
  const best = kept[0];
  const rules: FieldRule[] = members.map((s) => s.rule);
  // Rules read together are one reading, not alternatives: they count toward no kind's cap.
  const perKind = new Map<string, number>();
  for (const s of kept) {
    if (rules.length >= MAX_FIELD_RULES) break;
    if (members.includes(s)) continue;
    // Alternatives must be nearly as right as the best: no more wrong values than examples explained.
    if (best && (s.rule.wrong > best.rule.wrong + Math.max(0, s.rule.examples - 1) || s.rule.wrong >= s.rule.examples)) continue;
    const n = perKind.get(s.rule.kind) ?? 0;
    if (n >= MAX_RULES_PER_KIND) continue;
    perKind.set(s.rule.kind, n + 1);
    rules.push(s.rule);
  }
  return rules;
}

/** Induces one field's rules from the training pages that give it (`records`: per page, its example records where known). */
function induceField(pages: readonly FieldExamplePage[], given: FieldExamples, options: FieldInduceOptions = {}, records: readonly (readonly ElementNode[] | undefined)[] = []): FieldModel {
  const { examples, found } = given;
  const occ = fieldOccurrences(pages, found, records);
  const kept = keptRules(scoredRules(candidateRules(occ.proposals, options), pages, examples, occ), pages, examples, occ.attrRegions);
  // Examples no one rule explains together (the page's title and the first slide of a list): each one's own shape, read together.
  const members = ruleUnion(kept, examples);
  const rules = chosenRules(kept, members);
  const givenPages = examples.flatMap((e) => (e ? [e] : []));
  return {
    rules,
    ...(members.length > 0 ? { union: members.length } : {}),
    // The label every value follows means something only where a page gives one value (a list's next items follow "and").
    profile: profileOf(occ.allValues, examples.every((e) => !e || e.size <= 1) ? occ.valueLabels : []),
    required: givenPages.length > 0 && givenPages.every((e) => e.size > 0),
  };
}

/**
 * Where no rule explains every example record (the page's title given as the first record, then
 * a list's slide), rules read together: the best, then each rule that explains examples the
 * ones before did not, in rank order, until every example is explained. Each example's own shape
 * thereby finds its records. A rule joins only where it read nothing but examples on the
 * training pages: no wrong value, and no value in the examples' list beyond them either (where the
 * examples' chains differ, as a title's and a slide's do, that list is their common ancestor,
 * an article or the body, and a related-posts list there sharing the rule's class would count
 * as records found); and only where its unit is named by a class, id or itemprop (an anchor): a
 * tag path alone, from one example, fits unrelated parts of the page (`span > a`). So a second
 * section of several records marked otherwise than the first gives only its example. Empty when the best alone explains every example, no rule adds one, or no page
 * gave several values: where each page gave one, examples no rule explains together are pages
 * laid out differently, each a field value of its own, not records of a list.
 */
function ruleUnion(kept: readonly Scored[], examples: readonly (ReadonlySet<string> | undefined)[]): Scored[] {
  if (!examples.some((e) => e !== undefined && e.size >= 2)) return [];
  const total = examples.reduce((n, e) => n + (e?.size ?? 0), 0);
  const best = kept[0];
  if (!best || best.rule.examples >= total) return [];
  const members = [best];
  const covered = new Set(best.explained);
  for (const s of kept.slice(1)) {
    if (covered.size >= total || members.length >= MAX_FIELD_RULES) break;
    if (s.rule.wrong > 0 || s.more > 0 || s.rule.kind !== 'anchor' || readsOtherAttr(s.rule)) continue;
    const adds = [...s.explained].filter((x) => !covered.has(x));
    if (adds.length === 0) continue;
    for (const x of adds) covered.add(x);
    members.push(s);
  }
  return members.length >= 2 ? members : [];
}

/** Page `k`'s first two example records where its fields' values show together in two records of one list. */
function pageExampleRecords(pages: readonly FieldExamplePage[], k: number, byField: ReadonlyMap<string, FieldExamples>): readonly ElementNode[] | undefined {
  const page = pages[k]!;
  const occurrences: Record<string, (readonly number[])[]> = {};
  const units: Record<string, { value: string; units: readonly Occurrence[] }[]> = {};
  for (const [name, given] of byField) {
    const values = givenValues(page, name);
    if (!values || values.length < 2) continue;
    const mine = given.found[k];
    if (!mine) continue;
    // A value shown nowhere as text (or `href`) is looked for in the other attributes.
    occurrences[name] = mine.map(({ occurrences: occs, inAttrs }) => sortedNodes(occs.length > 0 ? occs : inAttrs));
    units[name] = mine.map(({ value, occurrences: occs, inAttrs }) => ({ value, units: [...occs, ...inAttrs] }));
  }
  return exampleRecords(page.tree, occurrences, units)?.records;
}

/** Field rules for every field the pages give values of. */
export function induceFields(pages: readonly FieldExamplePage[], options: FieldInduceOptions = {}): FieldsBody {
  const names = [...new Set(pages.flatMap((p) => Object.keys(p.fields)))].sort();
  const units = pages.map((p) => pageUnits(p.tree));
  const byField = new Map(names.map((name) => [name, findExamples(name, pages, units)]));
  const exampleRecordsOf = pages.map((_, k) => pageExampleRecords(pages, k, byField));
  const fields: Record<string, FieldModel> = {};
  for (const name of names) fields[name] = induceField(pages, byField.get(name)!, options, exampleRecordsOf);
  const records = pages.some((p) => Object.values(p.fields).filter((vs) => vs.length >= 2).length >= 2);
  return { fields, records };
}

/** Notes on what the field examples could not teach. */
export function fieldNotes(body: FieldsBody): string[] {
  const notes: string[] = [];
  for (const [name, m] of Object.entries(body.fields)) {
    if (m.rules.length === 0) notes.push(`field ${name}: no example value was found on its page (or only nested deeper than ${MAX_RULE_STEPS} levels): no rule`);
  }
  return notes;
}


