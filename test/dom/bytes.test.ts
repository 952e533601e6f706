import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { decodeHtml, prescanMetaCharset, resolveEncoding } from '../../src/dom/bytes.js';
import { PithError } from '../../src/errors.js';

const enc = (s: string) => new TextEncoder().encode(s);
const latin1 = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

test('a UTF-8 BOM wins over a conflicting meta charset', () => {
  const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc('<meta charset="windows-1252"><p>café</p>')]);
  const d = decodeHtml(bytes);
  assert.equal(d.encoding, 'utf-8');
  assert.equal(d.source, 'bom');
  assert.match(d.text, /café/);
  assert.ok(!d.text.startsWith('\ufeff'));
});

test('UTF-16LE with BOM decodes', () => {
  const body = Buffer.from('<p>naïve</p>', 'utf16le');
  const d = decodeHtml(new Uint8Array([0xff, 0xfe, ...body]));
  assert.equal(d.encoding, 'utf-16le');
  assert.match(d.text, /naïve/);
});

test('transport charset beats meta', () => {
  const d = decodeHtml(latin1('<meta charset="utf-8"><p>caf\u00e9</p>'), { transportCharset: 'ISO-8859-1' });
  assert.equal(d.source, 'transport');
  assert.equal(d.encoding, 'windows-1252');
  assert.match(d.text, /café/);
});

test('meta charset and http-equiv are found; comments are ignored', () => {
  assert.equal(prescanMetaCharset(enc('<!-- <meta charset="koi8-r"> --><meta charset=shift_jis>')), 'shift_jis');
  assert.equal(prescanMetaCharset(enc('<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">')), 'windows-1251');
  assert.equal(prescanMetaCharset(enc('<meta name="x" content="charset=koi8-r">')), undefined);
});

test('a Shift_JIS page declared in meta decodes to the right characters', () => {
  const sjis = new Uint8Array([0x82, 0xa0, 0x82, 0xa2]); // あい
  const bytes = new Uint8Array([...enc('<meta charset="Shift_JIS"><p>'), ...sjis, ...enc('</p>')]);
  assert.match(decodeHtml(bytes).text, /あい/);
});

test('declared latin-1 on valid UTF-8 bytes is read as UTF-8 (stale template header)', () => {
  const d = decodeHtml(enc('<meta charset="iso-8859-1"><p>Grüße</p>'));
  assert.equal(d.encoding, 'utf-8');
  assert.match(d.text, /Grüße/);
});

test('declared GBK or Shift_JIS on valid UTF-8 bytes is read as UTF-8 (page re-encoded when saved); real GBK stays GBK', () => {
  for (const charset of ['gb2312', 'Shift_JIS', 'windows-1251']) {
    const d = decodeHtml(enc(`<meta http-equiv="Content-Type" content="text/html; charset=${charset}"><title>人工智能 Привет</title>`));
    assert.equal(d.encoding, 'utf-8', charset);
    assert.match(d.text, /人工智能 Привет/);
  }
  const gbk = new Uint8Array([...enc('<meta charset="gb2312"><p>'), 0xc8, 0xcb, 0xb9, 0xa4, ...enc('</p>')]); // 人工 in GBK
  const d = decodeHtml(gbk);
  assert.equal(d.encoding, 'gbk');
  assert.match(d.text, /人工/);
});

test('undeclared invalid UTF-8 falls back to windows-1252; declared UTF-8 keeps going with U+FFFD', () => {
  const d = decodeHtml(latin1('<p>caf\u00e9 \u0093quoted\u0094</p>'));
  assert.equal(d.encoding, 'windows-1252');
  assert.match(d.text, /café “quoted”/);
  const broken = new Uint8Array([...enc('<meta charset=utf-8><p>a'), 0xff, 0xfe, 0xc3, ...enc('b</p>')]);
  const d2 = decodeHtml(broken);
  assert.equal(d2.encoding, 'utf-8');
  assert.ok(d2.replacements >= 2);
});

test('utf-16 declared in ASCII bytes means UTF-8; unknown labels are ignored', () => {
  assert.equal(resolveEncoding('utf-16'), 'utf-8');
  assert.equal(resolveEncoding('no-such-charset'), undefined);
  assert.equal(resolveEncoding(' "Latin1" '), 'windows-1252');
});

test('gzip input is accepted; truncated gzip is a BAD_GZIP error', () => {
  const gz = gzipSync(Buffer.from('<title>T</title><p>x</p>'));
  assert.match(decodeHtml(new Uint8Array(gz)).text, /<title>T/);
  assert.throws(() => decodeHtml(new Uint8Array(gz.subarray(0, gz.length - 12))), (e: unknown) => e instanceof PithError && e.code === 'BAD_GZIP');
});

test('binary input is NOT_HTML, naming what it looks like', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  assert.throws(() => decodeHtml(png, {}, 'x.png'), (e: unknown) => e instanceof PithError && e.code === 'NOT_HTML' && /PNG/.test(e.message) && /x\.png/.test(e.message));
  const nul = new Uint8Array([0x3c, 0x70, 0x3e, 0x00, 0x01, 0x02]);
  assert.throws(() => decodeHtml(nul), (e: unknown) => e instanceof PithError && e.code === 'NOT_HTML');
});

test('input over the byte limit is TOO_LARGE, also after gunzip', () => {
  assert.throws(() => decodeHtml(enc('x'.repeat(2000)), { maxBytes: 1000 }), (e: unknown) => e instanceof PithError && e.code === 'TOO_LARGE');
  const bomb = gzipSync(Buffer.alloc(5_000_000, 0x61));
  assert.throws(() => decodeHtml(new Uint8Array(bomb), { maxBytes: 1_000_000 }), (e: unknown) => e instanceof PithError && e.code === 'TOO_LARGE');
});

test('empty input decodes to empty text', () => {
  const d = decodeHtml(new Uint8Array());
  assert.equal(d.text, '');
});
