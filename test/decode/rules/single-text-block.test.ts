import { test } from 'node:test';
import assert from 'node:assert/strict';
import { singleTextBlock } from '../../../src/decode/rules/single-text-block.js';
import { BlockBuilder } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

test('single-text-block: a page of one text block and no body has that block as body', () => {
  const s = runRule(singleTextBlock, new BlockBuilder().text('Test', 'other').image('other').text('  ', 'other').build());
  assert.deepEqual(s.labels, ['body', 'other', 'other']);
  assert.deepEqual(noteRows(s), [[0, 'other', 'body', 'single-text-block', 'the page has one block of text']]);
});

test('single-text-block: not a <noscript> notice, not with two text blocks, not when a body exists', () => {
  const shell = new BlockBuilder().text('Enable JavaScript to run this app.', 'other').atPath('html/body/noscript').build();
  assert.deepEqual(runRule(singleTextBlock, shell).notes, []);
  assert.deepEqual(runRule(singleTextBlock, new BlockBuilder().text('Menu', 'other').text('Login', 'other').build()).notes, []);
  assert.deepEqual(runRule(singleTextBlock, new BlockBuilder().text('Note', 'other').image('body').build()).notes, []);
});
