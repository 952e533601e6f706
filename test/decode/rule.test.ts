import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BlockTag, DecodeState, lineRule } from '../../src/decode/rule.js';
import { BlockBuilder } from '../helpers/block-builder.js';
import { noteRows, runRule } from './rules/run-rule.js';

const shouting = lineRule({
  name: 'shouting',
  doc: 'a body or heading line in capitals becomes other',
  labels: ['body', 'heading'],
  runs: (page) => page.pageType !== 'docs',
  matches: (b) => /^[A-Z ]+$/.test(b.text),
  maxMatches: 2,
  reason: 'a shouted line',
});

test('lineRule: a matching text block with one of its labels becomes other, with a note', () => {
  const doc = new BlockBuilder().text('BUY NOW', 'body').text('Quiet words.', 'body').text('LOUD', 'heading')
    .text('TITLE', 'title').image('body').build();
  assert.deepEqual(noteRows(runRule(shouting, doc)), [
    [0, 'body', 'other', 'shouting', 'a shouted line'],
    [2, 'heading', 'other', 'shouting', 'a shouted line'],
  ]);
});

test('lineRule: a matching line the model called other is marked dropped (no later rule may promote it), without a note', () => {
  const doc = new BlockBuilder().text('BUY NOW', 'body').text('VIEW THE FULL GALLERY', 'other').text('Quiet words.', 'other').text('TITLE', 'title').build();
  const s = runRule(shouting, doc);
  assert.deepEqual(Array.from(s.tagged(BlockTag.dropped)), [1, 1, 0, 0]);
  assert.deepEqual(noteRows(s).map((r) => r[0]), [0]);
  // Lines already other do not count towards maxMatches.
  const many = new BlockBuilder().text('ONE', 'body').text('TWO', 'other').text('THREE', 'other').text('FOUR', 'other').build();
  assert.deepEqual(noteRows(runRule(shouting, many)).map((r) => r[0]), [0]);
});

test('lineRule: more matches than maxMatches leave every one alone, and runs() can switch it off', () => {
  const many = new BlockBuilder().text('ONE', 'body').text('TWO', 'body').text('THREE', 'body').build();
  assert.deepEqual(runRule(shouting, many).notes, []);
  const one = new BlockBuilder().text('ONE', 'body').build();
  assert.equal(runRule(shouting, one).notes.length, 1);
  assert.deepEqual(runRule(shouting, one, { pageType: 'docs' }).notes, []);
});

test('DecodeState: what rules made other is told to later rules by tags, not by the notes', () => {
  const doc = new BlockBuilder().text('Heading', 'heading').text('A line.', 'body').text('Kept.', 'body').build();
  const s = new DecodeState(doc.blocks, doc.probs);
  s.begin({ name: 'a-layout-rule', doc: 'judges blocks by where they sit', judgesLayout: true, apply() {} });
  s.relabel(0, 'other', 'outside the region');
  s.relabel(0, 'heading', 'back');
  s.relabel(0, 'other', 'outside again');
  s.begin({ name: 'a-text-rule', doc: 'judges blocks by what they say', apply() {} });
  s.relabel(1, 'other', 'a widget line');
  assert.deepEqual(s.labelBeforeLayout, ['heading', undefined, undefined], 'the label before the first layout verdict');
  assert.deepEqual(Array.from(s.tagged(BlockTag.madeOther)), [0, 1, 0]);
  assert.deepEqual([s.wasMadeOther(0), s.wasMadeOther(1), s.wasMadeOther(2)], [true, true, false]);
  assert.deepEqual(s.notes.map((n) => n.rule), ['a-layout-rule', 'a-layout-rule', 'a-layout-rule', 'a-text-rule']);
});

test('DecodeState.restart: new probabilities and the labels they give, without notes', () => {
  const doc = new BlockBuilder().text('Unsure.', 'other', 0.6).probsOfLast({ body: 0.4, other: 0.6 }).build();
  const s = new DecodeState(doc.blocks, doc.probs);
  s.restart([[0, 0, 0.7, 0.3]]);
  assert.deepEqual([s.labels, s.notes, s.titleEdits], [['body'], [], 0]);
  assert.equal(s.modelProbs, doc.probs);
});
