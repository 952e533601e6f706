/**
 * What a list page shows of its declared items, for the records bench (bench/fields-records.ts,
 * docs/fields.md): which declared names it shows honestly, and the page's ceiling, the best
 * record F1 any extractor could reach from the page as shown. Both read the page and the
 * declaration only, never an extractor's output.
 */
import { elementText, isAriaAttr, normalizeValue, TEXT_VALUE_ATTRS } from '../src/models/wrapper/fields.js';
import type { DomTree } from '../src/dom/tree.js';

/** A page's text nodes (white space collapsed), its elements' whole texts and its text attributes' values (normalised as values are). */
export interface PageShows {
  readonly text: string;
  readonly nodes: readonly string[];
  readonly wholes: ReadonlySet<string>;
  readonly attrs: ReadonlySet<string>;
}

/** Whether an attribute holds text a value may stand in (alt, title, aria-label, ...), as field rules read them. */
function isTextValueAttr(name: string): boolean {
  return (TEXT_VALUE_ATTRS as readonly string[]).includes(name) || isAriaAttr(name);
}

/** What the page `tree`, whose whole text is `text`, shows. */
export function pageShows(tree: DomTree, text: string): PageShows {
  const nodes: string[] = [];
  const wholes = new Set<string>();
  const attrs = new Set<string>();
  for (const n of tree.nodes) {
    if (n.kind === 'text') nodes.push(n.text.replace(/\s+/g, ' '));
    if (n.kind !== 'element') continue;
    wholes.add(normalizeValue(elementText(tree, n)));
    for (const [k, v] of Object.entries(n.attrs)) if (isTextValueAttr(k)) attrs.add(normalizeValue(v));
  }
  return { text, nodes, wholes, attrs };
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

/** A shown declared item as the ceiling reads it: its name (normalised), its URL resolved as the page resolves links, its price. */
export interface CeilingItem { readonly name: string; readonly url?: string; readonly price?: string }

/** The fields the examples give beside the name. */
export interface GivenFields { readonly withPrice: boolean; readonly withUrl: boolean }

/**
 * The page's ceiling with the fields `given`: the F1 of an extractor that outputs exactly the
 * reachable shown items (precision 1; recall over `shown`). An item is reachable when every given
 * field stands on the page: its name as a unit (`showsAsUnit`) or a text attribute's whole value,
 * its URL as a link's resolved target (`links`), its price in the page's text. `longerOf` gives
 * the declared names that hold a name (not counted as showing it).
 */
export function ceilingF1(page: PageShows, links: ReadonlySet<string>, shown: readonly CeilingItem[], given: GivenFields, longerOf: (name: string) => readonly string[]): number {
  const reachable = shown.filter((i) =>
    (showsAsUnit(page, i.name, longerOf(i.name)) || page.attrs.has(i.name))
    && (!given.withUrl || (i.url !== undefined && links.has(i.url)))
    && (!given.withPrice || (i.price !== undefined && page.text.includes(i.price)))).length;
  const r = shown.length > 0 ? reachable / shown.length : 0;
  return reachable > 0 ? (2 * r) / (1 + r) : 0;
}
