/**
 * A page of a handful of text blocks (a fragment, a note, a test page) has no template around
 * its text, so the rules that read a layout (a content region, headings before it) have
 * nothing to go on there: once any block of such a page is content, its other blocks are too.
 * A block only a layout rule dropped counts as content, and comes back with its label.
 * Not what a rule dropped for what it says (a credit, a widget's line, a consent notice, a tail
 * of links), nor what the model is all but sure is noise, nor the site's header, menus and
 * footer, nor blocks set aside or named furniture, nor `<noscript>` notices.
 */
import { BlockTag, type DecodeRule } from '../rule.js';
import { OTHER, inNoscript } from '../blocks.js';
import { SURE_NOISE_P_OTHER } from './shared/sure-noise.js';

/** The site's own frame (its header, menus, footer) is not the page's text however little there is. */
const IN_SITE_FRAME = /(^|\/)body\/header(\/|$)|(^|\/)(nav|footer)(\/|$)/;

/** A page with more text blocks than this has a layout around its text. */
export const SHORT_PAGE_BLOCKS = 4;

export const shortPage: DecodeRule = {
  name: 'short-page',
  doc: `on a page of 2 to ${SHORT_PAGE_BLOCKS} non-empty text blocks (not \`<noscript>\` notices) that keeps one (or kept one before a layout rule), the others are content too (body, or their label before a layout rule), unless p(other) >= ${SURE_NOISE_P_OTHER}, in the site's header, menus or footer, set aside or dropped for their text`,
  apply(s) {
    const { blocks, labels } = s;
    const text: number[] = [];
    for (let i = 0; i < blocks.length && text.length <= SHORT_PAGE_BLOCKS; i++) {
      if (blocks[i]!.kind === 'text' && blocks[i]!.text.trim() && !inNoscript(blocks[i]!)) text.push(i);
    }
    if (text.length < 2 || text.length > SHORT_PAGE_BLOCKS) return;
    // What a rule that judges by layout (`DecodeRule.judgesLayout`) made other comes back with its label before;
    // what a rule made other for what it is (`BlockTag.madeOther`) stays other.
    const { labelBeforeLayout } = s;
    if (text.every((i) => labels[i] === 'other' && labelBeforeLayout[i] === undefined)) return;
    for (const i of text) {
      if (labels[i] !== 'other' || s.probs[i]![OTHER]! >= SURE_NOISE_P_OTHER || IN_SITE_FRAME.test(blocks[i]!.tagPath) || s.has(i, BlockTag.furniture | BlockTag.setAside | BlockTag.madeOther)) continue;
      s.relabel(i, labelBeforeLayout[i] ?? 'body', `the page has ${text.length} blocks of text and keeps some`);
    }
  },
};
