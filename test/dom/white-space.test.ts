/** White space tests without regular expressions (dom/white-space.ts) against the regular expressions they stand for. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collapseSpace, isCollapsedSpace, isSpaceCode, isSpaceNormalized } from '../../src/dom/white-space.js';
import { normalizeSpace } from '../../src/dom/tree.js';
import { seededRandom } from '../../src/util/random.js';

/** normalizeSpace as written before its fast path: the reference. */
const reference = (s: string): string => s.replace(/[\s\u00a0\u200b\ufeff]+/g, ' ').trim();

test('isSpaceCode is \\s, code unit by code unit', () => {
  for (let c = 0; c < 0x10000; c++) assert.equal(isSpaceCode(c), /\s/.test(String.fromCharCode(c)), `U+${c.toString(16)}`);
});

test('normalizeSpace equals the replace-and-trim it skips on already normal strings', () => {
  const cases = ['', ' ', 'a', ' a', 'a ', 'a b', 'a  b', 'a\nb', 'a\u00a0b', 'a\u200bb', '\u200b', 'a\ufeff', 'é ü', '日本 語', 'a\tb', 'x\u3000y', 'a b c d'];
  for (const s of cases) {
    assert.equal(normalizeSpace(s), reference(s), JSON.stringify(s));
    assert.equal(isSpaceNormalized(s), reference(s) === s, JSON.stringify(s));
  }
  const alphabet = ['a', 'Z', ' ', ' ', '\n', '\t', '\u00a0', '\u200b', '\ufeff', '\u2003', 'é', '語', '\r', '-'];
  const random = seededRandom(60);
  let normal = 0;
  for (let i = 0; i < 20_000; i++) {
    let s = '';
    for (let n = Math.floor(random() * 12); n > 0; n--) s += alphabet[Math.floor(random() * alphabet.length)]!;
    assert.equal(normalizeSpace(s), reference(s), JSON.stringify(s));
    assert.equal(isSpaceNormalized(s), reference(s) === s, JSON.stringify(s));
    if (isSpaceNormalized(s)) normal++;
  }
  assert.ok(normal > 1000, `${normal} strings took the fast path`);
});

test('collapseSpace equals the replace it skips; isCollapsedSpace is \\s and the zero-width space', () => {
  const reference = (s: string): string => s.replace(/[\s\u200b]+/g, ' ');
  for (let c = 0; c < 0x10000; c++) assert.equal(isCollapsedSpace(c), /[\s\u200b]/.test(String.fromCharCode(c)), `U+${c.toString(16)}`);
  const alphabet = ['a', 'Z', ' ', ' ', '\n', '\t', '\u00a0', '\u200b', '\ufeff', '\u2003', 'é', '語', '\r', '\u0001', '\u0085'];
  const random = seededRandom(61);
  let unchanged = 0;
  for (let i = 0; i < 20_000; i++) {
    let s = '';
    for (let n = Math.floor(random() * 12); n > 0; n--) s += alphabet[Math.floor(random() * alphabet.length)]!;
    const collapsed = collapseSpace(s);
    assert.equal(collapsed, reference(s), JSON.stringify(s));
    if (collapsed === s) unchanged++;
  }
  assert.ok(unchanged > 1000, `${unchanged} strings came back unchanged`);
});
