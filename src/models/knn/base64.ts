/**
 * Typed arrays as base64 (little-endian, the byte order of every platform Node runs on),
 * decoded strictly: a malformed string or a wrong length is a BAD_MODEL error.
 */
import { PithError } from '../../errors.js';

type Typed = Int32Array | Uint32Array | Float64Array;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function toBase64(a: Typed): string {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
}

function bytes(s: unknown, what: string, expectBytes: number): Uint8Array {
  if (typeof s !== 'string' || s.length % 4 !== 0 || !BASE64.test(s)) throw new PithError('BAD_MODEL', `${what} is not base64`);
  const buf = Buffer.from(s, 'base64');
  if (buf.length !== expectBytes) throw new PithError('BAD_MODEL', `${what} holds ${buf.length} bytes, expected ${expectBytes}`);
  const copy = new Uint8Array(buf.length); // aligned, owned copy
  copy.set(buf);
  return copy;
}

export function int32FromBase64(s: unknown, length: number, what: string): Int32Array {
  return new Int32Array(bytes(s, what, length * 4).buffer);
}
export function uint32FromBase64(s: unknown, length: number, what: string): Uint32Array {
  return new Uint32Array(bytes(s, what, length * 4).buffer);
}
export function float64FromBase64(s: unknown, length: number, what: string): Float64Array {
  return new Float64Array(bytes(s, what, length * 8).buffer);
}
