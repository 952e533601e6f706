import { test } from 'node:test';
import assert from 'node:assert/strict';
import { proseRescue } from '../../../src/decode/rules/prose-rescue.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

test('prose-rescue: a page with no body gets its heaviest run of prose; link text, the title and a light run stay', () => {
  const b = new BlockBuilder().text(para(20), 'title', 0.8);
  b.text(para(30), 'other').probsOfLast({ body: 0.08, other: 0.92 });
  b.link(para(40), 'other'); // link text: a gap of one
  b.text(para(25), 'other').probsOfLast({ body: 0.05, other: 0.95 });
  b.link('Home', 'other').link('About', 'other').link('Contact', 'other'); // three non-prose blocks end the run
  b.text(para(12), 'other').probsOfLast({ body: 0.05, other: 0.95 }); // 12 x 0.1 < 0.3 x 5.9
  const doc = b.build();
  const s = runRule(proseRescue, doc);
  assert.deepEqual(s.labels, ['title', 'body', 'other', 'body', 'other', 'other', 'other', 'other']);
  assert.deepEqual(noteRows(s), [
    [1, 'other', 'body', 'prose-rescue', 'the page had no body: its heaviest run of prose'],
    [3, 'other', 'body', 'prose-rescue', 'the page had no body: its heaviest run of prose'],
  ]);
  assert.deepEqual(runRule(proseRescue, doc, { fallbackMinWords: 0 }).notes, [], 'off');
});

test('prose-rescue: a body much smaller than the heaviest run is joined by it, less the blocks the model is sure of', () => {
  const b = new BlockBuilder();
  for (let i = 0; i < 3; i++) b.text(para(40), 'other').probsOfLast({ body: 0.3, other: 0.7 });
  b.text(para(20), 'other').probsOfLast({ body: 0.05, other: 0.95 }); // a sign-off: under rescueMinBody
  b.text(para(14), 'body').probsOfLast({ body: 0.6, other: 0.4 });
  const doc = b.build();
  const s = runRule(proseRescue, doc);
  assert.deepEqual(s.labels, ['body', 'body', 'body', 'other', 'body']);
  assert.deepEqual(s.notes.map((n) => [n.block, n.rule, n.reason]), [0, 1, 2].map((i) => [i, 'prose-rescue', 'the body found was a small part of the heaviest run of prose']));
  assert.deepEqual(runRule(proseRescue, doc, { rescueShare: 0 }).notes, [], 'rescue off');
});
