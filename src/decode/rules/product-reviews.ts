/**
 * Buyers' reviews are not the product's page: on a product page whose description or specs lie
 * outside its review sections (`reviewBlocks`), p(body) of the blocks inside them is scaled by
 * `commentBody` (as readers' comments are) and they are relabelled from the scaled row; they
 * join the comment blocks that `one-title` and `prose-rescue` leave out.
 *
 * A shop's page may declare nothing (Amazon's do not). An undeclared page counts when it shows
 * a price outside its review sections and at least two of their lines hold a date, as buyers'
 * reviews are dated. A news site wraps a critic's review, the story itself, in an element
 * named so too, and that shows no price line.
 */
import { isParagraph, isPriceLine, scaleBody } from '../blocks.js';
import type { DecodeRule, DecodeState } from '../rule.js';
import { DATE_IN_TEXT } from '../../features/cue-words.js';

/** Dated lines in the review sections that make them buyers' reviews on an undeclared page. */
const MIN_DATED_LINES = 2;

/** Whether an undeclared page shows a price outside its review sections and dated lines inside them: a shop's page with buyers' reviews. */
function shopWithReviews(s: DecodeState, reviews: ArrayLike<number>): boolean {
  let dated = 0;
  let priced = false;
  for (let i = 0; i < s.blocks.length; i++) {
    const b = s.blocks[i]!;
    if (b.kind !== 'text') continue;
    if (reviews[i]) {
      if (DATE_IN_TEXT.test(b.text)) dated++;
    } else if (!priced && isPriceLine(b)) priced = true;
  }
  return priced && dated >= MIN_DATED_LINES;
}

/** Whether some block outside the review sections is body already or a paragraph of prose: the product's own text. */
function contentOutside(s: DecodeState, reviews: ArrayLike<number>): boolean {
  for (let i = 0; i < s.blocks.length; i++) {
    if (!reviews[i] && s.blocks[i]!.kind === 'text' && (s.labels[i] === 'body' || isParagraph(s.blocks[i]!))) return true;
  }
  return false;
}

export const productReviews: DecodeRule = {
  name: 'product-reviews',
  doc: "on a product page (or an undeclared page with a price line and dated reviews) with text outside its customer reviews, p(body) inside them is scaled by `commentBody` and those blocks are relabelled (and kept out of the title and the prose rescue)",
  apply(s, page, settings) {
    const marks = page.reviewBlocks;
    if (!(page.pageType === 'product' || page.pageType === 'unknown') || marks === undefined || !(settings.commentBody < 1)) return;
    if (!s.anyMarked(marks) || !contentOutside(s, marks)) return;
    if (page.pageType === 'unknown' && !shopWithReviews(s, marks)) return;
    s.setAside(marks);
    s.scaleMarked(marks, (row) => scaleBody(row, settings.commentBody), "inside the product's customer reviews");
  },
};
