/**
 * Elements a stylesheet hides by a utility class (`hide`, `hidden`, `d-none`, `is-hidden`): the
 * menus, modals, promo bars, cart drawers and spare copies of a box that a reader never sees
 * until a script opens them; and text only screen readers get (`sr-only`, `visually-hidden`,
 * `screen-reader-text`: `SCREEN_READER_CLASSES`). Not counted are the panels a reader opens in
 * place (an FAQ's answer, an accordion, a tab; dom/disclosure.ts, which the parser reads too):
 * content that readers and benchmark golds count as the page's.
 *
 * The segmentation keeps their blocks (the learner reads them, as it did in training: a hidden
 * menu is still a menu), and the decoder sets them aside (`hidden-boxes`).
 */
import type { DomNode, DomTree, ElementNode } from '../dom/tree.js';
import { MAX_CLASS_CHARS } from './blocks-under.js';
import { holdsToggle, isNamedPanel } from '../dom/disclosure.js';
import { ClassNames, HIDING_CLASSES, NameBit } from './class-names.js';

const HIDING_TOKENS: ReadonlySet<string> = new Set(HIDING_CLASSES);

/** Whether a hiding class is among the element's names, read through the page's `ClassNames`: `classHiddenBox`'s first test. */
export function namesHidingIn(names: ClassNames): (el: ElementNode) => boolean {
  return (el) => (names.of(el) & NameBit.hiding) !== 0;
}

/**
 * A breakpoint that shows the element again (`md:block`, `1080:d-flex`, `@2xl:block`, `d-lg-block`,
 * `show@medium`, `md:not-sr-only`): hidden only on small screens. A state (`group-hover:block`,
 * `dark:block`, `focus:not-sr-only`) does not count.
 */
const SHOWING_TOKEN = /^(?:(?:sm|md|lg|xl|\d?xl|\d+|@\w+|min-\[[^\]]+\]|tablet|laptop|desktop):!?(?:d-)?|d-(?:sm|md|lg|xl|xxl)-)(?:block|flex|grid|inline|inline-block|inline-flex|inline-grid|table|table-cell|table-row|contents|not-sr-only)$|^visible-|^show@/;

/** An inline display that overrides the class: a script has shown the element. */
const SHOWN_BY_STYLE = /(?:^|;)\s*display\s*:\s*(?!none)[a-z]/i;

/**
 * A set of tabs: at least this many siblings alike but for the hiding class, one of them shown.
 * Two alike (one shown, one hidden) are more often a page's A/B variants of one box.
 */
const MIN_TAB_SET = 3;

function classTokens(el: ElementNode): string[] {
  const cls = el.attrs['class'];
  return cls ? cls.toLowerCase().split(/\s+/).filter(Boolean) : [];
}

/** Whether the element's own classes hide it at every screen size. */
export function hiddenByClassTokens(tokens: readonly string[]): boolean {
  return tokens.some((t) => HIDING_TOKENS.has(t)) && !tokens.some((t) => SHOWING_TOKEN.test(t));
}

/** A tag and its classes but the hiding ones: what panels of one set share. */
function kindOf(el: ElementNode, tokens: readonly string[]): string {
  const shown = tokens.filter((t) => !HIDING_TOKENS.has(t));
  return shown.length === 0 ? '' : `${el.tag} ${shown.join(' ')}`;
}

/** One parent's element children, read once however many of them a class hides. */
class Siblings {
  readonly elements: readonly ElementNode[];
  private readonly at = new Map<number, number>();
  private kinds: Map<string, { alike: number; shown: boolean }> | undefined;

  constructor(nodes: readonly DomNode[], parent: ElementNode) {
    const elements: ElementNode[] = [];
    for (const c of parent.children) {
      const n = nodes[c]!;
      if (n.kind === 'element') {
        this.at.set(n.id, elements.length);
        elements.push(n);
      }
    }
    this.elements = elements;
  }

  before(el: ElementNode): ElementNode | undefined {
    const i = this.at.get(el.id) ?? 0;
    return i > 0 ? this.elements[i - 1] : undefined;
  }

  isInTabSet(kind: string): boolean {
    if (kind === '') return false;
    this.kinds ??= this.countKinds();
    const k = this.kinds.get(kind);
    return k !== undefined && k.shown && k.alike >= MIN_TAB_SET;
  }

  private countKinds(): Map<string, { alike: number; shown: boolean }> {
    const kinds = new Map<string, { alike: number; shown: boolean }>();
    for (const s of this.elements) {
      const tokens = classTokens(s);
      const kind = kindOf(s, tokens);
      if (kind === '') continue;
      const k = kinds.get(kind) ?? { alike: 0, shown: false };
      k.alike++;
      if (!s.hidden && !hiddenByClassTokens(tokens)) k.shown = true;
      kinds.set(kind, k);
    }
    return kinds;
  }
}

/**
 * A panel a reader opens in place: named so, toggled by the element before it, or one of a set
 * of tabs. Code counts too: documentation hides the source of its live examples (MDN's
 * `pre.hidden`) behind a rendered sample, and code in an article is content.
 */
function isDisclosurePanel(nodes: readonly DomNode[], el: ElementNode, tokens: readonly string[], siblings: Siblings): boolean {
  if (el.tag === 'pre' || isNamedPanel(el)) return true;
  const prev = siblings.before(el);
  return (prev !== undefined && holdsToggle(nodes, prev)) || siblings.isInTabSet(kindOf(el, tokens));
}

/**
 * A test of one element: whether a class hides it and it is no panel that opens in place. Its
 * siblings are read once per parent, however many of them it is asked about; a class string
 * longer than `MAX_CLASS_CHARS` is a feature-flag dump and names nothing. `namesHiding` says whether
 * a hiding class is among its names (by default `ClassNames` answers it from the page's names read once).
 */
export function classHiddenBox(tree: DomTree, namesHiding: (el: ElementNode, cls: string) => boolean = namesHidingIn(new ClassNames(tree))): (el: ElementNode) => boolean {
  const nodes = tree.nodes;
  const siblingsOf = new Map<number, Siblings>();
  return (el) => {
    const cls = el.attrs['class'];
    if (cls === undefined || el.hidden || cls.length > MAX_CLASS_CHARS || !namesHiding(el, cls)) return false;
    const tokens = classTokens(el);
    if (!hiddenByClassTokens(tokens) || SHOWN_BY_STYLE.test(el.attrs['style'] ?? '')) return false;
    const parent = nodes[el.parent];
    if (parent === undefined || parent.kind !== 'element') return false;
    let siblings = siblingsOf.get(parent.id);
    if (siblings === undefined) siblingsOf.set(parent.id, siblings = new Siblings(nodes, parent));
    return !isDisclosurePanel(nodes, el, tokens, siblings);
  };
}

/** Ids of the outermost elements a class hides (`classHiddenBox`); their subtrees are hidden with them. */
export function classHiddenRoots(tree: DomTree): number[] {
  const isBox = classHiddenBox(tree);
  const roots: number[] = [];
  for (let i = 0; i < tree.nodes.length; i++) {
    const n = tree.nodes[i]!;
    if (n.kind === 'element' && isBox(n)) {
      roots.push(n.id);
      i = n.end;
    }
  }
  return roots;
}
