/**
 * What the service does with a page's bytes before a worker sees them, on the main thread and
 * zlib's thread pool, never in a worker:
 *
 * - gzip is inflated here, streamed and bounded twice: the output may not pass the absolute
 *   limit (the body limit), nor `maxRatio` times the compressed size (with a small floor for
 *   tiny bodies). Inflating stops at the first byte over either, so a 923-byte body that would
 *   become 600 KB costs at most ratio x 923 bytes of output. Real pages compress 3-21x (5 902
 *   shared corpus pages, the most 20.6x), so the default 100x leaves a wide margin.
 * - the page is weighed: its start tags (`<` and a letter) and its bytes. A page over either
 *   mark is heavy: it is extracted in the pool's heavy lane, which never takes every worker,
 *   so pages built to cost seconds each (deep nesting, hundreds of thousands of elements)
 *   cannot starve ordinary ones. The largest shared corpus page has 15 793 start tags.
 */
import { createGunzip } from 'node:zlib';
import { ServiceError } from './errors.js';

export interface GunzipLimits {
  /** Largest inflated size, bytes. */
  readonly maxBytes: number;
  /** Largest inflated size as a multiple of the compressed size. */
  readonly maxRatio: number;
  /** Inflated sizes up to this are allowed whatever the ratio (a tiny gzip of a small page). */
  readonly ratioFloorBytes: number;
}

export const RATIO_FLOOR_BYTES = 64 * 1024;

export function isGzipBytes(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The most bytes `compressed` may inflate to under `limits`. */
export function inflateAllowance(compressedBytes: number, limits: GunzipLimits): number {
  return Math.min(limits.maxBytes, Math.max(limits.ratioFloorBytes, compressedBytes * limits.maxRatio));
}

/**
 * The inflated bytes of a gzip body (all members), or a ServiceError: 413 TOO_LARGE past the
 * absolute limit, 413 TOO_COMPRESSED past the ratio, 422 BAD_GZIP for a corrupt or cut stream,
 * 422 NOT_HTML for gzip inside gzip (as the library refuses it). Bytes that are not gzip come back as they are.
 */
export function boundedGunzip(bytes: Buffer, limits: GunzipLimits): Promise<{ bytes: Buffer; inflated: boolean }> {
  if (!isGzipBytes(bytes)) return Promise.resolve({ bytes, inflated: false });
  const allowance = inflateAllowance(bytes.length, limits);
  const byRatio = allowance < limits.maxBytes;
  return new Promise((resolve, reject) => {
    const gunzip = createGunzip();
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const fail = (e: ServiceError): void => {
      if (done) return;
      done = true;
      chunks.length = 0;
      gunzip.destroy();
      reject(e);
    };
    gunzip.on('data', (c: Buffer) => {
      if (done) return;
      size += c.length;
      if (size > allowance) {
        fail(byRatio
          ? new ServiceError(413, 'TOO_COMPRESSED', `the gzip body of ${bytes.length} bytes inflates to more than ${limits.maxRatio} times its size (${allowance} bytes); inflating stopped there. Real pages compress far less; send the page uncompressed`)
          : new ServiceError(413, 'TOO_LARGE', `page is larger than ${limits.maxBytes} bytes after gunzip`));
        return;
      }
      chunks.push(c);
    });
    gunzip.on('error', (e: Error) => fail(new ServiceError(422, 'BAD_GZIP', `truncated or corrupt gzip data (${e.message})`)));
    gunzip.on('end', () => {
      if (done) return;
      done = true;
      const out = Buffer.concat(chunks, size);
      if (isGzipBytes(out)) reject(new ServiceError(422, 'NOT_HTML', 'gzip inside gzip: binary data, not an HTML page'));
      else resolve({ bytes: out, inflated: true });
    });
    gunzip.end(bytes);
  });
}

/** The start tags of a page as bytes: `<` then an ASCII letter (in UTF-16/32, past the zero bytes). */
export function countStartTags(bytes: Uint8Array): number {
  let n = 0;
  const b = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = b.indexOf(0x3c); i !== -1; i = b.indexOf(0x3c, i + 1)) {
    let j = i + 1;
    while (j < b.length && j <= i + 3 && b[j] === 0) j++;
    const c = b[j]! | 0x20;
    if (c >= 0x61 && c <= 0x7a) n++;
  }
  return n;
}

/** The start tags of a page as text. */
export function countStartTagsInText(text: string): number {
  let n = 0;
  for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', i + 1)) {
    const c = text.charCodeAt(i + 1) | 0x20;
    if (c >= 0x61 && c <= 0x7a) n++;
  }
  return n;
}

export interface HeavyMarks {
  /** More start tags than this: heavy. */
  readonly tags: number;
  /** More bytes than this: heavy. */
  readonly bytes: number;
}

export interface PageWeight {
  readonly tags: number;
  readonly bytes: number;
  readonly heavy: boolean;
}

export function weighPage(input: string | Uint8Array, marks: HeavyMarks): PageWeight {
  const bytes = typeof input === 'string' ? Buffer.byteLength(input) : input.length;
  const tags = typeof input === 'string' ? countStartTagsInText(input) : countStartTags(input);
  return { tags, bytes, heavy: tags > marks.tags || bytes > marks.bytes };
}
