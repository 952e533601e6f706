/**
 * Gold for the list finder (docs/lists.md), from pages that declare their items: a JSON-LD
 * `ItemList` (its `itemListElement`s), several JSON-LD `Product`s side by side, a product's list
 * of `Offer`s, microdata (`itemListElement`s of an ItemList, repeated `Product` scopes) or RDFa
 * (the same, with `typeof` and `property`).
 * Breadcrumbs are not lists of items. The declared items' names and URLs are matched to
 * elements of the page, and the declaration is removed from the HTML the learner sees
 * (`stripDeclarations`), so the rules can only learn from what every page has.
 */
import { jsonLdValues } from '../dom/json-ld.js';
import { parseHtml } from '../dom/parse.js';
import { treeFacts } from '../dom/facts.js';
import { firstHref, type DomTree, type ElementNode } from '../dom/tree.js';
import { treeNodeRows, type TreeNodeRows } from '../features/tree-nodes.js';

export interface DeclaredItem {
  readonly name?: string;
  readonly url?: string;
}

export interface DeclaredList {
  /** Where it was declared: `json-ld:ItemList`, `json-ld:Product`, `json-ld:Offer`, `microdata:ItemList`, `microdata:Product`, `rdfa:ItemList`, `rdfa:Product`, `rdfa:Offer`. */
  readonly source: string;
  readonly items: readonly DeclaredItem[];
}

export interface ListGold {
  /** The page's HTML without its declarations: what the learner and the finder see. */
  readonly html: string;
  readonly tree: DomTree;
  readonly rows: TreeNodeRows;
  /** The declared list matched best. */
  readonly declared: DeclaredList;
  /** Per matched item: the element it was matched to (page order) and the declared item. */
  readonly nodes: readonly number[];
  readonly items: readonly DeclaredItem[];
}

/**
 * Declarations read besides the default ones (docs/lists.md, "More gold"): `things`, three or
 * more JSON-LD things of one item type side by side in an array (`@graph`, `hasPart`,
 * `blogPost`, an array of events, ...) and three or more microdata scopes of one item type
 * under one parent, whatever the type (not only Product), and three or more RDFa things of one type
 * on one tag path. They count only on a page where the default declarations give no gold.
 */
export interface GoldSources {
  readonly things?: boolean;
}

/** Types that describe a page, its publisher or its parts, not an item of a list. */
const NOT_ITEMS = new Set(['Person', 'Organization', 'ImageObject', 'WebPage', 'WebSite', 'SiteNavigationElement', 'BreadcrumbList', 'ListItem',
  'PropertyValue', 'Rating', 'AggregateRating', 'Brand', 'Place', 'PostalAddress', 'ContactPoint', 'EntryPoint', 'SearchAction', 'ReadAction',
  'Offer', 'Product', 'ItemList', 'WPHeader', 'WPFooter', 'WPSideBar', 'Answer', 'HowToStep', 'NutritionInformation', 'MonetaryAmount', 'QuantitativeValue',
  // Repeated, but a page's parts rather than a list of items: questions of an FAQ, readers' comments, breadcrumbs, untyped things.
  'Question', 'Comment', 'UserComments', 'Breadcrumb', 'Thing', 'listItem', 'AdministrativeArea', 'OfferCatalog', 'Blog']);

/**
 * RDFa types that are not items: NOT_ITEMS less ItemList and Product (whose items and offers are
 * read), and a page's parts besides: images, taxonomy terms, user accounts, files (FOAF, SKOS, SIOC, MediaWiki).
 */
const RDFA_NOT_ITEMS = new Set([...[...NOT_ITEMS].filter((t) => t !== 'ItemList' && t !== 'Product'), 'Image', 'Concept', 'UserAccount', 'File', 'Thumb']);

const DEFAULT_SOURCES = new Set(['json-ld:ItemList', 'json-ld:Product', 'json-ld:Offer', 'microdata:ItemList', 'microdata:Product', 'rdfa:ItemList', 'rdfa:Product', 'rdfa:Offer']);

/** Whether a declared list's source is one of the default declarations (not a GoldSources addition). */
export function isDefaultSource(source: string): boolean {
  return DEFAULT_SOURCES.has(source);
}

/** Fewer matched items than this and the page is not used. */
export const MIN_GOLD_ITEMS = 3;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const types = (o: Record<string, unknown>): string[] => [o['@type']].flat().filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^.*[/#]/, ''));
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A declared item, when it has a name or a URL. */
function item(name: string | undefined, url: string | undefined): DeclaredItem | undefined {
  return name || url ? { ...(name ? { name } : {}), ...(url ? { url } : {}) } : undefined;
}

function urlOf(v: unknown): string | undefined {
  if (typeof v === 'string') return str(v);
  if (isObj(v)) return str(v['url']) ?? str(v['@id']);
  return undefined;
}

/** One `itemListElement` entry: a ListItem (name / url, or its `item`) or the thing itself. */
function listEntry(e: unknown): DeclaredItem | undefined {
  if (typeof e === 'string') return { url: e };
  if (!isObj(e)) return undefined;
  const inner = isObj(e['item']) ? e['item'] : undefined;
  const name = str(e['name']) ?? str(inner?.['name']);
  const url = str(e['url']) ?? urlOf(e['item']) ?? (types(e).includes('ListItem') ? undefined : str(e['@id']));
  return item(name, url);
}

function productEntry(p: Record<string, unknown>): DeclaredItem | undefined {
  const name = str(p['name']);
  const offers = p['offers'];
  const url = str(p['url']) ?? (isObj(offers) ? str(offers['url']) : undefined);
  return item(name, url);
}

function compact(items: readonly (DeclaredItem | undefined)[]): DeclaredItem[] {
  return items.filter((i): i is DeclaredItem => i !== undefined);
}

/** The lists a page's JSON-LD declares. */
export function jsonLdLists(values: readonly unknown[], sources: GoldSources = {}): DeclaredList[] {
  const out: DeclaredList[] = [];
  const seen = new Set<unknown>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 20 || v === null || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      const products = v.filter((o) => isObj(o) && types(o).includes('Product')) as Record<string, unknown>[];
      if (products.length >= MIN_GOLD_ITEMS) out.push({ source: 'json-ld:Product', items: compact(products.map(productEntry)) });
      if (sources.things) out.push(...thingArrays(v));
      for (const x of v) walk(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    const t = types(o);
    if (t.includes('ItemList') && Array.isArray(o['itemListElement'])) {
      out.push({ source: 'json-ld:ItemList', items: compact((o['itemListElement'] as unknown[]).map(listEntry)) });
    }
    if (t.includes('Product') && Array.isArray(o['offers']) && o['offers'].length >= MIN_GOLD_ITEMS) {
      const offers = (o['offers'] as unknown[]).filter(isObj).map((f) => {
        const name = str(isObj(f['itemOffered']) ? f['itemOffered']['name'] : undefined) ?? str(f['name']) ?? str(isObj(f['seller']) ? f['seller']['name'] : undefined);
        const url = str(f['url']);
        return item(name, url);
      });
      out.push({ source: 'json-ld:Offer', items: compact(offers) });
    }
    for (const [k, x] of Object.entries(o)) if (k !== 'itemListElement' || !t.includes('BreadcrumbList')) walk(x, depth + 1);
  };
  for (const v of values) walk(v, 0);
  return out.filter((l) => l.items.length > 0);
}

/** JSON-LD things of one type, MIN_GOLD_ITEMS or more side by side in an array (`sources.things`). */
function thingArrays(v: readonly unknown[]): DeclaredList[] {
  const byType = new Map<string, Record<string, unknown>[]>();
  for (const o of v) {
    if (!isObj(o)) continue;
    const t = types(o)[0];
    if (t === undefined || NOT_ITEMS.has(t)) continue;
    const g = byType.get(t);
    if (g) g.push(o); else byType.set(t, [o]);
  }
  return [...byType].filter(([, g]) => g.length >= MIN_GOLD_ITEMS).map(([t, g]) => ({ source: `json-ld:${t}[]`, items: compact(g.map(productEntry)) }));
}

function itemType(el: ElementNode): string {
  return (el.attrs['itemtype'] ?? '').replace(/^.*[/#]/, '').trim();
}

/** An RDFa term's local name: `schema:Article`, `http://schema.org/Article` and `Article` are all `Article`. */
const localName = (term: string): string => term.replace(/^.*[/#]/, '').replace(/^[^:]*:/, '');

/** The local names of a space-separated RDFa attribute (`typeof`, `property`). */
function rdfaTerms(value: string | undefined): string[] {
  return value ? value.split(/\s+/).filter(Boolean).map(localName) : [];
}

/** How markup inside the HTML declares things and their properties: microdata or RDFa. */
interface Dialect {
  /** The attribute naming an element's properties (`itemprop`, `property`). */
  readonly prop: string;
  /** The attribute that opens a thing (`itemscope`, `typeof`): what is inside belongs to it, not to the enclosing thing. */
  readonly scope: string;
  /** The property names in a `prop` attribute's value. */
  terms(value: string | undefined): string[];
  /** Where a link property's target is: the first attribute present. */
  readonly linkAttrs: readonly string[];
  /** The thing's own URL (RDFa's subject), read before its properties: the first non-empty. */
  readonly subjectAttrs: readonly string[];
  /** The name properties by preference: the first of any of one group, else of the next group. */
  readonly nameProps: readonly (readonly string[])[];
  readonly urlProps: readonly string[];
}

const MICRODATA: Dialect = {
  prop: 'itemprop', scope: 'itemscope', terms: (value) => (value ?? '').split(/\s+/),
  linkAttrs: ['href', 'content'], subjectAttrs: [], nameProps: [['name']], urlProps: ['url'],
};

/** RDFa: a name is also a `headline` or Dublin Core's `title`; a thing's subject is its `about`, `resource` or `href`. */
const RDFA: Dialect = {
  prop: 'property', scope: 'typeof', terms: rdfaTerms,
  linkAttrs: ['href', 'resource', 'about', 'content'], subjectAttrs: ['about', 'resource', 'href'],
  nameProps: [['name'], ['headline', 'title']], urlProps: ['url', 'item'],
};

/**
 * The value of the first property of one of `names` inside a scope, not inside a nested scope
 * (but inside its `item`): a link's target when `link`, else its `content` or text.
 */
function propValue(tree: DomTree, d: Dialect, scope: ElementNode, names: readonly string[], link: boolean, textOf: (id: number) => string): string | undefined {
  for (let k = scope.id + 1; k <= scope.end; k++) {
    const n = tree.nodes[k]!;
    if (n.kind !== 'element') continue;
    const props = d.terms(n.attrs[d.prop]);
    if (props.some((p) => names.includes(p))) {
      const v = link ? d.linkAttrs.map((a) => n.attrs[a]).find((x) => x !== undefined) : (n.attrs['content'] ?? textOf(n.id));
      if (str(v)) return str(v);
    }
    if (n.attrs[d.scope] !== undefined && !props.includes('item')) k = n.end;
  }
  return undefined;
}

/** One declared thing: its name, and its URL (its subject, else a URL property, else its first link). */
function declaredItem(tree: DomTree, d: Dialect, el: ElementNode, textOf: (id: number) => string): DeclaredItem | undefined {
  let name: string | undefined;
  for (const names of d.nameProps) if ((name = propValue(tree, d, el, names, false, textOf)) !== undefined) break;
  const subject = d.subjectAttrs.map((a) => str(el.attrs[a])).find((u) => u !== undefined);
  return item(name, subject ?? propValue(tree, d, el, d.urlProps, true, textOf) ?? firstHref(tree, el.id));
}

/** The elements inside a scope that carry the property `prop` (not inside one another). */
function elementsWithProperty(tree: DomTree, d: Dialect, scope: ElementNode, prop: string): ElementNode[] {
  const out: ElementNode[] = [];
  for (let k = scope.id + 1; k <= scope.end; k++) {
    const c = tree.nodes[k]!;
    if (c.kind === 'element' && d.terms(c.attrs[d.prop]).includes(prop)) { out.push(c); k = c.end; }
  }
  return out;
}

/** The lists a page's microdata declares (read from the original tree, before stripping). */
export function microdataLists(tree: DomTree, textOf: (id: number) => string, sources: GoldSources = {}): DeclaredList[] {
  const out: DeclaredList[] = [];
  const entry = (el: ElementNode): DeclaredItem | undefined => declaredItem(tree, MICRODATA, el, textOf);
  const productsByParent = new Map<number, ElementNode[]>();
  const thingsByParent = new Map<string, ElementNode[]>();
  for (const n of tree.nodes) {
    if (n.kind !== 'element' || n.attrs['itemscope'] === undefined) continue;
    const t = itemType(n);
    if (t === 'ItemList') {
      const items = compact(elementsWithProperty(tree, MICRODATA, n, 'itemListElement').map(entry));
      if (items.length) out.push({ source: 'microdata:ItemList', items });
    } else if (t === 'Product') {
      const g = productsByParent.get(n.parent);
      if (g) g.push(n); else productsByParent.set(n.parent, [n]);
    } else if (sources.things && t !== '' && !NOT_ITEMS.has(t)) {
      const key = `${n.parent} ${t}`, g = thingsByParent.get(key);
      if (g) g.push(n); else thingsByParent.set(key, [n]);
    }
  }
  for (const g of productsByParent.values()) {
    if (g.length >= MIN_GOLD_ITEMS) out.push({ source: 'microdata:Product', items: compact(g.map(entry)) });
  }
  for (const g of thingsByParent.values()) {
    if (g.length >= MIN_GOLD_ITEMS) out.push({ source: `microdata:${itemType(g[0]!)}`, items: compact(g.map(entry)) });
  }
  return out;
}

/**
 * The lists a page's RDFa declares (read from the original tree, before stripping), by the
 * microdata rules: an `ItemList`'s `itemListElement`s, three or more `Product`s (and, with
 * `sources.things`, things of any item type) on one tag path, a product's three or more `offers`.
 * Scopes are grouped by tag path rather than parent, as CMSs wrap each teaser in its own row.
 */
function rdfaLists(tree: DomTree, textOf: (id: number) => string, sources: GoldSources = {}): DeclaredList[] {
  const out: DeclaredList[] = [];
  const entry = (el: ElementNode): DeclaredItem | undefined => declaredItem(tree, RDFA, el, textOf);
  const pathOf = treeFacts(tree).pathOf;
  const groups = new Map<string, { type: string; els: ElementNode[] }>();
  for (const n of tree.nodes) {
    if (n.kind !== 'element' || n.attrs['typeof'] === undefined) continue;
    const t = rdfaTerms(n.attrs['typeof']);
    if (t.length === 0 || t.some((x) => RDFA_NOT_ITEMS.has(x))) continue;
    if (t.includes('ItemList')) {
      const items = compact(elementsWithProperty(tree, RDFA, n, 'itemListElement').map(entry));
      if (items.length) out.push({ source: 'rdfa:ItemList', items });
      continue;
    }
    if (t.includes('Product')) {
      const offers = elementsWithProperty(tree, RDFA, n, 'offers');
      if (offers.length >= MIN_GOLD_ITEMS) out.push({ source: 'rdfa:Offer', items: compact(offers.map(entry)) });
    } else if (!sources.things) continue;
    const type = t.includes('Product') ? 'Product' : t[0]!;
    const key = `${type} ${pathOf[n.id]}`;
    const g = groups.get(key);
    if (g) g.els.push(n); else groups.set(key, { type, els: [n] });
  }
  for (const { type, els } of groups.values()) {
    if (els.length >= MIN_GOLD_ITEMS) out.push({ source: `rdfa:${type}`, items: compact(els.map(entry)) });
  }
  return out;
}

const LD_SCRIPT = /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>[\s\S]*?<\/script\s*>/gi;
const DECLARATION_ATTR = /\s(?:itemprop|itemscope|itemtype|itemid|itemref|typeof|property|about|resource|vocab|prefix|datatype|inlist)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?(?=[\s/>])/gi;

/** The HTML without JSON-LD scripts and microdata and RDFa attributes (only inside tags: text is untouched). */
export function stripDeclarations(html: string): string {
  return html.replace(LD_SCRIPT, '').replace(/<[a-zA-Z][^>]*>/g, (tag) => tag.replace(DECLARATION_ATTR, ''));
}

/** Text as compared: entities the declarations leave in, case, white space and punctuation at the ends ignored. */
export function comparableName(s: string): string {
  return s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#0?39;|&apos;/g, "'").replace(/&nbsp;/g, ' ')
    .normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');
}

/** A URL as compared: resolved, without scheme, `www.`, fragment and trailing slash. */
export function comparableUrl(raw: string, base: string | undefined): string | undefined {
  try {
    const u = base ? new URL(raw, base) : new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
    return `${u.host.replace(/^www\./, '').toLowerCase()}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  } catch {
    return undefined;
  }
}

interface Candidates { readonly ids: number[]; readonly byName: boolean }

/** The elements a declared item could be: links to its URL (those whose text is its name first), else elements whose text is its name. */
function candidatesFor(item: DeclaredItem, links: ReadonlyMap<string, number[]>, names: ReadonlyMap<string, number[]>, base: string | undefined, rows: TreeNodeRows): Candidates {
  const name = item.name ? comparableName(item.name) : '';
  const key = item.url ? comparableUrl(item.url, base) : undefined;
  const linked = key ? (links.get(key) ?? []) : [];
  if (linked.length) {
    const named = name ? linked.filter((id) => comparableName(rows.textOf(id)).includes(name)) : [];
    return { ids: named.length ? named : linked, byName: named.length > 0 };
  }
  return { ids: name ? (names.get(name) ?? []) : [], byName: true };
}

/**
 * Matches a declared list to the elements of the stripped page. Each item takes one element;
 * where an item has several (a link in a carousel and in the list), the one on the tag path
 * most items share wins, as a list's items share their path.
 */
function matchList(list: DeclaredList, tree: DomTree, rows: TreeNodeRows): { nodes: number[]; items: DeclaredItem[] } {
  const base = tree.baseUrl;
  const links = new Map<string, number[]>();
  const names = new Map<string, number[]>();
  const wanted = new Set(list.items.map((i) => (i.name ? comparableName(i.name) : '')).filter(Boolean));
  const textual = new Set(rows.ids);
  for (const id of rows.ids) {
    const el = tree.nodes[id] as ElementNode;
    if (el.tag === 'a' && el.attrs['href']) {
      const key = comparableUrl(el.attrs['href'], base);
      if (key) { const l = links.get(key); if (l) l.push(id); else links.set(key, [id]); }
    }
  }
  if (wanted.size) {
    for (const id of rows.ids) {
      const t = comparableName(rows.textOf(id));
      if (!wanted.has(t)) continue;
      // The innermost element with the text: drop an ancestor with the same text.
      const l = names.get(t) ?? [];
      const last = l[l.length - 1];
      if (last !== undefined && (tree.nodes[last] as ElementNode).end >= id) l[l.length - 1] = id; else l.push(id);
      names.set(t, l);
    }
  }
  const cands = list.items.map((item) => candidatesFor(item, links, names, base, rows));
  const pathVotes = new Map<number, number>();
  for (const c of cands) for (const p of new Set(c.ids.map((id) => rows.pathOf[id]!))) pathVotes.set(p, (pathVotes.get(p) ?? 0) + 1);
  const used = new Set<number>();
  const pairs: { id: number; item: DeclaredItem }[] = [];
  list.items.forEach((item, k) => {
    const ids = cands[k]!.ids.filter((id) => !used.has(id) && textual.has(id));
    if (!ids.length) return;
    let best = ids[0]!;
    for (const id of ids) if ((pathVotes.get(rows.pathOf[id]!) ?? 0) > (pathVotes.get(rows.pathOf[best]!) ?? 0)) best = id;
    used.add(best);
    pairs.push({ id: best, item });
  });
  pairs.sort((a, b) => a.id - b.id);
  return { nodes: pairs.map((p) => p.id), items: pairs.map((p) => p.item) };
}

/**
 * The page's list gold: its declarations read, removed from the HTML, and the best-matched
 * declared list (most items found) matched to the stripped page's elements; undefined when
 * the page declares no list or fewer than MIN_GOLD_ITEMS of its items are found.
 */
export function listGold(html: string, url?: string, sources: GoldSources = {}): ListGold | undefined {
  const original = parseHtml(html, url ? { url, rdfa: true } : { rdfa: true });
  let textOf: ((id: number) => string) | undefined;
  const originalText = (id: number): string => (textOf ??= treeNodeRows(original).textOf)(id);
  const microdata = /\bitemscope\b/i.test(html) ? microdataLists(original, originalText, sources) : [];
  const rdfa = /\btypeof\s*=/i.test(html) ? rdfaLists(original, originalText, sources) : [];
  const all = [...jsonLdLists(jsonLdValues(original), sources), ...microdata, ...rdfa];
  if (all.length === 0) return undefined;
  const stripped = stripDeclarations(html);
  const tree = parseHtml(stripped, url ? { url } : {});
  const rows = treeNodeRows(tree);
  // The default declarations first: a list of things (GoldSources) is gold only where none of them is.
  const isDefault = (l: DeclaredList): boolean => isDefaultSource(l.source);
  let best: { list: DeclaredList; nodes: number[]; items: DeclaredItem[] } | undefined;
  for (const declared of [all.filter(isDefault), all.filter((l) => !isDefault(l))]) {
    for (const list of declared) {
      const m = matchList(list, tree, rows);
      if (!best || m.nodes.length > best.nodes.length) best = { list, ...m };
    }
    if (best && best.nodes.length >= MIN_GOLD_ITEMS) break;
  }
  if (!best || best.nodes.length < MIN_GOLD_ITEMS) return undefined;
  return { html: stripped, tree, rows, declared: best.list, nodes: best.nodes, items: best.items };
}
