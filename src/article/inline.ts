/**
 * Rebuilds inline structure (links, emphasis, strong, code, sub/superscript, line breaks) from a range of
 * the tree, so formatting survives the trip through blocks, whose text is flat.
 *
 * Two modes:
 * - `block`: the range of one block; only its own text nodes count (plus the white space
 *   between them), images and media are skipped (they are blocks of their own);
 * - `dom`: a whole element's content (table cells, captions): all visible text, block-level
 *   element boundaries become line breaks, images become inline images.
 *
 * The walk is iterative and linear in the range. Formatting of a kind already open is
 * transparent (`<b><b>x</b></b>` is one strong), so inline nesting is at most six deep
 * whatever the page does, and writers may recurse over it.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import { collapseSpace } from '../dom/white-space.js';
import { INLINE_TAGS, imageSource } from '../segment/segment.js';
import type { Inline } from './types.js';
import { resolveSafeUrl } from './urls.js';
import { isTrackingImage } from './images.js';

export type InlineMode = 'block' | 'dom';

export interface InlineContext {
  readonly tree: DomTree;
  readonly baseUrl: string | undefined;
  readonly includeHidden: boolean;
  /** Record each formatting node's element as its `source` (`ArticleOptions.sources`). */
  readonly sources?: boolean;
}

type FormatKind = 'link' | 'emphasis' | 'strong' | 'code' | 'sub' | 'sup';

const FORMAT_TAGS: Readonly<Record<string, FormatKind>> = Object.freeze({
  a: 'link', em: 'emphasis', i: 'emphasis', strong: 'strong', b: 'strong',
  code: 'code', kbd: 'code', samp: 'code', tt: 'code', sub: 'sub', sup: 'sup',
});

const IMAGE_TAGS: ReadonlySet<string> = new Set(['img', 'image']);
const MEDIA_TAGS: ReadonlySet<string> = new Set(['video', 'audio', 'iframe', 'embed', 'canvas', 'picture']);
/** Elements that are media unless they hold text a reader sees (an svg's `<text>`, an object's fallback). */
const MEDIA_UNLESS_TEXT: ReadonlySet<string> = new Set(['svg', 'object']);
/** Steps up the tree when looking for formatting that encloses a block. */
const MAX_ANCESTOR_STEPS = 256;

// Mutable shapes while building; frozen into `Inline` at the end.
interface MText { kind: 'text'; text: string }
interface MContainer { kind: 'root' | 'link' | 'emphasis' | 'strong' | 'sub' | 'sup'; href?: string | undefined; title?: string; children: MInline[]; source?: number }
interface MCode { kind: 'code'; text: string; source?: number }
type MInline = MText | MContainer | MCode | { kind: 'break' } | { kind: 'image'; src: string; alt: string };

interface Open {
  readonly end: number;
  /** Where text goes while this element is open (its own node, or the enclosing one when transparent). */
  readonly target: MContainer | MCode;
  /** Non-inline element (dom mode): its end is a line break. */
  readonly blockLevel: boolean;
  /** True when this frame created `target` (not transparent). */
  readonly created: boolean;
}

/** Which formatting kind an element starts, or undefined when it is transparent. */
function formatOf(el: ElementNode): FormatKind | undefined {
  const k = FORMAT_TAGS[el.tag];
  if (k === 'link' && el.attrs['href'] === undefined) return undefined;
  return k;
}

class InlineBuilder {
  readonly root: MContainer = { kind: 'root', children: [] };
  private readonly stack: Open[] = [];
  private lastWasSpace = true;
  private lastText: MText | MCode | undefined;
  private hasContent = false;
  private pendingBreak = false;

  constructor(private readonly ctx: InlineContext) {}

  private target(): MContainer | MCode {
    return this.stack.length > 0 ? this.stack[this.stack.length - 1]!.target : this.root;
  }

  /** Formatting kinds open now (counts, so a deep stack costs nothing per element). */
  private readonly openCount: Record<FormatKind, number> = { link: 0, emphasis: 0, strong: 0, code: 0, sub: 0, sup: 0 };

  /** Opens an element: a new formatting node, or a transparent frame. */
  open(el: ElementNode, blockLevel = false): void {
    const cur = this.target();
    const kind = formatOf(el);
    let target: MContainer | MCode = cur;
    // Inside code everything is literal text; a kind already open adds nothing.
    if (kind && cur.kind !== 'code' && this.openCount[kind] === 0) {
      // A pending break goes before the new node, not inside it (`a</b><br><b>c`).
      this.flushBreak();
      if (kind === 'code') target = { kind: 'code', text: '' };
      else if (kind === 'link') {
        const href = resolveSafeUrl(el.attrs['href'], this.ctx.baseUrl, 'link');
        const title = el.attrs['title'] !== undefined ? collapseSpace(el.attrs['title']).trim() : undefined;
        target = { kind: 'link', href, ...(title ? { title } : {}), children: [] };
      } else target = { kind, children: [] };
      if (this.ctx.sources) target.source = el.id;
      (cur as MContainer).children.push(target);
      this.openCount[kind]++;
      if (target.kind === 'code') this.lastText = undefined;
    }
    this.stack.push({ end: el.end, target, blockLevel, created: target !== cur });
  }

  /** Closes every frame whose element ended before node `i`. */
  closeBefore(i: number): void {
    while (this.stack.length > 0 && this.stack[this.stack.length - 1]!.end < i) {
      const o = this.stack.pop()!;
      if (o.blockLevel) this.blockBoundary();
      if (!o.created) continue;
      this.openCount[o.target.kind as FormatKind]--;
      if (o.target.kind === 'code') {
        // Leaving a code span: the text after it starts fresh.
        this.lastText = undefined;
        this.lastWasSpace = /\s$/.test(o.target.text);
      }
    }
  }

  text(raw: string): void {
    let t = collapseSpace(raw);
    if (this.lastWasSpace && t.charCodeAt(0) === 32) t = t.slice(1);
    if (!t) return;
    this.flushBreak();
    const cur = this.target();
    if (cur.kind === 'code') {
      cur.text += t;
      this.lastText = cur;
    } else {
      const last = cur.children[cur.children.length - 1];
      if (last && last.kind === 'text') last.text += t;
      else cur.children.push((this.lastText = { kind: 'text', text: t }));
      if (last && last.kind === 'text') this.lastText = last;
    }
    this.lastWasSpace = t.endsWith(' ');
    this.hasContent = true;
  }

  /** A space between text nodes that the block skipped (white-space-only nodes). */
  space(): void {
    if (!this.lastWasSpace && this.hasContent) this.text(' ');
  }

  /**
   * A `<br>`: deferred until more content comes, so a break at the end of a strong or link
   * (`<b>Lead<br></b>Text`) lands between them, and trailing breaks vanish.
   */
  lineBreak(): void {
    if (!this.hasContent) return;
    this.trimLastSpace();
    this.pendingBreak = true;
    this.lastWasSpace = true;
  }

  /** In dom mode a block-level boundary becomes one break before the next content. */
  blockBoundary(): void {
    if (!this.hasContent) return;
    this.pendingBreak = true;
    this.lastWasSpace = true;
  }

  image(src: string, alt: string): void {
    this.flushBreak();
    const cur = this.target();
    if (cur.kind === 'code') return;
    cur.children.push({ kind: 'image', src, alt });
    this.hasContent = true;
    this.lastWasSpace = false;
    this.lastText = undefined;
  }

  private flushBreak(): void {
    if (!this.pendingBreak) return;
    this.pendingBreak = false;
    if (!this.hasContent) return;
    this.trimLastSpace();
    const cur = this.target();
    if (cur.kind === 'code') cur.text += ' ';
    else cur.children.push({ kind: 'break' });
    this.lastText = undefined;
  }

  private trimLastSpace(): void {
    if (this.lastText && this.lastText.text.endsWith(' ')) this.lastText.text = this.lastText.text.slice(0, -1);
  }

  finish(): Inline[] {
    this.trimLastSpace();
    const out = freezeChildren(this.root.children);
    // Breaks at the very start or end carry nothing (empty formatting nodes can leave them).
    let a = 0;
    let b = out.length;
    while (a < b && out[a]!.kind === 'break') a++;
    while (b > a && out[b - 1]!.kind === 'break') b--;
    return Object.freeze(a === 0 && b === out.length ? out : out.slice(a, b)) as Inline[];
  }
}

/** Glyph-only links documentation generators put beside headings (`¶`, `#`, `§`, a link emoji). */
const PERMALINK_TEXT_RE = /^\s*(?:\u00b6|#|\u00a7|\u{1f517}|\u2693)\s*$/u;

/** A link to a fragment whose whole text is a permalink glyph: page furniture, not content. */
function isPermalink(href: string | undefined, kids: readonly Inline[]): boolean {
  return href !== undefined && href.includes('#') && kids.length === 1 && kids[0]!.kind === 'text' && PERMALINK_TEXT_RE.test(kids[0]!.text);
}

/**
 * Drops empty nodes and doubled breaks, then freezes the nodes in place (their shapes
 * already are `Inline`'s; no copy). Depth is bounded (see file comment).
 */
function freezeChildren(children: MInline[]): Inline[] {
  const out: Inline[] = [];
  for (const c of children) {
    switch (c.kind) {
      case 'text':
        if (c.text) out.push(Object.freeze(c));
        break;
      case 'code': {
        const text = c.text.trim();
        if (text) {
          c.text = text;
          out.push(Object.freeze(c));
        } else if (c.text) out.push(Object.freeze({ kind: 'text', text: ' ' }));
        break;
      }
      case 'break':
        if (out[out.length - 1]?.kind !== 'break') out.push(Object.freeze(c));
        break;
      case 'image':
        out.push(Object.freeze(c));
        break;
      case 'root':
        out.push(...freezeChildren(c.children));
        break;
      case 'link':
      case 'emphasis':
      case 'strong':
      case 'sub':
      case 'sup': {
        const kids = freezeChildren(c.children);
        if (kids.length === 0 || (c.kind === 'link' && isPermalink(c.href, kids))) break;
        c.children = Object.freeze(kids) as MInline[];
        out.push(Object.freeze(c) as Inline);
        break;
      }
    }
  }
  return out;
}

/**
 * Formatting elements enclosing `first` (outermost first): every ancestor up to and
 * including `rootId`, and above it while the ancestors are inline (`<a><span>x</span></a>`).
 */
function enclosingElements(tree: DomTree, first: number, rootId: number): ElementNode[] {
  const out: ElementNode[] = [];
  let cur = tree.nodes[first]?.parent ?? -1;
  for (let steps = 0; cur > 0 && steps < MAX_ANCESTOR_STEPS; steps++) {
    const el = tree.nodes[cur] as ElementNode;
    if (el.id < rootId && !INLINE_TAGS.has(el.tag)) break;
    if (formatOf(el)) out.push(el);
    cur = el.parent;
  }
  return out.reverse();
}

/**
 * Inline content of the nodes `from..to` (pre-order ids, inclusive).
 * In `block` mode `keep` lists the block's text node ids in order; other non-blank text is skipped.
 * `rootId` is the element the content belongs to (a block's element, a cell).
 */
export function buildInline(ctx: InlineContext, mode: InlineMode, rootId: number, from: number, to: number, keep?: readonly number[]): Inline[] {
  const nodes = ctx.tree.nodes;
  const holdsText = textFinder(nodes);
  const b = new InlineBuilder(ctx);
  if (from > to || from < 0 || to >= nodes.length) return b.finish();
  for (const el of enclosingElements(ctx.tree, from, rootId)) b.open(el);
  let k = 0; // next kept text node (block mode)
  let i = from;
  while (i <= to) {
    b.closeBefore(i);
    const n = nodes[i]!;
    if (n.kind === 'text') {
      if (mode === 'dom') b.text(n.text);
      else {
        while (keep && k < keep.length && keep[k]! < i) k++;
        if (keep && keep[k] === i) b.text(n.text);
        else if (!n.text.trim()) b.space();
      }
      i++;
      continue;
    }
    if (n.hidden && !ctx.includeHidden) {
      i = n.end + 1;
      continue;
    }
    const tag = n.tag;
    if (tag === 'br') {
      b.lineBreak();
      i++;
      continue;
    }
    if (IMAGE_TAGS.has(tag)) {
      if (mode === 'dom') {
        const src = resolveSafeUrl(imageSource(n, ctx.baseUrl), undefined, 'image');
        if (src && !isTrackingImage(n, src)) b.image(src, collapseSpace(n.attrs['alt'] ?? '').trim());
      }
      i = n.end + 1;
      continue;
    }
    if (MEDIA_TAGS.has(tag) || (MEDIA_UNLESS_TEXT.has(tag) && !holdsText(n))) {
      i = n.end + 1;
      continue;
    }
    const blockLevel = mode === 'dom' && !INLINE_TAGS.has(tag);
    if (blockLevel) b.blockBoundary();
    b.open(n, blockLevel);
    i++;
  }
  return b.finish();
}

/**
 * Whether an element's subtree holds text other than white space. The last scan is remembered,
 * so elements nested in it (asked in turn, in document order) cost no second pass.
 */
function textFinder(nodes: DomTree['nodes']): (el: { id: number; end: number }) => boolean {
  let from = -1;
  let to = -1;
  let textAt = -1; // the first text in from..to, or -1 when it has none
  return (el) => {
    if (el.id + 1 >= from && el.end <= to && (textAt === -1 || textAt > el.id)) return textAt !== -1 && textAt <= el.end;
    from = el.id + 1;
    to = el.end;
    textAt = -1;
    for (let j = from; j <= to; j++) {
      const t = nodes[j]!;
      if (t.kind === 'text' && t.text.trim() !== '') { textAt = j; break; }
    }
    return textAt !== -1;
  };
}

/** Plain text of inline content: breaks as '\n', images as nothing. */
export function inlineText(content: readonly Inline[]): string {
  let s = '';
  for (const c of content) {
    switch (c.kind) {
      case 'text':
      case 'code':
        s += c.text;
        break;
      case 'break':
        s += '\n';
        break;
      case 'image':
        break;
      case 'link':
      case 'emphasis':
      case 'strong':
      case 'sub':
      case 'sup':
        s += inlineText(c.children);
        break;
    }
  }
  return s;
}
