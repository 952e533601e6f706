import { test } from 'node:test';
import assert from 'node:assert/strict';
import { productSpecs } from '../../../src/decode/rules/product-specs.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

const page = () => new BlockBuilder().text('Plant-Based Food Colors', 'title').text(para(40), 'body')
  .text('Colors from plants & spices', 'other').atPath('html/body/main/ul/li').text('100% Vegan', 'other').atPath('html/body/main/ul/li')
  .link('Shop all colors', 'other').atPath('html/body/main/ul/li')
  .text('Only one stray label', 'other').atPath('html/body/main/dl/dt')
  .text(para(60), 'other').atPath('html/body/main/ul/li').build();

test('product-specs: on a product page, runs of short list lines in or after the region become body; the region grows to them', () => {
  const s = runRule(productSpecs, page(), { pageType: 'product' }, (st) => { st.region = [1, 1]; });
  assert.deepEqual(noteRows(s).map((r) => r[0]), [2, 3]);
  assert.equal(noteRows(s)[0]![4], "a line of the product's features or specs");
  assert.deepEqual(s.region, [1, 3]);
});

test('product-specs: only on product pages; without a region, lists below the title stay (a bare list may be a menu); a link, a lone line and a paragraph stay', () => {
  assert.deepEqual(runRule(productSpecs, page(), { pageType: 'article' }, (st) => { st.region = [1, 1]; }).notes, []);
  assert.deepEqual(runRule(productSpecs, page(), { pageType: 'product' }).notes, []);
});

test("product-specs: a product's definition lists and tables far below its title become body, with no region at all; set-aside blocks, buttons and lines past the reach stay", () => {
  const b = new BlockBuilder().text('Faux leather jacket - black', 'title');
  for (let k = 0; k < 20; k++) b.text(`Delivery option ${k}`, 'other').atPath('html/body/main/div/p');
  const pairs = (path: string, names: string[]) => { for (const n of names) b.text(`${n}:`, 'other').atPath(`html/body/main/${path}`).text(`value of ${n}`, 'other').atPath(`html/body/main/${path.replace(/dt$/, 'dd').replace(/th$/, 'td')}`); };
  pairs('div/dl/div/dt', ['Outer fabric', 'Lining']); // blocks 21-24
  pairs('table/tr/th', ['Fit']); // 25-26
  pairs('div/dl/dt', ['Gender']); // 27-28, hidden below
  b.text('Sizes', 'other').atPath('html/body/main/ul/li').text('Colours', 'other').atPath('html/body/main/ul/li'); // 29-30, a bare list
  b.text('Front', 'other').atPath('html/body/main/table/tr/td/button').text('Back', 'other').atPath('html/body/main/table/tr/td/button'); // 31-32, buttons
  for (let k = 0; k < 128; k++) b.text(`Footer line ${k}`, 'other').atPath('html/body/div/p');
  pairs('dl/dt', ['Far', 'Away']); // past 150 blocks below the title
  const hidden = new Uint8Array(200);
  hidden[27] = hidden[28] = 1;
  const s = runRule(productSpecs, b.build(), { pageType: 'product' }, (st) => st.setAside(hidden));
  assert.deepEqual(noteRows(s).map((r) => r[0]), [21, 22, 23, 24, 25, 26]);
  assert.equal(s.region, undefined, 'the region stays where the model put it');
});

test("product-specs: other products' cards (a link, a price, a delivery line) are no specs", () => {
  const b = new BlockBuilder().text('Floral Blouse, size 10', 'title').text(para(40), 'body')
    .text('Condition: Pre-owned', 'other').atPath('html/body/main/ul/li').text('Size: 10', 'other').atPath('html/body/main/ul/li');
  const MAIN = [1, 2, 3];
  const containers: number[][] = [[...MAIN, 4], [...MAIN, 4], [...MAIN, 5, 6], [...MAIN, 5, 7]];
  for (let k = 0; k < 4; k++) {
    b.link(`Similar blouse number ${k}`).atPath('html/body/div/ul/li/a').text(`$${k + 5}.99`, 'other').atPath('html/body/div/ul/li/span')
      .text('+ $23.51 delivery', 'other').atPath('html/body/div/ul/li/span');
    containers.push([1, 10, 11 + k], [1, 10, 11 + k], [1, 10, 11 + k]);
  }
  const doc = { ...b.build(), containers };
  const s = runRule(productSpecs, doc, { pageType: 'product', blockContainers: doc.containers }, (st) => { st.region = [1, 1]; });
  assert.deepEqual(noteRows(s).map((r) => r[0]), [2, 3], 'the specs, not the cards');
  const blind = runRule(productSpecs, doc, { pageType: 'product' }, (st) => { st.region = [1, 1]; });
  assert.ok(blind.notes.length > 2, 'without the tree the cards look like specs');
});

test("product-specs: a shop template's fields for its scripts (keys in code form, their values, bare addresses) are no specs", () => {
  const b = new BlockBuilder().text('Staple Tee', 'title').text(para(40), 'body');
  for (const [key, value] of [['fabric:', '100% combed cotton'], ['weight:', 'Mid Weight'], ['retail_price_tier1:', '$20.00_1-9 items'],
    ['cat_thumb_Bone:', 'https://cdn.example/5001_BONE_THUMB.jpg'], ['shipping_chunk-1:', 'We ship nationwide.']]) {
    b.text(key, 'other').atPath('html/body/main/dl/dt').text(value, 'other').atPath('html/body/main/dl/dd');
  }
  b.text('//cdn.example/5001_NAVY_THUMB.jpg', 'other').atPath('html/body/main/dl/dd');
  const s = runRule(productSpecs, b.build(), { pageType: 'product' }, (st) => { st.region = [1, 1]; });
  assert.deepEqual(noteRows(s).map((r) => r[0]), [2, 3, 4, 5]);
});
