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
import { BlockTag, type DecodeRule, type DecodeState } from '../rule.js';
import { isDateBlockText } from './shared/date-line.js';
import { blocksOf, cardLists, IN_CONTROL, keptOutside, linesOnly, MIN_CARD_SHARE, productGrid, type CardList } from './shared/cards.js';

/** A list this much smaller than the largest is another box (a sidebar's). */
const NEAR_LARGEST = 0.5;
/** On an undeclared page the cards must hold this many times the kept body's text. */
const UNDECLARED_RATIO = 3;

/** An undeclared page whose kept body has more paragraphs than an intro is an article. */
const MAX_INTRO_PARAGRAPHS = 2;

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
  judgesLayout: true,
  doc: "on a listing, the largest list of alike cards (each a link and a line that is not, or a tile wrapped whole in one link) becomes body (not a product grid under a buying guide); on an undeclared page only when its cards (with linked headings, or short lines alone) outweigh the body several times, or are a priced product grid outweighing it",
  apply(s, page) {
    const chains = page.blockContainers;
    const declared = page.pageType === 'listing';
    if (!chains || !(declared || page.pageType === 'unknown')) return;
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
      if (s.has(i, BlockTag.furniture) || s.has(i, BlockTag.setAside) || isDateBlockText(blocks[i]!.text, s.texts.line)) continue;
      if (labels[i] === 'other') s.relabel(i, 'body', "a line of one of the listing's cards");
      if (labels[i] === 'body' || labels[i] === 'heading') {
        first = Math.min(first, i);
        last = Math.max(last, i);
      }
    }
    if (last >= first) s.region = [first, last];
  },
};
