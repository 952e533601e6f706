/**
 * The page structure an article keeps around its blocks: for any element, the chain of
 * structural containers (lists, items, quotes, data tables, rows, code, figures) that
 * enclose it, outermost first. Blocks whose chains share a prefix share those containers,
 * which is how adjacent blocks of one list, table or quote are grouped into one.
 *
 * Chains are memoised per element and computed top-down without recursion, so the total
 * cost is linear in the tree; each chain is capped at `maxNesting` block containers
 * (deeper ones are flattened), which bounds the article tree's depth.
 *
 * Layout is not structure: tables used for page layout, lists wrapping whole sections and
 * figures holding code or tables are transparent.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';

export type ContainerKind = 'list' | 'item' | 'quote' | 'table' | 'row' | 'caption' | 'pre' | 'figure' | 'figcaption';
/** Where content goes: `root` is the article itself. */
export type SinkKind = ContainerKind | 'root';

export interface ChainLink {
  readonly el: ElementNode;
  readonly kind: ContainerKind;
  readonly parent: ChainLink | null;
  /** Number of block containers (list, quote, table, pre, figure) in the chain up to here. */
  readonly nesting: number;
  /** Links in the chain up to here. */
  readonly length: number;
  /** The whole chain, outermost first, ending with this link. */
  readonly path: readonly ChainLink[];
}

const BLOCK_CONTAINERS: ReadonlySet<ContainerKind> = new Set(['list', 'quote', 'table', 'pre', 'figure']);
const FLOW: readonly ContainerKind[] = ['list', 'quote', 'table', 'pre', 'figure'];

/** Which containers may open directly inside which; anything else is transparent. */
const ALLOWED: Readonly<Record<SinkKind, ReadonlySet<ContainerKind>>> = Object.freeze({
  root: new Set(FLOW),
  item: new Set(FLOW),
  quote: new Set(FLOW),
  list: new Set<ContainerKind>(['item']),
  table: new Set<ContainerKind>(['row', 'caption']),
  figure: new Set<ContainerKind>(['figcaption']),
  // Sinks: their content is taken whole from the tree (rows, captions) or as text (pre).
  row: new Set<ContainerKind>(),
  caption: new Set<ContainerKind>(),
  pre: new Set<ContainerKind>(),
  figcaption: new Set<ContainerKind>(),
});

const HEADING_RE = /^h[1-6]$/;
const SECTIONING: ReadonlySet<string> = new Set(['article', 'section', 'main', 'form', 'table', 'header', 'footer', 'nav']);
const BLOCKY_IN_CELL: ReadonlySet<string> = new Set([
  'div', 'ul', 'ol', 'blockquote', 'form', 'article', 'section', 'pre', 'figure', 'iframe', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
]);
const FIGURE_MEDIA: ReadonlySet<string> = new Set(['img', 'image', 'picture', 'video', 'iframe', 'embed', 'audio']);
const NOT_IN_IMAGE_FIGURE: ReadonlySet<string> = new Set(['pre', 'table', 'blockquote', 'ul', 'ol']);

/** A table of data (rows and columns), not page layout. */
export function isDataTable(tree: DomTree, table: ElementNode): boolean {
  const role = table.attrs['role']?.toLowerCase();
  if (role === 'presentation' || role === 'none') return false;
  let rows = 0;
  let maxCells = 0;
  let cellsInRow = 0;
  let hasTh = false;
  let hasCaption = false;
  let blocky = 0;
  for (let i = table.id + 1; i <= table.end; i++) {
    const n = tree.nodes[i]!;
    if (n.kind !== 'element') continue;
    switch (n.tag) {
      case 'table':
        return false; // nested tables are layout
      case 'tr':
        rows++;
        cellsInRow = 0;
        break;
      case 'th':
      case 'td':
        if (n.tag === 'th') hasTh = true;
        cellsInRow += Math.max(1, Number(n.attrs['colspan']) || 1);
        if (cellsInRow > maxCells) maxCells = cellsInRow;
        break;
      case 'caption':
      case 'thead':
        hasCaption = true;
        break;
      default:
        if (BLOCKY_IN_CELL.has(n.tag)) blocky++;
    }
  }
  if (rows === 0) return false;
  if (hasTh || hasCaption) return blocky <= rows; // headed tables may hold a little markup
  return maxCells >= 2 && blocky === 0;
}

/** What an element's subtree holds (below the element itself), as bits: see `descendantMarks`. */
const HOLDS_HEADING_OR_SECTION = 1;
const HOLDS_FIGURE_BLOCKER = 2;
const HOLDS_FIGURE_MEDIA = 4;

function ownMark(tag: string): number {
  return (HEADING_RE.test(tag) || SECTIONING.has(tag) ? HOLDS_HEADING_OR_SECTION : 0)
    | (NOT_IN_IMAGE_FIGURE.has(tag) ? HOLDS_FIGURE_BLOCKER : 0)
    | (FIGURE_MEDIA.has(tag) ? HOLDS_FIGURE_MEDIA : 0);
}

/**
 * For every element, the kinds of element inside it, in one pass from the last node to the
 * first (a child's id is always above its parent's). Asking each list or figure to scan its
 * own subtree instead costs the square of the depth on nested lists.
 */
export function descendantMarks(tree: DomTree): Uint8Array {
  const nodes = tree.nodes;
  const marks = new Uint8Array(nodes.length);
  for (let i = nodes.length - 1; i > 0; i--) {
    const n = nodes[i]!;
    if (n.kind === 'element') marks[n.parent] |= marks[i]! | ownMark(n.tag);
  }
  return marks;
}

/** A list of items, not a wrapper around headings or whole sections. */
export function isContentList(marks: Uint8Array, list: ElementNode): boolean {
  return (marks[list.id]! & HOLDS_HEADING_OR_SECTION) === 0;
}

/** A figure of images or media (with a caption), not one wrapping code, tables or quotes. */
export function isImageFigure(marks: Uint8Array, figure: ElementNode): boolean {
  const m = marks[figure.id]!;
  return (m & HOLDS_FIGURE_BLOCKER) === 0 && (m & HOLDS_FIGURE_MEDIA) !== 0;
}

function candidate(tag: string): ContainerKind | undefined {
  switch (tag) {
    case 'ul':
    case 'ol':
    case 'menu':
      return 'list';
    case 'li':
      return 'item';
    case 'blockquote':
      return 'quote';
    case 'table':
      return 'table';
    case 'tr':
      return 'row';
    case 'caption':
      return 'caption';
    case 'pre':
    case 'listing':
    case 'plaintext':
      return 'pre';
    case 'figure':
      return 'figure';
    case 'figcaption':
      return 'figcaption';
    default:
      return undefined;
  }
}

const EMPTY: readonly ChainLink[] = Object.freeze([]);

/** Memoised container chains of one tree. */
export class StructureIndex {
  /** Per node id: its chain once computed (`null`: no container), `undefined` before. */
  private readonly memo: (ChainLink | null | undefined)[];
  /** `descendantMarks` of the tree, computed when a list or figure first asks. */
  private marks: Uint8Array | undefined;

  constructor(private readonly tree: DomTree, private readonly maxNesting: number) {
    this.memo = new Array<ChainLink | null | undefined>(tree.nodes.length);
  }

  /** The innermost container enclosing element `id` (itself included), or null. */
  chainOf(id: number): ChainLink | null {
    const nodes = this.tree.nodes;
    // Climb to the nearest memoised ancestor, then fill the memo on the way back down.
    const path: ElementNode[] = [];
    let cur = id;
    while (cur > 0 && this.memo[cur] === undefined) {
      const n = nodes[cur]!;
      if (n.kind === 'element') path.push(n);
      cur = n.parent;
    }
    let link: ChainLink | null = cur > 0 ? this.memo[cur]! : null;
    for (let k = path.length - 1; k >= 0; k--) {
      const el = path[k]!;
      link = this.extend(link, el);
      this.memo[el.id] = link;
    }
    return link;
  }

  /** The chain as an array, outermost first (shared between blocks: do not modify). */
  chainArray(id: number): readonly ChainLink[] {
    return this.chainOf(id)?.path ?? EMPTY;
  }

  private extend(parent: ChainLink | null, el: ElementNode): ChainLink | null {
    const kind = candidate(el.tag);
    if (!kind) return parent;
    const top: SinkKind = parent ? parent.kind : 'root';
    if (!ALLOWED[top].has(kind)) return parent;
    const isBlock = BLOCK_CONTAINERS.has(kind);
    const nesting = (parent?.nesting ?? 0) + (isBlock ? 1 : 0);
    if (nesting > this.maxNesting) return parent;
    // Layout checks last: they scan the subtree, and only for elements that could open.
    if (kind === 'table' && !isDataTable(this.tree, el)) return parent;
    if (kind === 'list' && !isContentList((this.marks ??= descendantMarks(this.tree)), el)) return parent;
    if (kind === 'figure' && !isImageFigure((this.marks ??= descendantMarks(this.tree)), el)) return parent;
    // `path` copies the parent's: chains are at most a few dozen links (maxNesting), and only
    // container elements get one.
    const link: { -readonly [K in keyof ChainLink]: ChainLink[K] } = { el, kind, parent, nesting, length: (parent?.length ?? 0) + 1, path: EMPTY };
    link.path = Object.freeze([...(parent?.path ?? EMPTY), link]);
    return link;
  }
}
