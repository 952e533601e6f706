/**
 * HTML5 tree construction with parse5 (the tree a browser builds, scripting off so
 * `<noscript>` content is parsed as markup, as a reader with JavaScript disabled sees it),
 * with React's streamed segments moved into place (streamed-segments.ts: the one script effect
 * a reader of such a page always sees), turned into pith's light read-only tree. Script,
 * style, template, comments and the like contribute no text; the walk is iterative so
 * 100 000-deep nesting cannot overflow the stack.
 */
import { html as parse5Html, type DefaultTreeAdapterMap } from 'parse5';
import type { DomNode, DomTree, ElementNode, MetaTag, TextNode } from './tree.js';
import { ariaToggles, holdsToggle, isAriaPanel, isNamedPanel, type AriaToggles } from './disclosure.js';
import { normalizeSpace } from './tree.js';
import { isHiddenByAttrs } from './hidden.js';
import { decodeHtml, type DecodeOptions } from './bytes.js';
import { parseDocument } from './html-parser.js';
import { resolveStreamedSegments } from './streamed-segments.js';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Element = DefaultTreeAdapterMap['element'];

const SOFT_HYPHEN = '\u00ad';

/** Elements whose content is never visible text. */
export const SKIPPED_TAGS: ReadonlySet<string> = new Set([
  'script', 'style', 'template', 'noembed', 'noframes', 'textarea', 'select',
  'applet', 'param', 'datalist', 'annotation', 'annotation-xml',
]);

/**
 * In an `<svg>`, text is drawn only by `<text>` (with its `<tspan>` and `<textPath>`) and by the
 * HTML of a `<foreignObject>`; `<title>`, `<desc>` and the rest are not shown.
 */
const SVG_TEXT_TAGS: ReadonlySet<string> = new Set(['text', 'foreignobject']);

/** Attributes kept on elements: what features, rendering and annotation need. */
const KEPT_ATTRS: readonly string[] = [
  'class', 'id', 'role', 'itemprop', 'itemtype', 'itemscope', 'href', 'src', 'srcset', 'data-src',
  'data-srcset', 'data-original', 'data-lazy-src', 'alt', 'title', 'lang', 'hidden', 'style', 'name',
  'content', 'property', 'http-equiv', 'charset', 'datetime', 'type', 'width', 'height', 'rel',
  'colspan', 'rowspan', 'start', 'poster', 'cite', 'dir',
];
/** RDFa's attributes, kept only when asked for (`rdfa`): the list gold reads a page's RDFa things. */
const RDFA_ATTRS: readonly string[] = ['typeof', 'about', 'resource'];
/**
 * Each kept name to itself: the one lookup both tests a name the tokenizer made and gives the
 * record a key the engine already holds (a fresh string key costs a second lookup).
 */
const KEPT_ATTR_KEYS: ReadonlyMap<string, string> = new Map(KEPT_ATTRS.map((name) => [name, name]));
const KEPT_ATTR_KEYS_RDFA: ReadonlyMap<string, string> = new Map([...KEPT_ATTRS, ...RDFA_ATTRS].map((name) => [name, name]));

export interface ParseOptions extends DecodeOptions {
  /** URL the page came from; resolves relative links. */
  readonly url?: string;
  /**
   * Read the panels a reader opens in place (tabs, accordions, FAQ answers: dom/disclosure.ts)
   * as visible, though the page hides them. Default true; training on benchmark golds turns it
   * off (learn/dataset.ts).
   */
  readonly openPanels?: boolean;
}

export interface ParsedPage {
  readonly tree: DomTree;
  readonly encoding: string;
  readonly replacements: number;
}

const isHiddenElement = isHiddenByAttrs;

const HTML_NS: string = parse5Html.NS.HTML;

function keptAttrs(el: P5Element, keys: ReadonlyMap<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  // The tokenizer lower-cases attribute names; only svg and MathML adjust some (`viewBox`).
  const foreign = el.namespaceURI !== HTML_NS;
  for (const a of el.attrs) {
    const name = foreign ? a.name.toLowerCase() : a.name;
    const key = keys.get(name);
    if (key !== undefined) out[key] = a.value;
    else if (name.startsWith('aria-')) out[name] = a.value;
  }
  return out;
}

/** Parses already-decoded HTML text into a light tree (`readRuns: false`: with parse5's own tokenizer, for benchmarks). */
/** `rdfa`: keep RDFa's `typeof`, `about` and `resource` on elements (default false; the list gold's reading of the original page). */
export function parseHtml(html: string, options: { url?: string; openPanels?: boolean; readRuns?: boolean; rdfa?: boolean } = {}): DomTree {
  const { document, truncated, dropped, segmentIds } = parseDocument(html, { scriptingEnabled: false }, undefined, options.readRuns);
  if (segmentIds) resolveStreamedSegments(document);
  const tree = buildTree(document as unknown as P5Node, options.url, truncated, options.openPanels ?? true, options.rdfa ? KEPT_ATTR_KEYS_RDFA : KEPT_ATTR_KEYS);
  return dropped.hidden + dropped.empty + dropped.unwrapped > 0 ? Object.freeze({ ...tree, dropped }) : tree;
}

/** Decodes bytes (gzip, any declared or detected encoding) and parses them. */
export function parsePage(bytes: Uint8Array, options: ParseOptions = {}, subject?: string): ParsedPage {
  const decoded = decodeHtml(bytes, options, subject);
  const tree = parseHtml(decoded.text, options);
  return { tree, encoding: decoded.encoding, replacements: decoded.replacements };
}

interface MutableElement {
  kind: 'element';
  id: number;
  parent: number;
  tag: string;
  attrs: Record<string, string>;
  children: number[];
  depth: number;
  hidden: boolean;
  end: number;
}

/** What an element passes to its children while the tree is built (bits of a frame's flags). */
const SVG_HIDES_TEXT = 1;
const IN_NOSCRIPT = 2;
const CLOSED_DETAILS = 4;
/** The frame is an element's own child list (its end is set when the list is done), not a moved segment's. */
const CLOSES_ELEMENT = 8;

function buildTree(doc: P5Node, url: string | undefined, truncated: boolean, openPanels: boolean, keptKeys: ReadonlyMap<string, string>): DomTree {
  const nodes: DomNode[] = [];
  const meta: MetaTag[] = [];
  const jsonLd: string[] = [];
  let title = '';
  let lang: string | undefined;
  let dir: string | undefined;
  let baseHref: string | undefined;

  // What `showDisclosurePanels` needs, gathered on the way: the outermost elements hidden by
  // their own attributes, the element before each self-hidden one, and ARIA's toggles.
  const hiddenRoots: number[] = [];
  // The outermost `<noscript>` elements, and the bodies closed details hide.
  const noscripts: MutableElement[] = [];
  const notShownIds = new Set<number>();
  const elementBefore = new Map<number, number>();
  const expandable: MutableElement[] = [];

  const root: MutableElement = {
    kind: 'element', id: 0, parent: -1, tag: '#document', attrs: {}, children: [], depth: 0, hidden: false, end: 0,
  };
  nodes.push(root as ElementNode);

  // One frame per open child list (parallel arrays: no object per node): the list, the next
  // index in it, the element its nodes go under, and that element's flags for its children.
  const frameKids: P5Node[][] = [(doc as { childNodes?: P5Node[] }).childNodes ?? []];
  const framePos: number[] = [0];
  const frameParent: MutableElement[] = [root];
  const frameFlags: number[] = [CLOSES_ELEMENT];

  while (frameKids.length > 0) {
    const top = frameKids.length - 1;
    const kids = frameKids[top]!;
    const at = framePos[top]!;
    const parent = frameParent[top]!;
    const flags = frameFlags[top]!;
    if (at >= kids.length) {
      if ((flags & CLOSES_ELEMENT) !== 0) parent.end = nodes.length - 1;
      frameKids.pop();
      framePos.pop();
      frameParent.pop();
      frameFlags.pop();
      continue;
    }
    framePos[top] = at + 1;
    const node = kids[at]!;
    const name = node.nodeName;
    if (name === '#text') {
      if (parent.tag === '#document' || (flags & SVG_HIDES_TEXT) !== 0 || ((flags & CLOSED_DETAILS) !== 0 && !openPanels)) continue;
      const raw = (node as DefaultTreeAdapterMap['textNode']).value;
      // Soft hyphens (German and Dutch sites set them for line breaking) are invisible unless a
      // line breaks there; left in, they split words for search, NLP and text comparison.
      const value = raw.includes(SOFT_HYPHEN) ? raw.replaceAll(SOFT_HYPHEN, '') : raw;
      const t: TextNode = { kind: 'text', id: nodes.length, parent: parent.id, text: value, depth: parent.depth + 1 };
      parent.children.push(t.id);
      nodes.push(t);
      continue;
    }
    if (name === '#comment' || name === '#documentType') continue;
    if (name === '#document-fragment') {
      // A streamed segment moved into place (streamed-segments.ts): its children belong to this parent.
      frameKids.push((node as DefaultTreeAdapterMap['documentFragment']).childNodes);
      framePos.push(0);
      frameParent.push(parent);
      frameFlags.push(flags & ~CLOSES_ELEMENT);
      continue;
    }
    const el = node as P5Element;
    const tag = el.tagName.toLowerCase();
    const attrs = keptAttrs(el, keptKeys);

    // Head data that the features need, gathered here so no later stage re-walks the tree.
    if (tag === 'title' && !title) title = normalizeSpace(textOf(el).replaceAll(SOFT_HYPHEN, ''));
    else if (tag === 'meta') {
      const key = (attrs['property'] ?? attrs['name'] ?? attrs['itemprop'])?.toLowerCase();
      if (key && attrs['content'] !== undefined) meta.push({ key, content: attrs['content'] });
    } else if (tag === 'script' && (attrs['type'] ?? '').toLowerCase().includes('ld+json')) jsonLd.push(textOf(el));
    else if (tag === 'base' && attrs['href'] && baseHref === undefined) baseHref = attrs['href'];
    else if (tag === 'html') {
      if (attrs['lang'] && lang === undefined) lang = attrs['lang'];
      if (attrs['dir'] && dir === undefined) dir = attrs['dir'];
    } else if (tag === 'body' && attrs['dir'] && dir === undefined) dir = attrs['dir'];

    const selfHidden = isHiddenElement(attrs);
    // All but the `<summary>` of a closed `<details>` is hidden: a panel a reader opens in place
    // (dom/disclosure.ts), so read as visible unless panels are read closed.
    const notShown = (flags & CLOSED_DETAILS) !== 0 && tag !== 'summary';
    // An `<embed>` in an `<object>` is the same plugin content again, not fallback a reader sees.
    const pluginAgain = tag === 'embed' && parent.tag === 'object';
    const me: MutableElement = {
      kind: 'element', id: nodes.length, parent: parent.id, tag, attrs, children: [],
      depth: parent.depth + 1, hidden: parent.hidden || selfHidden || notShown || pluginAgain, end: nodes.length,
    };
    if (notShown) notShownIds.add(me.id);
    // Elements of an svg whose text is not drawn (all but its text elements), elements in a
    // `<noscript>` (the outermost ones blanked below) and closed details.
    let childFlags = CLOSES_ELEMENT;
    if (tag === 'details' && !el.attrs.some((a) => a.name === 'open')) childFlags |= CLOSED_DETAILS;
    if (tag === 'svg' || ((flags & SVG_HIDES_TEXT) !== 0 && !SVG_TEXT_TAGS.has(tag))) childFlags |= SVG_HIDES_TEXT;
    if (tag === 'noscript' && (flags & IN_NOSCRIPT) === 0) noscripts.push(me);
    if (tag === 'noscript' || (flags & IN_NOSCRIPT) !== 0) childFlags |= IN_NOSCRIPT;
    if (openPanels) {
      if (notShown && !parent.hidden) hiddenRoots.push(me.id);
      if (selfHidden) {
        if (!parent.hidden) hiddenRoots.push(me.id);
        const before = lastElementChild(nodes, parent);
        if (before >= 0) elementBefore.set(me.id, before);
      }
      if ('aria-expanded' in attrs) expandable.push(me);
    }
    parent.children.push(me.id);
    nodes.push(me as ElementNode);
    if (SKIPPED_TAGS.has(tag) || tag === 'title') continue; // kept as an element, contributes no text
    frameKids.push(el.childNodes);
    framePos.push(0);
    frameParent.push(me);
    frameFlags.push(childFlags);
  }
  root.end = nodes.length - 1;
  for (const el of noscripts) blankNotice(nodes, el);
  showDisclosurePanels(nodes as (MutableElement | TextNode)[], hiddenRoots, elementBefore, expandable, notShownIds);

  let baseUrl: string | undefined = url;
  if (baseHref) {
    try {
      baseUrl = new URL(baseHref, url).href;
    } catch {
      /* a relative <base> without a page URL cannot be resolved: keep the page URL */
    }
  }
  return Object.freeze({ nodes, title, lang, ...(dir ? { dir } : {}), meta, jsonLd, baseUrl, ...(truncated ? { truncated } : {}) });
}

/**
 * A `<noscript>` holding at least this many words is the page's content served to readers
 * without scripts (a forum's crawler view, a single-page app's), which the script draws for the
 * rest: it stays. A shorter one is a notice ("Please enable JavaScript"), a tracking pixel or a
 * lazy image's fallback.
 */
export const NOSCRIPT_CONTENT_WORDS = 100;

/**
 * With scripting on a reader sees no `<noscript>` notice: its text is blanked. Its images stay:
 * they stand for the image the script loads (a lazy image's fallback).
 */
function blankNotice(nodes: DomNode[], el: MutableElement): void {
  let words = 0;
  for (let j = el.id + 1; j <= el.end && words < NOSCRIPT_CONTENT_WORDS; j++) {
    const n = nodes[j]!;
    if (n.kind === 'text') words += countWords(n.text);
  }
  if (words >= NOSCRIPT_CONTENT_WORDS) return;
  for (let j = el.id + 1; j <= el.end; j++) {
    const n = nodes[j]!;
    if (n.kind === 'text') (n as { text: string }).text = '';
  }
}

function countWords(text: string): number {
  let count = 0;
  for (const m of text.matchAll(/\S+/g)) if (m[0] !== undefined) count++;
  return count;
}

/**
 * The last element among a parent's children so far. Consecutive text is one node and comments
 * are not kept, so this steps back over at most one text node.
 */
function lastElementChild(nodes: readonly DomNode[], parent: MutableElement): number {
  for (let i = parent.children.length - 1; i >= 0; i--) {
    const id = parent.children[i]!;
    if (nodes[id]!.kind === 'element') return id;
  }
  return -1;
}

/**
 * Panels a reader opens in place (dom/disclosure.ts: tabs, accordions, FAQ answers) are not
 * hidden, though their own `hidden` or inline `display:none` says so: a click shows them, and
 * readers and golds count them as the page's. A panel inside a hidden menu stays hidden with it.
 */
function showDisclosurePanels(
  nodes: (MutableElement | TextNode)[], hiddenRoots: readonly number[], elementBefore: ReadonlyMap<number, number>,
  expandable: readonly MutableElement[], notShown: ReadonlySet<number>,
): void {
  if (hiddenRoots.length === 0) return;
  let toggles: AriaToggles | undefined;
  const isPanel = (el: MutableElement): boolean => {
    if (notShown.has(el.id) || isNamedPanel(el) || isAriaPanel(el, (toggles ??= ariaToggles(expandable)))) return true;
    const before = elementBefore.get(el.id);
    return before !== undefined && holdsToggle(nodes as DomNode[], nodes[before] as MutableElement);
  };
  for (const id of hiddenRoots) {
    const panel = nodes[id] as MutableElement;
    if (!isPanel(panel)) continue;
    panel.hidden = false;
    for (let j = id + 1; j <= panel.end; j++) {
      const n = nodes[j]!;
      if (n.kind === 'element') n.hidden = (nodes[n.parent] as MutableElement).hidden || (isHiddenElement(n.attrs) && !isPanel(n));
    }
  }
}

/** Text directly inside an element (for title/script, which hold only text). */
function textOf(el: P5Element): string {
  let s = '';
  for (const c of el.childNodes) if (c.nodeName === '#text') s += (c as DefaultTreeAdapterMap['textNode']).value;
  return s;
}
