import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listingCards } from '../../../src/decode/rules/listing-cards.js';
import { cardLists } from '../../../src/decode/rules/shared/cards.js';
import { DecodeState } from '../../../src/decode/rule.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

// Element ids: 1 html, 2 body, 3 main, 4 the list, 10+k card k, 100+k an element inside card k;
// 50 a menu in <nav>, 60+k its items.
const MAIN = [1, 2, 3];
const inCard = (k: number): number[] => [...MAIN, 4, 10 + k, 100 + k];

/** Body text (an intro), then five cards (rank, linked title in a heading, rating, a button, a date), each in its own element. */
function chart(body = ['Our chart of the week.']) {
  const b = new BlockBuilder().text('Top books', 'title');
  const containers: number[][] = [[...MAIN, 5]];
  for (const text of body) {
    b.text(text, 'body');
    containers.push([...MAIN, 6]);
  }
  for (let k = 0; k < 5; k++) {
    b.text(`#${k + 1}`, 'other').atPath('html/body/main/ul/li/div')
      .link(`Book title number ${k + 1}`, 'other').atPath('html/body/main/ul/li/a/h3')
      .text(`4.${k} (12K)`, 'other').atPath('html/body/main/ul/li/span')
      .text('Rate', 'other').atPath('html/body/main/ul/li/button')
      .text('Mar 7, 2026', 'other').atPath('html/body/main/ul/li/time');
    containers.push(inCard(k), inCard(k), inCard(k), inCard(k), inCard(k));
  }
  return { ...b.build(), containers };
}

test('listing-cards: on a declared listing the cards become body, less buttons and dates; the region covers them', () => {
  const p = chart();
  const s = runRule(listingCards, p, { pageType: 'listing', blockContainers: p.containers }, (st) => { st.region = [1, 1]; });
  const changed = noteRows(s).map((r) => r[0]);
  assert.deepEqual(changed, [2, 3, 4, 7, 8, 9, 12, 13, 14, 17, 18, 19, 22, 23, 24]);
  assert.equal(noteRows(s)[0]![4], "a line of one of the listing's cards");
  assert.equal(s.labels[5], 'other', 'a button');
  assert.equal(s.labels[6], 'other', "a card's date");
  assert.deepEqual(s.region, [1, 24]);
});

test('listing-cards: an undeclared page with only an intro is a listing; one whose body is an article is not', () => {
  const p = chart();
  assert.equal(runRule(listingCards, p, { pageType: 'unknown', blockContainers: p.containers }).notes.length, 15);
  // Three paragraphs of the page's own: the cards below them are other stories.
  const story = chart([para(60), para(60), para(60)]);
  assert.deepEqual(runRule(listingCards, story, { pageType: 'unknown', blockContainers: story.containers }).notes, []);
  assert.deepEqual(runRule(listingCards, p, { pageType: 'article', blockContainers: p.containers }).notes, [], 'a declared article');
  assert.deepEqual(runRule(listingCards, p, { pageType: 'listing' }).notes, [], 'no tree known');
});

test('listing-cards: a menu (one link an item), a box of all links and a list in <nav> are no cards', () => {
  const b = new BlockBuilder().text('Top books', 'title').text('Intro.', 'body');
  const containers: number[][] = [[...MAIN, 5], [...MAIN, 6]];
  for (let k = 0; k < 5; k++) {
    b.link(`Menu item ${k}`, 'other').atPath('html/body/main/ul/li/a');
    containers.push(inCard(k));
  }
  for (let k = 0; k < 5; k++) {
    b.link(`Column ${k} link one`, 'other').atPath('html/body/main/div/ul/li/a').link(`Column ${k} link two`, 'other').atPath('html/body/main/div/ul/li/a');
    // The box 7, column k's list 20+k, each link in its own item and <a> (chains line up with the tag paths).
    containers.push([...MAIN, 7, 20 + k, 300 + 2 * k, 400 + 2 * k], [...MAIN, 7, 20 + k, 301 + 2 * k, 401 + 2 * k]);
  }
  for (let k = 0; k < 5; k++) {
    b.text(`Section ${k}`, 'other').atPath('html/body/nav/div/span').link(`Section ${k} page`, 'other').atPath('html/body/nav/div/ul/li/a');
    containers.push([1, 2, 50, 60 + k], [1, 2, 50, 60 + k]);
  }
  assert.deepEqual(runRule(listingCards, b.build(), { pageType: 'listing', blockContainers: containers }).notes, []);
});

test("listing-cards: a shop's product tiles, each wrapped whole in one link, are cards, also on an undeclared page", () => {
  // Element ids: the list 4, tile k's <a> 10+k, its name (a heading) 100+k and its price 200+k (chains line up with the tag paths).
  const b = new BlockBuilder().text('Projectors', 'title').text('37 products.', 'body');
  const containers: number[][] = [[...MAIN, 5], [...MAIN, 6]];
  for (let k = 0; k < 5; k++) {
    b.link(`Laser projector model ${k}`, 'other').atPath('html/body/main/div/a/h3').link(`Price: $${k},899.00`, 'other').atPath('html/body/main/div/a/span');
    containers.push([...MAIN, 4, 10 + k, 100 + k], [...MAIN, 4, 10 + k, 200 + k]);
  }
  for (const pageType of ['listing', 'unknown'] as const) {
    const s = runRule(listingCards, b.build(), { pageType, blockContainers: containers });
    assert.deepEqual(s.labels.slice(2), Array(10).fill('body'), pageType);
  }
  // Two links side by side in a tile are a menu's entries, not one tile.
  const menu = new BlockBuilder().text('Projectors', 'title').text('Intro.', 'body');
  const menuContainers: number[][] = [[...MAIN, 5], [...MAIN, 6]];
  for (let k = 0; k < 5; k++) {
    menu.link(`Brand ${k}`, 'other').atPath('html/body/main/div/div/a').link(`Brand ${k} outlet`, 'other').atPath('html/body/main/div/div/a');
    menuContainers.push([...MAIN, 4, 10 + k, 100 + k], [...MAIN, 4, 10 + k, 200 + k]);
  }
  assert.deepEqual(runRule(listingCards, menu.build(), { pageType: 'listing', blockContainers: menuContainers }).notes, []);
});

test('listing-cards: on an undeclared page, cards without linked headings count when they are short lines alone, not when they hold a paragraph', () => {
  /** Five cards: a linked name (no heading), a price, a spec line; `summary` adds a paragraph to each (a forum's post, a teaser's summary) and a count of replies for the price. */
  const grid = (summary: boolean) => {
    const b = new BlockBuilder().text('Water Bottles', 'title').text('171 products', 'body');
    const containers: number[][] = [[...MAIN, 5], [...MAIN, 6]];
    for (let k = 0; k < 5; k++) {
      b.link(`Vacuum bottle ${k} - 32 fl. oz.`, 'other').atPath('html/body/main/ul/li/a/span')
        .text(summary ? `${k}7 replies` : `$${k}7.00`, 'other').atPath('html/body/main/ul/li/div')
        .text('Cap Type: Screw Cap', 'other').atPath('html/body/main/ul/li/div');
      containers.push(inCard(k), inCard(k), inCard(k));
      if (summary) {
        b.text(para(30), 'other').atPath('html/body/main/ul/li/p');
        containers.push(inCard(k));
      }
    }
    return { ...b.build(), containers };
  };
  const tiles = grid(false);
  assert.equal(runRule(listingCards, tiles, { pageType: 'unknown', blockContainers: tiles.containers }).notes.length, 15);
  const posts = grid(true);
  assert.deepEqual(runRule(listingCards, posts, { pageType: 'unknown', blockContainers: posts.containers }).notes, []);
});

/** Five tiles of a linked name, a price (or a rating), and six spec pairs (14 lines), then a buying guide. */
function shop(priced: boolean, guide = [para(30), para(30), para(30)]) {
  const b = new BlockBuilder().text('Backpacking Packs', 'title');
  const containers: number[][] = [[...MAIN, 5]];
  for (let k = 0; k < 5; k++) {
    b.link(`Trail pack ${k} - 65 liters`, 'other').atPath('html/body/main/ul/li/a/span')
      .text(priced ? `$${k}58.73` : `4.${k} out of 5 stars`, 'other').atPath('html/body/main/ul/li/div/span');
    containers.push(inCard(k), inCard(k));
    for (const [key, value] of [['Capacity:', `6${k} liters`], ['Weight:', '3.6 lbs'], ['Frame:', 'Internal'], ['Torso:', 'Adjustable'], ['Fabric:', 'Nylon'], ['Features:', 'Raincover']]) {
      b.text(key, 'other').atPath('html/body/main/ul/li/div/div').text(value, 'other').atPath('html/body/main/ul/li/div/div');
      containers.push(inCard(k), inCard(k));
    }
  }
  for (const text of guide) {
    b.text(text, 'body').atPath('html/body/main/section/p');
    containers.push([...MAIN, 7]);
  }
  return { ...b.build(), containers };
}

test("listing-cards: a shop's product grid (nearly every tile priced, a tile up to 24 lines) outweighing the body is a listing, though a buying guide of paragraphs sits below it", () => {
  const grid = shop(true);
  const s = runRule(listingCards, grid, { pageType: 'unknown', blockContainers: grid.containers });
  assert.equal(s.notes.length, 5 * 14, 'every line of every tile');
  const unpriced = shop(false);
  assert.deepEqual(runRule(listingCards, unpriced, { pageType: 'unknown', blockContainers: unpriced.containers }).notes, [], 'boxes of 14 lines without a price are sections, not cards');
  const story = shop(true, Array(12).fill(para(40)));
  assert.deepEqual(runRule(listingCards, story, { pageType: 'unknown', blockContainers: story.containers }).notes, [], 'a long article above a box of products');
});

test('listing-cards: on a declared listing, a product grid under a buying guide of more than an intro is left to the model', () => {
  const guided = shop(true);
  assert.deepEqual(runRule(listingCards, guided, { pageType: 'listing', blockContainers: guided.containers }).notes, [], 'three paragraphs of guide');
  const intro = shop(true, [para(30), para(30)]);
  assert.equal(runRule(listingCards, intro, { pageType: 'listing', blockContainers: intro.containers }).notes.length, 5 * 14, 'an intro of two paragraphs');
  const books = chart([para(30), para(30), para(30)]);
  assert.equal(runRule(listingCards, books, { pageType: 'listing', blockContainers: books.containers }).notes.length, 15, 'cards that are no product grid stay the content');
});

test("listing-cards: a control the model kept in a listing's card ('Add to favorites') becomes other", () => {
  const p = chart();
  const rate = p.blocks.findIndex((b) => b.text === 'Rate');
  const probs = p.probs.map((row, i) => (i === rate ? [0, 0, 0.7, 0.3] : row));
  const s = runRule(listingCards, { ...p, probs }, { pageType: 'listing', blockContainers: p.containers });
  assert.equal(s.labels[rate], 'other');
  assert.ok(noteRows(s).some((r) => r[0] === rate && r[2] === 'other' && r[4] === "a control in one of the listing's cards"));
});

test('cardLists: built once per decode state, and again once a block becomes or stops being the title', () => {
  const p = chart();
  const s = new DecodeState(p.blocks, p.probs);
  const first = cardLists(s, p.containers);
  assert.equal(first.length, 1);
  assert.equal(first[0]!.cards, 5);
  assert.equal(cardLists(s, p.containers), first, 'the same lists while no title changed');
  s.relabel(3, 'body', 'a card title kept');
  assert.equal(cardLists(s, p.containers), first, 'a body label leaves the cards as they were');
  // Card 0's linked heading taken for the page's title: that card keeps its other lines only.
  s.relabel(3, 'title', 'a card title taken for the page title');
  const retitled = cardLists(s, p.containers);
  assert.notEqual(retitled, first);
  assert.ok(!retitled[0]!.blocks.includes(3));
  s.relabel(3, 'body', 'the title given back');
  assert.ok(cardLists(s, p.containers)[0]!.blocks.includes(3));
});
