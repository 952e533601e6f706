import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardSlots } from '../../../src/decode/rules/card-slots.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';
import type { Label } from '../../../src/labels.js';

// Element ids: 1 html, 2 body, 3 main, 4 the list, 10+k card k; in card k its name 100+k,
// its details 200+k and its map link 300+k (chains line up with the tag paths).
const MAIN = [1, 2, 3];

interface CardSpec {
  /** The name's label and probability, e.g. ['heading', 0.6] or ['other', 0.6]. */
  name: [Label, number];
  details: [Label, number];
  /** The name as a link (a list of other stories has linked headlines). */
  linkedName?: boolean;
  price?: boolean;
}

/** A club's page: title, an intro (one line, or paragraphs), then one card per spec (name, details, a map link). */
function trails(cards: CardSpec[], intro = ['Our trails, kept by volunteers.']) {
  const b = new BlockBuilder().text('Trails', 'title').atPath('html/body/main/h1');
  const containers: number[][] = [[...MAIN, 5]];
  for (const text of intro) {
    b.text(text, 'body').atPath('html/body/main/p');
    containers.push([...MAIN, 6]);
  }
  cards.forEach((c, k) => {
    (c.linkedName ? b.link(`Trail number ${k + 1} of the park`, c.name[0], c.name[1]) : b.text(`Trail ${k + 1}`, c.name[0], c.name[1])).atPath('html/body/main/div/div/h2');
    b.text(c.price ? `$${k + 1}9.99` : `Difficulty: beginner. Length: ${k + 3} miles. Steward: Pat ${k}.`, c.details[0], c.details[1]).atPath('html/body/main/div/div/div');
    b.link('View the map', 'other', 0.9).atPath('html/body/main/div/div/a');
    containers.push([...MAIN, 4, 10 + k, 100 + k], [...MAIN, 4, 10 + k, 200 + k], [...MAIN, 4, 10 + k, 300 + k]);
  });
  return { ...b.build(), containers };
}

const FIRST_KEPT: CardSpec = { name: ['heading', 0.6], details: ['body', 0.6] };
const UNSURE: CardSpec = { name: ['other', 0.6], details: ['other', 0.75] };

test("card-slots: the first card's kept lines grow into the same lines of its alike cards; sure noise and unkept slots stay", () => {
  const p = trails([FIRST_KEPT, UNSURE, UNSURE, { name: ['other', 0.6], details: ['other', 0.95] }, UNSURE]);
  const s = runRule(cardSlots, p, { blockContainers: p.containers }, (st) => { st.region = [0, 3]; });
  assert.deepEqual(noteRows(s).map((r) => [r[0], r[2]]), [
    [5, 'heading'], [6, 'body'], [8, 'heading'], [9, 'body'], [11, 'heading'], [14, 'heading'], [15, 'body'],
  ]);
  assert.equal(noteRows(s)[0]![4], 'the same line as one kept in the first of its alike cards');
  assert.equal(s.labels[12], 'other', 'p(other) 0.95: the model is sure');
  assert.equal(s.labels[7], 'other', 'the map links: the first card does not keep its own');
  assert.deepEqual(s.region, [0, 15]);
});

test('card-slots: only the first card seeds (a card kept further down is a slip), and only inside the content region', () => {
  const slip = trails([UNSURE, UNSURE, FIRST_KEPT, UNSURE, UNSURE]);
  assert.deepEqual(runRule(cardSlots, slip, { blockContainers: slip.containers }, (st) => { st.region = [0, 10]; }).notes, []);
  const p = trails([FIRST_KEPT, UNSURE, UNSURE, UNSURE]);
  assert.deepEqual(runRule(cardSlots, p, { blockContainers: p.containers }, (st) => { st.region = [0, 1]; }).notes, [], 'the first card is outside the region');
  assert.deepEqual(runRule(cardSlots, p, { blockContainers: p.containers }).notes, [], 'no region: nothing kept');
  assert.deepEqual(runRule(cardSlots, p, {}, (st) => { st.region = [0, 3]; }).notes, [], 'no tree known');
});

test("card-slots: lists of linked headlines, shops' priced grids and boxes below an article are left alone", () => {
  const headed = trails([{ ...FIRST_KEPT, linkedName: true }, ...Array.from({ length: 4 }, () => ({ ...UNSURE, linkedName: true }))]);
  assert.deepEqual(runRule(cardSlots, headed, { blockContainers: headed.containers }, (st) => { st.region = [0, 3]; }).notes, []);
  const grid = trails([{ ...FIRST_KEPT, price: true }, ...Array.from({ length: 4 }, () => ({ ...UNSURE, price: true }))]);
  assert.deepEqual(runRule(cardSlots, grid, { blockContainers: grid.containers }, (st) => { st.region = [0, 3]; }).notes, []);
  // Three paragraphs of an article above: the cards are more stories ("Explore more"), whatever the model kept of the first.
  const story = trails([FIRST_KEPT, UNSURE, UNSURE, UNSURE], [para(20), para(20), para(20)]);
  assert.deepEqual(runRule(cardSlots, story, { blockContainers: story.containers }, (st) => { st.region = [0, 5]; }).notes, []);
  const short = trails([FIRST_KEPT, UNSURE, UNSURE, UNSURE], [para(20), para(20)]);
  assert.equal(runRule(cardSlots, short, { blockContainers: short.containers }, (st) => { st.region = [0, 4]; }).notes.length, 6, 'two paragraphs are an intro');
});
