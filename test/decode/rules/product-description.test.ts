import { test } from 'node:test';
import assert from 'node:assert/strict';
import { productDescription } from '../../../src/decode/rules/product-description.js';
import { BlockBuilder } from '../../helpers/block-builder.js';
import { BlockTag } from '../../../src/decode/rule.js';
import { noteRows, runRule } from './run-rule.js';

const description = [
  'BUILT FOR THE LONG RUN',
  'The Trail Jacket keeps the rain out and lets the heat through, with taped seams and a hood that folds into its collar.',
  'Machine washable at 30 degrees',
];

/** A shop page that keeps its delivery notes and leaves the description, drawn in a closed drawer, out. */
const drawerPage = () => new BlockBuilder()
  .text('Trail Jacket', 'title')
  .text('Free delivery on orders over 50 pounds', 'body')
  .text('Returns within 30 days', 'body')
  .text('BUILT FOR THE LONG RUN', 'other')
  .text(description[1]!, 'other')
  .text('Machine washable at 30 degrees', 'other')
  .text('Details', 'other')
  .build();

test('product-description: on a product page, the lines of the declared description that the page holds become body', () => {
  const s = runRule(productDescription, drawerPage(), { pageType: 'product', productDescriptions: [description] });
  const reason = 'a line of the product description the page declares';
  assert.deepEqual(noteRows(s), [
    [3, 'other', 'body', 'product-description', reason],
    [4, 'other', 'body', 'product-description', reason],
    [5, 'other', 'body', 'product-description', reason],
  ]);
  assert.equal(s.addedText, undefined);
});

test('product-description: a description the page does not show is handed to the article, after the title', () => {
  const page = new BlockBuilder().text('Trail Jacket', 'title').text('Free delivery on orders over 50 pounds', 'body').text('Sign up for our newsletter', 'other').build();
  const s = runRule(productDescription, page, { pageType: 'product', productDescriptions: [description] });
  assert.deepEqual(s.notes, []);
  assert.equal(s.addedText?.after, 0);
  assert.deepEqual(s.addedText?.paragraphs, description);
  assert.equal(s.addedText?.rule, 'product-description');
  assert.match(s.addedText!.reason, /declares \(\d+ words\), which its blocks do not hold/);
});

test('product-description: not off product pages, not with the description kept, not for a tag line or a URL-encoded string', () => {
  assert.deepEqual(runRule(productDescription, drawerPage(), { pageType: 'article', productDescriptions: [description] }).notes, []);
  assert.deepEqual(runRule(productDescription, drawerPage(), { pageType: 'product' }).notes, []);
  const kept = new BlockBuilder().text('Trail Jacket', 'title').text(description.join(' '), 'body').text('Machine washable at 30 degrees', 'other').build();
  const s = runRule(productDescription, kept, { pageType: 'product', productDescriptions: [description] });
  assert.deepEqual(s.notes, [], 'the kept text has the description');
  assert.equal(s.addedText, undefined);
  const short = runRule(productDescription, drawerPage(), { pageType: 'product', productDescriptions: [['Warm and dry']] });
  assert.equal(short.addedText, undefined, 'a tag line');
  const encoded = runRule(productDescription, drawerPage(), { pageType: 'product', productDescriptions: [['The%20Trail%20Jacket%20keeps%20the%20rain%20out%20and%20lets%20the%20heat%20through']] });
  assert.deepEqual(encoded.notes, []);
  assert.equal(encoded.addedText, undefined, 'a URL-encoded string is one word');
  const dashes = runRule(productDescription, drawerPage(), { pageType: 'product', productDescriptions: [['- - - - - - - - - -']] });
  assert.equal(dashes.addedText, undefined, 'no words in letters or digits');
});

test('product-description: a summary that shares most of its words with the kept text is left alone', () => {
  // Written for search engines: it retells what the page shows, in other words.
  const page = new BlockBuilder().text('Trail Jacket', 'title')
    .text('Our Trail Jacket keeps rain out with taped seams, and its hood folds into the collar. Machine washable.', 'body').build();
  const summary = [['The Trail Jacket keeps rain out: taped seams, a hood that folds into the collar, machine washable and light.']];
  const s = runRule(productDescription, page, { pageType: 'product', productDescriptions: summary });
  assert.deepEqual(s.notes, []);
  assert.equal(s.addedText, undefined);
});

test('product-description: each line once, one-word lines never, page furniture never', () => {
  const page = new BlockBuilder().text('Trail Jacket', 'title').text('Free delivery', 'body')
    .text(description[1]!, 'other').text(description[1]!, 'other').text('Machine', 'other').text('BUILT FOR THE LONG RUN', 'other').build();
  const s = runRule(productDescription, page, { pageType: 'product', productDescriptions: [description] }, (st) => {
    st.tag(5, BlockTag.furniture);
  });
  assert.deepEqual(s.notes.map((n) => n.block), [2], 'the second copy, the one-word line and the menu line stay');
});

test('product-description: a line drawn between long rules of box-drawing characters is still a line of the description', () => {
  // Raw, the line is many times the description's length; compared as words it is one of its lines.
  const rule = '═'.repeat(200);
  const shortDescription = ['Taped seams and a hood that folds into its collar, machine washable'];
  const page = new BlockBuilder()
    .text('Trail Jacket', 'title')
    .text('Free delivery on orders over 50 pounds', 'body')
    .text(`${rule} Taped seams and a hood that folds into its collar ${rule}`, 'other')
    .text('machine washable', 'other')
    .build();
  const s = runRule(productDescription, page, { pageType: 'product', productDescriptions: [shortDescription] });
  assert.deepEqual(noteRows(s).map((r) => r[0]), [2, 3]);
  assert.equal(s.addedText, undefined);
});
