/** The weight codec: float32 weights decode to the values a read per number gives, and corrupt text is refused. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeFloat32, encodeFloat32 } from '../../../src/models/linear/codec.js';
import { indexFromFlags, ROW_OWN } from '../../../src/models/linear/feature-index.js';
import { PithError } from '../../../src/errors.js';

/** Little-endian float32 bytes of `values`, as base64, written one number at a time. */
function base64Of(values: readonly number[]): string {
  const buf = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => buf.writeFloatLE(v, i * 4));
  return buf.toString('base64');
}

const isBadModel = (pattern: RegExp) => (e: unknown) => e instanceof PithError && e.code === 'BAD_MODEL' && pattern.test(e.message);

test('decodeFloat32: each value is the float32 a read per number gives, widened exactly', () => {
  const values = [0, -0, 1, -1.5, Math.PI, 1e-40, -3.4e38, 0.1, 123456.789];
  const W = decodeFloat32(base64Of(values), values.length, 'weights');
  assert.ok(W instanceof Float64Array);
  assert.deepEqual([...W], values.map((v) => Math.fround(v)));
  assert.ok(Object.is(W[1], -0), 'negative zero kept');
  // Round trip through the encoder of model files.
  const again = decodeFloat32(encodeFloat32(W), W.length, 'weights');
  assert.deepEqual([...again], [...W]);
});

test('decodeFloat32: an odd byte offset inside the decoded text still reads every value', () => {
  // Every length from 1 to 9 values: no length is read short or past its end.
  for (let n = 1; n <= 9; n++) {
    const values = Array.from({ length: n }, (_, i) => (i + 1) * 0.25 - 1);
    assert.deepEqual([...decodeFloat32(base64Of(values), n, 'w')], values);
  }
});

test('decodeFloat32: corrupt text gives BAD_MODEL naming the problem', () => {
  assert.throws(() => decodeFloat32(base64Of([1, 2, 3]), 4, 'weights'), isBadModel(/holds 3 numbers, expected 4/));
  assert.throws(() => decodeFloat32(base64Of([1, 2, 3]).slice(0, 10), 3, 'weights'), isBadModel(/expected 3/));
  assert.throws(() => decodeFloat32(base64Of([1, Infinity, 2]), 3, 'weights'), isBadModel(/non-finite value at 1/));
  assert.throws(() => decodeFloat32(base64Of([NaN]), 1, 'weights'), isBadModel(/non-finite value at 0/));
  assert.throws(() => decodeFloat32(42, 1, 'weights'), isBadModel(/missing or not a string/));
});

test('indexFromFlags: a name listed twice is refused, distinct names get their own numbers', () => {
  const flags = new Uint8Array([ROW_OWN, ROW_OWN, ROW_OWN]);
  assert.throws(() => indexFromFlags(['a', 'b', 'a'], flags, 'none'), isBadModel(/attribute 'a' listed twice/));
  const ix = indexFromFlags(['a', 'b', 'c'], flags, 'none');
  assert.deepEqual([...ix.lookup], [['a', 0], ['b', 1], ['c', 2]]);
});
