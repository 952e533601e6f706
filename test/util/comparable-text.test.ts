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

/** The definition for any text: the Unicode steps that comparableText's ASCII path must agree with. */
const unicodeComparable = (s: string): string =>
  s.normalize('NFKC').toLowerCase().replace(/(?<=\p{L})['’ʼ](?=\p{L})/gu, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

test('comparableText: ASCII text comes out as the Unicode steps make it (every ASCII character, in random strings)', () => {
  const ascii = ['\t', '\n', '\r', ...Array.from({ length: 0x7f - 0x20 }, (_, k) => String.fromCharCode(0x20 + k))];
  let state = 12345;
  const next = (): number => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 8;
  // Apostrophes and letters often, so that inner, leading, trailing and doubled apostrophes all occur.
  const pick = (): string => (next() % 4 === 0 ? "'" : next() % 2 === 0 ? 'aZ'[next() % 2]! : ascii[next() % ascii.length]!);
  for (let k = 0; k < 5000; k++) {
    const s = Array.from({ length: next() % 24 }, pick).join('');
    assert.equal(comparableText(s), unicodeComparable(s), JSON.stringify(s));
  }
  for (const s of ascii) assert.equal(comparableText(`a${s}b ${s}`), unicodeComparable(`a${s}b ${s}`), JSON.stringify(s));
  for (const s of ["Don't 'quote' me", "a''b", "x'", "'y", 'Ünïcode’s too', 'ﬁne ½']) assert.equal(comparableText(s), unicodeComparable(s), s);
});
