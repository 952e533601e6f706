/**
 * Which blocks sit in a product page's customer reviews: inside an element whose class, id or
 * itemprop names reviews (`reviews`, `product-review__body`, `js-okeReviews-reviewContent`,
 * `user_reviews_summary_row`, `itemprop="review"`).
 *
 * A product page is the product's description and specs, not buyers' reviews, their filters
 * and vote buttons. The learner reads a review as prose (it is
 * written like a post) and keeps it. Only product pages, and undeclared pages that look like a
 * shop's (`product-reviews`), are asked, so an article that reviews a product, or a site's
 * testimonials on a landing page, is not touched.
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';
import { blocksUnder, MAX_CLASS_CHARS } from './blocks-under.js';
import { OWN_REVIEW_LEAD, OWN_REVIEW_PART, REVIEW_SECTION_PART, REVIEW_SECTION_WORD } from '../features/cue-words.js';
import { ClassNames, NameBit } from './class-names.js';
import { nameParts, namesReviewName } from './review-names.js';

function namesReviews(value: string | undefined): boolean {
  if (!value || value.length > MAX_CLASS_CHARS || !REVIEW_SECTION_WORD.test(value)) return false;
  for (const name of value.split(/\s+/)) if (name && namesReviewName(name)) return true;
  return false;
}

/**
 * An element whose id, class (read through the page's `ClassNames`) or itemprop names a review
 * section: the first marker `reviewSectionBlocks` walks with.
 */
export function reviewSectionMarker(names: ClassNames): (el: ElementNode) => boolean {
  return (el) => {
    if (el.tag === 'body' || el.tag === 'html') return false;
    return namesReviews(el.attrs['id']) || (names.of(el) & NameBit.reviewSection) !== 0 || namesReviews(el.attrs['itemprop']);
  };
}

/** `editorialReviews`, `lf_pdp_fundamentals-testimonials`, `mainReview`: reviews the site wrote or chose. */
function namesOwn(value: string | undefined): boolean {
  if (!value || value.length > MAX_CLASS_CHARS) return false;
  for (const name of value.split(/\s+/)) {
    if (!name) continue;
    const parts = nameParts(name);
    if (parts.some((p) => OWN_REVIEW_PART.test(p))) return true;
    for (let k = 0; k + 1 < parts.length; k++) if (OWN_REVIEW_LEAD.test(parts[k]!) && REVIEW_SECTION_PART.test(parts[k + 1]!)) return true;
  }
  return false;
}

function namesOwnReviews(el: ElementNode): boolean {
  return namesOwn(el.attrs['id']) || namesOwn(el.attrs['class']);
}

/**
 * 1 for each block inside a review section and not inside reviews the site wrote or chose to
 * show (`testimonial-card-wr home-review-card-wr`, `#review_module.lf_pdp_fundamentals-testimonials`,
 * `#mainReview`, `editorialReviews`); two passes (`blocksUnder`).
 */
export function reviewSectionBlocks(tree: DomTree, blocks: readonly Block[]): Uint8Array {
  return reviewSectionBlocksFrom(tree, blocks, blocksUnder(tree, blocks, reviewSectionMarker(new ClassNames(tree))));
}

/** `reviewSectionBlocks`, given the blocks under a review section (`reviewSectionMarker`, walked with other markers); `under` becomes the result. */
export function reviewSectionBlocksFrom(tree: DomTree, blocks: readonly Block[], under: Uint8Array): Uint8Array {
  const out = under;
  if (!out.includes(1)) return out;
  const chosen = blocksUnder(tree, blocks, namesOwnReviews);
  for (let i = 0; i < out.length; i++) if (chosen[i]) out[i] = 0;
  return out;
}
