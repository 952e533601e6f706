/**
 * On a product page the short lines of its feature list and spec table are what a reader
 * came for, yet the learner, trained mostly on news, gives short list items next to no
 * p(body). Lists, definition lists and table rows of short non-link lines in the content
 * region, or just after it, become body on a page that declares a product. A list of cards
 * (`listing-cards`' definition: each a few lines, one a link) is other products' ("Similar
 * items", "Customers also bought"): its price and delivery lines are no spec. Nor are fields a
 * shop's template writes out for its scripts ("cat_thumb_Bone:" with an image address,
 * "retail_price_tier1:"): a key in code form, the value after it, or a bare address.
 */
import { isLinkText } from '../blocks.js';
import type { DecodeRule, DecodeState } from '../rule.js';
import { cardLists } from './listing-cards.js';

/** A spec line or a bullet of features, not a paragraph. */
const MAX_SPEC_CHARS = 200;
/** The spec list may follow the description this many blocks after the region's end. */
const AFTER_REGION = 12;
/** The block sits in a list item, a definition list or a table cell. */
const IN_SPEC_LIST = /(?:^|\/)(?:li|dt|dd|td|th)(?:\/|$)/;
/** A run of spec lines: one alone is a stray label. */
const MIN_RUN = 2;
/** A key in code form: words joined by underscores ("retail_price_tier1:", "cat_thumb_Petrol Blue:"). */
const CODE_KEY = /^\s*[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9 -]+)+:?\s*$/;
/** A line that is only a web address. */
const BARE_URL = /^\s*(?:https?:)?\/\/\S+\s*$/;

export const productSpecs: DecodeRule = {
  name: 'product-specs',
  doc: "on a product page, runs of short non-link lines in lists and tables in (or just after) the content region become body (not in other products' cards, nor a shop template's fields for its scripts: keys in code form, their values, bare addresses)",
  apply(s, cfg) {
    const region = s.region;
    if (cfg.pageType !== 'product' || !region) return;
    const { blocks, labels } = s;
    const end = Math.min(blocks.length - 1, region[1] + AFTER_REGION);
    const inCards = new Set<number>();
    if (cfg.blockContainers) for (const list of cardLists(s, cfg.blockContainers)) for (const i of list.blocks) inCards.add(i);
    const spec = (i: number): boolean => {
      const b = blocks[i]!;
      return b.kind === 'text' && !isTemplateField(s.blocks, i) && labels[i] !== 'title' && labels[i] !== 'heading' && !s.furniture?.[i] && b.text.trim().length > 0
        && b.text.length <= MAX_SPEC_CHARS && !isLinkText(b) && IN_SPEC_LIST.test(b.tagPath) && !inCards.has(i);
    };
    let last = region[1];
    for (let i = region[0]; i <= end; i++) {
      if (!spec(i)) continue;
      let j = i;
      while (j + 1 <= end && spec(j + 1)) j++;
      if (j - i + 1 >= MIN_RUN) {
        for (let k = i; k <= j; k++) s.relabel(k, 'body', 'a line of the product\'s features or specs');
        last = Math.max(last, j);
      }
      i = j;
    }
    s.region = [region[0], last];
  },
};

/** A template's field for its scripts: a key in code form, the value right after one, or a bare address. */
function isTemplateField(blocks: DecodeState['blocks'], i: number): boolean {
  const text = blocks[i]!.text;
  if (CODE_KEY.test(text) || BARE_URL.test(text)) return true;
  for (let j = i - 1; j >= 0; j--) {
    if (blocks[j]!.kind !== 'text' || blocks[j]!.text.trim() === '') continue;
    return CODE_KEY.test(blocks[j]!.text);
  }
  return false;
}
