/**
 * Which blocks are advertising: inside a small element whose class or id names an ad slot
 * (`div.ad`, `#ad-inline`, `.adsbygoogle`, `.taboola-feed`; see `AD_SLOT_NAME`), or a block
 * whose whole text is an ad's label ("Advertisement", "Anzeige:") or that opens with it in capitals
 * ("ANZEIGE - Heute mal ausgehen?"), or the card of a placed ad, which carries the network's
 * disclosure link ("Why you're seeing this ad"; a shop's sponsored "Similar items"). An ad
 * slot sits inside the article as often as beside it, so the content region keeps it; the
 * learner sees the same class words among thousands of others and a lone "Advertisement"
 * between two paragraphs reads, to it, like part of the story.
 *
 * Only small elements count: an `article.ad-free` or a `main#ads-wrapper` holding the whole
 * page is a template's name for something else.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';
import { AD_DISCLOSURE, AD_LABEL, AD_LEAD } from '../features/cue-words.js';
import { blocksUnder } from './blocks-under.js';
import { ClassNames, NameBit } from './class-names.js';

/** An ad's lead line is a sentence or two. */
const MAX_AD_LEAD_CHARS = 200;

/** Nodes an ad slot may hold: a label, a link, an image or an iframe, a few wrappers. */
export const MAX_AD_SLOT_NODES = 40;

/**
 * A small element whose id or class (read through the page's `ClassNames`) names an ad slot
 * (`AD_SLOT_NAME`): the marker `adSlotBlocks` walks with.
 */
export function adSlotMarker(names: ClassNames): (el: ElementNode) => boolean {
  return (el) => {
    if (el.end - el.id > MAX_AD_SLOT_NODES || el.tag === 'body' || el.tag === 'html' || el.tag === 'main' || el.tag === 'article') return false;
    return (names.idOrClass(el) & NameBit.adSlot) !== 0;
  };
}

/** A placed ad's card is a few short lines: title, price, seller, delivery, the disclosure. */
const MAX_AD_CARD_BLOCKS = 12;
/** Text a placed ad's card holds at most: an ad inside a story shares its parent with the story's paragraphs. */
const MAX_AD_CARD_CHARS = 400;
/** How far above its disclosure link an ad's card is looked for. */
const MAX_AD_CARD_DEPTH = 40;

/** A block's first node: these rise with the blocks, which are in document order (their elements need not). */
function firstNodeOf(b: Block): number {
  return b.nodeIds[0] ?? b.elementId;
}

/** The first block whose first node is node `id` or comes after it. */
function firstBlockAtOrAfter(blocks: readonly Block[], id: number): number {
  let lo = 0;
  let hi = blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (firstNodeOf(blocks[mid]!) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function isDisclosure(b: Block): boolean {
  return b.kind === 'text' && b.text.length <= 40 && AD_DISCLOSURE.test(b.text.trim());
}

/**
 * Marks each placed ad's card: the largest element around a disclosure link that holds no other
 * ad's disclosure (the next card's), at most `MAX_AD_CARD_BLOCKS` blocks and `MAX_AD_CARD_CHARS`
 * of text.
 */
function markAdCards(tree: DomTree, blocks: readonly Block[], out: Uint8Array): void {
  const disclosures = new Set<number>();
  for (let k = 0; k < blocks.length; k++) if (isDisclosure(blocks[k]!)) disclosures.add(k);
  for (const d of disclosures) {
    let card: readonly [number, number] = [d, d];
    let cur = tree.nodes[blocks[d]!.elementId]!.parent;
    for (let up = 0; cur > 0 && up < MAX_AD_CARD_DEPTH; up++) {
      const el = tree.nodes[cur] as ElementNode;
      if (el.tag === 'body' || el.tag === 'main') break;
      const lo = firstBlockAtOrAfter(blocks, el.id);
      const hi = firstBlockAtOrAfter(blocks, el.end + 1) - 1;
      if (hi - lo + 1 > MAX_AD_CARD_BLOCKS) break;
      let another = false;
      let chars = 0;
      for (let k = lo; k <= hi; k++) {
        if (k !== d && disclosures.has(k)) another = true;
        chars += blocks[k]!.text.length;
      }
      if (another || chars > MAX_AD_CARD_CHARS) break;
      card = [lo, hi];
      cur = el.parent;
    }
    for (let k = card[0]; k <= card[1]; k++) out[k] = 1;
  }
}

/** 1 for each block that is advertising (see above). */
export function adSlotBlocks(tree: DomTree, blocks: readonly Block[]): Uint8Array {
  return adSlotBlocksFrom(tree, blocks, blocksUnder(tree, blocks, adSlotMarker(new ClassNames(tree))));
}

/** `adSlotBlocks`, given the blocks under an ad slot (`adSlotMarker`, walked with other markers); `under` becomes the result. */
export function adSlotBlocksFrom(tree: DomTree, blocks: readonly Block[], under: Uint8Array): Uint8Array {
  const out = under;
  markAdCards(tree, blocks, out);
  for (let k = 0; k < blocks.length; k++) {
    const b = blocks[k]!;
    if (b.kind !== 'text') continue;
    if ((b.text.length <= 40 && AD_LABEL.test(b.text)) || (b.text.length <= MAX_AD_LEAD_CHARS && AD_LEAD.test(b.text))) out[k] = 1;
  }
  return out;
}
