/**
 * The page's main repeated list, found without examples (list-extraction study): the list model's rule
 * sets mark the elements that are list items (an element most of them mark); marked elements with the same tag path form a
 * candidate list (list-extraction study's repetition: items of one list share their path from the root);
 * the candidate with the most marked elements is the main list, when it has at least
 * `MIN_LIST_ITEMS`, and every element on its path is one of its items. Where the item rules mark
 * no such candidate, a version 2 model's group rules rank the page's candidate groups (rows
 * sharing a tag path) and the best one is the list when their probability reaches the model's threshold;
 * where neither finds one, a version 3 model's group ranker picks among the candidate groups.
 * Each item is its element's text and link (the element's own `href`, else its first link's).
 */
import { firstHref, type DomTree } from '../../dom/tree.js';
import { MIN_GROUP, treeNodeRows, type TreeNodeRows } from '../../features/tree-nodes.js';
import type { ListModel } from './list-model.js';
import type { TwoClassRules } from '../ripper/two-class.js';
import { candidateFeatures, candidateMembers, type CandidateGroup } from './group-features.js';

export interface ListItem {
  /** The item's visible text, white space collapsed. */
  readonly text: string;
  /** The item's link, resolved against the page's URL when it has one. */
  readonly href?: string;
}

export interface FoundList {
  readonly items: readonly ListItem[];
}

/** Fewer marked elements than this on one path is not a list (a list is a repeated group). */
export const MIN_LIST_ITEMS = MIN_GROUP;

export interface ListDetection {
  /** Element ids of the main list's items, in page order (empty when none). */
  readonly nodes: readonly number[];
  readonly lists: readonly FoundList[];
}

/** Per item rule set: the rule firing on each row (-1: none, the default). */
function itemFirings(rows: TreeNodeRows, model: Pick<ListModel, 'ruleSets'>): Int32Array[] {
  return model.ruleSets.map((rules) => rules.fire(rows.items));
}

/** Per row: whether most rule sets mark it (some rule of theirs fires). */
function votedRows(firings: readonly Int32Array[], n: number): boolean[] {
  const votes = new Int32Array(n);
  for (const fired of firings) for (let k = 0; k < fired.length; k++) if (fired[k]! >= 0) votes[k]++;
  return Array.from(votes, (v) => v * 2 > firings.length);
}

/** The item rule sets' step of a page: each run once, their per-row vote, the marked ids and the list they give (mainGroup). */
interface ItemVote {
  readonly firings: readonly Int32Array[];
  readonly rowMarks: readonly boolean[];
  readonly marked: readonly number[];
  readonly list: number[];
}

function itemVote(rows: TreeNodeRows, model: Pick<ListModel, 'ruleSets'>): ItemVote {
  const firings = itemFirings(rows, model);
  const rowMarks = votedRows(firings, rows.ids.length);
  const marked = rows.ids.filter((_, k) => rowMarks[k]);
  return { firings, rowMarks, marked, list: mainGroup(marked, rows) };
}

/** Per row: the mean over the rule sets of the firing rule's (or the default's) Laplace accuracy. */
function meanProbabilities(rows: TreeNodeRows, firings: readonly Int32Array[], ruleSets: readonly TwoClassRules[]): Float64Array {
  const out = new Float64Array(rows.ids.length);
  firings.forEach((fired, s) => {
    for (let k = 0; k < fired.length; k++) out[k]! += ruleSets[s]!.probability(fired[k]!) / ruleSets.length;
  });
  return out;
}

/**
 * The main list: marked elements grouped by tag path, the group with the most (ties: the
 * earlier), when it has at least MIN_LIST_ITEMS; then completed with every candidate element on
 * that path, since a list's items share their path and the rules need not mark each one.
 */
export function mainGroup(marked: readonly number[], rows: Pick<TreeNodeRows, 'ids' | 'pathOf'>): number[] {
  const { pathOf } = rows;
  const counts = new Map<number, number>();
  let best = -1, bestCount = 0;
  for (const id of marked) {
    const c = (counts.get(pathOf[id]!) ?? 0) + 1;
    counts.set(pathOf[id]!, c);
    if (c > bestCount) { best = pathOf[id]!; bestCount = c; }
  }
  if (bestCount < MIN_LIST_ITEMS) return [];
  return rows.ids.filter((id) => pathOf[id] === best);
}

/**
 * The page's candidate groups: rows sharing a tag path, MIN_LIST_ITEMS or more, in page order of
 * their first member, whose row stands for the group (its group features describe the whole group).
 */
export function candidateGroups(rows: Pick<TreeNodeRows, 'ids' | 'pathOf'>): { path: number; first: number }[] {
  return [...candidateMembers(rows)].map(([path, ks]) => ({ path, first: ks[0]! }));
}

/** Per candidate group's path (page order): the group rule sets' mean probability that it is the page's list. */
export function groupProbabilities(rows: TreeNodeRows, groupRuleSets: readonly TwoClassRules[]): Map<number, number> {
  const groups = candidateGroups(rows);
  const items = groups.map((g) => rows.items[g.first]!);
  const out = new Map<number, number>(groups.map((g) => [g.path, 0]));
  for (const r of groupRuleSets) {
    const fired = r.fire(items);
    groups.forEach((g, i) => out.set(g.path, out.get(g.path)! + r.probability(fired[i]!) / groupRuleSets.length));
  }
  return out;
}

/** The rows of the most probable group (ties: the earlier), when its probability reaches the threshold; else none. */
export function bestGroup(probs: ReadonlyMap<number, number>, rows: Pick<TreeNodeRows, 'ids' | 'pathOf'>, threshold: number): number[] {
  let best = -1, bestP = -Infinity;
  for (const [path, p] of probs) if (p > bestP) { best = path; bestP = p; }
  if (best < 0 || bestP < threshold) return [];
  return rows.ids.filter((id) => rows.pathOf[id] === best);
}

/** What the model's rules say about a page's rows, each rule set run once. */
export interface RuleMarks {
  /** Element ids most item rule sets mark, in page order. */
  readonly marked: readonly number[];
  /** Per row: marked by most item rule sets (the same marks as `marked`). */
  readonly rowMarks: readonly boolean[];
  /** Per row: the item rule sets' mean probability. */
  readonly probability: Float64Array;
  /** Per candidate path: the group rule sets' probability (absent: the model has none). */
  readonly groups?: ReadonlyMap<number, number>;
  /** The item rules' list (mainGroup of `marked`; empty: none). */
  readonly list: readonly number[];
}

/** The group rule sets' probabilities, when the model has group rule sets. */
function groupsOf(rows: TreeNodeRows, model: ListModel): Map<number, number> | undefined {
  return model.groupRuleSets.length ? groupProbabilities(rows, model.groupRuleSets) : undefined;
}

/** The rules' marks from the item rules' vote and the group rules' probabilities. */
function marksOf(rows: TreeNodeRows, model: ListModel, vote: ItemVote, groups: ReadonlyMap<number, number> | undefined): RuleMarks {
  return {
    marked: vote.marked, rowMarks: vote.rowMarks, probability: meanProbabilities(rows, vote.firings, model.ruleSets),
    list: vote.list, ...(groups ? { groups } : {}),
  };
}

/** The rules' marks on a page: its item rule sets and its group rule sets each run once. */
export function ruleMarks(rows: TreeNodeRows, model: ListModel): RuleMarks {
  return marksOf(rows, model, itemVote(rows, model), groupsOf(rows, model));
}

/** The candidate groups with their features (group-features.ts), the rules' marks among them. */
export function markedCandidates(tree: DomTree, rows: TreeNodeRows, marks: RuleMarks): CandidateGroup[] {
  const { rowMarks, probability, list, groups } = marks;
  // The item rules' list's tag path (-1: none): the candidate it names is the rules' choice.
  const choice = list.length ? rows.pathOf[list[0]!]! : -1;
  return candidateFeatures(tree, rows, { marked: rowMarks, probability, choice, ...(groups ? { groups } : {}) });
}

/**
 * The main list's rows: the item rules' (mainGroup), else, with group rule sets, the best
 * group's, else, with a ranker (version 3), the ranker's pick.
 */
export function listGroup(rows: TreeNodeRows, model: ListModel, tree: DomTree): number[] {
  const vote = itemVote(rows, model);
  if (vote.list.length > 0) return vote.list;
  const groups = groupsOf(rows, model);
  const grouped = groups ? bestGroup(groups, rows, model.groupThreshold) : [];
  if (grouped.length > 0 || !model.ranker) return grouped;
  const pick = model.ranker.pick(markedCandidates(tree, rows, marksOf(rows, model, vote, groups)));
  return pick ? pick.rows.map((k) => rows.ids[k]!) : [];
}

/** An http(s) URL resolved against the page's base, or undefined for scripts, mail links and junk. */
export function resolveHref(raw: string, base: string | undefined): string | undefined {
  if (/^\s*(javascript|data|vbscript|mailto|tel):/i.test(raw) || raw.startsWith('#')) return undefined;
  try {
    const u = base ? new URL(raw, base) : new URL(raw);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return base ? undefined : raw; // a relative link on a page with no known URL stays as written
  }
}

/** The items of the given elements; an element repeating the previous one's link joins it (an image link beside its title link). */
export function listItems(tree: DomTree, rows: TreeNodeRows, nodes: readonly number[]): { items: ListItem[]; nodes: number[] } {
  const items: ListItem[] = [], kept: number[] = [];
  for (const id of nodes) {
    const raw = firstHref(tree, id);
    const href = raw === undefined ? undefined : resolveHref(raw, tree.baseUrl);
    const text = rows.textOf(id);
    const prev = items[items.length - 1];
    if (prev && href !== undefined && prev.href === href) {
      if (!prev.text && text) { items[items.length - 1] = { text, href }; kept[kept.length - 1] = id; }
      continue;
    }
    items.push(href !== undefined ? { text, href } : { text });
    kept.push(id);
  }
  return { items, nodes: kept };
}

/** The page's main list (none when neither the item rules nor the group rules find one). */
export function detectLists(tree: DomTree, model: ListModel, rows: TreeNodeRows = treeNodeRows(tree)): ListDetection {
  const group = listGroup(rows, model, tree);
  if (group.length === 0) return { nodes: [], lists: [] };
  const { items, nodes } = listItems(tree, rows, group);
  if (items.length < MIN_LIST_ITEMS) return { nodes: [], lists: [] };
  return { nodes, lists: [{ items }] };
}
