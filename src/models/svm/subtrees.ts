/**
 * The candidates and features of Wang et al. (2009) over pith's light tree and blocks.
 *
 * Body (the paper's §3): candidates are element subtrees, found top-down from `<body>`; a
 * subtree too small (BigEnough: its text, and its area when drawn) is neither a candidate nor
 * descended into, nor is one whose top lies below the first two screens (Observation 1, with
 * a layout). Features: FormattingElementsNum and FormattedContentLen (formatting elements p,
 * b, br, i, strong among the root's children, normalised by all of the page's), the four
 * spatial features normalised by ScreenWidth / TwoScreensHeight with the seed's clipping,
 * and content features of pith's own (share of the page's text and prose, prose purity, link
 * density, prose directly under the root, paragraph count, class-name hints).
 *
 * Title (the paper's §4): candidates are text blocks of the whole page without anchors
 * (Observation 2, except linked headlines: inside a heading or matching a declared title;
 * wholly inside the first two screens when drawn, Observation 1 relaxed from one screen so a
 * cookie bar or tall masthead does not push the headline out). Each is represented by its
 * block's element: box normalised by the screen, Overlap and Distance to the chosen body
 * subtree, Flat, FontSize over the largest font of the first screen, EndWithFullStop,
 * WordNum / 60, plus similarity to the declared titles (`<title>`, og:title) and whether it
 * is the page's best match of them, heading tags and rank, the page's h1s, and position
 * relative to the body and in the page.
 *
 * Without a layout (pages from the parser alone) the spatial features are 0 and `rendered`
 * is 0, so one model serves both.
 */
import type { DomTree, ElementNode } from '../../dom/tree.js';
import { commonAncestor } from '../../dom/tree.js';
import type { Block } from '../../segment/segment.js';
import type { Page } from '../../page.js';
import type { GoldLabel } from '../../labels.js';
import { boxOf, laidOutByCss, layoutValue, type Box, type PageLayout } from '../../render/layout.js';

export const BODY_FEATURES = Object.freeze([
  'formattingElementsNum', 'formattedContentLen',
  'rectLeft', 'rectTop', 'rectWidth', 'rectHeight', 'rendered',
  'textShare', 'proseShare', 'purity', 'linkDensity', 'directProse', 'paragraphs', 'positiveHint', 'negativeHint',
  'maxChildProse', 'ofParentProse',
] as const);

export const TITLE_FEATURES = Object.freeze([
  'rectLeft', 'rectTop', 'rectWidth', 'rectHeight', 'overlap', 'distance', 'flat', 'fontSize', 'rendered',
  'endWithFullStop', 'wordNum', 'inDeclared', 'declaredCovered', 'h1', 'heading', 'fromBody', 'insideBody', 'titleHint',
  'anchored', 'declaredBest', 'headingRank', 'firstH1', 'pageH1s', 'fromBodyFar', 'pagePosition',
] as const);

/** The paper's formatting elements. */
const FORMAT_TAGS: ReadonlySet<string> = new Set(['p', 'b', 'br', 'i', 'strong']);
const SKIP_TAGS: ReadonlySet<string> = new Set(['head', 'script', 'style', 'template', 'svg', 'select', 'noscript', 'iframe', 'canvas', 'video', 'audio', 'math']);
const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const POSITIVE_HINT = /article|content|post|entry|story|main|text|body/i;
const NEGATIVE_HINT = /comment|sidebar|footer|nav|menu|related|share|social|promo|widget|banner|teaser|header/i;
const TITLE_HINT = /title|headline|heading/i;

/** The paper normalises WordNum by MaxWordNum = 60. */
export const MAX_WORD_NUM = 60;
/** Prose: a text block of at least this many words, mostly not link text (as the decoder counts). */
const PROSE_WORDS = 12;
/** A linked block is a title candidate only inside a heading or when it matches a declared title this well (F1 of words). */
const ANCHORED_TITLE_MATCH = 0.5;
/** Blocks longer than this are not titles. */
const TITLE_MAX_WORDS = 100;

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/g;

export function wordCount(text: string): number {
  const spaced = text.split(/\s+/).filter(Boolean).length;
  const cjk = (text.match(CJK) ?? []).length;
  return Math.max(spaced, cjk / 2);
}

/** Everything the candidates need, computed once per page in O(nodes + blocks). */
export interface PageIndex {
  readonly page: Page;
  readonly tree: DomTree;
  readonly blocks: readonly Block[];
  readonly layout: PageLayout | undefined;
  /** Prefix sums over node ids (size nodes + 1); a block counts at its first node. */
  readonly textPrefix: Float64Array;
  readonly linkPrefix: Float64Array;
  readonly prosePrefix: Float64Array;
  readonly proseCountPrefix: Float64Array;
  /** Elements `<a href>` by id. */
  readonly anchorPrefix: Float64Array;
  /** Prose characters of blocks whose element is the node or a child of it. */
  readonly directProse: Float64Array;
  readonly firstNode: Int32Array;
  readonly lastNode: Int32Array;
  readonly isProse: Uint8Array;
  readonly words: Float64Array;
  readonly totalText: number;
  readonly totalProse: number;
  readonly formatCount: number;
  readonly formatChars: number;
  /** The declared titles' word sets. */
  readonly declared: ReadonlyArray<ReadonlySet<string>>;
  readonly screen: { readonly width: number; readonly height: number };
  /** Largest font size drawn in the first screen (0 without a layout). */
  readonly maxFont: number;
}

function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function sum(prefix: Float64Array, id: number, end: number): number {
  return prefix[end + 1]! - prefix[id]!;
}

/** Per-block counts and the per-node sums the prefix arrays are built from (before prefixing). */
type BlockTotals = Pick<PageIndex, 'directProse' | 'firstNode' | 'lastNode' | 'isProse' | 'words' | 'totalText' | 'totalProse'> & {
  readonly text: Float64Array;
  readonly link: Float64Array;
  readonly prose: Float64Array;
  readonly proseCount: Float64Array;
};

/** Each text block's characters (text, link, prose) at slot `first node + 1`, ready for prefix sums. */
function blockTotals({ tree, blocks }: Page): BlockTotals {
  const n = tree.nodes.length;
  const text = new Float64Array(n + 1);
  const link = new Float64Array(n + 1);
  const prose = new Float64Array(n + 1);
  const proseCount = new Float64Array(n + 1);
  const directProse = new Float64Array(n);
  const firstNode = new Int32Array(blocks.length);
  const lastNode = new Int32Array(blocks.length);
  const isProse = new Uint8Array(blocks.length);
  const words = new Float64Array(blocks.length);
  let totalText = 0;
  let totalProse = 0;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const f = b.nodeIds.length ? b.nodeIds[0]! : b.elementId;
    const l = b.nodeIds.length ? b.nodeIds[b.nodeIds.length - 1]! : b.elementId;
    firstNode[i] = f;
    lastNode[i] = l;
    if (b.kind !== 'text') continue;
    const chars = b.text.length;
    const w = wordCount(b.text);
    words[i] = w;
    text[f + 1] += chars;
    link[f + 1] += b.linkChars;
    totalText += chars;
    if (w >= PROSE_WORDS && b.linkChars < 0.5 * chars) {
      isProse[i] = 1;
      prose[f + 1] += chars;
      proseCount[f + 1] += 1;
      totalProse += chars;
      directProse[b.elementId] += chars;
      const parent = tree.nodes[b.elementId]?.parent ?? -1;
      if (parent >= 0) directProse[parent] += chars;
    }
  }
  return { text, link, prose, proseCount, directProse, firstNode, lastNode, isProse, words, totalText, totalProse };
}

/** One at slot `id + 1` for each link (`a` with an href). */
function anchorCounts(tree: Page['tree']): Float64Array {
  const anchor = new Float64Array(tree.nodes.length + 1);
  for (let id = 0; id < tree.nodes.length; id++) {
    const node = tree.nodes[id]!;
    if (node.kind === 'element' && node.tag === 'a' && node.attrs['href'] !== undefined) anchor[id + 1] = 1;
  }
  return anchor;
}

/** Turns per-slot values into prefix sums, in place. */
function toPrefixSums(n: number, ...arrays: Float64Array[]): void {
  for (let id = 0; id < n; id++) for (const a of arrays) a[id + 1] += a[id]!;
}

/** The paper's normalisers: all formatting elements of the page and the text they hold. */
function formattingTotals(page: Page, textPrefix: Float64Array): { formatCount: number; formatChars: number } {
  let formatCount = 0;
  let formatChars = 0;
  for (const node of page.tree.nodes) {
    if (node.kind !== 'element' || !FORMAT_TAGS.has(node.tag)) continue;
    if (node.hidden && !page.includesHidden) continue;
    formatCount++;
    formatChars += sum(textPrefix, node.id, node.end);
  }
  return { formatCount, formatChars };
}

/** The token sets of the page's declared titles (`<title>`, og:title, twitter:title). */
function declaredTitles(tree: Page['tree']): Set<string>[] {
  const declared: Set<string>[] = [];
  const addDeclared = (s: string | undefined) => {
    const t = tokens(s ?? '');
    if (t.length) declared.push(new Set(t));
  };
  addDeclared(tree.title);
  for (const m of tree.meta) if (m.key === 'og:title' || m.key === 'twitter:title') addDeclared(m.content);
  return declared;
}

/**
 * The layout the spatial features read, the screen and the largest first-screen font. An
 * offline render without the page's stylesheets is one long full-width flow: the paper's
 * screen rules would prune real bodies and titles from it, so such a page is read parser-only.
 */
function screenOf(page: Page, isProse: Uint8Array): Pick<PageIndex, 'layout' | 'screen' | 'maxFont'> {
  const proseElements = page.blocks.filter((_, i) => isProse[i] === 1).map((b) => b.elementId);
  const layout = page.layout && laidOutByCss(page.layout, proseElements) ? page.layout : undefined;
  const screen = layout && layout.viewport.width > 0 && layout.viewport.height > 0 ? layout.viewport : { width: 1280, height: 800 };
  let maxFont = 0;
  if (layout) {
    for (let id = 0; id < page.tree.nodes.length; id++) {
      const y = layoutValue(layout, 'y', id);
      const fs = layoutValue(layout, 'fontSize', id);
      const vis = layoutValue(layout, 'visible', id);
      if (y < screen.height && fs > maxFont && vis !== 0) maxFont = fs;
    }
  }
  return { layout, screen, maxFont };
}

export function indexPage(page: Page): PageIndex {
  const { tree, blocks } = page;
  const totals = blockTotals(page);
  const anchor = anchorCounts(tree);
  const { text, link, prose, proseCount } = totals;
  toPrefixSums(tree.nodes.length, text, link, prose, proseCount, anchor);
  const { formatCount, formatChars } = formattingTotals(page, text);
  const { layout, screen, maxFont } = screenOf(page, totals.isProse);
  return {
    page, tree, blocks, layout, textPrefix: text, linkPrefix: link, prosePrefix: prose, proseCountPrefix: proseCount,
    anchorPrefix: anchor, directProse: totals.directProse, firstNode: totals.firstNode, lastNode: totals.lastNode, isProse: totals.isProse,
    words: totals.words, totalText: totals.totalText, totalProse: totals.totalProse, formatCount, formatChars,
    declared: declaredTitles(tree), screen, maxFont,
  };
}

/** Blocks wholly inside element `id`'s subtree, as [first, last] (empty when last < first). */
export function blocksIn(ix: PageIndex, id: number): [number, number] {
  const node = ix.tree.nodes[id]!;
  const end = node.kind === 'element' ? node.end : id;
  // First block starting at or after id (blocks are in document order).
  let lo = 0;
  let hi = ix.blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ix.firstNode[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  let last = lo - 1;
  while (last + 1 < ix.blocks.length && ix.firstNode[last + 1]! <= end && ix.lastNode[last + 1]! <= end) last++;
  return [lo, last];
}

function drawnBox(ix: PageIndex, id: number): Box | undefined {
  if (!ix.layout) return undefined;
  const b = boxOf(ix.layout, id);
  if (!b || !Number.isFinite(b.w) || !Number.isFinite(b.h) || b.w <= 0 || b.h <= 0) return undefined;
  return b;
}

function hints(el: ElementNode): string {
  return `${el.tag} ${el.attrs['id'] ?? ''} ${el.attrs['class'] ?? ''} ${el.attrs['role'] ?? ''} ${el.attrs['itemprop'] ?? ''}`;
}

export interface BodyCandidate {
  readonly id: number;
  readonly features: readonly number[];
  /** Blocks inside, [first, last]. */
  readonly blocks: readonly [number, number];
}

/** BigEnough without a layout: this much text, by the page's amount of text. */
export function minBodyChars(ix: PageIndex): number {
  return Math.max(25, Math.min(150, 0.03 * ix.totalText));
}

/** The paper's body spatial features (ScreenWidth, TwoScreensHeight, with its clipping). */
function bodySpatial(ix: PageIndex, box: Box | undefined): number[] {
  if (!box) return [0, 0, 0, 0, 0];
  const sw = ix.screen.width;
  const tsh = 2 * ix.screen.height;
  const right = box.x + box.w;
  const bottom = box.y + box.h;
  return [
    box.x / sw,
    box.y / tsh,
    right < sw ? box.w / sw : (sw - box.x) / sw,
    bottom < tsh ? box.h / tsh : (tsh - box.y) / tsh,
    1,
  ];
}

export function bodyFeatures(ix: PageIndex, el: ElementNode): number[] {
  let feNum = 0;
  let feLen = 0;
  for (const c of el.children) {
    const ch = ix.tree.nodes[c]!;
    if (ch.kind !== 'element' || !FORMAT_TAGS.has(ch.tag)) continue;
    if (ch.hidden && !ix.page.includesHidden) continue;
    feNum++;
    feLen += sum(ix.textPrefix, ch.id, ch.end);
  }
  const text = sum(ix.textPrefix, el.id, el.end);
  const links = sum(ix.linkPrefix, el.id, el.end);
  const prose = sum(ix.prosePrefix, el.id, el.end);
  const paragraphs = sum(ix.proseCountPrefix, el.id, el.end);
  const h = hints(el);
  // How the prose is spread: the body subtree is the tightest element holding it, so its
  // largest child holds only part of it, while an ancestor's largest child holds nearly all.
  let maxChild = 0;
  for (const c of el.children) {
    const ch = ix.tree.nodes[c]!;
    if (ch.kind !== 'element') continue;
    const pc = sum(ix.prosePrefix, ch.id, ch.end);
    if (pc > maxChild) maxChild = pc;
  }
  const parent = el.parent >= 0 ? (ix.tree.nodes[el.parent] as ElementNode) : undefined;
  const parentProse = parent ? sum(ix.prosePrefix, parent.id, parent.end) : prose;
  return [
    ix.formatCount > 0 ? feNum / ix.formatCount : 0,
    ix.formatChars > 0 ? feLen / ix.formatChars : 0,
    ...bodySpatial(ix, drawnBox(ix, el.id)),
    ix.totalText > 0 ? text / ix.totalText : 0,
    ix.totalProse > 0 ? prose / ix.totalProse : 0,
    text > 0 ? prose / text : 0,
    text > 0 ? links / text : 0,
    prose > 0 ? ix.directProse[el.id]! / prose : 0,
    Math.log1p(paragraphs) / Math.log1p(50),
    el.tag === 'article' || el.tag === 'main' || POSITIVE_HINT.test(h) ? 1 : 0,
    NEGATIVE_HINT.test(h) ? 1 : 0,
    prose > 0 ? maxChild / prose : 0,
    parentProse > 0 ? prose / parentProse : 0,
  ];
}

function bodyElement(tree: DomTree): number {
  for (const node of tree.nodes) if (node.kind === 'element' && node.tag === 'body') return node.id;
  return 0;
}

/** The paper's body candidates (Figure 11's first step), in document order. */
export function bodyCandidates(ix: PageIndex): BodyCandidate[] {
  const out: BodyCandidate[] = [];
  const min = minBodyChars(ix);
  const twoScreens = 2 * ix.screen.height;
  const minArea = 0.01 * ix.screen.width * ix.screen.height;
  const stack = [bodyElement(ix.tree)];
  while (stack.length) {
    const id = stack.pop()!;
    const el = ix.tree.nodes[id]!;
    if (el.kind !== 'element' || SKIP_TAGS.has(el.tag)) continue;
    if (el.hidden && !ix.page.includesHidden) continue;
    // BigEnough: if T is too small, none of its subtrees can be big enough either.
    if (sum(ix.textPrefix, el.id, el.end) < min) continue;
    const box = drawnBox(ix, id);
    if (box) {
      // Observation 1: a body's top border lies in the first (two) screens; nothing below can.
      if (box.y > twoScreens) continue;
      if (box.w * box.h < minArea) continue;
    }
    const range = blocksIn(ix, id);
    if (range[1] >= range[0]) out.push({ id, features: bodyFeatures(ix, el), blocks: range });
    for (let k = el.children.length - 1; k >= 0; k--) stack.push(el.children[k]!);
  }
  return out;
}

export interface TitleCandidate {
  /** The block. */
  readonly block: number;
  /** Its element (the subtree the features describe). */
  readonly id: number;
  readonly features: readonly number[];
}

function headingAncestor(tree: DomTree, id: number, depth = 3): string | undefined {
  let cur = id;
  for (let k = 0; k < depth && cur >= 0; k++) {
    const node = tree.nodes[cur]!;
    if (node.kind === 'element' && HEADING_TAGS.has(node.tag)) return node.tag;
    cur = node.parent;
  }
  return undefined;
}

/** The heading tag (h1-h6) a block sits in, within a few levels; undefined otherwise. */
export function blockHeadingTag(tree: DomTree, block: Block): string | undefined {
  return headingAncestor(tree, block.elementId);
}

/** How a block's words match the declared titles: the share of its words in one, and of one's words in it (best of each). */
function declaredMatch(ix: PageIndex, text: string): { inDeclared: number; covered: number } {
  const toks = tokens(text);
  let inDeclared = 0;
  let covered = 0;
  if (toks.length) {
    const mine = new Set(toks);
    for (const d of ix.declared) {
      let common = 0;
      for (const t of mine) if (d.has(t)) common++;
      inDeclared = Math.max(inDeclared, common / mine.size);
      covered = Math.max(covered, common / d.size);
    }
  }
  return { inDeclared, covered };
}

const f1 = (a: number, b: number) => (a + b > 0 ? (2 * a * b) / (a + b) : 0);

/** What the title features need about the page as a whole. */
interface TitleContext {
  readonly body: BodyCandidate | undefined;
  /** Best declared-title match (F1 of words) among the candidates. */
  readonly bestDeclared: number;
  /** Blocks inside an h1, and the first of them (-1: none). */
  readonly h1s: number;
  readonly firstH1: number;
}

/** One title candidate before its features: the block, its element and what the candidate filter already computed. */
interface TitleBlock {
  readonly block: number;
  readonly el: ElementNode;
  readonly anchored: boolean;
  readonly tag: string | undefined;
  readonly inDeclared: number;
  readonly covered: number;
}

function titleFeatures(ix: PageIndex, t: TitleBlock, ctx: TitleContext): number[] {
  const blockIndex = t.block;
  const b = ix.blocks[blockIndex]!;
  const el = t.el;
  const body = ctx.body;
  const box = drawnBox(ix, b.elementId);
  const bodyBox = body ? drawnBox(ix, body.id) : undefined;
  const sw = ix.screen.width;
  const sh = ix.screen.height;
  let spatial = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  if (box) {
    const right = box.x + box.w;
    let overlap = 0;
    let distance = 0;
    if (bodyBox && bodyBox.w > 0) {
      overlap = Math.max(0, Math.min(right, bodyBox.x + bodyBox.w) - Math.max(box.x, bodyBox.x)) / bodyBox.w;
      // Vertical gap from the title's bottom to the body's top (negative when they overlap).
      distance = Math.max(-2, Math.min(2, (bodyBox.y - (box.y + box.h)) / sh));
    }
    const fs = ix.layout ? layoutValue(ix.layout, 'fontSize', b.elementId) : Number.NaN;
    spatial = [
      box.x / sw,
      box.y / sh,
      right < sw ? box.w / sw : (sw - box.x) / sw,
      box.h / sh,
      overlap,
      distance,
      Math.min(box.w, box.h) / Math.max(box.w, box.h),
      ix.maxFont > 0 && Number.isFinite(fs) ? fs / ix.maxFont : 0,
      1,
    ];
  }
  const text = b.text.trim();
  const tag = t.tag;
  const bodyFirst = body ? body.blocks[0] : -1;
  const inside = body ? blockIndex >= body.blocks[0] && blockIndex <= body.blocks[1] : false;
  let hinted = false;
  for (let cur = b.elementId, k = 0; k < 3 && cur > 0; k++) {
    const node = ix.tree.nodes[cur] as ElementNode;
    if (TITLE_HINT.test(`${node.attrs['id'] ?? ''} ${node.attrs['class'] ?? ''} ${node.attrs['itemprop'] ?? ''}`)) hinted = true;
    cur = node.parent;
  }
  const match = f1(t.inDeclared, t.covered);
  const d = body ? bodyFirst - blockIndex : 0;
  return [
    ...spatial,
    /[.。!?！？]$/.test(text) ? 1 : 0,
    ix.words[blockIndex]! / MAX_WORD_NUM,
    t.inDeclared,
    t.covered,
    tag === 'h1' ? 1 : 0,
    tag !== undefined ? 1 : 0,
    body ? Math.max(-3, Math.min(3, d / 10)) : 0,
    inside ? 1 : 0,
    hinted || (el && TITLE_HINT.test(el.attrs['itemprop'] ?? '')) ? 1 : 0,
    t.anchored ? 1 : 0,
    match > 0 && match >= ctx.bestDeclared - 1e-9 ? 1 : 0,
    tag !== undefined ? (7 - Number(tag.slice(1))) / 6 : 0,
    blockIndex === ctx.firstH1 ? 1 : 0,
    Math.min(ctx.h1s, 5) / 5,
    body ? Math.sign(d) * Math.log1p(Math.abs(d)) / Math.log1p(1000) : 0,
    ix.blocks.length > 1 ? blockIndex / (ix.blocks.length - 1) : 0,
  ];
}

/** Whether the block's element holds an `<a href>` or sits inside one (a few levels up). */
function anchoredBlock(ix: PageIndex, el: ElementNode): boolean {
  if (sum(ix.anchorPrefix, el.id, el.end) > 0) return true;
  for (let cur = el.parent, k = 0; cur > 0 && k < 6; k++) {
    const node = ix.tree.nodes[cur] as ElementNode;
    if (node.tag === 'a' && node.attrs['href'] !== undefined) return true;
    cur = node.parent;
  }
  return false;
}

/**
 * Title candidates (the paper's Figure 12, first step) given the chosen body subtree: text
 * blocks of at most 100 words anywhere on the page (the position relative to the body is a
 * feature, so a wrong body does not also lose the title); with a layout, wholly inside the
 * first two screens. The paper's Observation 2 (no anchor) is kept for plain text, but a
 * linked block inside a heading, or one matching a declared title, stays a candidate (blogs
 * link their headline to its permalink), marked by the `anchored` feature.
 */
export function titleCandidates(ix: PageIndex, body: BodyCandidate | undefined): TitleCandidate[] {
  const kept: TitleBlock[] = [];
  let bestDeclared = 0;
  let h1s = 0;
  let firstH1 = -1;
  for (let i = 0; i < ix.blocks.length; i++) {
    const b = ix.blocks[i]!;
    if (b.kind !== 'text' || !b.text.trim()) continue;
    const el = ix.tree.nodes[b.elementId];
    if (!el || el.kind !== 'element') continue;
    const tag = headingAncestor(ix.tree, b.elementId);
    if (tag === 'h1') {
      h1s++;
      if (firstH1 < 0) firstH1 = i;
    }
    if (ix.words[i]! > TITLE_MAX_WORDS) continue;
    const { inDeclared, covered } = declaredMatch(ix, b.text);
    const anchored = b.linkChars > 0 || anchoredBlock(ix, el);
    if (anchored && tag === undefined && f1(inDeclared, covered) < ANCHORED_TITLE_MATCH) continue;
    const box = drawnBox(ix, el.id);
    // Observation 1 (relaxed to two screens): the title is wholly near the top.
    if (box && box.y + box.h > 2 * ix.screen.height) continue;
    kept.push({ block: i, el, anchored, tag, inDeclared, covered });
    bestDeclared = Math.max(bestDeclared, f1(inDeclared, covered));
  }
  const ctx: TitleContext = { body, bestDeclared, h1s, firstH1 };
  return kept.map((t) => ({ block: t.block, id: t.el.id, features: titleFeatures(ix, t, ctx) }));
}

/** Characters of gold-body text inside a candidate and in the whole page. */
function bodyOverlap(ix: PageIndex, labels: readonly GoldLabel[], range: readonly [number, number]): { inside: number; total: number } {
  let inside = 0;
  let total = 0;
  for (let i = 0; i < ix.blocks.length; i++) {
    if (labels[i] !== 'body' || ix.blocks[i]!.kind !== 'text') continue;
    const c = ix.blocks[i]!.text.length;
    total += c;
    if (i >= range[0] && i <= range[1]) inside += c;
  }
  return { inside, total };
}

/**
 * The gold body subtree (the paper's: the subtree that contains the whole body and none of whose
 * children does): the nearest common element of the gold body blocks' nodes. Gold aligned from
 * text snippets sometimes marks a stray block far from the article, which makes that element
 * the whole page; when under half of the element's text is gold body, the candidate with the
 * best character F1 against the gold body is the gold instead. Undefined without gold body.
 */
export function goldBodySubtree(ix: PageIndex, labels: readonly GoldLabel[], candidates: readonly BodyCandidate[]): number | undefined {
  const ids: number[] = [];
  for (let i = 0; i < ix.blocks.length; i++) if (labels[i] === 'body' && ix.blocks[i]!.kind === 'text') ids.push(...ix.blocks[i]!.nodeIds);
  if (ids.length === 0) return undefined;
  let id = commonAncestor(ix.tree, ids);
  if (ix.tree.nodes[id]?.kind !== 'element') id = ix.tree.nodes[id]!.parent;
  const el = ix.tree.nodes[id] as ElementNode;
  const text = sum(ix.textPrefix, el.id, el.end);
  const { inside, total } = bodyOverlap(ix, labels, blocksIn(ix, id));
  if (text > 0 && inside / text >= 0.5) return id;
  let best: number | undefined;
  let bestF = 0;
  for (const c of candidates) {
    const o = bodyOverlap(ix, labels, c.blocks);
    const ct = sum(ix.textPrefix, c.id, (ix.tree.nodes[c.id] as ElementNode).end);
    if (o.inside === 0 || ct === 0 || total === 0) continue;
    const p = o.inside / ct;
    const r = o.inside / total;
    const f = (2 * p * r) / (p + r);
    if (f > bestF) {
      bestF = f;
      best = c.id;
    }
  }
  return best ?? id;
}

/** The gold title block: the longest block labelled title; undefined when none. */
export function goldTitleBlock(ix: PageIndex, labels: readonly GoldLabel[]): number | undefined {
  let best: number | undefined;
  for (let i = 0; i < ix.blocks.length; i++) {
    if (labels[i] !== 'title' || ix.blocks[i]!.kind !== 'text') continue;
    if (best === undefined || ix.blocks[i]!.text.length > ix.blocks[best]!.text.length) best = i;
  }
  return best;
}
