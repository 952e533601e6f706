/**
 * On a product page the short lines of its feature list and spec table are what a reader
 * came for, yet the learner, trained mostly on news, gives short list items next to no
 * p(body). Lists, definition lists and table rows of short non-link lines in the content
 * region, or just after it, become body on a page that declares a product. So do definition
 * lists and table rows further below the product's title ("Material & care", "Size & fit"
 * tabs), even when the model found no body near the title at all: a name and its value in a
 * table are a spec wherever the product's own part of the page puts them, where a bare list
 * may be a menu. A list of cards (`listing-cards`' definition: each a few lines, one a link)
 * is other products' ("Similar items", "Customers also bought"): its price and delivery lines
 * are no spec. Nor are fields a shop's template writes out for its scripts ("cat_thumb_Bone:"
 * with an image address, "retail_price_tier1:"): a key in code form, the value after it, or a
 * bare address; nor buttons, nor blocks an earlier rule set aside (hidden, in a
 * footer or a pop-up).
 */
import { isLinkText } from '../blocks.js';
import { BlockTag, type DecodeRule, type DecodeState } from '../rule.js';
import { blocksOf, cardLists } from './shared/cards.js';

/** A spec line or a bullet of features, not a paragraph. */
const MAX_SPEC_CHARS = 200;
/** The spec list may follow the description this many blocks after the region's end. */
const AFTER_REGION = 12;
/** The block sits in a list item, a definition list or a table cell. */
const IN_SPEC_LIST = /(?:^|\/)(?:li|dt|dd|td|th)(?:\/|$)/;
/** A name and its value: a definition list's terms and definitions, a table's cells. */
const IN_SPEC_TABLE = /(?:^|\/)(?:dt|dd|td|th)(?:\/|$)/;
/** Spec tables this many blocks below the title still belong to the product (far below: other products' comparison tables). */
const AFTER_TITLE = 150;
/**
 * A button's text names an action (an image viewer's "Front", "Left"), not a property. Other
 * controls (`listing-cards`' `IN_CONTROL`) stay: a `<label>` shows the option chosen
 * ("Color" "Crystal Clear"), which a reader of the product wants.
 */
const IN_BUTTON = /(?:^|\/)button(?:\/|$)/;
/** A run of spec lines: one alone is a stray label. */
const MIN_RUN = 2;
/** A key in code form: words joined by underscores ("retail_price_tier1:", "cat_thumb_Petrol Blue:"). */
const CODE_KEY = /^\s*[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9 -]+)+:?\s*$/;
/** A line that is only a web address. */
const BARE_URL = /^\s*(?:https?:)?\/\/\S+\s*$/;

export const productSpecs: DecodeRule = {
  name: 'product-specs',
  doc: "on a product page, runs of short non-link lines in lists and tables in (or just after) the content region, and in definition lists and tables up to 150 blocks below the title, become body (not in other products' cards, nor a shop template's fields for its scripts: keys in code form, their values, bare addresses; nor buttons, nor blocks set aside)",
  apply(s, page) {
    if (page.pageType !== 'product') return;
    const { blocks, labels } = s;
    const inCards = blocksOf(page.blockContainers ? cardLists(s, page.blockContainers) : []);
    const spec = (i: number): boolean => {
      const b = blocks[i]!;
      return b.kind === 'text' && !isTemplateField(s.blocks, i) && labels[i] !== 'title' && labels[i] !== 'heading' && !s.has(i, BlockTag.furniture) && !s.has(i, BlockTag.setAside)
        && b.text.trim().length > 0 && b.text.length <= MAX_SPEC_CHARS && !isLinkText(b) && IN_SPEC_LIST.test(b.tagPath) && !IN_BUTTON.test(b.tagPath) && !inCards.has(i);
    };
    const region = s.region;
    if (region) {
      let last = region[1];
      for (const [i, j] of specRuns(region[0], Math.min(blocks.length - 1, region[1] + AFTER_REGION), spec)) {
        relabelRun(s, i, j);
        last = Math.max(last, j);
      }
      s.region = [region[0], last];
    }
    const title = labels.indexOf('title');
    if (title < 0) return;
    const inTable = (i: number): boolean => spec(i) && IN_SPEC_TABLE.test(blocks[i]!.tagPath);
    for (const [i, j] of specRuns(title + 1, Math.min(blocks.length - 1, title + AFTER_TITLE), inTable)) relabelRun(s, i, j);
  },
};

/** Runs of at least `MIN_RUN` consecutive blocks from `first` to `last` that `spec` accepts, as [first, last] pairs. */
function specRuns(first: number, last: number, spec: (i: number) => boolean): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let i = first; i <= last; i++) {
    if (!spec(i)) continue;
    let j = i;
    while (j + 1 <= last && spec(j + 1)) j++;
    if (j - i + 1 >= MIN_RUN) runs.push([i, j]);
    i = j;
  }
  return runs;
}

function relabelRun(s: DecodeState, first: number, last: number): void {
  for (let k = first; k <= last; k++) s.relabel(k, 'body', "a line of the product's features or specs");
}

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
