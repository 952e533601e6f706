/**
 * Panels a reader opens in place: a tab's panel, an accordion's section, an FAQ's answer, a
 * product's "Specifications" or "Description" box. Pages ship all but one of them hidden (the
 * `hidden` attribute, an inline `display:none`, a utility class) and a click shows the rest;
 * readers and benchmark golds count their text as the page's. What a menu, a pop-up or a
 * cart drawer is not: named so, tied to its toggle by ARIA, or right after its toggle.
 *
 * The parser (`dom/parse.ts`) leaves such panels visible; the decoder's `hidden-boxes`
 * (`decode/class-hidden.ts`) does not set them aside.
 */
import type { DomNode, ElementNode } from './tree.js';

/** Names of panels that open in place (in a class or an id). */
const DISCLOSURE_NAME = /accordion|collaps|expand|faq|answer|tab-?pane|tab-?panel|tab-?content/i;

/** How many nodes of the element before a panel are searched for its toggle. */
const TOGGLE_SEARCH_NODES = 40;

type Element = Pick<ElementNode, 'kind' | 'tag' | 'attrs'>;

/** A control that shows or hides something: a button, a `<summary>`, a tab, an ARIA toggle. */
export function isToggle(el: Element): boolean {
  const role = el.attrs['role'];
  return el.tag === 'button' || el.tag === 'summary' || role === 'button' || role === 'tab' ||
    'aria-expanded' in el.attrs || 'aria-controls' in el.attrs;
}

/** Whether `el`'s first `TOGGLE_SEARCH_NODES` nodes (itself included) hold a toggle. */
export function holdsToggle(nodes: readonly DomNode[], el: Pick<ElementNode, 'id' | 'end'>): boolean {
  const last = Math.min(el.end, el.id + TOGGLE_SEARCH_NODES);
  for (let i = el.id; i <= last; i++) {
    const n = nodes[i]!;
    if (n.kind === 'element' && isToggle(n)) return true;
  }
  return false;
}

/** A panel by its own markup: `role="tabpanel"`, or a class or id that names one. */
export function isNamedPanel(el: Element): boolean {
  return el.attrs['role']?.trim().toLowerCase() === 'tabpanel' ||
    DISCLOSURE_NAME.test(`${el.attrs['class'] ?? ''} ${el.attrs['id'] ?? ''}`);
}

/**
 * The ids ARIA ties to toggles, from the elements that carry `aria-expanded`: the panels they
 * name in `aria-controls`, and their own ids (a panel's `aria-labelledby` names its toggle).
 */
export interface AriaToggles {
  readonly controlled: ReadonlySet<string>;
  readonly toggleIds: ReadonlySet<string>;
}

const ID_LIST = /\S+/g;

export function ariaToggles(expandable: Iterable<Element>): AriaToggles {
  const controlled = new Set<string>();
  const toggleIds = new Set<string>();
  for (const el of expandable) {
    if (!('aria-expanded' in el.attrs)) continue;
    for (const id of el.attrs['aria-controls']?.match(ID_LIST) ?? []) controlled.add(id);
    const id = el.attrs['id'];
    if (id) toggleIds.add(id);
  }
  return { controlled, toggleIds };
}

/** A panel ARIA ties to a toggle: one a toggle controls, or one labelled by a toggle. */
export function isAriaPanel(el: Element, toggles: AriaToggles): boolean {
  const id = el.attrs['id'];
  if (id && toggles.controlled.has(id)) return true;
  const labelledBy = el.attrs['aria-labelledby'];
  return labelledBy !== undefined && (labelledBy.match(ID_LIST) ?? []).some((x) => toggles.toggleIds.has(x));
}
