/**
 * A shop's category page or a listing of events, talks or repositories has no article: its
 * `<main>` holds a grid of short cards, which the learner (trained mostly on news) gives little
 * p(body) one by one, and the decoder keeps an intro paragraph or nothing. Where the page's
 * `<main>` holds plenty of text and what is kept is a small part of it, the blocks of `<main>`
 * that the model does not hold for noise become body.
 *
 * Not on a page that declares an article (there the small keep is the article) other than by its `og:type` alone (themes mark their archive pages so), a
 * product (its `<main>` also holds other products' carousels) or a forum thread. Not the site's
 * frame inside `<main>` (its navigation, header, footer, asides, forms), named furniture,
 * set-aside text, nor a block an earlier rule dropped.
 */
import { BlockTag, type DecodeRule } from '../rule.js';
import { OTHER } from '../blocks.js';
import { SURE_NOISE_P_OTHER } from './shared/sure-noise.js';
import type { PageType } from '../page-type.js';

const IN_MAIN = /(?:^|\/)main(?:\/|$)/;
/** Below `<main>`: the site's own frame, a form's controls. */
const FRAME_BELOW_MAIN = /\/(?:nav|header|footer|aside|form|button|select)(?:\/|$)/;
/** `<main>` holds at least this many characters of text. */
export const MAIN_FALLBACK_MIN_CHARS = 1000;
/** ... and what is kept (body and headings) is less than this share of it. */
export const MAIN_FALLBACK_MAX_KEPT_SHARE = 0.3;
/** Page types whose small keep is to be trusted. */
const TRUSTED_TYPES: ReadonlySet<PageType> = new Set(['article', 'product', 'forum']);

export const mainFallback: DecodeRule = {
  name: 'main-fallback',
  doc: `on a page that declares no article (but by its og:type), product or forum thread, when \`<main>\` holds at least ${MAIN_FALLBACK_MIN_CHARS} characters of text and less than ${MAIN_FALLBACK_MAX_KEPT_SHARE * 100}% of it is kept, its blocks with p(other) < ${SURE_NOISE_P_OTHER} become body (not its frame, furniture, set-aside text or what a rule dropped)`,
  apply(s, page) {
    if (TRUSTED_TYPES.has(page.pageType) && !(page.pageType === 'article' && page.pageTypeByOpenGraph)) return;
    const { blocks, labels } = s;
    let mainChars = 0;
    let keptChars = 0;
    const inMain: number[] = [];
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i]!;
      if (b.kind !== 'text') continue;
      if (labels[i] === 'body' || labels[i] === 'heading') keptChars += b.text.length;
      // `includes` first: most pages have no <main>, and every page's blocks pass here.
      const at = b.tagPath.includes('main') ? b.tagPath.search(IN_MAIN) : -1;
      if (at >= 0 && !FRAME_BELOW_MAIN.test(b.tagPath.slice(at))) {
        mainChars += b.text.length;
        inMain.push(i);
      }
    }
    if (mainChars < MAIN_FALLBACK_MIN_CHARS || keptChars >= MAIN_FALLBACK_MAX_KEPT_SHARE * mainChars) return;
    for (const i of inMain) {
      if (labels[i] !== 'other' || s.probs[i]![OTHER]! >= SURE_NOISE_P_OTHER || s.has(i, BlockTag.furniture | BlockTag.setAside) || s.wasMadeOther(i)) continue;
      s.relabel(i, 'body', 'little was kept of the text in <main>');
    }
  },
};
