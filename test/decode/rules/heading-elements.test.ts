import { test } from 'node:test';
import assert from 'node:assert/strict';
import { headingElements } from '../../../src/decode/rules/heading-elements.js';
import { inHeadingElement } from '../../../src/decode/rules/shared/heading-element.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';
import { widgetLines } from '../../../src/decode/rules/widget-lines.js';
import { applyRules, BlockTag, DecodeState } from '../../../src/decode/rule.js';
import { NO_EVIDENCE } from '../../../src/decode/evidence.js';
import { DEFAULT_DECODE_SETTINGS } from '../../../src/decode/settings.js';

test('heading-elements: an h2-h6 block the model left out, between article text and followed by body, becomes a heading', () => {
  const doc = new BlockBuilder()
    .text('Section two', 'other').atPath('html/body/article/h2') // no text before it
    .text(para(40), 'body')
    .text('Why it matters', 'other').atPath('html/body/article/h3/span')
    .image('body')
    .text(para(40), 'body')
    .text('A plain aside line', 'other').atPath('html/body/article/div')
    .text(para(40), 'body')
    .text('Related stories', 'other').atPath('html/body/aside/h2') // nothing after it
    .build();
  const s = runRule(headingElements, doc);
  assert.deepEqual(noteRows(s), [[2, 'other', 'heading', 'heading-elements', 'a heading element between article text']]);
});

test("heading-elements: an ad's label in a heading element stays other", () => {
  const doc = new BlockBuilder().text(para(40), 'body').text('Advertisement', 'other').atPath('html/body/article/div/h3').text(para(40), 'body').build();
  assert.deepEqual(runRule(headingElements, doc, { adBlocks: Uint8Array.from([0, 1, 0]) }).notes, []);
  assert.equal(runRule(headingElements, doc).notes.length, 1, 'unmarked, it is a heading');
});

test("heading-elements: a widget's line in a heading element, dropped by widget-lines, stays other", () => {
  const doc = new BlockBuilder().text(para(40), 'body').text('Externer Inhalt', 'heading').atPath('html/body/article/div/h3').text(para(40), 'body').build();
  const s = applyRules(new DecodeState(doc.blocks, doc.probs), [widgetLines, headingElements], NO_EVIDENCE, DEFAULT_DECODE_SETTINGS);
  assert.deepEqual(noteRows(s).map((r) => [r[0], r[2], r[3]]), [[1, 'other', 'widget-lines']]);
  assert.deepEqual([...s.tagged(BlockTag.dropped)], [0, 1, 0]);
});

test('heading-elements: only h2-h6 within the last three tags of the path', () => {
  const at = (tagPath: string) => inHeadingElement({ index: 0, kind: 'text', text: 'x', nodeIds: [], elementId: 0, tagPath, linkChars: 0 });
  assert.deepEqual(['html/body/h6/a/b', 'html/body/h3/a/b/i', 'html/body/h1', 'html/body/th2', 'h2'].map(at), [true, false, false, false, true]);
});
