import { test } from 'node:test';
import assert from 'node:assert/strict';
import { comparableText, holdsPhrase } from '../../src/util/comparable-text.js';

test('comparableText: case, punctuation and spacing do not count', () => {
  assert.equal(comparableText('  Next Up:  Pumpkin—Pie! '), 'next up pumpkin pie');
  assert.equal(comparableText('Ｆｕｌｌ width'), 'full width');
});

test("comparableText: an apostrophe inside a word does not count, so a <title> that leaves it out matches", () => {
  assert.equal(comparableText('Chad’s Choice'), comparableText('Chads Choice'));
  assert.equal(comparableText("I'm in.. Are YOU in?"), 'im in are you in');
  assert.equal(comparableText("the readers' letters"), 'the readers letters', 'a closing apostrophe is punctuation');
});

test('holdsPhrase: whole words only, and never the empty phrase', () => {
  assert.ok(holdsPhrase('food wishes video recipes next up pumpkin pie', 'next up pumpkin pie'));
  assert.ok(!holdsPhrase('food wishes pumpkin pies', 'pumpkin pie'));
  assert.ok(!holdsPhrase('anything', ''));
});
