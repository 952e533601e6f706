/**
 * Bytes -> text, following the HTML encoding-sniffing order:
 * BOM, then a charset given by the transport (HTTP Content-Type), then a
 * `<meta charset>` / `<meta http-equiv=content-type>` prescan, then detection
 * (valid UTF-8, else windows-1252, the browsers' default for unlabelled pages).
 */
import { gunzipSync } from 'node:zlib';
import { PithError } from '../errors.js';

export type EncodingSource = 'bom' | 'transport' | 'meta' | 'detected';

export interface DecodedPage {
  readonly text: string;
  /** The WHATWG name of the encoding used, e.g. `utf-8`, `windows-1252`. */
  readonly encoding: string;
  readonly source: EncodingSource;
  /** U+FFFD characters produced by decoding: a measure of broken bytes. */
  readonly replacements: number;
}

export interface DecodeOptions {
  /** Charset from an HTTP Content-Type header; wins over `<meta>`. Default: none. */
  readonly transportCharset?: string;
  /** How many bytes the `<meta>` prescan looks at. Default 8192 (the spec says 1024; real pages put meta later). */
  readonly prescanBytes?: number;
  /** Largest accepted input, after gunzip. Default 16 MiB. */
  readonly maxBytes?: number;
}

// 16 MiB: far above any real article page (the shared corpora top out near 5 MB); a 50 MB page
// would take ~15 s and ~2.5 GB to parse, so it is refused clearly unless the caller raises the limit.
export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

const MAGIC: ReadonlyArray<readonly [string, readonly number[]]> = [
  ['PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['JPEG image', [0xff, 0xd8, 0xff]],
  ['GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['PDF document', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['ZIP archive', [0x50, 0x4b, 0x03, 0x04]],
  ['ELF executable', [0x7f, 0x45, 0x4c, 0x46]],
  ['WebP/RIFF file', [0x52, 0x49, 0x46, 0x46]],
  ['bzip2 archive', [0x42, 0x5a, 0x68]],
  ['xz archive', [0xfd, 0x37, 0x7a, 0x58, 0x5a]],
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Gunzips when the bytes are gzip; a truncated or corrupt stream is a clear error. */
export function maybeGunzip(bytes: Uint8Array, subject?: string, maxBytes = DEFAULT_MAX_BYTES): Uint8Array {
  if (!isGzip(bytes)) return bytes;
  try {
    return gunzipSync(bytes, { maxOutputLength: maxBytes + 1 });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE' || (e instanceof RangeError)) {
      throw new PithError('TOO_LARGE', `page is larger than ${maxBytes} bytes after gunzip`, subject, { cause: e });
    }
    throw new PithError('BAD_GZIP', `truncated or corrupt gzip data (${(e as Error).message})`, subject, { cause: e });
  }
}

/**
 * Rejects bytes that are plainly not a text document: known binary magic numbers,
 * or NUL bytes / control characters in the head (UTF-16 with a BOM is allowed).
 */
export function assertLooksLikeText(bytes: Uint8Array, subject?: string): void {
  for (const [what, magic] of MAGIC) {
    if (startsWith(bytes, magic)) throw new PithError('NOT_HTML', `binary data (${what}), not an HTML page`, subject);
  }
  if (bomEncoding(bytes)?.startsWith('utf-16')) return;
  const n = Math.min(bytes.length, 4096);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0) throw new PithError('NOT_HTML', 'binary data (NUL bytes), not an HTML page', subject);
    if (b < 9 || (b > 13 && b < 32 && b !== 27)) control++;
  }
  if (n > 0 && control / n > 0.1) throw new PithError('NOT_HTML', 'binary data (control bytes), not an HTML page', subject);
}

function bomEncoding(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return 'utf-8';
  if (startsWith(bytes, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(bytes, [0xfe, 0xff])) return 'utf-16be';
  return undefined;
}

/** Normalises a charset label to a name TextDecoder knows, or undefined. */
export function resolveEncoding(label: string | undefined): string | undefined {
  if (!label) return undefined;
  const clean = label.trim().replace(/^["']|["']$/g, '').toLowerCase();
  if (!clean) return undefined;
  try {
    const enc = new TextDecoder(clean).encoding;
    // A page cannot declare itself UTF-16 in ASCII-compatible bytes: the spec maps it to UTF-8.
    if (enc.startsWith('utf-16')) return 'utf-8';
    // x-user-defined is a spec curiosity; treat as windows-1252.
    if (enc === 'x-user-defined') return 'windows-1252';
    return enc;
  } catch {
    return undefined;
  }
}

const META_RE = /<meta\b([^>]*)>/gi;
const CHARSET_ATTR_RE = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i;
const HTTP_EQUIV_RE = /\bhttp-equiv\s*=\s*["']?\s*content-type/i;
const CONTENT_ATTR_RE = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** Looks for the charset a page declares in its first bytes; comments are skipped. */
export function prescanMetaCharset(bytes: Uint8Array, limit = 8192): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, limit)).toString('latin1');
  const withoutComments = head.replace(/<!--[\s\S]*?-->/g, '');
  for (const m of withoutComments.matchAll(META_RE)) {
    const attrs = m[1] ?? '';
    if (HTTP_EQUIV_RE.test(attrs)) {
      const content = CONTENT_ATTR_RE.exec(attrs);
      const value = content ? content[1] ?? content[2] ?? content[3] ?? '' : '';
      const cs = CHARSET_ATTR_RE.exec(value);
      const enc = resolveEncoding(cs?.[1]);
      if (enc) return enc;
      continue;
    }
    if (/^\s*charset\b|\scharset\s*=/i.test(attrs)) {
      const cs = CHARSET_ATTR_RE.exec(attrs);
      const enc = resolveEncoding(cs?.[1]);
      if (enc) return enc;
    }
  }
  return undefined;
}

/** The bytes as UTF-8 text, or undefined when they are not well-formed UTF-8 (a BOM is kept as text). */
function strictUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** True when the bytes are well-formed UTF-8 (pure ASCII counts). */
export function isValidUtf8(bytes: Uint8Array): boolean {
  return strictUtf8(bytes) !== undefined;
}

function countReplacements(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\ufffd'); i !== -1; i = text.indexOf('\ufffd', i + 1)) n++;
  return n;
}

// windows-1252's 0x80-0x9F (Node's decoder maps them to C1 controls, as latin-1 would).
const CP1252_HIGH = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWith(bytes: Uint8Array, encoding: string, skipBom: number): string {
  const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(skipBom ? bytes.subarray(skipBom) : bytes);
  if (encoding !== 'windows-1252') return text;
  return text.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/**
 * Decodes a text file that declares no encoding (a corpus's gold text, its JSON): a BOM wins,
 * then well-formed UTF-8, else windows-1252 (the commonest legacy encoding), with 0x80-0x9F
 * read as windows-1252 has them (0x80 the euro sign, 0x93 a curly quote), as pages are.
 */
export function decodeTextFile(bytes: Uint8Array): string {
  const bom = bomEncoding(bytes);
  if (bom) return decodeWith(bytes, bom, bom === 'utf-8' ? 3 : 2);
  return strictUtf8(bytes) ?? decodeWith(bytes, 'windows-1252', 0);
}

/**
 * Decodes raw page bytes (gzip accepted) into text. Never throws on bad bytes:
 * malformed sequences become U+FFFD and are counted; binary input is a NOT_HTML error.
 */
export function decodeHtml(input: Uint8Array, options: DecodeOptions = {}, subject?: string): DecodedPage {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const bytes = maybeGunzip(input, subject, maxBytes);
  if (bytes.length > maxBytes) {
    throw new PithError('TOO_LARGE', `page is ${bytes.length} bytes, above the limit of ${maxBytes}`, subject);
  }
  assertLooksLikeText(bytes, subject);

  const bom = bomEncoding(bytes);
  if (bom) {
    const text = decodeWith(bytes, bom, bom === 'utf-8' ? 3 : 2);
    return { text, encoding: bom, source: 'bom', replacements: countReplacements(text) };
  }
  const transport = resolveEncoding(options.transportCharset);
  if (transport) {
    const text = decodeWith(bytes, transport, 0);
    return { text, encoding: transport, source: 'transport', replacements: countReplacements(text) };
  }
  const meta = prescanMetaCharset(bytes, options.prescanBytes ?? 8192);
  if (meta) {
    // Pages often declare UTF-8 and are not, or declare another encoding and are UTF-8 (a
    // stale template header, or a page saved by a tool that re-encoded it). Text in a legacy
    // encoding is practically never well-formed UTF-8 once it has non-ASCII bytes (lead bytes
    // would all need continuation bytes after them), so such bytes are read as UTF-8:
    // browsers would show mojibake, but the author meant UTF-8.
    // The strict decode is the text itself: no second pass over the bytes.
    const asUtf8 = meta !== 'utf-8' && hasNonAscii(bytes) ? strictUtf8(bytes) : undefined;
    if (asUtf8 !== undefined) return { text: asUtf8, encoding: 'utf-8', source: 'detected', replacements: 0 };
    const text = decodeWith(bytes, meta, 0);
    return { text, encoding: meta, source: 'meta', replacements: countReplacements(text) };
  }
  const asUtf8 = strictUtf8(bytes);
  if (asUtf8 !== undefined) return { text: asUtf8, encoding: 'utf-8', source: 'detected', replacements: countReplacements(asUtf8) };
  const text = decodeWith(bytes, 'windows-1252', 0);
  return { text, encoding: 'windows-1252', source: 'detected', replacements: countReplacements(text) };
}

function hasNonAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) return true;
  return false;
}
