import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reviewSectionBlocks } from '../../src/decode/reviews.js';
import { loadPage } from '../../src/page.js';

const enc = (s: string) => new TextEncoder().encode(s);

function marks(html: string): Array<[string, number]> {
  const page = loadPage(enc(html));
  const m = reviewSectionBlocks(page.tree, page.blocks);
  return page.blocks.map((b, i) => [b.text, m[i]!]);
}

test('blocks inside elements whose class, id or itemprop names customer reviews are marked', () => {
  const html = `<body><main class="more-data-container withExpertAdvice"><h1>Wool Runner</h1><p>Soft merino wool.</p>
    <section id="reviews"><h2>Reviews</h2><p>Great shoes.</p></section>
    <div class="product-review__body"><p>Runs small.</p></div>
    <div class="js-okeReviews-reviewContent"><p>Comfy.</p></div>
    <div class="user_reviews_summary_row"><span>Very Positive</span></div>
    <div class="responsive_reviewblock"><p>Mixed.</p></div>
    <div itemprop="review"><p>Five stars.</p></div>
  </main></body>`;
  assert.deepEqual(marks(html), [
    ['Wool Runner', 0], ['Soft merino wool.', 0],
    ['Reviews', 1], ['Great shoes.', 1], ['Runs small.', 1], ['Comfy.', 1], ['Very Positive', 1], ['Mixed.', 1], ['Five stars.', 1],
  ]);
});

test("preview, reviewed-by, reviewer, the site's own reviews and one model's review in an article are no review section", () => {
  const html = `<body><div class="preview"><p>A preview.</p></div><div class="reviewed-by"><p>Checked by an editor.</p></div>
    <div id="reviewer"><p>About the critic.</p></div><div class="testimonial-card-wr home-review-card-wr"><div class="review-card"><p>They fixed it fast.</p></div></div><div id="mainReview" itemprop="reviews"><p>Our road test.</p></div><div id="editorialReviews"><p>A supremely practical book.</p></div><div class="samsung-bespoke-nsi6db990012aa-review"><p>Our verdict.</p></div><div class="${'x '.repeat(300)}reviews"><p>A class dump.</p></div></body>`;
  assert.deepEqual(marks(html).map(([, m]) => m), [0, 0, 0, 0, 0, 0, 0, 0]);
});
