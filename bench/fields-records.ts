/**
 * Records from two example records (docs/fields.md, issue 57): list pages of the shared train
 * corpora (wcxb-dev, trafilatura-eval) that declare their items in JSON-LD (`ItemList`, at
 * least 4 items with names). The declaration is removed from the page the learner sees; the
 * first two declared items shown on the page are the examples (their names, and prices where
 * every example's offer price shows on the page); every record the rules then find on the same
 * page is scored against the declared items: a record is right when all its given fields
 * equal a declared item's (after the clean-up every value gets). Precision over records found,
 * recall over declared items shown on the page (and over all declared items).
 * Where the page links both examples' declared URLs, the URL is a field too (`--url off`: not).
 * Beside the first pair (the headline), every pair of consecutive shown declared items among the
 * first six is tried as the examples and the page's F1 averaged over them (`--pairs off`: not),
 * so the figure does not rest on which two a person happens to pick.
 * Beside them, the page's ceiling: the F1 an extractor reaching every record the page offers would
 * get (precision 1, recall over the shown declared items that are reachable): a shown item (its
 * name shown, by the test below) is reachable when every other field the examples give stands
 * where a rule can read it: its URL as a link attribute's resolved target (`href`, `src`, `cite`,
 * ...), its price in the page's text or a text attribute (`content`). It reads the page
 * and the declaration only, never the rules' output; with the first pair's fields, and averaged
 * over the pairs with each pair's fields.
 * Gold as the page means it (`--gold raw`: as session 48 read it): declared names' character
 * references decoded (imdb writes `Schindler&apos;s List`), a declared name not counted as shown
 * where it stands only inside a longer declared name (`Scream` in `Scream 7`), and a record
 * matched against every declared item of its name (two declared items may share one).
 *   node dist/bench/fields-records.js [--corpora wcxb-dev,trafilatura-eval] [--url off] [--shown words|substring] [--examples 1,2] [--pairs off] [--gold raw]
 */
import { join } from 'node:path';
import { openCorpus } from '../src/corpus/open.js';
import { latin1, readBytes } from '../src/corpus/readers/files.js';
import { decodeHtml } from '../src/dom/bytes.js';
import { fragmentParagraphs } from '../src/dom/fragment-text.js';
import { parseHtml } from '../src/dom/parse.js';
import { elementText, extractFields, linkOf, normalizeValue, resolveLinkValue } from '../src/models/wrapper/fields.js';
import { induceFields } from '../src/wrapper/fields.js';
import type { DomTree, ElementNode } from '../src/dom/tree.js';
import { argValue } from './args.js';
import { declaredItemLists, LD_RE } from './declared-item-lists.js';
import { ceilingF1, pageShows, pageValues, showsAsUnit, type GivenFields, type PageShows, type PageValues } from './records-ceiling.js';

const corpora = argValue('corpora', 'wcxb-dev,trafilatura-eval').split(',');
/** `--url off`: score names (and prices) only, as before URLs were read from links. */
const scoreUrls = argValue('url', 'on') !== 'off';
const sharedRoot = join(process.cwd(), '..', 'shared', 'corpora');

interface Item { readonly name: string; readonly price?: string; readonly url?: string }

/** `--gold raw`: declared names read as written, shown inside longer ones, matched by the last item of a name. */
const goldAsMeant = argValue('gold', 'meant') !== 'raw';
/** `--pairs off`: the first pair only. */
const averagePairs = argValue('pairs', 'on') !== 'off';
/** The consecutive pairs of shown declared items averaged over are those among the first this many. */
const PAIR_WINDOW = 6;

/** A declared text as the page means it: character references a site left in its JSON-LD decoded by the page's parser (as text: a `<` stays). */
function declaredText(text: string): string {
  if (!goldAsMeant || !/&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/i.test(text)) return text;
  return fragmentParagraphs(text.replace(/</g, '&lt;')).join(' ');
}

/** The declared items of a page's largest ItemList (names; offer prices where given). */
function declaredItems(html: string): Item[] {
  let best: Item[] = [];
  for (const list of declaredItemLists(html)) {
    const items: Item[] = [];
    for (const it of list) {
      const name = typeof it['name'] === 'string' ? normalizeValue(declaredText(it['name'])) : '';
      if (!name) continue;
      const offers = (Array.isArray(it['offers']) ? it['offers'][0] : it['offers']) as Record<string, unknown> | undefined;
      const price = offers && (typeof offers['price'] === 'string' || typeof offers['price'] === 'number') ? String(offers['price']) : undefined;
      const url = typeof it['url'] === 'string' ? it['url'] : undefined;
      items.push({ name, ...(price ? { price } : {}), ...(url ? { url } : {}) });
    }
    if (items.length > best.length) best = items;
  }
  return best;
}

/**
 * What a page shows, to tell which declared names it shows honestly: its text nodes (white
 * space collapsed) and the whole texts of its elements. A name is shown when it is an
 * element's whole text or stands in one text node at word boundaries (no letter or digit just
 * before or after it), so that a short name (imdb's "Ran") is not shown inside another word
 * ("Rank", "Grand"). `--shown substring`: anywhere in the page's text, as the bench first counted.
 */
const shownTest = argValue('shown', 'words');
/** `--examples 3,5`: which of the shown declared items (1-based, in declaration order) are the two examples (default the first two). */
const exampleIndexes = argValue('examples', '1,2').split(',').map((x) => Number(x) - 1);
function shows(page: PageShows, name: string, declared: readonly string[]): boolean {
  if (shownTest === 'substring') return page.text.includes(name);
  return showsAsUnit(page, name, longerNames(name, declared));
}
/** The declared names that hold `name` (`Scream 7` for `Scream`): a name inside them is not shown (`--gold raw`: none). */
function longerNames(name: string, declared: readonly string[]): string[] {
  return goldAsMeant ? declared.filter((d) => d.length > name.length && d.includes(name)) : [];
}

/** The page's text, white space collapsed (to tell which declared items it shows). */
function pageText(tree: DomTree): string {
  return elementText(tree, tree.nodes[0] as ElementNode);
}

/** The page's links, resolved (to tell which declared URLs it links). */
function pageLinks(tree: DomTree): Set<string> {
  const out = new Set<string>();
  for (const n of tree.nodes) if (n.kind === 'element') {
    const l = linkOf(tree, n);
    if (l !== undefined) out.add(l);
  }
  return out;
}

/** A list page of the bench: its tree as the learner sees it and its declared items, those it shows first. */
interface ListPage {
  readonly tree: DomTree;
  readonly text: string;
  readonly links: ReadonlySet<string>;
  readonly shown: readonly Item[];
  /** The shown items by name (`--gold raw`: the last item of each name only). */
  readonly byName: ReadonlyMap<string, readonly Item[]>;
  /** Each shown item's declared URL resolved as the page resolves links. */
  readonly urls: ReadonlyMap<Item, string | undefined>;
  /** Where the page holds values a rule can read (for the ceiling). */
  readonly values: PageValues;
}

function listPage(tree: DomTree, text: string, shown: readonly Item[]): ListPage {
  const byName = new Map<string, Item[]>();
  for (const i of shown) {
    const same = byName.get(i.name);
    // `--gold raw`: a name stands for the last declared item of that name, as first scored.
    if (same && goldAsMeant) same.push(i);
    else byName.set(i.name, [i]);
  }
  const urls = new Map(shown.map((i) => [i, i.url !== undefined ? resolveLinkValue(tree, i.url) : undefined] as const));
  return { tree, text, links: pageLinks(tree), shown, byName, urls, values: pageValues(tree, text) };
}

/** The fields two example items give: the name, the price where both prices show, the URL where the page links both. */
function givenFields(page: ListPage, a: Item, b: Item): GivenFields {
  const { text, links, urls } = page;
  const withPrice = a.price !== undefined && b.price !== undefined && text.includes(a.price) && text.includes(b.price);
  const withUrl = scoreUrls && [a, b].every((i) => { const u = urls.get(i); return u !== undefined && links.has(u); });
  return { withPrice, withUrl };
}

/** The page's ceiling with the fields `given` (bench/records-ceiling.ts), from the page and its declared items only. */
function pageCeiling(page: ListPage, given: GivenFields): number {
  const items = page.shown.map((i) => ({ ...(i.price !== undefined ? { price: i.price } : {}), ...(page.urls.get(i) !== undefined ? { url: page.urls.get(i)! } : {}) }));
  return ceilingF1(page.values, items, given);
}

/** What the rules induced from two example items find on their page, scored. */
interface PairScore {
  readonly fields: readonly string[];
  readonly found: number;
  readonly right: number;
  readonly p: number;
  readonly r: number;
  readonly f1: number;
  readonly ms: number;
  /** The page's ceiling with this pair's fields. */
  readonly ceiling: number;
}

/** Induces rules from the shown declared items `a` and `b` as the example records and scores every record they find. */
function scorePair(page: ListPage, id: string, a: Item, b: Item): PairScore {
  const { tree, shown, byName, urls } = page;
  const { withPrice, withUrl } = givenFields(page, a, b);
  const fields: Record<string, string[]> = {
    name: [a.name, b.name],
    ...(withPrice ? { price: [a.price!, b.price!] } : {}),
    ...(withUrl ? { url: [a.url!, b.url!] } : {}),
  };
  const t0 = performance.now();
  const body = induceFields([{ id, tree, fields }]);
  const got = extractFields(tree, body);
  const ms = performance.now() - t0;
  const found: Record<string, string>[] = got.records.length > 0 ? got.records : (got.fields['name'] ?? []).map((v) => ({ name: v.value }));
  const matches = (r: Record<string, string>, it: Item): boolean =>
    (!withPrice || normalizeValue(r['price'] ?? '') === normalizeValue(it.price ?? '')) && (!withUrl || (r['url'] ?? '') === urls.get(it));
  let right = 0;
  const used = new Set<Item>();
  for (const r of found) {
    const it = r['name'] !== undefined ? byName.get(normalizeValue(r['name']))?.find((i) => !used.has(i) && matches(r, i)) : undefined;
    if (!it) continue;
    used.add(it);
    right++;
  }
  const p = found.length ? right / found.length : 0;
  const r = right / shown.length;
  return { fields: Object.keys(fields), found: found.length, right, p, r, f1: p + r ? (2 * p * r) / (p + r) : 0, ms, ceiling: pageCeiling(page, { withPrice, withUrl }) };
}

/** The pairs of consecutive shown declared items among the first PAIR_WINDOW (0-based indexes). */
function consecutivePairs(shown: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < Math.min(shown, PAIR_WINDOW); i++) out.push([i, i + 1]);
  return out;
}

const rows: string[] = [];
let sumP = 0;
let sumR = 0;
let sumF = 0;
let sumPairF = 0;
let sumCeiling = 0;
let sumPairCeiling = 0;
let pagesScored = 0;
for (const name of corpora) {
  const corpus = await openCorpus(join(sharedRoot, name));
  for (const entry of corpus.pages) {
    const bytes = await readBytes(entry.htmlPath);
    const raw = latin1(bytes);
    if (!raw.includes('ItemList')) continue;
    const html = decodeHtml(bytes).text;
    const items = declaredItems(html);
    if (items.length < 4) continue;
    // The learner never sees the declaration.
    const tree = parseHtml(html.replace(LD_RE, ''), entry.url !== undefined ? { url: entry.url } : {});
    const text = pageText(tree);
    const seen = pageShows(tree, text);
    const names = [...new Set(items.map((i) => i.name))];
    const shown = items.filter((i) => shows(seen, i.name, names));
    if (shown.length < 4) {
      rows.push(`| ${entry.site} | ${name}/${entry.id} | ${items.length} | ${shown.length} | - | - | - | - | - | - | - | too few declared items shown |`);
      continue;
    }
    const [a, b] = exampleIndexes.map((k) => shown[k]);
    if (!a || !b) continue;
    const page = listPage(tree, text, shown);
    const first = scorePair(page, entry.id, a, b);
    sumP += first.p;
    sumR += first.r;
    sumF += first.f1;
    sumCeiling += first.ceiling;
    pagesScored++;
    let pairCell = '- | -';
    if (averagePairs) {
      // The pair of the examples (1-2 by default) is scored once.
      const scores = consecutivePairs(shown.length).map(([i, j]) => (i === exampleIndexes[0] && j === exampleIndexes[1] ? first : scorePair(page, entry.id, shown[i]!, shown[j]!)));
      const mean = (xs: readonly number[]): number => xs.reduce((x, y) => x + y, 0) / xs.length;
      const f1 = mean(scores.map((s) => s.f1));
      const ceiling = mean(scores.map((s) => s.ceiling));
      sumPairF += f1;
      sumPairCeiling += ceiling;
      pairCell = `${f1.toFixed(3)} (${scores.map((s) => s.f1.toFixed(3)).join(', ')}) | ${ceiling.toFixed(3)} (${scores.map((s) => s.ceiling.toFixed(3)).join(', ')})`;
    }
    rows.push(`| ${entry.site} | ${name}/${entry.id} | ${items.length} | ${shown.length} | ${first.fields.join(', ')} | ${first.found} | ${first.p.toFixed(3)} / ${first.r.toFixed(3)} / ${first.f1.toFixed(3)} | ${first.ceiling.toFixed(3)} | ${(first.right / items.length).toFixed(3)} | ${pairCell} | ${first.ms.toFixed(1)} ms |`);
  }
}
process.stdout.write('| site | page | declared | shown | fields | records found | P / R / F1 (shown) | ceiling F1 | R (declared) | F1 over consecutive pairs (each pair) | ceiling over pairs (each pair) | learn + extract |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n');
for (const r of rows) process.stdout.write(r + '\n');
process.stdout.write(`\nmean over ${pagesScored} pages: P ${(sumP / pagesScored).toFixed(3)}, R ${(sumR / pagesScored).toFixed(3)}, F1 ${(sumF / pagesScored).toFixed(3)} (ceiling ${(sumCeiling / pagesScored).toFixed(3)})`);
if (averagePairs) process.stdout.write(`; F1 averaged over consecutive example pairs among the first ${PAIR_WINDOW} shown: ${(sumPairF / pagesScored).toFixed(3)} (ceiling ${(sumPairCeiling / pagesScored).toFixed(3)})`);
process.stdout.write('\n');
