/**
 * A site's headline conventions, learned from its labelled pages (src/wrapper/title.ts):
 * - which line of a title block holds the headline, when the site sets it in one element with
 *   other lines (`Section<br>Headline<br>Byline`): a position from the start or from the end,
 *   as a rule step's (`first` or `last`, either when the pages agree both ways);
 * - how the page's `<title>` holds the headline (`Forbes.com: Headline`, `Headline - Forbes.com`,
 *   `BBC NEWS | Americas | Headline`): a constant prefix and suffix, or one part between
 *   separators counted from the start or the end. The headline this gives is matched against
 *   the lines shown, so a page shows the headline the site declares, not a neighbouring line.
 */
import type { Page } from '../../page.js';
import { normalizeSpace } from '../../dom/tree.js';
import { comparableText } from '../../util/comparable-text.js';

/** The headline's line in a title block: 1-based from the start and/or from the end (either matches). */
export interface LinePosition {
  readonly first?: number;
  readonly last?: number;
}

/** How `<title>` holds the headline: around it a constant prefix and suffix, or one of its parts between `separator`s. */
export type DeclaredTitlePattern =
  | { readonly prefix: string; readonly suffix: string }
  | { readonly separator: string; readonly part: LinePosition };

/** Separators sites put between the parts of `<title>`. */
export const TITLE_SEPARATORS: readonly string[] = [' | ', ' - ', ' \u2013 ', ' \u2014 ', ': ', ' :: ', ' \u00bb ', ' \u00b7 '];

/** The lines of a block's text (split at `<br>`), blank ones left out. */
export function linesOf(text: string): string[] {
  return text.split('\n').map(normalizeSpace).filter(Boolean);
}

/**
 * The item at a position, if the list has it. Where both counts are known and point at
 * different items, the one nearer its end wins (`Site | Section | Headline` keeps the last
 * part on a page with one more section); a tie goes to the count from the start.
 */
export function atPosition<T>(items: readonly T[], pos: LinePosition): T | undefined {
  const fromStart = pos.first !== undefined && pos.first <= items.length ? items[pos.first - 1] : undefined;
  const fromEnd = pos.last !== undefined && pos.last <= items.length ? items[items.length - pos.last] : undefined;
  if (fromStart === undefined) return fromEnd;
  if (fromEnd === undefined) return fromStart;
  return pos.last! < pos.first! ? fromEnd : fromStart;
}

/** The headline a `<title>` declares by the site's pattern; undefined when it does not fit. */
export function declaredHeadline(pattern: DeclaredTitlePattern, documentTitle: string): string | undefined {
  const whole = normalizeSpace(documentTitle);
  if (!whole) return undefined;
  if ('separator' in pattern) {
    const parts = whole.split(pattern.separator).map(normalizeSpace);
    return parts.length > 1 ? atPosition(parts, pattern.part) || undefined : undefined;
  }
  if (!whole.startsWith(pattern.prefix) || !whole.endsWith(pattern.suffix)) return undefined;
  const rest = normalizeSpace(whole.slice(pattern.prefix.length, whole.length - pattern.suffix.length));
  return rest || undefined;
}

/** True when two texts are the same headline (case, punctuation and spacing aside). */
export function sameHeadline(a: string, b: string): boolean {
  const x = comparableText(a);
  return x !== '' && x === comparableText(b);
}

export interface HeadlineConventions {
  readonly titleLine?: LinePosition;
  readonly declaredTitle?: DeclaredTitlePattern;
}

/**
 * The headline of a page by the site's conventions, or undefined to keep the extracted one.
 * `blockText`: the title block's text (lines kept); `sitePositions`: whether the site's rules
 * labelled the page (line positions belong to its template; the declared pattern to the site).
 */
export function conventionalHeadline(page: Page, conventions: HeadlineConventions, blockText: string | undefined, sitePositions: boolean): string | undefined {
  const lines = blockText === undefined ? [] : linesOf(blockText);
  const declared = conventions.declaredTitle && page.tree.title ? declaredHeadline(conventions.declaredTitle, page.tree.title) : undefined;
  if (declared && lines.length > 1) {
    const line = lines.find((l) => sameHeadline(l, declared));
    if (line) return line;
  }
  if (sitePositions && conventions.titleLine && lines.length > 1) {
    const line = atPosition(lines, conventions.titleLine);
    if (line) return line;
  }
  // The title block is another element than the declared headline, which the page shows:
  // a rule that reached a neighbouring heading (a masthead set as <h1>, another template's).
  if (declared && !lines.some((l) => sameHeadline(l, declared))) {
    for (const b of page.blocks) {
      if (b.kind === 'text' && linesOf(b.text).some((l) => sameHeadline(l, declared))) return declared;
    }
  }
  return undefined;
}

/** Checks a line position read from a model file; returns an error message or undefined. */
export function checkLinePosition(x: unknown, what: string): string | undefined {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return `${what} must be an object`;
  const p = x as Record<string, unknown>;
  for (const k of ['first', 'last'] as const) {
    if (p[k] !== undefined && !(Number.isInteger(p[k]) && (p[k] as number) >= 1)) return `${what}'s ${k} must be a positive integer`;
  }
  if (p['first'] === undefined && p['last'] === undefined) return `${what} needs first or last`;
  return undefined;
}

/** Checks a declared-title pattern read from a model file; returns an error message or undefined. */
export function checkDeclaredTitle(x: unknown): string | undefined {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return 'declaredTitle must be an object';
  const p = x as Record<string, unknown>;
  if ('separator' in p) return typeof p['separator'] === 'string' && p['separator'] !== '' ? checkLinePosition(p['part'], "declaredTitle's part") : "declaredTitle's separator must be a non-empty string";
  return typeof p['prefix'] === 'string' && typeof p['suffix'] === 'string' ? undefined : "declaredTitle needs a prefix and a suffix (strings) or a separator and a part";
}
