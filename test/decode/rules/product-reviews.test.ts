import { test } from 'node:test';
import assert from 'node:assert/strict';
import { productReviews } from '../../../src/decode/rules/product-reviews.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { BlockTag } from '../../../src/decode/rule.js';
import { noteRows, runRule, tagged } from './run-rule.js';

/** A product's description, then two buyers' reviews the model believed, then a line it did not. */
function productWithReviews() {
  const doc = new BlockBuilder().text('Wool Runner', 'title').text(para(20, 'merino'), 'body')
    .text(para(30, 'loved'), 'body', 0.8).text('Ann, verified buyer', 'body', 0.6).text('Helpful (12)', 'other').build();
  return { doc, marks: Uint8Array.from([0, 0, 1, 1, 1]) };
}

test('product-reviews: on a product page, blocks in its customer reviews lose p(body) and are relabelled; later rules see them as comments', () => {
  const { doc, marks } = productWithReviews();
  const s = runRule(productReviews, doc, { pageType: 'product', reviewBlocks: marks });
  assert.deepEqual(s.labels, ['title', 'body', 'other', 'other', 'other']);
  assert.deepEqual(noteRows(s), [
    [2, 'body', 'other', 'product-reviews', "inside the product's customer reviews"],
    [3, 'body', 'other', 'product-reviews', "inside the product's customer reviews"],
  ]);
  assert.deepEqual(tagged(s, BlockTag.setAside), [0, 0, 1, 1, 1], 'prose-rescue and one-title leave them out');
  assert.equal(s.probs[1], doc.probs[1], 'the description is untouched');
});

test('product-reviews: comment sections already known stay marked', () => {
  const { doc, marks } = productWithReviews();
  const s = runRule(productReviews, doc, { pageType: 'product', reviewBlocks: marks }, (st) => { st.tag(0, BlockTag.setAside); });
  assert.deepEqual(tagged(s, BlockTag.setAside), [1, 0, 1, 1, 1]);
});

test('product-reviews: not on other page types, not when the reviews are all the text, not with commentBody 1', () => {
  const { doc, marks } = productWithReviews();
  assert.deepEqual(runRule(productReviews, doc, { pageType: 'article', reviewBlocks: marks }).notes, [], 'an article that reviews a product');
  assert.deepEqual(runRule(productReviews, doc, { pageType: 'product', reviewBlocks: Uint8Array.from([0, 1, 1, 1, 1]) }).notes, [], 'nothing of the product outside');
  assert.deepEqual(runRule(productReviews, doc, { pageType: 'product', reviewBlocks: marks, commentBody: 1 }).notes, [], 'off');
  assert.deepEqual(runRule(productReviews, doc, { pageType: 'product' }).notes, [], 'no sections known');
});

test("product-reviews: on an undeclared page only when it shows a price outside the reviews and they are dated (a shop's page); a critic's review on a news site is neither", () => {
  /** A product's name, its price line, its description, then two dated (or undated) buyers' reviews. */
  const shop = (price: string, dated: boolean) => {
    const doc = new BlockBuilder().text('Wireless earbuds E19', 'title').text(price, 'other').text(para(20, 'earbuds'), 'body')
      .text(dated ? 'Reviewed in the United States on June 5, 2024' : 'Verified purchase', 'body', 0.6).text(para(25, 'loud'), 'body', 0.8)
      .text(dated ? 'Reviewed in the United States on July 8, 2024' : 'Verified purchase', 'body', 0.6).text(para(25, 'comfortable'), 'body', 0.8).build();
    return { doc, marks: Uint8Array.from([0, 0, 0, 1, 1, 1, 1]) };
  };
  const amazon = shop('$49.99', true);
  const s = runRule(productReviews, amazon.doc, { pageType: 'unknown', reviewBlocks: amazon.marks });
  assert.deepEqual(s.labels, ['title', 'other', 'body', 'other', 'other', 'other', 'other']);
  const critic = shop('Published by the arts desk', true);
  assert.deepEqual(runRule(productReviews, critic.doc, { pageType: 'unknown', reviewBlocks: critic.marks }).notes, [], 'no price: a story in an element named review');
  const undated = shop('$49.99', false);
  assert.deepEqual(runRule(productReviews, undated.doc, { pageType: 'unknown', reviewBlocks: undated.marks }).notes, [], 'no dated lines');
  assert.deepEqual(runRule(productReviews, amazon.doc, { pageType: 'article', reviewBlocks: amazon.marks }).notes, [], 'a declared article');
});
