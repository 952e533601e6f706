import { test } from 'node:test';
import assert from 'node:assert/strict';
import { comparableLongerThan, TextMemo } from '../../src/decode/text-memo.js';
import { normalizeSpace } from '../../src/dom/tree.js';
import { comparableText } from '../../src/util/comparable-text.js';
import { inTableCell } from '../../src/decode/blocks.js';
import { seededRandom } from '../../src/util/random.js';

/** `count` strings of up to `maxLength` characters drawn from `alphabet`. */
function strings(alphabet: readonly string[], count: number, maxLength: number, seed: number): string[] {
  const next = seededRandom(seed);
  return Array.from({ length: count }, () => Array.from({ length: Math.floor(next() * maxLength) }, () => alphabet[Math.floor(next() * alphabet.length)]!).join(''));
}

const SPACES = [' ', ' ', ' ', '\n', '\t', '\r', '\u00a0', '\u200b', '\ufeff', '\u2028', '\u3000', '\u2009', '\u180e', '\u200c'];

test('comparableLongerThan: never says a key is longer than it is; says so of a long Latin-1 paragraph, not of other scripts', () => {
  for (let c = 0; c < 0x100; c++) {
    const t = String.fromCharCode(c).repeat(3);
    for (const max of [0, 1, 2]) if (comparableLongerThan(t, max)) assert.ok(comparableText(t).length > max, `U+${c.toString(16)} ${max}`);
  }
  const alphabet = ['a', 'Z', '1', ' ', '.', "'", '’', 'ß', 'ª', 'µ', '¼', '²', 'À', 'ÿ', '¨', '´', '\u00a0', '-', 'é', 'e',
    '\u0301', '\u0308', '\u0323', '\u0338', '—', '…', '“', 'İ', 'ﬁ', 'Ａ', '①', '\u1100', '\u1161', '\u11a8', '가', 'Σ', '家', '😀', '\ud800', '\u200b', '\u0345'];
  for (const t of strings(alphabet, 20000, 30, 2)) {
    for (const max of [0, 3, 8, 15]) if (comparableLongerThan(t, max)) assert.ok(comparableText(t).length > max, `${JSON.stringify(t)} ${max}`);
  }
  const paragraph = 'Das Häuschen am See wurde 1912 gebaut und später zweimal erweitert, zuletzt im Jahr 1988.';
  assert.equal(comparableLongerThan(paragraph, 40), true);
  assert.equal(comparableLongerThan(paragraph, 200), false);
  assert.equal(comparableLongerThan('家'.repeat(100), 10), false, 'other scripts: nothing is sure');
  assert.equal(comparableLongerThan(`“It’s a long quote — about the city,” she said… ${'and more words '.repeat(3)}`, 40), true, 'curly quotes and dashes count as nothing');
});

test('TextMemo: each answer is the function it memoises, asked once or again', () => {
  const memo = new TextMemo();
  const texts = ['  Foto:\n dpa ', 'Jun 18th 2018', 'Chad’s Choice — ＡＢＣ', 'plain'];
  for (let round = 0; round < 2; round++) {
    for (const t of texts) {
      assert.equal(memo.line(t), normalizeSpace(t));
      assert.equal(memo.comparable(t), comparableText(t));
    }
  }
  for (const tagPath of ['html/body/table/tr/td', 'html/body/table/tr/td/div/ul/li', 'html/body/div/p', 'html/body/table/tr/th/b']) {
    const block = { index: 0, kind: 'text' as const, text: 'x', nodeIds: [], elementId: 0, tagPath, linkChars: 0 };
    assert.equal(memo.inTableCell(tagPath), inTableCell(block), tagPath);
    assert.equal(memo.inTableCell(tagPath), inTableCell(block), tagPath);
  }
});
