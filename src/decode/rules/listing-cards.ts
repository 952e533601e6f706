/**
 * On a listing (a category page, a chart, a feed of posts) the repeated cards are the
 * content: each card's title link with its rank, rating, date or tags. The learner, trained
 * mostly on news, gives them next to no p(body), as it should to a related-stories box on an
 * article. A card list is an element whose children are alike cards: at least `MIN_CARDS`
 * of them, each a few text blocks of which at least one is a link and at least one is not
 * (a menu's items are one link each; a footer's columns are all links), or lines all inside
 * one link (a shop's product tile, wrapped whole in its `<a>`). On a page that declares a
 * listing, the largest card list (and any nearly as large) becomes body, less page furniture
 * and its cards' controls ("Add to favorites", which become other), unless it is a shop's
 * product grid on a page whose kept body is more than an intro (a buying guide); on a page
 * that declares no kind, only when its cards are headed by links or hold no paragraph, and
 * hold several times the text of the body the model kept, or when they are a shop's product
 * grid (nearly every card priced) holding more text than that body (a shop's buying guide
 * below its grid is no article). The region grows to cover them.
 */
import type { DecodeRule, DecodeState } from '../rule.js';
import { isLinkText, isParagraph, isPriceLine } from '../blocks.js';
import { isDateBlockText } from './date-lines.js';
import { tagsAlongChain } from '../containers.js';

/** Fewer alike cards than this are a box, not a listing. */
const MIN_CARDS = 4;
/** A card is a few lines; more is a section of its own. */
const MAX_CARD_BLOCKS = 12;
/** A shop's tile may hold more: name, price, saving, rating and several spec pairs. */
const MAX_PRICED_CARD_BLOCKS = 24;
/** Cards are looked for this many elements above each text block at most (bounds the work on deep pages). */
const MAX_CARD_DEPTH = 10;
/** A page of more blocks is no reading page; the rule leaves it (its maps grow with blocks times depth). */
const MAX_BLOCKS = 50_000;
/** Share of a list's children that must be cards. */
const MIN_CARD_SHARE = 0.6;
/** A list this much smaller than the largest is another box (a sidebar's). */
const NEAR_LARGEST = 0.5;
/** On an undeclared page the cards must hold this many times the kept body's text. */
const UNDECLARED_RATIO = 3;
/** Share of a product grid's cards that show a price (a tile may be sold out). */
const MIN_PRICED_SHARE = 0.8;
/** An undeclared page whose kept body has more paragraphs than an intro is an article. */
const MAX_INTRO_PARAGRAPHS = 2;
/** A control's label ("Rate", "Mark as watched") is no part of a card's text. */
export const IN_CONTROL = /(?:^|\/)(?:button|select|option|label)(?:\/|$)/;
/** Menus and the page's header and footer hold link lists of their own, never the listing. */
const IN_PAGE_CHROME = /(?:^|\/)(?:nav|aside)(?:\/|$)/;
const IN_HEADER_OR_FOOTER = /(?:^|\/)(?:header|footer)(?:\/|$)/;
/** A card's own header or footer (`<article><header>`) is part of the card. */
const IN_CARD_HEADER = /(?:^|\/)(?:article|li)\/(?:.*\/)?(?:header|footer)(?:\/|$)/;

function inPageChrome(tagPath: string): boolean {
  return IN_PAGE_CHROME.test(tagPath) || (IN_HEADER_OR_FOOTER.test(tagPath) && !IN_CARD_HEADER.test(tagPath));
}

export interface CardList {
  readonly blocks: readonly number[];
  /** Each card's blocks, in page order. */
  readonly cardBlocks: readonly (readonly number[])[];
  /** Each card's element (its id in `blockContainers`), in the order of `cardBlocks`. */
  readonly cardElements: readonly number[];
  readonly chars: number;
  /** Cards whose title is a linked heading (a sidebar's box has a heading too, but not a link). */
  readonly headed: number;
  readonly cards: number;
}

export const IN_HEADING = /(?:^|\/)h[1-6](?:\/|$)/;

/** The card lists a decode state last asked for, with its `titleEdits` then (cards are found around the titles). */
const cardListsMemo = new WeakMap<DecodeState, { chains: readonly (readonly number[])[]; titleEdits: number; lists: readonly CardList[] }>();

/**
 * The card lists of the page: per list element, its cards' blocks, when they qualify (none on a
 * page of over `MAX_BLOCKS`). Several rules ask for them; they depend only on the blocks, the
 * tree and which blocks are titles, so a state gets them built once while its titles stay.
 */
export function cardLists(s: DecodeState, chains: readonly (readonly number[])[]): readonly CardList[] {
  const memo = cardListsMemo.get(s);
  if (memo && memo.chains === chains && memo.titleEdits === s.titleEdits) return memo.lists;
  const lists = findCardLists(s, chains);
  cardListsMemo.set(s, { chains, titleEdits: s.titleEdits, lists });
  return lists;
}

function findCardLists(s: DecodeState, chains: readonly (readonly number[])[]): CardList[] {
  const { blocks, labels } = s;
  if (blocks.length > MAX_BLOCKS) return [];
  // list element -> card element -> block indices
  const lists = new Map<number, Map<number, number[]>>();
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.kind !== 'text' || labels[i] === 'title' || b.text.trim() === '' || inPageChrome(b.tagPath)) continue;
    const chain = chains[i] ?? [];
    for (let d = Math.max(0, chain.length - 1 - MAX_CARD_DEPTH); d < chain.length - 1; d++) {
      let cards = lists.get(chain[d]!);
      if (!cards) lists.set(chain[d]!, (cards = new Map()));
      const card = chain[d + 1]!;
      const held = cards.get(card);
      if (held) held.push(i);
      else cards.set(card, [i]);
    }
  }
  const out: CardList[] = [];
  for (const cards of lists.values()) {
    if (cards.size < MIN_CARDS) continue;
    const kept: number[][] = [];
    const elements: number[] = [];
    for (const [card, held] of cards) {
      if (!isCard(s, held, chains)) continue;
      kept.push(held);
      elements.push(card);
    }
    if (kept.length < MIN_CARDS || kept.length < MIN_CARD_SHARE * cards.size) continue;
    const listBlocks = kept.flat();
    let headed = 0;
    let chars = 0;
    for (const held of kept) if (held.some((i) => IN_HEADING.test(blocks[i]!.tagPath) && isLinkText(blocks[i]!))) headed++;
    for (const i of listBlocks) chars += blocks[i]!.text.length;
    out.push({ blocks: listBlocks, cardBlocks: kept, cardElements: elements, chars, headed, cards: kept.length });
  }
  return out;
}

function isCard(s: DecodeState, held: readonly number[], chains: readonly (readonly number[])[]): boolean {
  if (held.length < 2 || held.length > MAX_PRICED_CARD_BLOCKS || (held.length > MAX_CARD_BLOCKS && !showsPrice(s, held))) return false;
  let links = 0;
  for (const i of held) if (isLinkText(s.blocks[i]!)) links++;
  return links >= 1 && (links < held.length || inOneLink(s, held, chains));
}

/** The innermost `<a>` element holding block `i` (its tag path names the elements of its chain), or -1. */
function linkElementOf(s: DecodeState, i: number, chains: readonly (readonly number[])[]): number {
  const chain = chains[i] ?? [];
  const at = tagsAlongChain(s.blocks[i]!.tagPath, chain).lastIndexOf('a');
  return at < 0 ? -1 : chain[at]!;
}

/** A card that is one link around its title, price and maker (a shop's product tile) rather than a menu's several links. */
function inOneLink(s: DecodeState, held: readonly number[], chains: readonly (readonly number[])[]): boolean {
  const link = linkElementOf(s, held[0]!, chains);
  return link >= 0 && held.every((i) => linkElementOf(s, i, chains) === link);
}

/**
 * Whether no card of the list holds a paragraph: a shop's tiles and a list of entries are
 * lines; a forum's posts and teasers with summaries are not.
 */
function linesOnly(s: DecodeState, l: CardList): boolean {
  return l.cardBlocks.every((held) => !held.some((i) => isParagraph(s.blocks[i]!)));
}

function showsPrice(s: DecodeState, held: readonly number[]): boolean {
  return held.some((i) => isPriceLine(s.blocks[i]!));
}

/** Whether nearly every card of the list shows a price: a shop's product grid. */
export function productGrid(s: DecodeState, l: CardList): boolean {
  let priced = 0;
  for (const held of l.cardBlocks) if (showsPrice(s, held)) priced++;
  return priced >= MIN_PRICED_SHARE * l.cards;
}

/**
 * A page that declares no kind is taken for a listing when its largest card list is a product
 * grid holding more text than the body the model kept, or when that list has
 * linked headings for titles (a sidebar's boxes have plain headings) or cards of short lines
 * alone (a shop's tiles: name, price, specs), outweighs the body the model kept
 * `UNDECLARED_RATIO` times, and that body is at most an intro: an article's own paragraphs
 * above a box of other stories keep it an article.
 */
function undeclaredListing(s: DecodeState, lists: readonly CardList[], largest: number, chosen: ReadonlySet<number>): boolean {
  const largestLists = lists.filter((l) => l.chars === largest);
  const { body, paragraphs } = keptOutside(s, chosen);
  if (largest >= body && largestLists.some((l) => productGrid(s, l))) return true;
  if (!largestLists.some((l) => l.headed >= MIN_CARD_SHARE * l.cards || linesOnly(s, l))) return false;
  return largest >= UNDECLARED_RATIO * body && paragraphs <= MAX_INTRO_PARAGRAPHS;
}

/** Every block of the given card lists. */
export function blocksOf(lists: readonly CardList[]): Set<number> {
  const out = new Set<number>();
  for (const l of lists) for (const i of l.blocks) out.add(i);
  return out;
}

/** The paragraphs the model kept (body), in page order, leaving out the blocks in `outside` (card lists). */
export function keptParagraphs(s: DecodeState, outside: ReadonlySet<number> = new Set()): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.blocks.length; i++) if (s.labels[i] === 'body' && !outside.has(i) && isParagraph(s.blocks[i]!)) out.push(i);
  return out;
}

/** The text and paragraphs of the body the model kept outside the chosen card lists, in one pass. */
function keptOutside(s: DecodeState, chosen: ReadonlySet<number>): { body: number; paragraphs: number } {
  let body = 0;
  let paragraphs = 0;
  for (let i = 0; i < s.blocks.length; i++) {
    if (s.labels[i] !== 'body' || chosen.has(i)) continue;
    body += s.blocks[i]!.text.length;
    if (isParagraph(s.blocks[i]!)) paragraphs++;
  }
  return { body, paragraphs };
}

/**
 * A declared listing whose largest card list is a shop's product grid, but whose body the
 * model kept is more than an intro: a category page topped or closed by its buying guide.
 * The guide is what the page says; the grid is the shop's stock, and is left to the model.
 */
function guideOverGrid(s: DecodeState, lists: readonly CardList[], largest: number, chosen: ReadonlySet<number>): boolean {
  if (!lists.some((l) => l.chars === largest && productGrid(s, l))) return false;
  return keptOutside(s, chosen).paragraphs > MAX_INTRO_PARAGRAPHS;
}

export const listingCards: DecodeRule = {
  name: 'listing-cards',
  doc: "on a listing, the largest list of alike cards (each a link and a line that is not, or a tile wrapped whole in one link) becomes body (not a product grid under a buying guide); on an undeclared page only when its cards (with linked headings, or short lines alone) outweigh the body several times, or are a priced product grid outweighing it",
  apply(s, cfg) {
    const chains = cfg.blockContainers;
    const declared = cfg.pageType === 'listing';
    if (!chains || !(declared || cfg.pageType === 'unknown')) return;
    const lists = cardLists(s, chains);
    if (lists.length === 0) return;
    let largest = 0;
    for (const l of lists) largest = Math.max(largest, l.chars);
    const chosen = blocksOf(lists.filter((l) => l.chars >= NEAR_LARGEST * largest));
    const { blocks, labels } = s;
    if (declared ? guideOverGrid(s, lists, largest, chosen) : !undeclaredListing(s, lists, largest, chosen)) return;
    let first = s.region?.[0] ?? Infinity;
    let last = s.region?.[1] ?? -Infinity;
    for (const i of chosen) {
      // A card's date is its metadata, as on an article (`date-lines`).
      if (IN_CONTROL.test(blocks[i]!.tagPath)) {
        if (labels[i] === 'body') s.relabel(i, 'other', "a control in one of the listing's cards");
        continue;
      }
      if (s.furniture?.[i] || s.setAsideBlocks?.[i] || isDateBlockText(blocks[i]!.text)) continue;
      if (labels[i] === 'other') s.relabel(i, 'body', "a line of one of the listing's cards");
      if (labels[i] === 'body' || labels[i] === 'heading') {
        first = Math.min(first, i);
        last = Math.max(last, i);
      }
    }
    if (last >= first) s.region = [first, last];
  },
};
