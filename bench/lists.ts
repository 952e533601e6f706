/**
 * `npm run bench:lists`: the list-extraction study's experiment (docs/lists.md). Pages of the train-use corpora
 * that declare their items (JSON-LD ItemList, Product or Offer lists, microdata) give the gold;
 * the declarations are removed from the HTML the learners see. Sites are split into FOLDS
 * groups; each fold trains on the other sites' pages and finds the main list on its own
 * (leave sites out). RIPPER (pith's, src/models/ripper) against IGTREE (pith's
 * information-gain decision tree, src/models/knn) over the same node features, both followed
 * by the same grouping into the main list. Scores: list items (precision, recall, F1 of the
 * items reported against the declared items found on the page) and node classification.
 *
 * Also: on wcxb-dev article pages that declare no list (ARTICLES, default 200), how often a
 * list is reported (by the model of the fold holding their site).
 *
 * Env: FOLDS (5), LIMIT (pages per corpus), CORPORA (comma list), ALGORITHMS (ripper,igtree),
 * RIPPER_SET (name=value,... for the RIPPER parameters; ruleSets: rule sets of consecutive seeds
 * voting by majority, default 3; negativeShare samples negatives), GOLD_IDS (a JSON list of corpus/id to read),
 * DECISIONS (comma list of main-list decisions: most, mean:T, sum:T, groups:T, either:T, gsum:T, veto:T, prefer:T,
 * logit:T/CONFIG, ilogit:T/CONFIG, elogit:T/CONFIG (the group ranker; CONFIG is `/key=value` RankerParams, `/drop=a+b`,
 * `/only=a+b`), oracle (the best candidate by the gold: a ceiling); a `+rec` suffix makes each item its record;
 * default LIST_DECISION, itself from the environment, default either:0.05; see Decision), SHOW_RANKER (print each fold's
 * rankers), RANK_INNER=1 (the rankers learn from marks of rules trained without the page's own fold), GROUP_SET (RIPPER parameters of the group rules),
 * GOLD_SOURCES (things: more declarations read for gold), DERIVED=1 (wcxb-dev listing and collection pages without declared gold get
 * gold derived from their main text, src/corpus/derived-list-gold.ts; declared and derived pages are also scored apart;
 * DERIVED_NEGATIVES=share: the share of a derived page's negative rows the item rules learn from; DERIVED_MAX_ITEMS=N: a derived
 * page's first N items are positives, its other members left out; DERIVED_USE=groups: derived pages train the group rules only;
 * DERIVED_TAGS=a,...: only derived pages whose items are these elements; DERIVED_LINKS=1: each derived item is its link element), EXTRA_SOURCES (comma list of source prefixes, e.g. `rdfa:`:
 * of the pages GOLD_SOURCES adds, only those), TRAIN_ONLY_EXTRA=1 (the added pages train but are not scored: the test pages stay
 * the default gold's, the added pages of a test fold's sites are left out), GROUP_NEGATIVES=1 (the group rules also learn
 * from the training folds' article pages, every candidate negative), PER_PAGE, PER_SITE (details),
 * DROP (features left out), ITEM_DROP (features the item rules leave out; the group rules read them),
 * WRITE_MODEL=path: also train RIPPER on every gold page and write the list model there.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { decodeHtml, maybeGunzip } from '../src/dom/bytes.js';
import { openCorpora } from './folds.js';
import { comparableName, comparableUrl, isDefaultSource, listGold, stripDeclarations, type GoldSources, type ListGold } from '../src/corpus/list-gold.js';
import { parseHtml } from '../src/dom/parse.js';
import { DERIVED_SOURCE, derivedListGold } from '../src/corpus/derived-list-gold.js';
import { join } from 'node:path';
import { TREE_NODE_COLUMNS, TREE_NODE_SCHEMA, TREE_NODE_SETS, treeNodeRows, type TreeNodeRows } from '../src/features/tree-nodes.js';
import { featuresOf, trainTwoClass, TwoClassRules, type TwoClassBody } from '../src/models/ripper/two-class.js';
import { createListModelFile, encodeListModel, type ListModel } from '../src/models/lists/list-model.js';
import { bestGroup, candidateGroups, groupProbabilities, listItems, markedCandidates, mainGroup, MIN_LIST_ITEMS, ruleMarks, type ListItem } from '../src/models/lists/find-lists.js';
import type { TreeNodeRows as Rows } from '../src/features/tree-nodes.js';
import { getTrainer } from '../src/models/registry.js';
import type { Labeler, LabeledSequence } from '../src/models/labeler.js';
import { writeFileAtomic } from '../src/corpus/index.js';
import type { DomTree, ElementNode } from '../src/dom/tree.js';
import { GROUP_FEATURE_NAMES, recordElements, type CandidateGroup } from '../src/models/lists/group-features.js';
import { GroupRanker, trainGroupRanker, type RankerPage, type RankerParams } from '../src/models/lists/group-ranker.js';
import type { ItemFeatures } from '../src/features/types.js';
import { seededRandom } from '../src/util/random.js';

const TRAIN_USE = ['wcxb-dev', 'trafilatura-eval', 'readability-test-pages', 'postlight-titles'];

export interface GoldPage { readonly corpus: string; readonly id: string; readonly site: string; readonly gold: ListGold }

/** An article page of wcxb-dev that declares no list: where a reported list is probably not wanted. */
export interface ArticlePage { readonly id: string; readonly site: string; readonly tree: DomTree; readonly rows: TreeNodeRows }

/** wcxb-dev's page types by id (its metadata.json). */
async function wcxbTypes(): Promise<Map<string, string>> {
  try {
    const meta = JSON.parse(await readFile(join(process.cwd(), '..', 'shared', 'corpora', 'wcxb-dev', 'metadata.json'), 'utf8')) as { files: Record<string, { page_type: string }> };
    return new Map(Object.entries(meta.files).map(([id, f]) => [id, f.page_type]));
  } catch {
    return new Map();
  }
}

/** GOLD_SOURCES=things: declarations read besides the default ones (list-gold.ts's GoldSources). */
const GOLD_SOURCES: GoldSources = Object.fromEntries((process.env['GOLD_SOURCES'] ?? '').split(',').filter(Boolean).map((k) => [k, true]));
/** EXTRA_SOURCES=prefix,...: of the pages GOLD_SOURCES adds, those whose declared source starts with one of them. */
const EXTRA_SOURCES = (process.env['EXTRA_SOURCES'] ?? '').split(',').filter(Boolean);
/** TRAIN_ONLY_EXTRA=1: the pages GOLD_SOURCES adds train but are not scored. */
const TRAIN_ONLY_EXTRA = Boolean(process.env['TRAIN_ONLY_EXTRA']);
/** DERIVED=1: wcxb-dev listing and collection pages that declare no list get gold derived from their main text (derived-list-gold.ts). */
const DERIVED = Boolean(process.env['DERIVED']);
const LISTING_TYPES: ReadonlySet<string> = new Set(['listing', 'collection']);
/** DERIVED_NEGATIVES=share: of a derived page's negative rows, the share the item rules learn from (default 1: all). */
const DERIVED_NEGATIVES = Number(process.env['DERIVED_NEGATIVES'] ?? 1);
/** DERIVED_USE=groups: derived pages train the group rules only (default both: the item rules too). */
const DERIVED_USE = process.env['DERIVED_USE'] ?? 'both';
/** DERIVED_MAX_ITEMS=N: the item rules learn a derived page's first N items as positives (default: all). */
const DERIVED_MAX_ITEMS = Number(process.env['DERIVED_MAX_ITEMS'] ?? Infinity);
/** DERIVED_TAGS=a,...: only derived pages whose items are these elements (default: every page). */
const DERIVED_TAGS: ReadonlySet<string> = new Set((process.env['DERIVED_TAGS'] ?? '').split(',').filter(Boolean));
/** DERIVED_LINKS=1: each derived item is its link element (derivedListGold's asLinks). */
const DERIVED_LINKS = Boolean(process.env['DERIVED_LINKS']);
/** Per outcome of the derivation (gold, or why not): pages. */
const derivedSkips = new Map<string, number>();
/** Gold GOLD_SOURCES or DERIVED adds (its declaration is none of the default ones). */
const isExtra = (gold: ListGold): boolean => !isDefaultSource(gold.declared.source);
/** Gold DERIVED adds. */
const isDerived = (gold: ListGold): boolean => gold.declared.source === DERIVED_SOURCE;

/** Every page of the corpora whose declared list matches at least MIN_GOLD_ITEMS elements. */
export async function goldPages(corpora: readonly string[], limit?: number, only?: ReadonlySet<string>, articles = 0): Promise<{ pages: GoldPage[]; scanned: Map<string, number>; negatives: ArticlePage[] }> {
  const { refs } = await openCorpora(corpora, limit);
  const pages: GoldPage[] = [];
  const negatives: ArticlePage[] = [];
  const types = articles > 0 || DERIVED ? await wcxbTypes() : new Map<string, string>();
  const scanned = new Map<string, number>();
  for (const { corpus, page } of refs) {
    scanned.set(corpus.name, (scanned.get(corpus.name) ?? 0) + 1);
    const article = negatives.length < articles && corpus.name === 'wcxb-dev' && types.get(page.id) === 'article';
    if (only && !only.has(`${corpus.name}/${page.id}`) && !article) continue;
    let html: string;
    try {
      html = decodeHtml(maybeGunzip(await readFile(page.htmlPath))).text;
    } catch {
      continue;
    }
    let gold = listGold(html, page.url, GOLD_SOURCES);
    if (gold && isExtra(gold) && EXTRA_SOURCES.length && !EXTRA_SOURCES.some((s) => gold!.declared.source.startsWith(s))) continue;
    if (!gold && DERIVED && corpus.name === 'wcxb-dev' && LISTING_TYPES.has(types.get(page.id) ?? '')) {
      // A listing page that declares nothing: its list derived from its main text (weak gold).
      const d = derivedListGold(html, page.gold.mainText, page.url, { asLinks: DERIVED_LINKS });
      if ('gold' in d && (!DERIVED_TAGS.size || DERIVED_TAGS.has((d.gold.tree.nodes[d.gold.nodes[0]!] as ElementNode).tag))) gold = d.gold;
      derivedSkips.set('skip' in d ? d.skip : 'gold', (derivedSkips.get('skip' in d ? d.skip : 'gold') ?? 0) + 1);
      if (process.env['LIST_GOLD']) console.log(`derived\t${page.id}\t${page.site}\t${'skip' in d ? d.skip : `${d.gold.items.length} items, ${(d.gold.tree.nodes[d.gold.nodes[0]!] as ElementNode).tag}: ${d.gold.items.slice(0, 3).map((i) => i.name?.slice(0, 40)).join(' / ')}`}`);
    }
    if (gold) pages.push({ corpus: corpus.name, id: page.id, site: page.site, gold });
    else if (article && !/application\/ld\+json[^<]*<[^<]*ItemList|itemListElement/i.test(html)) {
      const tree = parseHtml(stripDeclarations(html), page.url ? { url: page.url } : {});
      negatives.push({ id: page.id, site: page.site, tree, rows: treeNodeRows(tree) });
    }
  }
  return { pages, scanned, negatives };
}

/** RIPPER parameters from an environment variable (`name=value,...`) over the defaults. */
function envParams(variable: string, defaults: Readonly<Record<string, number>> = {}): Record<string, number> {
  const out: Record<string, number> = { ...defaults };
  for (const kv of (process.env[variable] ?? '').split(',').filter(Boolean)) {
    const [k, v] = kv.split('=');
    out[k!] = Number(v);
  }
  return out;
}

/** RIPPER's parameters for the item rules: `RIPPER_SET=name=value,...` overrides LIST_RIPPER_PARAMS. */
const ripperParams = (): Record<string, number> => envParams('RIPPER_SET', LIST_RIPPER_PARAMS);
/** RIPPER's parameters for the group rules (`GROUP_SET=name=value,...`). */
const groupParams = (): Record<string, number> => envParams('GROUP_SET');

/**
 * `sets` rule sets learned from the same rows with consecutive seeds (`seed`, `seed` + 1, ...;
 * RIPPER's grow/prune split is its only randomness): an element is marked when most of them mark it.
 */
function seededRuleSets(items: readonly ItemFeatures[], pos: readonly boolean[], features: typeof FEATURES, params: Readonly<Record<string, number>>, sets: number, classes: { positive: string; negative: string }): TwoClassBody[] {
  const first = params['seed'] ?? 1;
  return Array.from({ length: sets }, (_, k) => trainTwoClass(items, pos, features, { ...params, seed: first + k }, classes));
}

/** Settings of the bundled list model (docs/lists.md). */
export const LIST_RIPPER_PARAMS: Readonly<Record<string, number>> = Object.freeze({ ruleSets: 3 });
/** The group rules' threshold in the bundled recipe (`either:T`), which `elogit` and a version 3 file keep. */
const GROUP_THRESHOLD = 0.05;
/** How the bundled recipe picks the main list (a Decision spec; DECISIONS=spec,... compares several). */
export const LIST_DECISION = process.env['LIST_DECISION'] ?? `either:${GROUP_THRESHOLD}`;
export const LIST_DROP_FEATURES: readonly string[] = Object.freeze([]);

/** The features learned from: every node feature but those named in LIST_DROP_FEATURES (or the DROP env list). */
const DROP = new Set((process.env['DROP'] ?? LIST_DROP_FEATURES.join(',')).split(',').filter(Boolean));
const FEATURES = featuresOf(TREE_NODE_COLUMNS, TREE_NODE_SETS).filter((f) => !DROP.has(f.name));
/** The item rules' features: FEATURES but those named in ITEM_DROP (the group rules read them all). */
const ITEM_DROP = new Set((process.env['ITEM_DROP'] ?? '').split(',').filter(Boolean));
const ITEM_FEATURES = FEATURES.filter((f) => !ITEM_DROP.has(f.name));

/**
 * Training label per row: 1 a declared item's element, 0 not an item, -1 left out of training:
 * the same item at another level (an element inside a matched one, or around it below the
 * list's container) and undeclared elements on a matched item's tag path (a list's members
 * past the declared ones).
 */
export function trainingLabels(g: ListGold): Int8Array {
  const { tree, rows, nodes } = g;
  const gold = new Set(nodes);
  const goldPaths = new Set(nodes.map((id) => rows.pathOf[id]!));
  const around = new Set<number>();
  for (const id of nodes) {
    for (let p = tree.nodes[id]!.parent; p >= 0; p = tree.nodes[p]!.parent) {
      const el = tree.nodes[p] as ElementNode;
      if (nodes.some((o) => o !== id && o >= el.id && o <= el.end)) break; // the container of several items
      around.add(p);
    }
  }
  return Int8Array.from(rows.ids.map((id) => {
    if (gold.has(id)) return 1;
    if (around.has(id) || goldPaths.has(rows.pathOf[id]!)) return -1;
    for (const o of nodes) if (id > o && id <= (tree.nodes[o] as ElementNode).end) return -1;
    return 0;
  }));
}

/** The item rule sets (and, with `groups`, the group rule sets with their threshold) learned from the pages. */
export function trainRipper(pages: readonly GoldPage[], params: Record<string, number> = {}, groups?: { params: Record<string, number>; threshold: number; noList?: readonly TreeNodeRows[] }, trainingCorpora: readonly { name: string; pages: number }[] = []): ListModel {
  const items: ItemFeatures[] = [], pos: boolean[] = [];
  const random = seededRandom(1);
  for (const p of pages) {
    const derived = isDerived(p.gold);
    if (derived && DERIVED_USE === 'groups') continue;
    // DERIVED_MAX_ITEMS: a derived page's first N items are positive, its other members left out (as undeclared members are).
    const y = trainingLabels(derived && DERIVED_MAX_ITEMS < p.gold.nodes.length ? { ...p.gold, nodes: p.gold.nodes.slice(0, DERIVED_MAX_ITEMS) } : p.gold);
    // DERIVED_NEGATIVES: the share of a derived page's negative rows kept (a sample, to bound RIPPER's cost).
    const share = derived ? DERIVED_NEGATIVES : (params['negativeShare'] ?? 1);
    p.gold.rows.items.forEach((it, i) => {
      if (y[i] === 1 || (y[i] === 0 && (share >= 1 || random() < share))) { items.push(it); pos.push(y[i] === 1); }
    });
  }
  const { negativeShare: _n, ruleSets: sets = 1, ...ripper } = params;
  const bodies = seededRuleSets(items, pos, ITEM_FEATURES, ripper, sets, { positive: 'item', negative: 'other' });
  const groupBodies = groups ? trainGroupRipper(pages, groups.params, groups.noList) : [];
  const file = createListModelFile(bodies, { trainingCorpora, params }, undefined, groups ? { ruleSets: groupBodies, threshold: groups.threshold } : undefined);
  return { file, ruleSets: bodies.map((b) => new TwoClassRules(b)), groupRuleSets: groupBodies.map((b) => new TwoClassRules(b)), groupThreshold: groups?.threshold ?? 0 };
}

/** The gold group: the path holding most of the declared items' elements (ties: the earlier). */
function goldPath(g: ListGold): number {
  const counts = new Map<number, number>();
  let best = -1, bestN = 0;
  for (const id of g.nodes) {
    const p = g.rows.pathOf[id]!, n = (counts.get(p) ?? 0) + 1;
    counts.set(p, n);
    if (n > bestN) { best = p; bestN = n; }
  }
  return best;
}

/**
 * Variant (a2): a second RIPPER model over group-level rows (one per candidate group, its first
 * member's features), positive for the page's gold group; a page's groups are then ranked by
 * this model's probability (mean over the rule sets).
 */
export function trainGroupRipper(pages: readonly GoldPage[], params: Record<string, number> = {}, noList: readonly TreeNodeRows[] = []): TwoClassBody[] {
  const items: ItemFeatures[] = [], pos: boolean[] = [];
  // Pages without a list (GROUP_NEGATIVES: article pages of the training folds' sites): every candidate negative.
  for (const rows of noList) for (const g of candidateGroups(rows)) { items.push(rows.items[g.first]!); pos.push(false); }
  for (const p of pages) {
    const gold = goldPath(p.gold);
    for (const g of candidateGroups(p.gold.rows)) { items.push(p.gold.rows.items[g.first]!); pos.push(g.path === gold); }
  }
  const { ruleSets: sets = 3, ...ripper } = params;
  return seededRuleSets(items, pos, FEATURES, ripper, sets, { positive: 'list', negative: 'other' });
}

function sequences(pages: readonly GoldPage[]): LabeledSequence[] {
  return pages.map((p) => {
    const y = trainingLabels(p.gold);
    return { pageId: p.id, site: p.site, items: p.gold.rows.items, labels: Array.from(y, (v) => (v === 1 ? 'body' : v === 0 ? 'other' : 'unknown')) };
  });
}

interface Counts { tp: number; fp: number; fn: number }
const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0 });
const add = (a: Counts, b: Counts): void => { a.tp += b.tp; a.fp += b.fp; a.fn += b.fn; };
const prf = (c: Counts): { p: number; r: number; f: number } => {
  const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0, r = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0;
  return { p, r, f: p + r ? (2 * p * r) / (p + r) : 0 };
};

/**
 * Items reported against the declared items: one-to-one, by element, link or name. With
 * `lenient`, a reported item that matches none but lies on a matched item's tag path (a member
 * of the declared list the declaration left out) is not counted against precision.
 */
export function scoreItems(gold: ListGold, nodes: readonly number[], items: readonly ListItem[], lenient = false): Counts {
  const base = gold.tree.baseUrl;
  const used = new Set<number>();
  const goldPaths = new Set(gold.nodes.map((id) => gold.rows.pathOf[id]!));
  let tp = 0, ignored = 0;
  items.forEach((item, k) => {
    const href = item.href ? comparableUrl(item.href, base) : undefined;
    const text = comparableName(item.text);
    for (let g = 0; g < gold.items.length; g++) {
      if (used.has(g)) continue;
      const d = gold.items[g]!;
      const same = gold.nodes[g] === nodes[k]
        || (href !== undefined && d.url !== undefined && comparableUrl(d.url, base) === href)
        || (d.name !== undefined && text !== '' && comparableName(d.name) === text);
      if (same) { used.add(g); tp++; return; }
    }
    if (lenient && goldPaths.has(gold.rows.pathOf[nodes[k]!]!)) ignored++;
  });
  return { tp, fp: items.length - tp - ignored, fn: gold.items.length - tp };
}

function scoreNodes(gold: ListGold, marked: readonly number[]): Counts {
  const g = new Set(gold.nodes);
  const tp = marked.filter((id) => g.has(id)).length;
  return { tp, fp: marked.length - tp, fn: g.size - tp };
}

/** Per row of a page: whether it is marked (an item by the learner's decision) and its item probability. */
/* Variant (a1), measured and not kept (docs/lists.md): candidate groups ranked by the item rules' probabilities. */

/** How a candidate group (rows sharing a tag path, MIN_LIST_ITEMS or more) is scored from its rows' item probabilities. */
type GroupScore = 'mean' | 'sum';

interface RankedGroupOptions {
  readonly score: GroupScore;
  /** A best group scoring below this is no list (an article page's menus and related links). */
  readonly threshold: number;
}

/**
 * The main list as a ranking: every group of MIN_LIST_ITEMS or more rows on one tag path is a
 * candidate, scored by its rows' item probabilities (their mean, or their sum: the expected
 * number of items); the best candidate (ties: the earlier) is the list when its score reaches
 * the threshold. Every row on its path is an item.
 */
function rankedGroup(probs: Float64Array, rows: Pick<TreeNodeRows, 'ids' | 'pathOf'>, options: RankedGroupOptions): number[] {
  const { pathOf, ids } = rows;
  const sums = new Map<number, { sum: number; n: number; first: number }>();
  ids.forEach((id, k) => {
    const g = sums.get(pathOf[id]!);
    if (g) { g.sum += probs[k]!; g.n++; } else sums.set(pathOf[id]!, { sum: probs[k]!, n: 1, first: k });
  });
  let best = -1, bestScore = -Infinity, bestFirst = Infinity;
  for (const [path, g] of sums) {
    if (g.n < MIN_LIST_ITEMS) continue;
    const score = options.score === 'mean' ? g.sum / g.n : g.sum;
    if (score > bestScore || (score === bestScore && g.first < bestFirst)) { best = path; bestScore = score; bestFirst = g.first; }
  }
  if (best < 0 || bestScore < options.threshold) return [];
  return ids.filter((id) => pathOf[id] === best);
}

/** A page's marks; `list`: the item rules' list (mainGroup of `marked`). */
interface Marks { marked: readonly number[]; list: readonly number[]; probs: Float64Array; groups?: ReadonlyMap<number, number>; cands?: CandidateGroup[] }
type Marker = (rows: TreeNodeRows, page: { readonly id: string; readonly site: string }, tree: DomTree) => Marks;

/** What a decision may read besides the marks: the fold's rankers by configuration, and the gold (the oracle only). */
interface DecideContext { readonly rankers: ReadonlyMap<string, GroupRanker>; readonly gold?: ListGold }

/** A candidate's item F1 against the page's declared items. */
function candidateF1(g: ListGold, c: CandidateGroup): number {
  const found = listItems(g.tree, g.rows, c.rows.map((k) => g.rows.ids[k]!));
  return found.items.length >= MIN_LIST_ITEMS ? prf(scoreItems(g, found.nodes, found.items)).f : 0;
}

/** The right candidates of a gold page for the ranker: those within 0.02 of the best item F1 (none when no candidate finds an item). */
function acceptableCandidates(g: ListGold, cands: readonly CandidateGroup[]): number[] {
  const f = cands.map((c) => candidateF1(g, c));
  const best = Math.max(0, ...f);
  return best > 0 ? f.flatMap((x, k) => (x >= best - 0.02 ? [k] : [])) : [];
}

/** A ranker configuration (`logit:T/key=value/...`): RankerParams, `drop=a+b` (features left out), `only=a+b`. */
function rankerParams(config: string): Partial<RankerParams> {
  const out: Record<string, unknown> = {};
  let names = [...GROUP_FEATURE_NAMES];
  for (const kv of config.split('/').filter(Boolean)) {
    const [k, v = ''] = kv.split('=');
    if (k === 'drop') names = names.filter((n) => !v.split('+').includes(n));
    else if (k === 'only') names = v.split('+');
    else out[k!] = Number(v);
  }
  return { ...out, features: names };
}

/**
 * How the main list is chosen: `most`, the path with the most marked rows (version 1's recipe);
 * `mean:T`, `sum:T`, every candidate group ranked by its rows' item probabilities (their mean or
 * sum), the best when its score reaches T; `groups:T`, the group rules' best group when its
 * probability reaches T; `either:T`, `most`'s list, else `groups:T`'s (the bundled recipe,
 * src/models/lists/find-lists.ts's listGroup); `gsum:T`, groups ranked by the group probability
 * plus the rows' mean item probability; `veto:T`, `most`'s list only where the group rules give
 * its group T or more, else `groups:T`'s; `prefer:T`, `groups:T`'s list, else `most`'s.
 */
export type Decision = { readonly kind: 'most' } | { readonly kind: 'oracle' } | { readonly kind: 'rank'; readonly score: GroupScore; readonly threshold: number } | { readonly kind: GroupDecision; readonly threshold: number }
  | { readonly kind: 'logit' | 'ilogit' | 'elogit'; readonly threshold: number; readonly config: string };

/** The decisions that read the group rules' probabilities (a RIPPER run then learns group rules). */
const GROUP_DECISIONS = ['groups', 'either', 'gsum', 'veto', 'prefer'] as const;
type GroupDecision = typeof GROUP_DECISIONS[number];

function isGroupDecision(kind: string | undefined): kind is GroupDecision {
  return (GROUP_DECISIONS as readonly (string | undefined)[]).includes(kind);
}

export function parseDecision(spec: string): Decision {
  if (spec === 'most') return { kind: 'most' };
  if (spec === 'oracle') return { kind: 'oracle' };
  const ranked = /^([ie]?logit):(-?[\d.]+)(\/.*)?$/.exec(spec);
  if (ranked) return { kind: ranked[1] as 'logit' | 'ilogit' | 'elogit', threshold: Number(ranked[2]), config: ranked[3] ?? '' };
  const [score, t] = spec.split(':');
  if (isGroupDecision(score) && t !== undefined && Number.isFinite(Number(t))) return { kind: score, threshold: Number(t) };
  if ((score !== 'mean' && score !== 'sum') || t === undefined || !Number.isFinite(Number(t))) throw new Error(`bad decision ${spec}: most, mean:T or sum:T`);
  return { kind: 'rank', score, threshold: Number(t) };
}

function decide(d: Decision, m: Marks, rows: TreeNodeRows, ctx: DecideContext): readonly number[] {
  const rowsOf = (c: CandidateGroup | undefined): number[] => (c ? c.rows.map((k) => rows.ids[k]!) : []);
  if (d.kind === 'oracle') {
    if (!ctx.gold || !m.cands) return [];
    const f = m.cands.map((c) => candidateF1(ctx.gold!, c));
    const best = f.indexOf(Math.max(0, ...f));
    return best >= 0 && f[best]! > 0 ? rowsOf(m.cands[best]) : [];
  }
  if (d.kind === 'logit' || d.kind === 'ilogit' || d.kind === 'elogit') {
    // logit: the ranker's pick; ilogit: the item rules' list, else the ranker's; elogit: the bundled recipe's (either:GROUP_THRESHOLD), else the ranker's.
    const ranker = ctx.rankers.get(d.config);
    if (!ranker || !m.cands) return [];
    if (d.kind === 'ilogit' || d.kind === 'elogit') {
      const first = d.kind === 'ilogit' ? m.list : decide({ kind: 'either', threshold: GROUP_THRESHOLD }, m, rows, ctx);
      if (first.length) return first;
    }
    return rowsOf(ranker.pick(m.cands, d.threshold));
  }
  if (d.kind === 'groups') return m.groups ? bestGroup(m.groups, rows, d.threshold) : [];
  if (d.kind === 'either') {
    const most = m.list;
    return most.length || !m.groups ? most : bestGroup(m.groups, rows, d.threshold);
  }
  if (d.kind === 'veto' || d.kind === 'prefer') {
    // veto:T: the item rules' list only where the group rules give its group T or more, else the
    // group rules' best; prefer:T: the group rules' best where it reaches T, else the item rules' list.
    if (!m.groups) return m.list;
    const most = m.list, best = bestGroup(m.groups, rows, d.threshold);
    if (d.kind === 'prefer') return best.length ? best : most;
    return most.length && (m.groups.get(rows.pathOf[most[0]!]!) ?? 0) >= d.threshold ? most : best;
  }
  if (d.kind === 'gsum') {
    // The group model's probability plus the row model's mean item probability over the group.
    if (!m.groups) return [];
    const sums = new Map<number, { s: number; n: number }>();
    rows.ids.forEach((id, k) => { const g = sums.get(rows.pathOf[id]!) ?? { s: 0, n: 0 }; g.s += m.probs[k]!; g.n++; sums.set(rows.pathOf[id]!, g); });
    const combined = new Map([...m.groups].map(([path, p]) => [path, p + sums.get(path)!.s / sums.get(path)!.n]));
    return bestGroup(combined, rows, d.threshold);
  }
  if (d.kind === 'rank') return rankedGroup(m.probs, rows, { score: d.score, threshold: d.threshold });
  return m.list;
}

interface Evaluation { items: Counts; lenient: Counts; nodes: Counts; pagesWithList: number }

function evaluate(pages: readonly GoldPage[], marks: ReadonlyMap<GoldPage, Marks>, d: Decision, rankers: ReadonlyMap<string, GroupRanker>, lift: boolean, perPage?: (p: GoldPage, c: Counts) => void): Evaluation {
  const items = zero(), nodes = zero(), lenient = zero();
  let pagesWithList = 0;
  for (const p of pages) {
    const m = marks.get(p)!;
    add(nodes, scoreNodes(p.gold, m.marked));
    const chosen = decide(d, m, p.gold.rows, { rankers, gold: p.gold });
    // `+rec`: each item is its record (the card or li around the chosen element, docs/lists.md's (c)).
    const group = lift && chosen.length ? recordElements(p.gold.tree, chosen) : chosen;
    const found = group.length ? listItems(p.gold.tree, p.gold.rows, group) : { items: [], nodes: [] };
    const kept = found.items.length >= MIN_LIST_ITEMS ? found : { items: [], nodes: [] };
    if (kept.items.length) pagesWithList++;
    const c = scoreItems(p.gold, kept.nodes, kept.items);
    add(items, c);
    add(lenient, scoreItems(p.gold, kept.nodes, kept.items, true));
    if (process.env['PER_PAGE']) {
      const tag = kept.nodes.length ? (p.gold.tree.nodes[kept.nodes[0]!] as ElementNode).tag : '-';
      console.log(`  ${p.corpus}/${p.id} gold ${p.gold.items.length} (${(p.gold.tree.nodes[p.gold.nodes[0]!] as ElementNode).tag}) found ${kept.items.length} (${tag}) tp ${c.tp} marked ${m.marked.length} | ${kept.items.slice(0, 3).map((i) => i.text.slice(0, 30)).join(' / ')}`);
    }
    perPage?.(p, c);
  }
  return { items, lenient, nodes, pagesWithList };
}

/** One ranker per configuration the logit decisions name, trained on the training folds' gold pages and pages without a list. */
function trainRankers(decisions: readonly string[], lists: readonly { gold: ListGold; m: Marks }[], none: readonly Marks[]): Map<string, GroupRanker> {
  const out = new Map<string, GroupRanker>();
  // Without a ranker decision the marks carry no candidates (and none is needed).
  if (!decisions.some((spec) => /^[ie]?logit:/.test(spec))) return out;
  const pages: RankerPage[] = [
    ...lists.map(({ gold, m }) => ({ candidates: m.cands!.map((c) => c.x), acceptable: acceptableCandidates(gold, m.cands!) })).filter((p) => p.acceptable.length > 0),
    ...none.map((m) => ({ candidates: m.cands!.map((c) => c.x), acceptable: [] })),
  ];
  for (const spec of decisions) {
    const d = parseDecision(spec.replace(/\+rec$/, ''));
    if ((d.kind !== 'logit' && d.kind !== 'ilogit' && d.kind !== 'elogit') || out.has(d.config)) continue;
    const ranker = new GroupRanker(trainGroupRanker(pages, rankerParams(d.config)));
    out.set(d.config, ranker);
    if (process.env['SHOW_RANKER']) console.log(`ranker ${d.config || '(defaults)'}:\n${ranker.describe()}`);
  }
  return out;
}

function foldOf(site: string, folds: number): number {
  let h = 2166136261;
  for (let i = 0; i < site.length; i++) h = Math.imul(h ^ site.charCodeAt(i), 16777619) >>> 0;
  return h % folds;
}

const f3 = (x: number): string => x.toFixed(3);

async function main(): Promise<void> {
  const folds = Number(process.env['FOLDS'] ?? 5);
  const limit = process.env['LIMIT'] ? Number(process.env['LIMIT']) : undefined;
  const corpora = process.env['CORPORA']?.split(',') ?? TRAIN_USE;
  const algorithms = process.env['ALGORITHMS']?.split(',').filter(Boolean) ?? ['ripper', 'igtree'];
  const t0 = process.hrtime.bigint();
  const onlyFile = process.env['GOLD_IDS'];
  const only = onlyFile ? new Set<string>(JSON.parse(await readFile(onlyFile, 'utf8')) as string[]) : undefined;
  const { pages, scanned, negatives } = await goldPages(corpora, limit, only, Number(process.env['ARTICLES'] ?? 200));
  const sites = new Set(pages.map((p) => p.site));
  console.log(`# gold: ${pages.length} pages from ${sites.size} sites (${[...scanned].map(([c, n]) => `${c} ${pages.filter((p) => p.corpus === c).length}/${n}`).join(', ')}); ` +
    `${pages.reduce((s, p) => s + p.gold.items.length, 0)} items; sources ${[...new Set(pages.map((p) => p.gold.declared.source))].map((s) => `${s} ${pages.filter((p) => p.gold.declared.source === s).length}`).join(', ')}; ` +
    `${pages.reduce((s, p) => s + p.gold.rows.ids.length, 0)} node examples; ${Number(process.hrtime.bigint() - t0) / 1e9}s`);
  const decisions = (process.env['DECISIONS'] ?? LIST_DECISION).split(',').filter(Boolean);
  type Kind = { items: Counts; pages: number; pagesWithList: number; folds: number[] };
  type Total = { items: Counts; lenient: Counts; nodes: Counts; pagesWithList: number; trainS: number; rules: number[]; falseLists: number; negatives: number; folds: number[]; kinds: Map<string, Kind> };
  // One row per learner and decision (the learner's models are trained once per fold and shared by the decisions).
  if (process.env['LIST_GOLD']) for (const p of pages) console.log(`gold\t${p.corpus}/${p.id}\t${p.site}\t${p.gold.declared.source}\t${p.gold.items.length}`);
  const totals = new Map<string, Total>();
  const keyOf = (a: string, d: string): string => (decisions.length > 1 ? `${a}, ${d}` : a);
  for (const a of algorithms) for (const d of decisions) totals.set(keyOf(a, d), { items: zero(), lenient: zero(), nodes: zero(), pagesWithList: 0, trainS: 0, rules: [], falseLists: 0, negatives: 0, folds: [], kinds: new Map() });
  const perSite = new Map<string, Map<string, Counts>>();
  const withCandidates = decisions.some((d) => /^([ie]?logit:|oracle$)/.test(d));
  for (let k = 0; k < folds; k++) {
    // TRAIN_ONLY_EXTRA: the added pages of the test fold's sites are neither tested nor trained on.
    const test = pages.filter((p) => foldOf(p.site, folds) === k && !(TRAIN_ONLY_EXTRA && isExtra(p.gold)));
    const train = pages.filter((p) => foldOf(p.site, folds) !== k);
    if (!test.length || !train.length) continue;
    for (const a of algorithms) {
      const t = process.hrtime.bigint();
      let mark: Marker;
      let rules: number | undefined;
      let rankers = new Map<string, GroupRanker>();
      if (a === 'ripper') {
        const withGroups = decisions.some((d) => [...GROUP_DECISIONS, 'logit', 'ilogit', 'elogit'].some((g) => d.startsWith(`${g}:`)));
        const noList = process.env['GROUP_NEGATIVES'] ? negatives.filter((q) => foldOf(q.site, folds) !== k).map((q) => q.rows) : [];
        const model = trainRipper(train, ripperParams(), withGroups ? { params: groupParams(), threshold: 0, noList } : undefined);
        rules = model.file.ruleSets.reduce((n, b) => n + b.rules.length, 0);
        if (withGroups && process.env['SHOW_GROUP_RULES']) console.log(model.groupRuleSets[0]!.describe());
        const markWith = (m: ListModel): Marker => (rows, _p, tree) => {
          const r = ruleMarks(rows, m);
          // r.groups is absent only where the model has no group rule sets (then, with groups asked for, every group's probability is 0).
          const groups = withGroups ? (r.groups ?? groupProbabilities(rows, m.groupRuleSets)) : undefined;
          return { marked: r.marked, list: r.list, probs: r.probability, ...(groups ? { groups } : {}), ...(withCandidates ? { cands: markedCandidates(tree, rows, r) } : {}) };
        };
        mark = markWith(model);
        const trainNegatives = negatives.filter((q) => foldOf(q.site, folds) !== k);
        if (withCandidates && process.env['RANK_INNER']) {
          // Stacking: each training page's marks come from rules learned without its own fold (as a test page's do).
          const lists: { gold: ListGold; m: Marks }[] = [], none: Marks[] = [];
          for (let j = 0; j < folds; j++) {
            if (j === k) continue;
            const inner = trainRipper(train.filter((p) => foldOf(p.site, folds) !== j), ripperParams(), withGroups ? { params: groupParams(), threshold: 0 } : undefined);
            const innerMark = markWith(inner);
            for (const p of train) if (foldOf(p.site, folds) === j) lists.push({ gold: p.gold, m: innerMark(p.gold.rows, p, p.gold.tree) });
            for (const q of trainNegatives) if (foldOf(q.site, folds) === j) none.push(innerMark(q.rows, q, q.tree));
          }
          rankers = trainRankers(decisions, lists, none);
        } else {
          rankers = trainRankers(decisions, train.map((p) => ({ gold: p.gold, m: mark(p.gold.rows, p, p.gold.tree) })), trainNegatives.map((q) => mark(q.rows, q, q.tree)));
        }
      } else {
        const labeler: Labeler = getTrainer(a as 'igtree').train(sequences(train), {}, undefined, { schema: TREE_NODE_SCHEMA });
        mark = (rows, p) => {
          const pred = labeler.predict({ pageId: p.id, site: p.site, items: rows.items });
          const probs = Float64Array.from(pred.labels, (l) => (l === 'body' ? 1 : 0));
          const marked = rows.ids.filter((_, i) => probs[i] === 1);
          return { marked, list: mainGroup(marked, rows), probs };
        };
      }
      const trainS = Number(process.hrtime.bigint() - t) / 1e9;
      const marks = new Map(test.map((p) => [p, mark(p.gold.rows, p, p.gold.tree)]));
      const negMarks = negatives.filter((q) => foldOf(q.site, folds) === k).map((n) => ({ n, m: mark(n.rows, n, n.tree) }));
      for (const d of decisions) {
        const key = keyOf(a, d), decision = parseDecision(d.replace(/\+rec$/, '')), lift = d.endsWith('+rec');
        const tot = totals.get(key)!;
        tot.trainS += trainS;
        if (rules !== undefined) tot.rules.push(rules);
        const r = evaluate(test, marks, decision, rankers, lift, (p, c) => {
          const m = perSite.get(key) ?? new Map<string, Counts>();
          perSite.set(key, m);
          const s = m.get(p.site) ?? zero();
          add(s, c);
          m.set(p.site, s);
        });
        add(tot.items, r.items);
        add(tot.lenient, r.lenient);
        for (const { n, m } of negMarks) {
          tot.negatives++;
          if (decide(decision, m, n.rows, { rankers }).length) tot.falseLists++;
        }
        add(tot.nodes, r.nodes);
        tot.pagesWithList += r.pagesWithList;
        tot.folds.push(prf(r.items).f);
        if (DERIVED) {
          // The declared pages and the derived (weak gold) pages scored apart: the same models, the test fold's pages of each kind.
          for (const [kind, ofKind] of [['declared', test.filter((p) => !isDerived(p.gold))], ['derived', test.filter((p) => isDerived(p.gold))]] as const) {
            const e = evaluate(ofKind, marks, decision, rankers, lift);
            const t = tot.kinds.get(kind) ?? { items: zero(), pages: 0, pagesWithList: 0, folds: [] };
            add(t.items, e.items);
            t.pages += ofKind.length;
            t.pagesWithList += e.pagesWithList;
            t.folds.push(prf(e.items).f);
            tot.kinds.set(kind, t);
          }
        }
        console.log(`fold ${k}: ${key} ${test.length} test pages, item F1 ${f3(prf(r.items).f)}`);
      }
    }
  }
  console.log(`\n| learner | pages | pages with a list found | item precision | item recall | item F1 | item F1, undeclared members ignored | node precision | node recall | node F1 | site macro item F1 | article pages with a list | train s (all folds) |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const scored = TRAIN_ONLY_EXTRA ? pages.filter((p) => !isExtra(p.gold)).length : pages.length;
  for (const [a, t] of totals) {
    const i = prf(t.items), n = prf(t.nodes), l = prf(t.lenient);
    const siteF = [...(perSite.get(a) ?? new Map<string, Counts>()).values()].map((c) => prf(c).f);
    const macro = siteF.reduce((s, x) => s + x, 0) / Math.max(1, siteF.length);
    console.log(`| ${a}${t.rules.length ? ` (${t.rules.join('/')} rules)` : ''} | ${scored} | ${t.pagesWithList} | ${f3(i.p)} | ${f3(i.r)} | ${f3(i.f)} | ${f3(l.f)} (P ${f3(l.p)}) | ${f3(n.p)} | ${f3(n.r)} | ${f3(n.f)} | ${f3(macro)} | ${t.falseLists}/${t.negatives} | ${t.trainS.toFixed(1)} |`);
  }
  for (const [a, t] of totals) console.log(`per fold item F1, ${a}: ${t.folds.map(f3).join(', ')}`);
  if (DERIVED) {
    console.log(`\nderived gold: ${[...derivedSkips].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    console.log('| learner | gold scored | pages | pages with a list found | item precision | item recall | item F1 | per fold |');
    console.log('|---|---|---:|---:|---:|---:|---:|---|');
    for (const [a, t] of totals) for (const [kind, k] of t.kinds) {
      const i = prf(k.items);
      console.log(`| ${a} | ${kind} | ${k.pages} | ${k.pagesWithList} | ${f3(i.p)} | ${f3(i.r)} | ${f3(i.f)} | ${k.folds.map(f3).join(', ')} |`);
    }
  }
  if (process.env['PER_SITE']) {
    for (const [a, m] of perSite) for (const [s, c] of m) console.log(`${a}\t${s}\t${c.tp}\t${c.fp}\t${c.fn}`);
  }
  const out = process.env['WRITE_MODEL'];
  if (out) {
    const recipe = parseDecision(LIST_DECISION);
    if (recipe.kind !== 'most' && recipe.kind !== 'either' && recipe.kind !== 'elogit') throw new Error(`LIST_DECISION ${LIST_DECISION}: a model file holds 'most', 'either:T' or 'elogit:T/...'`);
    const groups = recipe.kind === 'either' ? { params: groupParams(), threshold: recipe.threshold } : recipe.kind === 'elogit' ? { params: groupParams(), threshold: GROUP_THRESHOLD } : undefined;
    const counts = corpora.map((c) => ({ name: c, pages: pages.filter((p) => p.corpus === c).length })).filter((c) => c.pages > 0);
    let model = trainRipper(pages, ripperParams(), groups, counts);
    if (recipe.kind === 'elogit') {
      // Version 3: the ranker, trained on every gold page and every article page (the rules' marks from the model just learned).
      const candidates = (tree: DomTree, rows: TreeNodeRows): Marks => ({ marked: [], list: [], probs: new Float64Array(0), cands: markedCandidates(tree, rows, ruleMarks(rows, model)) });
      const lists = pages.map((p) => ({ gold: p.gold, m: candidates(p.gold.tree, p.gold.rows) }));
      const trained = trainRankers([LIST_DECISION], lists, negatives.map((q) => candidates(q.tree, q.rows))).get(recipe.config)!;
      const file = createListModelFile(model.file.ruleSets, { trainingCorpora: counts, params: { ...ripperParams(), decision: LIST_DECISION } }, undefined, { ruleSets: model.file.groupRuleSets ?? [], threshold: GROUP_THRESHOLD }, { ...trained.body, threshold: recipe.threshold });
      // The ranker as the file holds it (the recipe's threshold, not the training default), so describe() prints what was written.
      model = { ...model, file, ranker: new GroupRanker(file.ranker!) };
    }
    const file = model.file;
    await writeFileAtomic(out, encodeListModel(file));
    console.log(`\nwrote ${out}: ${file.ruleSets.length} item rule sets, ${file.groupRuleSets?.length ?? 0} group rule sets from ${pages.length} pages`);
    for (const r of [...model.ruleSets, ...model.groupRuleSets]) console.log(r.describe());
    if (model.ranker) console.log(model.ranker.describe());
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
