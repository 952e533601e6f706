/**
 * What a list page shows of its declared items, for the records bench (bench/fields-records.ts,
 * docs/fields.md): which declared names it shows honestly, and the page's ceiling, the best
 * record F1 any extractor could reach from the page as shown. Both read the page and the
 * declaration only, never an extractor's output.
 */
import { elementText, isAriaAttr, LINK_VALUE_ATTRS, linkOf, normalizeValue, TEXT_VALUE_ATTRS } from '../src/models/wrapper/fields.js';
import type { DomTree } from '../src/dom/tree.js';

/** A page's text nodes (white space collapsed) and its elements' whole texts (normalised as values are): where a declared name is shown. */
export interface PageShows {
  readonly text: string;
  readonly nodes: readonly string[];
  readonly wholes: ReadonlySet<string>;
}

/** What the page `tree`, whose whole text is `text`, shows. */
export function pageShows(tree: DomTree, text: string): PageShows {
  const nodes: string[] = [];
  const wholes = new Set<string>();
  for (const n of tree.nodes) {
    if (n.kind === 'text') nodes.push(n.text.replace(/\s+/g, ' '));
    if (n.kind === 'element') wholes.add(normalizeValue(elementText(tree, n)));
  }
  return { text, nodes, wholes };
}

/** Whether the span [at, at + length) of `text` lies inside an occurrence of `outer`. */
function coveredBy(text: string, at: number, length: number, outer: string): boolean {
  const j = text.indexOf(outer, Math.max(0, at + length - outer.length));
  return j >= 0 && j <= at;
}

/** Whether `name` stands in `text` at word boundaries (no letter or digit just before or after it), other than inside one of the `longer` names that hold it. */
export function atWordBoundaries(text: string, name: string, longer: readonly string[]): boolean {
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    if (/[\p{L}\p{N}]$/u.test(text.slice(Math.max(0, i - 2), i)) || /^[\p{L}\p{N}]/u.test(text.slice(i + name.length, i + name.length + 2))) continue;
    if (!longer.some((l) => coveredBy(text, i, name.length, l))) return true;
  }
  return false;
}

/** Whether `name` is an element's whole text or stands in a text node at word boundaries (outside the `longer` declared names that hold it). */
export function showsAsUnit(page: PageShows, name: string, longer: readonly string[]): boolean {
  return page.wholes.has(name) || page.nodes.some((t) => atWordBoundaries(t, name, longer));
}

/** A shown declared item as the ceiling reads it: its URL resolved as the page resolves links, its price. */
export interface CeilingItem { readonly url?: string; readonly price?: string }

/** The fields the examples give beside the name. */
export interface GivenFields { readonly withPrice: boolean; readonly withUrl: boolean }

/** Where a page holds values a field rule can read beside its text: every link attribute's target (resolved; `href`, `src`, `data-src`, `cite`, ...) and every text attribute's value (`content`, `alt`, `aria-*`, ...). */
export interface PageValues {
  readonly text: string;
  readonly links: ReadonlySet<string>;
  readonly attrTexts: readonly string[];
}

/** The values the page `tree`, whose whole text is `text`, holds where a rule can read them. */
export function pageValues(tree: DomTree, text: string): PageValues {
  const links = new Set<string>();
  const attrTexts: string[] = [];
  for (const n of tree.nodes) {
    if (n.kind !== 'element') continue;
    for (const a of LINK_VALUE_ATTRS) {
      const l = linkOf(tree, n, a);
      if (l !== undefined) links.add(l);
    }
    for (const [k, v] of Object.entries(n.attrs)) if ((TEXT_VALUE_ATTRS as readonly string[]).includes(k) || isAriaAttr(k)) attrTexts.push(v);
  }
  return { text, links, attrTexts };
}

/**
 * The page's ceiling with the fields `given`: the F1 of an extractor that outputs exactly the
 * reachable items of `shown` (precision 1; recall over `shown`). `shown` holds the declared items
 * the page shows (their names shown, by whichever test the bench uses), so an item is reachable
 * when every other given field stands where a rule can read it: its URL as a link attribute's
 * resolved target, its price in the page's text or a text attribute's value (`content`).
 */
export function ceilingF1(page: PageValues, shown: readonly CeilingItem[], given: GivenFields): number {
  const reachable = shown.filter((i) =>
    (!given.withUrl || (i.url !== undefined && page.links.has(i.url)))
    && (!given.withPrice || (i.price !== undefined && (page.text.includes(i.price) || page.attrTexts.some((a) => a.includes(i.price!)))))).length;
  const r = shown.length > 0 ? reachable / shown.length : 0;
  return reachable > 0 ? (2 * r) / (1 + r) : 0;
}
