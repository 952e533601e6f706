/**
 * A site's headline conventions, learned from its labelled pages' gold headlines (the runtime
 * side is src/models/wrapper/headline.ts):
 * - the block that shows the headline: the one the gold labels title, else (a site that sets
 *   its headline as one line of a `<br>`-joined block, which no block label isolates) a block
 *   with a line that is the headline, which then teaches the title rule;
 * - which line of that block it is, by position from the start or the end;
 * - what the site writes around every headline inside its title element, and in `<title>`.
 */
import type { GoldLabel } from '../labels.js';
import { normalizeSpace } from '../dom/tree.js';
import { linesOf, sameHeadline, TITLE_SEPARATORS, type DeclaredTitlePattern, type LinePosition } from '../models/wrapper/headline.js';
import type { LabelledPage } from './labelled-page.js';

const isContent = (l: GoldLabel | undefined): boolean => l === 'title' || l === 'heading' || l === 'body';

/** Where a page shows its gold headline: a text block, and the line of it (of how many). */
export interface TitlePlace {
  readonly block: number;
  /** 0-based index among the block's lines. */
  readonly line: number;
  readonly lines: number;
}

/** Index of the line that is the headline, else of one that contains it; -1 when none. */
function headlineLine(lines: readonly string[], gold: string): number {
  const exact = lines.findIndex((l) => sameHeadline(l, gold));
  if (exact >= 0) return exact;
  const g = normalizeSpace(gold);
  return g ? lines.findIndex((l) => l.includes(g)) : -1;
}

/**
 * The block that shows a page's gold headline: the first block labelled title whose text holds
 * it, else the first block of several lines, not labelled content, with a line that is the
 * headline. Undefined when the page has no gold headline or shows it nowhere.
 */
export function titlePlace(p: LabelledPage): TitlePlace | undefined {
  if (!p.goldTitle) return undefined;
  const blocks = p.page.blocks;
  for (let i = 0; i < blocks.length; i++) {
    if (p.labels[i] !== 'title' || blocks[i]!.kind !== 'text') continue;
    const lines = linesOf(blocks[i]!.text);
    const line = headlineLine(lines, p.goldTitle);
    if (line >= 0) return { block: i, line, lines: lines.length };
  }
  for (let i = 0; i < blocks.length; i++) {
    if (isContent(p.labels[i]) || blocks[i]!.kind !== 'text' || !blocks[i]!.text.includes('\n')) continue;
    const lines = linesOf(blocks[i]!.text);
    const line = lines.length > 1 ? lines.findIndex((l) => sameHeadline(l, p.goldTitle!)) : -1;
    if (line >= 0) return { block: i, line, lines: lines.length };
  }
  return undefined;
}

/** The page with the block that shows its headline labelled title (when the gold labelled another or none). */
export function withTitleBlock(p: LabelledPage, place: TitlePlace | undefined): LabelledPage {
  if (!place || p.labels[place.block] === 'title') return p;
  const labels = [...p.labels];
  labels[place.block] = 'title';
  return { ...p, labels };
}

/** The position every multi-line title block puts its headline at (from the start, the end, or both), if they agree. */
export function learnTitleLine(places: readonly (TitlePlace | undefined)[]): LinePosition | undefined {
  const multi = places.filter((x): x is TitlePlace => x !== undefined && x.lines > 1);
  if (multi.length === 0) return undefined;
  const first = multi.every((x) => x.line === multi[0]!.line) ? multi[0]!.line + 1 : undefined;
  const last = multi.every((x) => x.lines - x.line === multi[0]!.lines - multi[0]!.line) ? multi[0]!.lines - multi[0]!.line : undefined;
  if (first === undefined && last === undefined) return undefined;
  return { ...(first !== undefined ? { first } : {}), ...(last !== undefined ? { last } : {}) };
}

/** The prefix and suffix every text has around its headline, when all agree (one pair at least). */
function commonAffixes(pairs: readonly { shown: string; gold: string }[]): { prefix: string; suffix: string } | undefined {
  const prefixes = new Set<string>();
  const suffixes = new Set<string>();
  for (const { shown, gold } of pairs) {
    const s = normalizeSpace(shown);
    const g = normalizeSpace(gold);
    const at = g ? s.indexOf(g) : -1;
    if (at < 0) return undefined;
    prefixes.add(s.slice(0, at));
    suffixes.add(s.slice(at + g.length));
  }
  if (pairs.length === 0 || prefixes.size !== 1 || suffixes.size !== 1) return undefined;
  return { prefix: [...prefixes][0]!, suffix: [...suffixes][0]! };
}

/**
 * What the site writes around every headline inside its title element: the text before and
 * after the gold headline on the line that shows it, when every training page with a gold
 * title agrees on it ("Forbes.com: " + headline). Empty when they disagree or show none.
 */
export function learnTitleAffixes(pages: readonly LabelledPage[]): { prefix: string; suffix: string } {
  const pairs: { shown: string; gold: string }[] = [];
  for (const p of pages) {
    if (!p.goldTitle) continue;
    const place = titlePlace(p);
    const shown = place ? linesOf(p.page.blocks[place.block]!.text)[place.line] ?? '' : '';
    pairs.push({ shown, gold: p.goldTitle });
  }
  return commonAffixes(pairs) ?? { prefix: '', suffix: '' };
}

/**
 * How the pages' `<title>` holds the gold headline: a prefix and suffix all pages share, else
 * the part between separators all pages put it at (from the start or the end). Undefined when
 * no page has both or they agree on neither.
 */
export function learnDeclaredTitle(pages: readonly LabelledPage[]): DeclaredTitlePattern | undefined {
  const pairs = pages.filter((p) => p.goldTitle && p.page.tree.title.trim()).map((p) => ({ shown: p.page.tree.title, gold: p.goldTitle! }));
  if (pairs.length === 0) return undefined;
  // A constant prefix is evidence only when pages share it; one page's prefix may hold its
  // section ("BBC NEWS | Science | "), so one page tries the separators first.
  const affixes = commonAffixes(pairs);
  if (affixes && pairs.length > 1) return affixes;
  for (const separator of TITLE_SEPARATORS) {
    const places: TitlePlace[] = [];
    for (const { shown, gold } of pairs) {
      const parts = normalizeSpace(shown).split(separator);
      const at = parts.length > 1 ? parts.findIndex((x) => sameHeadline(x, gold)) : -1;
      if (at < 0) break;
      places.push({ block: 0, line: at, lines: parts.length });
    }
    if (places.length < pairs.length) continue;
    const part = learnTitleLine(places);
    if (part) return { separator, part };
  }
  return affixes;
}
