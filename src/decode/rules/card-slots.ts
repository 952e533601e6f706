/**
 * Alike cards hold alike content: a club's trails (a name, then "Difficulty: ... Length: ..."),
 * a team's members, a table of entries. When the content region keeps lines of the first card
 * of such a list, the same lines of the other cards are content too, though the model, seeing
 * each card alone, gave them less: they stand at the same place in cards built alike (a
 * wrapper's tag path with the card's index as its wildcard, as wrapper induction generalises).
 * A slot is a line's tag path below its card and whether it is link text; only slots most
 * cards fill grow.
 *
 * Only the first card sets the pattern: a list whose content starts the region is read from
 * its top, while a card kept further down (one comment of a thread, one teaser of a stream) is more
 * likely the model's slip than the list's pattern. Lists of linked headlines (other stories,
 * which `listing-cards` and `teaser-cards` weigh), shops' priced grids and lists below an
 * article's paragraphs (a box of more stories, whatever the model kept of it) are left alone, and
 * so are lines the model is sure are noise (p(other) >= `MAX_OTHER`), furniture, set-aside
 * text, dropped lines, controls and dates. The region grows to cover what is kept.
 */
import { BlockTag, type DecodeRule, type DecodeState } from '../rule.js';
import { isLinkText, OTHER } from '../blocks.js';
import { isDateBlockText } from './shared/date-line.js';
import { tagsAlongChain } from '../containers.js';
import { cardLists, IN_CONTROL, keptParagraphs, productGrid, type CardList } from './shared/cards.js';

/** A line the model is this sure is noise stays noise, whatever its card's neighbours keep. */
const MAX_OTHER = 0.9;
/** Share of the list's cards that must fill a slot (and have linked headlines to be left alone). */
const MIN_CARD_SHARE = 0.6;
/** An article this long (kept paragraphs) above a list makes the list other stories, as in `teaser-cards`. */
const MIN_ARTICLE_PARAGRAPHS = 3;

/** Where block i stands in its card: its tags below the card element, and whether it is link text. */
function slotOf(s: DecodeState, i: number, card: number, chain: readonly number[]): string {
  const tags = tagsAlongChain(s.blocks[i]!.tagPath, chain).slice(chain.indexOf(card) + 1);
  return `${tags.join('/')}|${isLinkText(s.blocks[i]!) ? 'link' : 'text'}`;
}

/** The lines of the list's first card kept inside the content region (by place in the card), with their labels: the rule's only pattern. */
function firstCardKept(s: DecodeState, list: CardList): Map<number, 'body' | 'heading'> {
  const kept = new Map<number, 'body' | 'heading'>();
  const [from, to] = s.region!;
  list.cardBlocks[0]!.forEach((i, k) => {
    const label = s.labels[i];
    if ((label === 'body' || label === 'heading') && i >= from && i <= to) kept.set(k, label);
  });
  return kept;
}

/** The first card's slots, with the label kept, that most cards fill (the first card's own lines aside, they are no pattern). */
function keptSlots(pattern: ReadonlyMap<number, 'body' | 'heading'>, list: CardList, slots: readonly (readonly string[])[]): Map<string, 'body' | 'heading'> {
  const kept = new Map<string, 'body' | 'heading'>();
  for (const [k, label] of pattern) if (!kept.has(slots[0]![k]!)) kept.set(slots[0]![k]!, label);
  for (const slot of [...kept.keys()]) {
    let cards = 0;
    for (const cardSlots of slots) if (cardSlots.includes(slot)) cards++;
    if (cards < MIN_CARD_SHARE * list.cards) kept.delete(slot);
  }
  return kept;
}

function mayGrow(s: DecodeState, i: number): boolean {
  const b = s.blocks[i]!;
  return (
    s.labels[i] === 'other' &&
    s.probs[i]![OTHER]! < MAX_OTHER &&
    !s.has(i, BlockTag.furniture) &&
    !s.has(i, BlockTag.setAside) &&
    !s.has(i, BlockTag.dropped) &&
    !IN_CONTROL.test(b.tagPath) &&
    !isDateBlockText(b.text, s.texts.line)
  );
}

/**
 * Per block, how many kept paragraphs come before it: a list below an article's
 * (`MIN_ARTICLE_PARAGRAPHS`) is a box of other stories ("Explore more"). Counted once, before
 * the rule changes a label.
 */
function keptParagraphsBefore(s: DecodeState): Uint32Array {
  const before = new Uint32Array(s.blocks.length + 1);
  for (const i of keptParagraphs(s)) before[i + 1] = 1;
  for (let i = 0; i < s.blocks.length; i++) before[i + 1]! += before[i]!;
  return before;
}

export const cardSlots: DecodeRule = {
  name: 'card-slots',
  doc: "when the content region keeps lines of the first of a list's alike cards, the same lines of its other cards (by tag path below the card, link or not) become content too, unless the model is sure they are noise (not lists of linked headlines, priced grids or lists below an article)",
  apply(s, page) {
    const chains = page.blockContainers;
    if (!chains || !s.region) return;
    let [first, last] = s.region;
    let paragraphsBefore: Uint32Array | undefined;
    for (const list of cardLists(s, chains)) {
      const pattern = firstCardKept(s, list);
      if (pattern.size === 0 || list.headed >= MIN_CARD_SHARE * list.cards || productGrid(s, list)) continue;
      paragraphsBefore ??= keptParagraphsBefore(s);
      if (paragraphsBefore[list.cardBlocks[0]![0]!]! >= MIN_ARTICLE_PARAGRAPHS) continue;
      const slots = list.cardBlocks.map((card, c) => card.map((i) => slotOf(s, i, list.cardElements[c]!, chains[i] ?? [])));
      const kept = keptSlots(pattern, list, slots);
      if (kept.size === 0) continue;
      list.cardBlocks.forEach((card, c) => {
        card.forEach((i, k) => {
          const label = kept.get(slots[c]![k]!);
          if (!label || !mayGrow(s, i)) return;
          s.relabel(i, label, 'the same line as one kept in the first of its alike cards');
          first = Math.min(first, i);
          last = Math.max(last, i);
        });
      });
    }
    s.region = [first, last];
  },
};
