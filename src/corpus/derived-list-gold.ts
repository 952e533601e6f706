/**
 * Derived list gold (docs/lists.md, session 50): weak supervision for the list finder from a
 * page's human-reviewed main text, for listing pages that declare no items. The page's main
 * list is the candidate group (the rows of one tag path, as the list finder's candidates) whose
 * members' texts are lines of the main text: most of its members must be lines, and of the
 * groups that qualify the one covering the most lines wins. A group and the group nested in it
 * (an `li` and its one link) cover the same lines: the inner one is taken, as a declared item is
 * matched to its link. Two unrelated groups covering as many lines leave the page without gold.
 * The rule reads the page and its main text only, never a model's marks.
 */
import { contains, type DomTree, type ElementNode, firstHref, firstLinkElement } from '../dom/tree.js';
import { parseHtml } from '../dom/parse.js';
import { treeNodeRows, type TreeNodeRows } from '../features/tree-nodes.js';
import { candidateMembers } from '../models/lists/group-features.js';
import { comparableName, MIN_GOLD_ITEMS, stripDeclarations, type DeclaredItem, type ListGold } from './list-gold.js';

/** The declared source a derived gold carries (none of the default ones: isDefaultSource is false). */
export const DERIVED_SOURCE = 'derived:main-content';

/** A group qualifies when at least this share of its members' texts are main-text lines. */
const MIN_LINE_SHARE = 0.5;

/** Why a page gives no derived gold. */
export type DerivedSkip = 'no-main-text' | 'no-group' | 'tie';

export interface DerivedOptions {
  /** Each item is its link element (the link around the matched text, else its first link), as declared items are matched. */
  readonly asLinks?: boolean;
}

export type DerivedResult = { readonly gold: ListGold } | { readonly skip: DerivedSkip };

/** The main text's lines as compared (comparableName), empty ones left out. */
export function mainTextLines(mainText: string): Set<string> {
  const out = new Set<string>();
  for (const line of mainText.split(/\r?\n/)) {
    const t = comparableName(line);
    if (t) out.add(t);
  }
  return out;
}

/** A candidate group read against the main text: its members that are lines, and the distinct lines they cover. */
interface LineGroup {
  readonly matched: readonly number[];
  /** The characters of the distinct lines its members are (long titles outweigh a row of short tags). */
  readonly covered: number;
}

/** Page furniture: a menu or a footer repeated in the main text is not the page's list. */
const FURNITURE: ReadonlySet<string> = new Set(['nav', 'header', 'footer']);

/** Where an element stands: the link around it (its href; undefined: none), inside page furniture. */
function placeOf(tree: DomTree, id: number): { around: string | undefined; furniture: boolean } {
  let around: string | undefined, furniture = false;
  for (let p = tree.nodes[id]!.parent; p >= 0; p = tree.nodes[p]!.parent) {
    const el = tree.nodes[p] as ElementNode;
    if (el.tag === 'a' && around === undefined) around = el.attrs['href']?.trim() || undefined;
    if (FURNITURE.has(el.tag)) furniture = true;
  }
  return { around, furniture };
}

/** An element's link: its own or its first descendant's, else the link around it. */
const linkOf = (tree: DomTree, id: number): string | undefined => firstHref(tree, id) ?? placeOf(tree, id).around;

/**
 * A member counts when its whole text is a main-text line, it links somewhere (holds a link or
 * sits in one: list items lead to their pages, where paragraphs and spec lines do not), and it is
 * not in a nav, header or footer.
 */
function lineGroup(tree: DomTree, rows: TreeNodeRows, members: readonly number[], lines: ReadonlySet<string>): LineGroup | undefined {
  const matched: number[] = [];
  const seen = new Set<string>();
  for (const k of members) {
    const id = rows.ids[k]!;
    const t = comparableName(rows.textOf(id));
    if (!lines.has(t)) continue;
    const place = placeOf(tree, id);
    if (place.furniture || (place.around === undefined && firstHref(tree, id) === undefined)) continue;
    matched.push(id);
    seen.add(t);
  }
  if (seen.size < MIN_GOLD_ITEMS || matched.length < MIN_LINE_SHARE * members.length) return undefined;
  let covered = 0;
  for (const t of seen) covered += t.length;
  return { matched, covered };
}

/** Whether one group sits inside the other: each of a's elements holds or is held by one of b's. */
function nested(tree: DomTree, a: LineGroup, b: LineGroup): boolean {
  return a.matched.every((x) => b.matched.some((y) => contains(tree, y, x) || contains(tree, x, y)));
}

/** The depth of an element (the inner of two nested groups is the deeper). */
function depthOf(tree: DomTree, id: number): number {
  let d = 0;
  for (let p = tree.nodes[id]!.parent; p >= 0; p = tree.nodes[p]!.parent) d++;
  return d;
}

/**
 * The page's derived list gold from its main text (lines: headings and items on their own
 * lines), or why there is none. The page is read without its declarations, as the learner sees it.
 */
export function derivedListGold(html: string, mainText: string | undefined, url?: string, options: DerivedOptions = {}): DerivedResult {
  if (!mainText?.trim()) return { skip: 'no-main-text' };
  const lines = mainTextLines(mainText);
  const stripped = stripDeclarations(html);
  const tree = parseHtml(stripped, url ? { url } : {});
  const rows = treeNodeRows(tree);
  const groups: LineGroup[] = [];
  for (const members of candidateMembers(rows).values()) {
    const g = lineGroup(tree, rows, members, lines);
    if (g) groups.push(g);
  }
  if (!groups.length) return { skip: 'no-group' };
  const most = Math.max(...groups.map((g) => g.covered));
  const top = groups.filter((g) => g.covered === most);
  // Nested groups (an li and its link) are one list: keep the innermost; any other tie is a page without gold.
  const inner = top.reduce((a, b) => (depthOf(tree, b.matched[0]!) > depthOf(tree, a.matched[0]!) ? b : a));
  if (top.some((g) => g !== inner && !nested(tree, g, inner))) return { skip: 'tie' };
  const items: DeclaredItem[] = inner.matched.map((id) => {
    const href = linkOf(tree, id);
    return { name: rows.textOf(id).trim().replace(/\s+/g, ' '), ...(href ? { url: href } : {}) };
  });
  const pairs = options.asLinks ? linkPairs(tree, rows, inner.matched, items) : { nodes: inner.matched, items };
  if (pairs.nodes.length < MIN_GOLD_ITEMS) return { skip: 'no-group' };
  return { gold: { html: stripped, tree, rows, declared: { source: DERIVED_SOURCE, items: pairs.items }, nodes: pairs.nodes, items: pairs.items } };
}

/** The link element of a matched member: the link around it, else its first link (undefined: none). */
function linkElement(tree: DomTree, id: number): number | undefined {
  for (let p = id; p >= 0; p = tree.nodes[p]!.parent) {
    const el = tree.nodes[p] as ElementNode;
    if (el.tag === 'a' && el.attrs['href']?.trim()) return p;
  }
  return firstLinkElement(tree, id);
}

/** `asLinks`: each item moved to its link element (a row), as declared items are matched to the link to their page; one item a link. */
function linkPairs(tree: DomTree, rows: TreeNodeRows, matched: readonly number[], items: readonly DeclaredItem[]): { nodes: number[]; items: DeclaredItem[] } {
  const isRow = new Set(rows.ids);
  const seen = new Set<number>();
  const out: { id: number; item: DeclaredItem }[] = [];
  matched.forEach((id, k) => {
    const link = linkElement(tree, id);
    const at = link !== undefined && isRow.has(link) ? link : id;
    if (seen.has(at)) return;
    seen.add(at);
    out.push({ id: at, item: items[k]! });
  });
  out.sort((a, b) => a.id - b.id);
  return { nodes: out.map((o) => o.id), items: out.map((o) => o.item) };
}
