/** scanJsonShape finds the end of each string as a byte-by-byte reading does, whatever its escapes. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanJsonShape } from '../../src/models/model-text.js';

/** The end of a string read byte by byte: a backslash takes the next byte with it. */
function endOfStringByBytes(bytes: Uint8Array, from: number): number {
  let i = from;
  while (i < bytes.length) {
    if (bytes[i] === 0x22) return i + 1;
    i += bytes[i] === 0x5c ? 2 : 1;
  }
  return bytes.length;
}

/** Counts the strings of `text` (outside other strings) and where the last one ends, by bytes. */
function stringsByBytes(bytes: Uint8Array): { strings: number; scanned: number } {
  let strings = 0;
  let i = 0;
  while (i < bytes.length) {
    if (bytes[i] === 0x22) {
      i = endOfStringByBytes(bytes, i + 1);
      strings++;
    } else i++;
  }
  return { strings, scanned: i };
}

test('scanJsonShape: strings end where a byte-by-byte reading ends them, with any run of backslashes', () => {
  // A fixed pseudo-random sequence: the same cases every run.
  let seed = 7;
  const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  const alphabet = ['"', '\\', ',', 'a', ':', '[', ']'];
  for (let round = 0; round < 3000; round++) {
    const text = Array.from({ length: 1 + next(24) }, () => alphabet[next(alphabet.length)]).join('');
    const bytes = Buffer.from(`[${text}]`);
    const shape = scanJsonShape(bytes);
    assert.equal(shape.scanned, stringsByBytes(bytes).scanned, JSON.stringify(text));
    // Commas inside strings are not values: the counts agree with the reading by bytes.
    let values = 1;
    let justOpened = false;
    for (let i = 0; i < bytes.length;) {
      const b = bytes[i]!;
      if (b === 0x22) { i = endOfStringByBytes(bytes, i + 1); if (justOpened) { values++; justOpened = false; } continue; }
      i++;
      if (b === 0x5b) { if (justOpened) values++; justOpened = true; continue; }
      if (b === 0x5d) { justOpened = false; continue; }
      if (justOpened) { values++; justOpened = false; }
      if (b === 0x2c) values++;
    }
    assert.equal(shape.values, values, JSON.stringify(text));
  }
});
