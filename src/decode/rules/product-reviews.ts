/**
 * Buyers' reviews are not the product's page: on a product page whose description or specs lie
 * outside its review sections (`reviewBlocks`), p(body) of the blocks inside them is scaled by
 * `commentBody` (as readers' comments are) and they are relabelled from the scaled row; they
 * join the comment blocks that `one-title` and `prose-rescue` leave out.
 */
import { isParagraph, scaleBody } from '../blocks.js';
import type { DecodeRule, DecodeState } from '../rule.js';

/** Whether some block outside the review sections is body already or a paragraph of prose: the product's own text. */
function contentOutside(s: DecodeState, reviews: ArrayLike<number>): boolean {
  for (let i = 0; i < s.blocks.length; i++) {
    if (!reviews[i] && s.blocks[i]!.kind === 'text' && (s.labels[i] === 'body' || isParagraph(s.blocks[i]!))) return true;
  }
  return false;
}

export const productReviews: DecodeRule = {
  name: 'product-reviews',
  doc: "on a product page with text outside its customer reviews, p(body) inside them is scaled by `commentBody` and those blocks are relabelled (and kept out of the title and the prose rescue)",
  apply(s, cfg) {
    const marks = cfg.reviewBlocks;
    if (cfg.pageType !== 'product' || marks === undefined || !(cfg.commentBody < 1)) return;
    if (!s.anyMarked(marks) || !contentOutside(s, marks)) return;
    s.setAside(marks);
    s.scaleMarked(marks, (row) => scaleBody(row, cfg.commentBody), "inside the product's customer reviews");
  },
};
