/** Compact, endian-explicit base64 for weight vectors and byte flags in model files. */
import { PithError } from '../../errors.js';

/** Float32 little-endian, base64. Values are rounded to float32 (see `roundToFloat32`). */
export function encodeFloat32(values: Float64Array): string {
  const buf = Buffer.alloc(values.length * 4);
  for (let i = 0; i < values.length; i++) buf.writeFloatLE(values[i]!, i * 4);
  return buf.toString('base64');
}

export function decodeFloat32(text: unknown, expected: number, what: string): Float64Array {
  if (typeof text !== 'string') throw new PithError('BAD_MODEL', `${what} is missing or not a string`);
  return float32FromBytes(Buffer.from(text, 'base64'), expected, what);
}

/** `expected` finite float32 little-endian values of raw bytes (a base64 text's, or a compiled model's section), widened. */
export function float32FromBytes(bytes: Uint8Array, expected: number, what: string): Float64Array {
  if (bytes.length !== expected * 4) throw new PithError('BAD_MODEL', `${what} holds ${Math.floor(bytes.length / 4)} numbers, expected ${expected} (truncated or corrupt?)`);
  const out = new Float64Array(expected);
  out.set(littleEndianFloat32(bytes, expected)); // widening float32 to float64 is exact
  for (let i = 0; i < expected; i++) {
    if (!Number.isFinite(out[i]!)) throw new PithError('BAD_MODEL', `${what} has a non-finite value at ${i}`);
  }
  return out;
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * The `count` float32 values of little-endian bytes: a view over an aligned copy where this
 * machine is little-endian (one memory copy instead of a read call per value), else read one
 * by one.
 */
function littleEndianFloat32(buf: Uint8Array, count: number): Float32Array {
  if (!LITTLE_ENDIAN) {
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    const out = new Float32Array(count);
    for (let i = 0; i < count; i++) out[i] = view.getFloat32(i * 4, true);
    return out;
  }
  const aligned = new Uint8Array(count * 4);
  aligned.set(buf.subarray(0, count * 4));
  return new Float32Array(aligned.buffer, 0, count);
}

/** Int32 little-endian, base64. */
export function encodeInt32(values: ArrayLike<number>): string {
  const buf = Buffer.alloc(values.length * 4);
  for (let i = 0; i < values.length; i++) buf.writeInt32LE(values[i]!, i * 4);
  return buf.toString('base64');
}

/** Any number of int32 values (the count is the caller's to check). */
export function decodeInt32(text: unknown, what: string): Int32Array {
  if (typeof text !== 'string') throw new PithError('BAD_MODEL', `${what} is missing or not a string`);
  const buf = Buffer.from(text, 'base64');
  if (buf.length % 4 !== 0) throw new PithError('BAD_MODEL', `${what} is not a whole number of 32-bit integers (truncated or corrupt?)`);
  const out = new Int32Array(buf.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = buf.readInt32LE(i * 4);
  return out;
}

export function encodeBytes(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

export function decodeBytes(text: unknown, expected: number, what: string): Uint8Array {
  if (typeof text !== 'string') throw new PithError('BAD_MODEL', `${what} is missing or not a string`);
  const buf = Buffer.from(text, 'base64');
  if (buf.length !== expected) throw new PithError('BAD_MODEL', `${what} holds ${buf.length} bytes, expected ${expected}`);
  return new Uint8Array(buf);
}

/** Rounds in place to float32 precision, so a trained model predicts exactly as its saved copy. */
export function roundToFloat32(values: Float64Array): Float64Array {
  for (let i = 0; i < values.length; i++) values[i] = Math.fround(values[i]!);
  return values;
}
