import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanLines } from '../../src/article/to-text.js';
import { isSpaceNormalized } from '../../src/dom/white-space.js';
import { seededRandom } from '../../src/util/random.js';

/** `cleanLines` as it reads without its fast path: every line's runs collapsed and trimmed, empty lines left out. */
function slowCleanLines(text: string): string {
  return text.split('\n').map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim()).filter((l) => l.length > 0).join('\n');
}

const PIECES = ['a', 'Wort', 'é', '東京', ' ', ' ', '\t', '\n', '\u00a0', '\u3000', '\r', '\u2028', '\ufeff', '\u200b', '.', 'x y'];

test('cleanLines gives what the slow path gives, fast path or not', () => {
  const rand = seededRandom(60);
  let fast = 0;
  for (let k = 0; k < 4000; k++) {
    let s = '';
    const n = Math.floor(rand() * 8);
    for (let j = 0; j < n; j++) s += PIECES[Math.floor(rand() * PIECES.length)]!;
    assert.equal(cleanLines(s), slowCleanLines(s), JSON.stringify(s));
    if (isSpaceNormalized(s)) fast++;
  }
  assert.ok(fast > 100, `the fast path was taken (${fast} times)`);
});

test('cleanLines: white space that is not collapsed inside a line (only spaces, tabs and no-break spaces are) stays', () => {
  assert.equal(cleanLines('a\u3000b'), slowCleanLines('a\u3000b'));
});
