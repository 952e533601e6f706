/**
 * Card lists: an element whose children are alike cards, at least `MIN_CARDS` of them, each a
 * few text blocks of which at least one is a link and at least one is not (a menu's items are
 * one link each; a footer's columns are all links), or lines all inside one link (a shop's
 * product tile, wrapped whole in its `<a>`). `listing-cards`, `teaser-cards`, `card-slots` and
 * `product-specs` read them; a state gets them built once while its titles stay.
 */
import type { DecodeState } from '../../rule.js';
import { isLinkText, isParagraph, isPriceLine } from '../../blocks.js';
import { tagsAlongChain } from '../../containers.js';

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
export const MIN_CARD_SHARE = 0.6;
/** Share of a product grid's cards that show a price (a tile may be sold out). */
const MIN_PRICED_SHARE = 0.8;
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

/** Whether text block `i` may be a card's line: not a title, not blank, not in the page's menus, header or footer. */
function mayBeCardLine(s: DecodeState, i: number): boolean {
  const b = s.blocks[i]!;
  return b.kind === 'text' && s.labels[i] !== 'title' && b.text.trim() !== '' && !inPageChrome(b.tagPath);
}

/**
 * Per element id (of the elements `findCardLists` reads), how often the child holding the
 * next card line changes along the lines in page order: at least the number of its children
 * holding lines (exactly, where each child's lines come together). An element counted below
 * `MIN_CARDS` holds no list, and no map is made for it.
 */
export function childCounts(lines: readonly number[], chains: readonly (readonly number[])[]): Int32Array {
  let size = 0;
  for (const i of lines) {
    const chain = chains[i] ?? [];
    for (let d = Math.max(0, chain.length - 1 - MAX_CARD_DEPTH); d < chain.length; d++) if (chain[d]! >= size) size = chain[d]! + 1;
  }
  const lastChild = new Int32Array(size).fill(-1);
  const counts = new Int32Array(size);
  for (const i of lines) {
    const chain = chains[i] ?? [];
    for (let d = Math.max(0, chain.length - 1 - MAX_CARD_DEPTH); d < chain.length - 1; d++) {
      const list = chain[d]!;
      if (lastChild[list] !== chain[d + 1]!) {
        lastChild[list] = chain[d + 1]!;
        counts[list]++;
      }
    }
  }
  return counts;
}

function findCardLists(s: DecodeState, chains: readonly (readonly number[])[]): CardList[] {
  const { blocks } = s;
  if (blocks.length > MAX_BLOCKS) return [];
  const lines: number[] = [];
  for (let i = 0; i < blocks.length; i++) if (mayBeCardLine(s, i)) lines.push(i);
  const children = childCounts(lines, chains);
  // list element -> card element -> block indices
  const lists = new Map<number, Map<number, number[]>>();
  for (const i of lines) {
    const chain = chains[i] ?? [];
    for (let d = Math.max(0, chain.length - 1 - MAX_CARD_DEPTH); d < chain.length - 1; d++) {
      if (children[chain[d]!]! < MIN_CARDS) continue;
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
export function linesOnly(s: DecodeState, l: CardList): boolean {
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
export function keptOutside(s: DecodeState, chosen: ReadonlySet<number>): { body: number; paragraphs: number } {
  let body = 0;
  let paragraphs = 0;
  for (let i = 0; i < s.blocks.length; i++) {
    if (s.labels[i] !== 'body' || chosen.has(i)) continue;
    body += s.blocks[i]!.text.length;
    if (isParagraph(s.blocks[i]!)) paragraphs++;
  }
  return { body, paragraphs };
}
