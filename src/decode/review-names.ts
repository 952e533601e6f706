/** How one class or id name is read for a review section (decode/reviews.ts), apart from the page, so the page's `ClassNames` can read it too. */
import { REVIEW_SECTION_PART } from '../features/cue-words.js';

/** `okeReviews-reviewContent` -> oke, Reviews, review, Content. */
export function nameParts(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[-_\s]+/).filter((p) => p !== '');
}

/** A part of letters and digits together is a model number: `samsung-bespoke-nsi6db990012aa-review` is an article's review of one product. */
const MODEL_NUMBER = /^(?=.*\d)(?=.*[a-z])[a-z\d]+$/i;

/** Whether one name names a review section: a part of it does, and none is a model number. */
export function namesReviewName(name: string): boolean {
  const parts = nameParts(name);
  return parts.some((p) => REVIEW_SECTION_PART.test(p)) && !parts.some((p) => MODEL_NUMBER.test(p));
}
