import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dialogBoxes } from '../../../src/decode/rules/dialog-boxes.js';
import { pageFooters } from '../../../src/decode/rules/page-footers.js';
import { noContentMarks } from '../../../src/decode/rules/no-content-marks.js';
import { pageAsides } from '../../../src/decode/rules/page-asides.js';
import { hiddenBoxes } from '../../../src/decode/rules/hidden-boxes.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { BlockTag } from '../../../src/decode/rule.js';
import { noteRows, runRule, tagged } from './run-rule.js';

/** A short product description, then a pop-up (or a footer) whose prose the model believed. */
function pageWithPopup() {
  const doc = new BlockBuilder().text('Wool Runner', 'title').text(para(30, 'merino'), 'body')
    .text('Required Cookies', 'heading', 0.5).text(para(25, 'cookie'), 'body', 0.6).text('Always on', 'other').build();
  return { doc, marks: Uint8Array.from([0, 0, 1, 1, 1]) };
}

test('dialog-boxes: blocks in a dialog lose p(body) and p(heading) to other, are relabelled and set aside', () => {
  const { doc, marks } = pageWithPopup();
  const s = runRule(dialogBoxes, doc, { dialogBlocks: marks });
  assert.deepEqual(s.labels, ['title', 'body', 'other', 'other', 'other']);
  assert.deepEqual(noteRows(s), [
    [2, 'heading', 'other', 'dialog-boxes', 'inside a dialog (a pop-up)'],
    [3, 'body', 'other', 'dialog-boxes', 'inside a dialog (a pop-up)'],
  ]);
  assert.equal(s.probs[3]![2], 0, 'no later rule takes them back');
  assert.deepEqual(tagged(s, BlockTag.setAside), [0, 0, 1, 1, 1], 'set aside from the prose rescue');
  assert.equal(s.probs[1], doc.probs[1]);
});

test("dialog-boxes: a dialog holding the page's title is the page; no dialogs, nothing changes", () => {
  const { doc } = pageWithPopup();
  assert.deepEqual(runRule(dialogBoxes, doc, { dialogBlocks: Uint8Array.from([1, 1, 1, 1, 1]) }).notes, [], 'an article opened over a listing');
  assert.deepEqual(runRule(dialogBoxes, doc, { dialogBlocks: new Uint8Array(5) }).notes, []);
  assert.deepEqual(runRule(dialogBoxes, doc).notes, []);
});

/** The rules built like `dialog-boxes` (`setAsideRule`), each with the marks it reads and its note. */
const SET_ASIDE_RULES = [
  { rule: pageFooters, marksKey: 'footerBlocks', reason: 'inside a footer' },
  { rule: pageAsides, marksKey: 'asideBlocks', reason: 'inside an aside' },
  { rule: noContentMarks, marksKey: 'noContentBlocks', reason: 'marked no content' },
  { rule: hiddenBoxes, marksKey: 'hiddenBlocks', reason: 'hidden by a class' },
] as const;

for (const { rule, marksKey, reason } of SET_ASIDE_RULES) {
  test(`${rule.name}: the same for its own marks, with its own note`, () => {
    const { doc, marks } = pageWithPopup();
    const s = runRule(rule, doc, { [marksKey]: marks });
    assert.deepEqual(s.labels, ['title', 'body', 'other', 'other', 'other']);
    assert.deepEqual(noteRows(s).map((r) => [r[0], r[3], r[4]]), [[2, rule.name, reason], [3, rule.name, reason]]);
    assert.deepEqual(runRule(rule, doc, { dialogBlocks: marks }).notes, [], 'reads its own marks');
  });
}
