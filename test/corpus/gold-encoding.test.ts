/** Corpus text files (gold text, JSON) go through the one byte decoder of src/dom/bytes.ts. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeTextFile } from '../../src/dom/bytes.js';
import { readJson, readText } from '../../src/corpus/readers/files.js';

// "€5 “quoted” – café" in windows-1252.
const CP1252 = Uint8Array.from([0x80, 0x35, 0x20, 0x93, 0x71, 0x75, 0x6f, 0x74, 0x65, 0x64, 0x94, 0x20, 0x96, 0x20, 0x63, 0x61, 0x66, 0xe9]);

test('decodeTextFile: windows-1252 bytes 0x80-0x9F are the euro sign and curly quotes, not C1 controls', () => {
  assert.equal(decodeTextFile(CP1252), '€5 “quoted” – café');
  assert.doesNotMatch(decodeTextFile(CP1252), /[\u0080-\u009f]/);
});

test('decodeTextFile: a BOM wins, then well-formed UTF-8', () => {
  const utf8 = new TextEncoder().encode('€5 “quoted” – café');
  assert.equal(decodeTextFile(utf8), '€5 “quoted” – café');
  assert.equal(decodeTextFile(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8])), '€5 “quoted” – café');
  assert.equal(decodeTextFile(Uint8Array.from([0xff, 0xfe, 0xac, 0x20, 0x35, 0x00])), '€5');
  assert.equal(decodeTextFile(Uint8Array.from([0xfe, 0xff, 0x20, 0xac, 0x00, 0x35])), '€5');
});

test('corpus gold text and JSON files in windows-1252 read with the euro sign and curly quotes', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-gold-enc-'));
  try {
    await writeFile(join(dir, 'gold.txt'), Uint8Array.from([...CP1252, 0x0d, 0x0a, 0x41]));
    assert.equal(await readText(join(dir, 'gold.txt')), '€5 “quoted” – café\nA');
    await writeFile(join(dir, 'meta.json'), Uint8Array.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0x93, 0x80, 0x94, 0x22, 0x7d]));
    assert.deepEqual(await readJson(join(dir, 'meta.json')), { t: '“€”' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
