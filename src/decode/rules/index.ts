/**
 * The decoder's rules, in the order they run (docs/decoder.md lists them). Each reads what the
 * ones before it left: the probabilities `body-weight` weighed and `comment-sections` adjusted,
 * the title `one-title` chose, the tags the set-aside rules and `page-furniture` wrote, the
 * region `content-region` found (and `code-in-region` fills with its code) and `link-tail` shortened.
 */
import type { DecodeRule } from '../rule.js';
import { bodyWeight } from './body-weight.js';
import { productReviews } from './product-reviews.js';
import { dialogBoxes } from './dialog-boxes.js';
import { pageFooters } from './page-footers.js';
import { pageAsides } from './page-asides.js';
import { noContentMarks } from './no-content-marks.js';
import { hiddenBoxes } from './hidden-boxes.js';
import { scrambledText } from './scrambled-text.js';
import { commentSections } from './comment-sections.js';
import { adSlots } from './ad-slots.js';
import { pageFurniture } from './page-furniture.js';
import { forumPosts } from './forum-posts.js';
import { oneTitle } from './one-title.js';
import { proseRescue } from './prose-rescue.js';
import { singleTextBlock } from './single-text-block.js';
import { standfirst } from './standfirst.js';
import { declaredSummary } from './declared-summary.js';
import { contentRegion } from './content-region.js';
import { leadIns } from './lead-ins.js';
import { creditLines } from './credit-lines.js';
import { dateLines } from './date-lines.js';
import { consentNotices } from './consent-notices.js';
import { readerAppeals } from './reader-appeals.js';
import { widgetLines } from './widget-lines.js';
import { siteNotes } from './site-notes.js';
import { linkColumns } from './link-columns.js';
import { noscriptMarkup } from './noscript-markup.js';
import { articleEnd } from './article-end.js';
import { productSpecs } from './product-specs.js';
import { codeInRegion } from './code-in-region.js';
import { linkTail } from './link-tail.js';
import { listingCards } from './listing-cards.js';
import { teaserCards } from './teaser-cards.js';
import { cardSlots } from './card-slots.js';
import { headingsInRegion } from './headings-in-region.js';
import { headingElements } from './heading-elements.js';
import { mediaInRegion } from './media-in-region.js';
import { repeatedText } from './repeated-text.js';
import { shortPage } from './short-page.js';
import { mainFallback } from './main-fallback.js';
import { barePost } from './bare-post.js';
import { productDescription } from './product-description.js';

export const DECODE_RULES: readonly DecodeRule[] = Object.freeze([
  bodyWeight,
  commentSections,
  productReviews,
  adSlots,
  dialogBoxes,
  pageFooters,
  pageAsides,
  noContentMarks,
  hiddenBoxes,
  scrambledText,
  pageFurniture,
  oneTitle,
  proseRescue,
  singleTextBlock,
  standfirst,
  declaredSummary,
  leadIns,
  creditLines,
  dateLines,
  consentNotices,
  readerAppeals,
  widgetLines,
  siteNotes,
  linkColumns,
  noscriptMarkup,
  contentRegion,
  articleEnd,
  forumPosts,
  productSpecs,
  codeInRegion,
  linkTail,
  listingCards,
  teaserCards,
  headingsInRegion,
  headingElements,
  mediaInRegion,
  repeatedText,
  mainFallback,
  cardSlots,
  barePost,
  shortPage,
  productDescription,
]);

/**
 * The rules for labels a site model gives (src/models/wrapper): its rules were learned from the
 * site's own labelled pages, so the guesses a general model needs (a heading before the region
 * is not the article's, a short link list after it is a tail) do not overrule them.
 */
export const SITE_DECODE_RULES: readonly DecodeRule[] = Object.freeze(DECODE_RULES.filter((r) => r !== linkTail && r !== headingsInRegion));

/**
 * The general decoder's rules without `comment-sections`, for a site model learned without
 * labels: its self-labels already weighed the site's pages together, so what its rules call body
 * inside what the decoder takes for a comment section stays (on forbes-2009 a "Comment On This
 * Story" heading mid-article dropped the article's second half; docs/sites.md, "Learning a site
 * without labels"). Article-end and the product-review rule still apply.
 */
export const SELF_TRAINED_DECODE_RULES: readonly DecodeRule[] = Object.freeze(DECODE_RULES.filter((r) => r !== commentSections));

export {
  bodyWeight, commentSections, productReviews, adSlots, dialogBoxes, pageFooters, pageAsides, noContentMarks, hiddenBoxes, pageFurniture, oneTitle, proseRescue, singleTextBlock, standfirst, leadIns, creditLines, dateLines, consentNotices, readerAppeals, widgetLines, siteNotes, noscriptMarkup, contentRegion, articleEnd, forumPosts, productSpecs, codeInRegion, linkTail, listingCards, teaserCards, cardSlots, headingsInRegion, headingElements, mediaInRegion, repeatedText, barePost, shortPage, productDescription,
};
