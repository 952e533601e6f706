/**
 * Which blocks are advertising: inside a small element whose class or id names an ad slot
 * (`div.ad`, `#ad-inline`, `.adsbygoogle`, `.taboola-feed`; see `AD_SLOT_NAME`), or a block
 * whose whole text is an ad's label ("Advertisement", "Anzeige:") or that opens with it in capitals
 * ("ANZEIGE - Heute mal ausgehen?"). An ad slot sits inside the
 * article as often as beside it, so the content region keeps it; the learner sees the same
 * class words among thousands of others and a lone "Advertisement" between two paragraphs
 * reads, to it, like part of the story.
 *
 * Only small elements count: an `article.ad-free` or a `main#ads-wrapper` holding the whole
 * page is a template's name for something else.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';
import { AD_LABEL, AD_LEAD, AD_SLOT_NAME } from '../features/vocabulary.js';
import { blocksUnder, MAX_CLASS_CHARS } from './blocks-under.js';

/** An ad's lead line is a sentence or two. */
const MAX_AD_LEAD_CHARS = 200;

/** Nodes an ad slot may hold: a label, a link, an image or an iframe, a few wrappers. */
const MAX_AD_SLOT_NODES = 40;

function namesAdSlot(el: ElementNode): boolean {
  if (el.end - el.id > MAX_AD_SLOT_NODES || el.tag === 'body' || el.tag === 'html' || el.tag === 'main' || el.tag === 'article') return false;
  const id = el.attrs['id'];
  if (id && AD_SLOT_NAME.test(id)) return true;
  const cls = el.attrs['class'];
  if (!cls || cls.length > MAX_CLASS_CHARS) return false;
  for (const name of cls.split(/\s+/)) if (name && AD_SLOT_NAME.test(name)) return true;
  return false;
}

/** 1 for each block that is advertising (see above). */
export function adSlotBlocks(tree: DomTree, blocks: readonly Block[]): Uint8Array {
  const out = blocksUnder(tree, blocks, namesAdSlot);
  for (let k = 0; k < blocks.length; k++) {
    const b = blocks[k]!;
    if (b.kind !== 'text') continue;
    if ((b.text.length <= 40 && AD_LABEL.test(b.text)) || (b.text.length <= MAX_AD_LEAD_CHARS && AD_LEAD.test(b.text))) out[k] = 1;
  }
  return out;
}
