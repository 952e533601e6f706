import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeHtml } from '../../src/article/to-html.js';
import { seededRandom } from '../../src/util/random.js';

/** `escapeHtml` without its first test: control characters dropped, then the five characters escaped. */
function slowEscape(s: string): string {
  const esc: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').replace(/[&<>"']/g, (c) => esc[c]!);
}

test('escapeHtml gives what dropping and escaping each character gives, with and without anything to escape', () => {
  const pieces = ['a', 'Wörter', '東京', ' ', '\t', '\n', '\r', '\u0000', '\u0008', '\u000b', '\u001f', '\u007f', '\u0080', '&', '<', '>', '"', "'", '&amp;'];
  const rand = seededRandom(57);
  let plain = 0;
  for (let k = 0; k < 3000; k++) {
    let s = '';
    for (let j = Math.floor(rand() * 6); j > 0; j--) s += pieces[Math.floor(rand() * pieces.length)]!;
    assert.equal(escapeHtml(s), slowEscape(s), JSON.stringify(s));
    if (escapeHtml(s) === s) plain++;
  }
  assert.ok(plain > 100, `${plain} strings needed nothing`);
});
