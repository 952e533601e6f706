/**
 * Tree -> block sequence (block-labelling study): a block is a maximal run of visible text not
 * interrupted by any tag other than the inline ones listed below. Images, videos and
 * embeds are items of their own in the sequence so an article can keep them.
 *
 * `<br>` rule: one `<br>` is a line break inside a block (kept as '\n' in the text);
 * two or more in a row (only white space between) end the block, because pages that
 * lay out paragraphs with `<br><br>` mean a paragraph break.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import { commonAncestor } from '../dom/tree.js';
import { treeFacts, type TreeFacts } from '../dom/facts.js';
import { SPACE_RE, collapseSpace, isCollapsedSpace } from '../dom/white-space.js';

export type BlockKind = 'text' | 'image' | 'media';

export interface Block {
  /** Position in the sequence. */
  readonly index: number;
  readonly kind: BlockKind;
  /** Visible text, white space collapsed, '\n' for a single `<br>`; '' for images and media. */
  readonly text: string;
  /** The text nodes (or the one image/media element) the block covers, in order. */
  readonly nodeIds: readonly number[];
  /** Nearest element containing every node of the block. */
  readonly elementId: number;
  /** Tag names from the root to `elementId`, e.g. `html/body/div/p`. */
  readonly tagPath: string;
  /** Characters of `text` inside `<a href>`. */
  readonly linkChars: number;
  /** Image/media source URL (resolved against the page URL when known). */
  readonly src?: string;
  /** Image alternative text. */
  readonly alt?: string;
}

export interface BlockDocument {
  readonly tree: DomTree;
  readonly blocks: readonly Block[];
}

export interface SegmentOptions {
  /** Keep text of elements hidden with `hidden` / `display:none`. Default false: a reader does not see it. */
  readonly includeHidden?: boolean;
}

/** The block-labelling study's inline tags, plus the modern ones that behave the same way. */
export const INLINE_TAGS: ReadonlySet<string> = new Set([
  'a', 'ins', 'del', 'span', 'bdo', 'em', 'strong', 'dfn', 'code', 'samp', 'kbd', 'var', 'cite', 'abbr',
  'acronym', 'q', 'sub', 'sup', 'tt', 'i', 'b', 'big', 'small', 'u', 's', 'strike', 'basefont', 'font',
  // Not in the 2007 list, inline in today's HTML:
  'mark', 'time', 'data', 'bdi', 'wbr', 'nobr', 'label', 'ruby', 'rt', 'rp', 'output', 'meter', 'progress',
  // MathML: a formula in a sentence is part of its line.
  'math', 'mi', 'mn', 'mo', 'ms', 'mtext', 'mrow', 'msup', 'msub', 'msubsup', 'mfrac', 'msqrt', 'mroot', 'mstyle',
  'mspace', 'mpadded', 'mphantom', 'menclose', 'munder', 'mover', 'munderover', 'mmultiscripts', 'mprescripts',
  'semantics', 'annotation', 'annotation-xml', 'mfenced', 'merror', 'mtable', 'mtr', 'mtd',
  // SVG: the runs of one drawn text.
  'tspan', 'textpath',
]);

const IMAGE_TAGS: ReadonlySet<string> = new Set(['img', 'image']);
const MEDIA_TAGS: ReadonlySet<string> = new Set(['video', 'audio', 'iframe', 'embed', 'canvas']);
/** Subtrees that never yield blocks (their text is metadata, not page content). */
const NO_BLOCK_TAGS: ReadonlySet<string> = new Set(['head', 'title']);
/**
 * Elements a browser does not render, which therefore break no line: a microdata `<meta>` in
 * the middle of a product's spec line ("Height: <meta itemprop=height content=..> 4 in.") or a
 * script between two halves of a sentence leaves one line of text, not two blocks.
 */
const UNRENDERED_TAGS: ReadonlySet<string> = new Set(['meta', 'link', 'script', 'style', 'template', 'base']);
/**
 * A ruby's reading (`<rt>`: furigana above Japanese kanji, pinyin above Chinese) and the
 * parentheses shown where ruby is not drawn (`<rp>`) annotate the text and are not part of it:
 * `<ruby>子<rt>こ</rt></ruby>ども` reads 子ども, not 子こども.
 */
const RUBY_ANNOTATION_TAGS: ReadonlySet<string> = new Set(['rt', 'rp']);

const LAZY_SRC_ATTRS = ['data-src', 'data-original', 'data-lazy-src', 'src'] as const;

export function imageSource(el: ElementNode, baseUrl?: string): string | undefined {
  let raw: string | undefined;
  for (const a of LAZY_SRC_ATTRS) {
    const v = el.attrs[a];
    if (v && !v.startsWith('data:')) {
      raw = v;
      break;
    }
  }
  if (!raw) {
    const set = el.attrs['srcset'] ?? el.attrs['data-srcset'];
    raw = set?.split(',')[0]?.trim().split(/\s+/)[0];
  }
  if (!raw) return undefined;
  if (!baseUrl) return raw;
  try {
    return new URL(raw, baseUrl).href;
  } catch {
    return raw;
  }
}

/** Whether `text` holds a character SPACE_RE leaves alone: text a reader sees, once collapsed and trimmed. */
function hasVisibleChar(text: string): boolean {
  for (let k = 0; k < text.length; k++) if (!isCollapsedSpace(text.charCodeAt(k))) return true;
  return false;
}

/** Whether a piece of block text ends in a space or a line break. */
function endsOpen(piece: string): boolean {
  const c = piece.charCodeAt(piece.length - 1);
  return c === 0x20 || c === 0x0a;
}

/** `text` without the spaces and line breaks at its ends. */
function trimBreaks(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text.charCodeAt(start) === 0x20 || text.charCodeAt(start) === 0x0a)) start++;
  while (end > start && (text.charCodeAt(end - 1) === 0x20 || text.charCodeAt(end - 1) === 0x0a)) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

// What an element is to the sequence (one lookup per element, from the sets above).
/** Any element of no other role: a boundary where it opens and where it closes. */
const BLOCK = 0;
const SKIP = 1;
const BREAK = 2;
const IMAGE = 3;
const MEDIA = 4;
const INLINE = 5;
/** A block element inside which line breaks are content. */
const PRE = 6;

const TAG_ROLES: ReadonlyMap<string, number> = (() => {
  const roles = new Map<string, number>();
  for (const tag of ['pre', 'listing', 'plaintext']) roles.set(tag, PRE);
  for (const tag of INLINE_TAGS) roles.set(tag, INLINE);
  for (const tag of MEDIA_TAGS) roles.set(tag, MEDIA);
  for (const tag of IMAGE_TAGS) roles.set(tag, IMAGE);
  roles.set('br', BREAK);
  for (const set of [NO_BLOCK_TAGS, UNRENDERED_TAGS, RUBY_ANNOTATION_TAGS]) for (const tag of set) roles.set(tag, SKIP);
  return roles;
})();

/**
 * The text block being built: its pieces of text, its text nodes, its characters inside links,
 * and the `<br>`s seen since its last text. `flush` ends it.
 */
class TextBlockBuilder {
  private pieces: string[] = [];
  private nodeIds: number[] = [];
  private linkChars = 0;
  /** Consecutive `<br>` since the last text. */
  private pendingBreaks = 0;

  constructor(private readonly tree: DomTree, private readonly facts: TreeFacts, private readonly blocks: Block[]) {}

  /** A `<br>`: two in a row end the block at the next text, one is a line break in it. */
  addBreak(): void {
    this.pendingBreaks++;
  }

  /** Adds a text node's text: its collapsed text where a reader sees any, else a space between pieces. */
  addText(id: number, text: string, inPre: boolean, inLink: boolean): void {
    if (!hasVisibleChar(text)) {
      const pieces = this.pieces;
      if (pieces.length > 0 && !endsOpen(pieces[pieces.length - 1]!)) pieces.push(' ');
      return;
    }
    const collapsed = inPre ? collapsePreformatted(text) : collapseSpace(text);
    if (this.pendingBreaks >= 2) this.flush();
    else if (this.pendingBreaks === 1) this.pieces.push('\n');
    this.pendingBreaks = 0;
    // Adjacent text joins as the browser shows it: "foo<b>bar</b>" is "foobar".
    const last = this.pieces[this.pieces.length - 1];
    const piece = last !== undefined && endsOpen(last) && collapsed.charCodeAt(0) === 0x20 ? collapsed.slice(1) : collapsed;
    this.pieces.push(piece);
    this.nodeIds.push(id);
    if (inLink) this.linkChars += piece.trim().length;
  }

  /** Ends the block being built; it joins the sequence where it has text. */
  flush(): void {
    this.pendingBreaks = 0;
    if (this.nodeIds.length === 0) return;
    const joined = this.pieces.join('');
    const text = trimBreaks(joined.includes('\n') ? joined.replace(/ *\n */g, '\n') : joined);
    if (text) {
      const elementId = commonAncestor(this.tree, this.nodeIds);
      this.blocks.push({
        index: this.blocks.length, kind: 'text', text, nodeIds: this.nodeIds, elementId, tagPath: this.facts.tagPath(elementId),
        linkChars: Math.min(this.linkChars, text.length),
      });
    }
    this.pieces = [];
    this.nodeIds = [];
    this.linkChars = 0;
  }
}

/** Text inside `<pre>`-like elements: line breaks kept (CR LF and CR as LF), other white space collapsed per line. */
function collapsePreformatted(text: string): string {
  return text.replace(/\r\n?/g, '\n').split('\n').map((l) => l.replace(SPACE_RE, ' ')).join('\n');
}

/**
 * The open elements of the walk beside their roles (so a closing element is not looked up
 * again), and how many open links and preformatted elements hold the current node.
 */
class OpenElements {
  private readonly elements: ElementNode[] = [];
  private readonly roles: number[] = [];
  linkDepth = 0;
  preDepth = 0;

  /** Opens a non-skipped element of `role`. */
  push(el: ElementNode, role: number): void {
    if (role === INLINE && el.tag === 'a' && el.attrs['href'] !== undefined) this.linkDepth++;
    if (role === PRE) this.preDepth++;
    this.elements.push(el);
    this.roles.push(role);
  }

  /** Closes the elements that end before node `i`; true when one of them is not inline (it ends the block being built). */
  closeBefore(i: number): boolean {
    const elements = this.elements;
    let endsBlock = false;
    while (elements.length > 0 && elements[elements.length - 1]!.end < i) {
      const closed = elements.pop()!;
      const role = this.roles.pop()!;
      if (closed.tag === 'a' && closed.attrs['href'] !== undefined) this.linkDepth--;
      if (role === PRE) this.preDepth--;
      if (role !== INLINE) endsBlock = true;
    }
    return endsBlock;
  }
}

/** The block of an image or media element: none for an image without a source. */
function mediaBlock(el: ElementNode, role: number, tree: DomTree, facts: TreeFacts, index: number): Block | undefined {
  const src = imageSource(el, tree.baseUrl) ?? mediaSource(el, tree);
  const kind = role === IMAGE ? 'image' : 'media';
  if (!src && kind !== 'media') return undefined;
  return {
    index, kind, text: '', nodeIds: [el.id], elementId: el.id, tagPath: facts.tagPath(el.id),
    linkChars: 0, ...(src ? { src } : {}), ...(el.attrs['alt'] ? { alt: el.attrs['alt'] } : {}),
  };
}

/** Builds the block sequence of a parsed page. Pure: the tree is not changed. */
export function segment(tree: DomTree, options: SegmentOptions = {}): BlockDocument {
  const includeHidden = options.includeHidden ?? false;
  const nodes = tree.nodes;
  const blocks: Block[] = [];
  // Blocks under one element, and elements on one path, share a memoised path string.
  const facts = treeFacts(tree);
  const block = new TextBlockBuilder(tree, facts, blocks);
  const open = new OpenElements();
  let i = 1;
  while (i < nodes.length) {
    if (open.closeBefore(i)) block.flush();
    const n = nodes[i]!;
    if (n.kind === 'text') {
      block.addText(n.id, n.text, open.preDepth > 0, open.linkDepth > 0);
      i++;
      continue;
    }
    const role = TAG_ROLES.get(n.tag);
    if (role === SKIP || (n.hidden && !includeHidden)) {
      i = n.end + 1;
      continue;
    }
    if (role === BREAK) {
      block.addBreak();
      i++;
      continue;
    }
    if (role === IMAGE || role === MEDIA) {
      block.flush();
      const media = mediaBlock(n, role, tree, facts, blocks.length);
      if (media) blocks.push(media);
      i = n.end + 1; // video/audio fallback text and iframe content are not page text
      continue;
    }
    if (role !== INLINE) block.flush();
    open.push(n, role ?? BLOCK);
    i++;
  }
  block.flush();
  return Object.freeze({ tree, blocks });
}

function mediaSource(el: ElementNode, tree: DomTree): string | undefined {
  if (el.attrs['src']) return imageSource(el, tree.baseUrl);
  // <video><source src=...></video>
  for (const c of el.children) {
    const cn = tree.nodes[c]!;
    if (cn.kind === 'element' && cn.tag === 'source' && cn.attrs['src']) return imageSource(cn, tree.baseUrl);
  }
  return el.attrs['poster'];
}

/** Share of a block's characters inside links (0 for empty blocks). */
export function linkDensity(block: Block): number {
  return block.text.length === 0 ? 0 : block.linkChars / block.text.length;
}
