/**
 * The parser's node budget (html-parser.ts): past a number of nodes in the tree, the cheapest
 * evidence is dropped as the parser finishes it, so a page's tree stays within the budget
 * whatever its shape and a hidden subtree's size cannot push the visible article out.
 *
 * A node is finished when its parent takes its next child or closes, and it is still open or
 * referenced by parse5 only while it is on the stack of open elements or in the list of active
 * formatting elements (which reopens `<b>` and the like); such nodes are never touched. So every
 * node is looked at once, as the last child of its parent, and the work stays one step per node
 * plus one per dropped node.
 *
 * What is dropped, cheapest first:
 * - from `pruneFrom` nodes: the content of hidden subtrees (the hidden element itself stays,
 *   empty), except those a reader can see: panels that open in place (dom/disclosure.ts: named
 *   so, tied by ARIA to a toggle read before them, or right after a toggle) and React's streamed
 *   segments (dom/streamed-segments.ts), which pith moves into the page; and
 *   empty inline elements (`<i></i>`);
 * - from `collapseFrom` nodes: the content of every hidden subtree, empty elements but table
 *   cells, media and controls, and inline elements whose only child is text, which give way to
 *   that text (merged into the text before it), so runs of repeated inline markup become one
 *   text node.
 */
import { defaultTreeAdapter, type DefaultTreeAdapterMap } from 'parse5';
import { isHiddenByAttrList } from './hidden.js';
import { isAriaPanel, isNamedPanel, isToggle, type AriaToggles } from './disclosure.js';
import type { DroppedNodes } from './tree.js';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Parent = DefaultTreeAdapterMap['parentNode'];
type P5Child = DefaultTreeAdapterMap['childNode'];
type P5Element = DefaultTreeAdapterMap['element'];
type P5Text = DefaultTreeAdapterMap['textNode'];

export type { DroppedNodes } from './tree.js';

export interface BudgetLimits {
  readonly pruneFrom: number;
  readonly collapseFrom: number;
}

/** Inline elements: empty, they carry nothing; around text only, their text is what counts. */
const INLINE_TAGS: ReadonlySet<string> = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'big', 'cite', 'code', 'data', 'dfn', 'em', 'font', 'i', 'kbd', 'mark', 'nobr', 'q',
  's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time', 'tt', 'u', 'var',
]);

/** Elements kept even when empty: grid structure, media, controls, and those parse5 points to. */
const KEPT_WHEN_EMPTY: ReadonlySet<string> = new Set([
  'html', 'head', 'body', 'template', 'form', 'frameset', 'title',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th',
  'img', 'picture', 'source', 'video', 'audio', 'track', 'iframe', 'embed', 'object', 'canvas', 'svg', 'math',
  'input', 'button', 'select', 'option', 'textarea', 'br', 'hr', 'wbr', 'meta', 'link', 'base', 'script', 'style',
]);

/** Elements parse5 keeps pointers to (the head, the form, template contents): never dropped. */
const NEVER_DROPPED: ReadonlySet<string> = new Set(['html', 'head', 'body', 'template', 'form', 'frameset']);

const SEGMENT_ID = /^S:/;

const isElement = (n: P5Node): n is P5Element => 'tagName' in n;
const isText = (n: P5Node): n is P5Text => n.nodeName === '#text';

/** Nodes in a subtree, itself included (iterative: a subtree may be deep). */
function subtreeSize(root: P5Node): number {
  let count = 0;
  const stack: P5Node[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.nodeName !== '#comment') count++;
    const kids = (n as { childNodes?: P5Node[] }).childNodes;
    if (kids) for (const k of kids) stack.push(k);
  }
  return count;
}

/** The attributes the disclosure tests read, as a record. */
function disclosureView(el: P5Element): { kind: 'element'; tag: string; attrs: Record<string, string> } {
  const attrs: Record<string, string> = {};
  for (const a of el.attrs) if (DISCLOSURE_ATTRS.has(a.name)) attrs[a.name] = a.value;
  return { kind: 'element', tag: el.tagName, attrs };
}

const DISCLOSURE_ATTRS: ReadonlySet<string> = new Set(['role', 'class', 'id', 'aria-expanded', 'aria-controls', 'aria-labelledby']);

/** How many nodes of the element before a hidden one are searched for a toggle (as dom/disclosure.ts). */
const TOGGLE_SEARCH_NODES = 40;

/** Whether `el`'s first TOGGLE_SEARCH_NODES nodes (itself included, in document order) hold a toggle. */
function holdsToggle(el: P5Element): boolean {
  const stack: P5Node[] = [el];
  for (let seen = 0; stack.length > 0 && seen <= TOGGLE_SEARCH_NODES; seen++) {
    const n = stack.pop()!;
    if (!isElement(n)) continue;
    if (isToggle(disclosureView(n))) return true;
    for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]!);
  }
  return false;
}

/** The element before `child` among its parent's children (consecutive text is one node, so at most one is stepped over). */
function elementBefore(parent: P5Parent, child: P5Child): P5Element | undefined {
  const kids = parent.childNodes;
  for (let i = kids.length - 1, steps = 0; i >= 0 && steps < 3; i--, steps++) {
    const k = kids[i]!;
    if (k !== child && isElement(k)) return k;
  }
  return undefined;
}

export class TreeBudget {
  private made = 0;
  private kept = 0;
  private hidden = 0;
  private empty = 0;
  private unwrapped = 0;
  private readonly open = new Set<P5Node>();
  /** Elements inside a hidden subtree (its root included), and whether a reader sees that subtree. */
  private readonly hiddenRegion = new WeakMap<P5Node, 'unseen' | 'seen'>();
  /** ARIA's toggles read so far: the panels they control and their own ids. */
  private readonly toggles: AriaToggles = { controlled: new Set<string>(), toggleIds: new Set<string>() };

  constructor(private readonly limits: BudgetLimits, private readonly isActiveFormatting: (el: P5Element) => boolean) {}

  /** A node was made. */
  added(): void {
    this.made++;
    this.kept++;
  }

  /** Nodes in the tree now. */
  nodesKept(): number {
    return this.kept;
  }

  /** Nodes made so far, dropped ones included. */
  nodesMade(): number {
    return this.made;
  }

  dropped(): DroppedNodes {
    return { hidden: this.hidden, empty: this.empty, unwrapped: this.unwrapped };
  }

  opened(node: P5Parent): void {
    this.open.add(node);
  }

  /** An element left the stack of open elements: its last child is finished. */
  closed(node: P5Parent): void {
    this.open.delete(node);
    if (this.kept > this.limits.pruneFrom) this.finishLastChild(node);
  }

  attached(child: P5Child, parent: P5Parent): void {
    if (!isElement(child)) return;
    if (child.attrs.some((a) => a.name === 'aria-expanded')) this.noteToggle(disclosureView(child).attrs);
    const region = this.hiddenRegion.get(parent);
    if (region !== undefined) this.hiddenRegion.set(child, region);
    else if (isHiddenByAttrList(child.attrs)) this.hiddenRegion.set(child, this.isSeenHidden(child, parent) ? 'seen' : 'unseen');
  }

  private noteToggle(attrs: Readonly<Record<string, string>>): void {
    for (const id of attrs['aria-controls']?.match(/\S+/g) ?? []) (this.toggles.controlled as Set<string>).add(id);
    if (attrs['id']) (this.toggles.toggleIds as Set<string>).add(attrs['id']);
  }

  /** A hidden element a reader sees all the same: a panel opened in place (dom/disclosure.ts), a streamed segment. */
  private isSeenHidden(el: P5Element, parent: P5Parent): boolean {
    const view = disclosureView(el);
    if (SEGMENT_ID.test(view.attrs['id'] ?? '') || isNamedPanel(view) || isAriaPanel(view, this.toggles)) return true;
    const before = elementBefore(parent, el);
    return before !== undefined && holdsToggle(before);
  }

  beforeChild(parent: P5Parent): void {
    if (this.kept > this.limits.pruneFrom) this.finishLastChild(parent);
  }

  /** Looks at `parent`'s last child, now finished unless it is still open, and drops what the budget says. */
  private finishLastChild(parent: P5Parent): void {
    const kids = parent.childNodes;
    const last = kids[kids.length - 1];
    if (last === undefined) return;
    const collapsing = this.kept > this.limits.collapseFrom;
    const region = this.hiddenRegion.get(parent);
    const dropsHidden = region === 'unseen' || (region === 'seen' && collapsing);
    if (isText(last)) {
      if (dropsHidden) this.remove(parent, last, 'hidden', 1);
      return;
    }
    if (!isElement(last) || this.open.has(last) || NEVER_DROPPED.has(last.tagName) || this.isActiveFormatting(last)) return;
    if (dropsHidden) {
      this.remove(parent, last, 'hidden', subtreeSize(last));
      return;
    }
    const tag = last.tagName;
    if (last.childNodes.length === 0) {
      if (INLINE_TAGS.has(tag) || (collapsing && !KEPT_WHEN_EMPTY.has(tag))) this.remove(parent, last, 'empty', 1);
      return;
    }
    const only = last.childNodes[0]!;
    if (collapsing && INLINE_TAGS.has(tag) && last.childNodes.length === 1 && isText(only)) this.unwrap(parent, last, only);
  }

  private remove(parent: P5Parent, node: P5Child, reason: 'hidden' | 'empty', size: number): void {
    parent.childNodes.pop();
    node.parentNode = null;
    this.kept -= size;
    this[reason] += size;
  }

  /** Replaces the inline element `el`, its parent's last child, by its text, merged into a text node before it. */
  private unwrap(parent: P5Parent, el: P5Element, text: P5Text): void {
    parent.childNodes.pop();
    el.parentNode = null;
    el.childNodes = [];
    this.kept--;
    this.unwrapped++;
    const before = parent.childNodes[parent.childNodes.length - 1];
    if (before !== undefined && isText(before)) {
      before.value += text.value;
      this.kept--;
      return;
    }
    defaultTreeAdapter.appendChild(parent, text);
  }
}
