/**
 * Under an article, a stream of other stories' cards (a linked headline and a line of summary
 * each: Yahoo's "more stories") is not the article, though each summary reads like one of its
 * paragraphs and the learner keeps it. A card list (`listing-cards`' definition) whose cards
 * mostly have linked headlines and short text becomes other when at least three paragraphs of
 * the article come before it, none after, and it lies outside their element (cards inside it
 * are the article's own: a resources section). Not on listings, where such cards are the
 * content, nor on documentation or forum threads (posts are cards under linked names).
 */
import type { DecodeRule, DecodeState } from '../rule.js';
import { isLinkText } from '../blocks.js';
import { blocksOf, cardLists, IN_HEADING, keptParagraphs, type CardList } from './shared/cards.js';
import { inElement } from '../containers.js';

/** Share of the cards that must have a linked headline. */
const MIN_HEADED_SHARE = 0.6;
/** A headline has a few words; a linked name ("Poltergust", a forum post's author) is no headline. */
const MIN_HEADLINE_WORDS = 4;
/**
 * A teaser's summary is short (WordPress cuts an excerpt at 55 words, some 400 characters, and
 * the card adds its date); a longer card text is an article's own section.
 */
const MAX_CARD_TEXT_CHARS = 600;
/** The article above the cards: at least this many paragraphs of kept body outside them. */
const MIN_ARTICLE_PARAGRAPHS = 3;

/** Cards whose title is a linked heading of a headline's length. */
function headlinedCards(s: DecodeState, list: CardList): number {
  let n = 0;
  for (const card of list.cardBlocks) {
    const headline = card.some((i) => {
      const b = s.blocks[i]!;
      return IN_HEADING.test(b.tagPath) && isLinkText(b) && b.text.trim().split(/\s+/).length >= MIN_HEADLINE_WORDS;
    });
    if (headline) n++;
  }
  return n;
}

/** Each card is a teaser: its text besides links is a short summary. */
function shortCards(s: DecodeState, list: CardList): boolean {
  for (const card of list.cardBlocks) {
    let chars = 0;
    for (const i of card) if (!isLinkText(s.blocks[i]!)) chars += s.blocks[i]!.text.length;
    if (chars > MAX_CARD_TEXT_CHARS) return false;
  }
  return true;
}

/** The innermost element holding every one of `blocks` (its id), or -1. */
function commonContainer(chains: readonly (readonly number[])[], blocks: readonly number[]): number {
  let common = chains[blocks[0]!] ?? [];
  for (const i of blocks) {
    const chain = chains[i] ?? [];
    let k = 0;
    while (k < common.length && k < chain.length && common[k] === chain[k]) k++;
    common = common.slice(0, k);
  }
  return common.length > 0 ? common[common.length - 1]! : -1;
}

/** The content region ends before the cards (its images are kept only inside it). */
function endRegionBefore(s: DecodeState, first: number): void {
  if (!s.region || s.region[1] < first) return;
  let last = first - 1;
  while (last >= s.region[0] && s.labels[last] === 'other') last--;
  s.region = last >= s.region[0] ? [s.region[0], last] : undefined;
}

export const teaserCards: DecodeRule = {
  name: 'teaser-cards',
  judgesLayout: true,
  doc: "a list of other stories' cards (linked headline and short summary) after the article's paragraphs and outside their element becomes other (not on listings, forums or documentation)",
  apply(s, page) {
    const chains = page.blockContainers;
    if (!chains || page.pageType === 'listing' || page.pageType === 'docs' || page.pageType === 'forum') return;
    const lists = cardLists(s, chains);
    if (lists.length === 0) return;
    const inCards = blocksOf(lists);
    const article = keptParagraphs(s, inCards);
    if (article.length < MIN_ARTICLE_PARAGRAPHS) return;
    const articleElement = commonContainer(chains, article);
    const { blocks, labels } = s;
    for (const list of lists) {
      if (headlinedCards(s, list) < MIN_HEADED_SHARE * list.cards || !shortCards(s, list)) continue;
      let first = Infinity;
      for (const i of list.blocks) first = Math.min(first, i);
      // The cards close the page: the article's paragraphs all come before them, outside their
      // element (cards inside the article's own element are its content, a resources section).
      if (article[article.length - 1]! > first || inElement(chains, first, articleElement)) continue;
      for (const i of list.blocks) if (labels[i] === 'body' || (labels[i] === 'heading' && IN_HEADING.test(blocks[i]!.tagPath))) s.relabel(i, 'other', "a card of another story after the article");
      endRegionBefore(s, first);
    }
  },
};
