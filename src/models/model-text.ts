/**
 * The JSON text of a model file, read within bounds that a hostile file cannot stretch.
 *
 * A model file is small next to what it can make a parser allocate: 966 KB of gzip can hold a
 * 240-million-element array, 50 million nesting levels or half a gigabyte of white space, and
 * `JSON.parse` would build all of it before any check saw the header. So, before anything is
 * parsed:
 * - gzip is inflated only up to MAX_INFLATE_RATIO times its compressed size plus
 *   INFLATE_ALLOWANCE (and never past MAX_MODEL_BYTES): pith's own files inflate about 2 to 3
 *   times (base64 weights barely compress), so only a bomb meets the cap;
 * - one pass over the inflated bytes (a byte loop: no allocation) checks the JSON's shape:
 *   nesting depth, the number of values, of object members and of arrays and objects, and the white space
 *   outside strings. pith writes JSON.stringify's compact text: the bundled model has depth 4
 *   and 26 000 values. The text is decoded and parsed only when the shape is within bounds.
 * Every refusal is PithError('BAD_MODEL') naming the bound.
 */
import { gunzipSync } from 'node:zlib';
import { PithError } from '../errors.js';
import { isGzip } from '../dom/bytes.js';

/** A model file larger than this is refused before parsing (default 512 MiB). */
export const MAX_MODEL_BYTES = 512 * 1024 * 1024;
/** gzip may inflate to this many times its compressed size ... */
export const MAX_INFLATE_RATIO = 32;
/** ... plus this many bytes (small files compress better than large ones). */
export const INFLATE_ALLOWANCE = 16 * 1024 * 1024;
/** Nesting of arrays and objects. */
export const MAX_JSON_DEPTH = 128;
/** Values in the document: array elements, object members' values and the top value. */
export const MAX_JSON_VALUES = 1_000_000;
/** Members of objects, all objects together (a key costs about 200 bytes once parsed). */
export const MAX_JSON_MEMBERS = 500_000;
/** Arrays and objects in the document (each costs far more memory than a number). */
export const MAX_JSON_CONTAINERS = 250_000;
/** White space outside strings (pretty-printed files are allowed; padding is not). */
export const MAX_JSON_WHITESPACE = 16 * 1024 * 1024;

/** The most bytes a gzip of `compressed` bytes may inflate to. */
export function inflateCap(compressed: number): number {
  return Math.min(MAX_MODEL_BYTES, INFLATE_ALLOWANCE + MAX_INFLATE_RATIO * compressed);
}

/** What the shape pass counted; `problem` names the first bound crossed. */
export interface JsonShape {
  readonly maxDepth: number;
  readonly values: number;
  readonly containers: number;
  readonly members: number;
  readonly whitespace: number;
  /** Bytes looked at: the pass stops at the first bound crossed. */
  readonly scanned: number;
  readonly problem?: string;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

function isJsonSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

/**
 * One pass over JSON text counting its shape, stopping at the first bound crossed. Values are
 * counted as the top value plus one per comma outside strings plus one per non-empty container:
 * exact for valid JSON, and a bound on what JSON.parse could build from invalid text (which it
 * then refuses). Inside strings only quotes and backslashes matter.
 */
export function scanJsonShape(bytes: Uint8Array): JsonShape {
  let depth = 0;
  let maxDepth = 0;
  let values = 1;
  let containers = 0;
  let members = 0;
  let whitespace = 0;
  let i = 0;
  let problem: string | undefined;
  const n = bytes.length;
  // Whether the last significant byte opened a container: the first value in it adds one.
  let justOpened = false;
  while (i < n) {
    const b = bytes[i]!;
    if (b === QUOTE) {
      i = endOfString(bytes, i + 1);
      if (justOpened) { values++; justOpened = false; }
      continue;
    }
    i++;
    if (isJsonSpace(b)) {
      if (++whitespace > MAX_JSON_WHITESPACE) { problem = `more than ${MAX_JSON_WHITESPACE} bytes of white space`; break; }
      continue;
    }
    if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      if (justOpened) values++;
      justOpened = true;
      if (++depth > maxDepth) maxDepth = depth;
      if (depth > MAX_JSON_DEPTH) { problem = `nested more than ${MAX_JSON_DEPTH} levels deep`; break; }
      if (++containers > MAX_JSON_CONTAINERS) { problem = `more than ${MAX_JSON_CONTAINERS} arrays and objects`; break; }
      continue;
    }
    if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
      depth--;
      justOpened = false;
      continue;
    }
    if (justOpened) { values++; justOpened = false; }
    if (b === COMMA && ++values > MAX_JSON_VALUES) { problem = `more than ${MAX_JSON_VALUES} values`; break; }
    if (b === COLON && ++members > MAX_JSON_MEMBERS) { problem = `more than ${MAX_JSON_MEMBERS} object members`; break; }
  }
  return { maxDepth, values, containers, members, whitespace, scanned: i, ...(problem !== undefined ? { problem } : {}) };
}

/** Bytes of a string read one by one before the rest is searched with indexOf. */
const SHORT_STRING_BYTES = 64;

/**
 * The index after the string's closing quote (or the end of the text), from just inside its
 * opening one. A quote after an odd run of backslashes is escaped. The first bytes are read one
 * by one (a model's attribute names are short, and a native indexOf call per name costs more
 * than the name); past them quotes are found with indexOf: a model's text is mostly one long
 * string of base64 weights, which a byte loop crosses slowly before it is compiled.
 */
function endOfString(bytes: Uint8Array, from: number): number {
  const shortEnd = Math.min(bytes.length, from + SHORT_STRING_BYTES);
  let i = from;
  while (i < shortEnd) {
    const b = bytes[i]!;
    if (b === QUOTE) return i + 1;
    i += b === BACKSLASH ? 2 : 1;
  }
  for (; ;) {
    const quote = bytes.indexOf(QUOTE, i);
    if (quote < 0) return bytes.length;
    let k = quote - 1;
    while (k >= from && bytes[k] === BACKSLASH) k--;
    if ((quote - 1 - k) % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** Throws the caller's refusal (PithError('BAD_MODEL')) with a message and, when there is one, its cause. */
export type BadModel = (msg: string, cause?: unknown) => never;

/**
 * JSON bytes as text, within bounds: their shape checked (scanJsonShape), then decoded as UTF-8
 * (strictly). `what` names the JSON in a refusal ("its header" -> "its header has ..." /
 * "its header is not UTF-8 text"), thrown through the caller's `bad`. The one check of a model
 * file's text and of a compiled model's header.
 */
export function boundedJsonText(data: Uint8Array, what: string, bad: BadModel): string {
  const shape = scanJsonShape(data);
  if (shape.problem !== undefined) bad(`${what} has ${shape.problem}`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch (e) {
    return bad(`${what} is not UTF-8 text`, e);
  }
}

/**
 * The model file's JSON text: gunzipped within its inflate cap when it is gzip, then
 * boundedJsonText. Throws BAD_MODEL naming the problem.
 */
export function modelText(bytes: Uint8Array, subject: string): string {
  const bad: BadModel = (msg, cause) => {
    throw new PithError('BAD_MODEL', msg, subject, cause === undefined ? undefined : { cause });
  };
  if (bytes.length === 0) bad('empty file');
  if (bytes.length > MAX_MODEL_BYTES) bad(`file of ${bytes.length} bytes is larger than the ${MAX_MODEL_BYTES} bytes allowed`);
  let data: Uint8Array = bytes;
  if (isGzip(bytes)) {
    const cap = inflateCap(bytes.length);
    try {
      data = gunzipSync(bytes, { maxOutputLength: cap });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        bad(`gzip of ${bytes.length} bytes inflates past ${cap} bytes (${MAX_INFLATE_RATIO} times its size plus ${INFLATE_ALLOWANCE}): not a model pith wrote (a genuine one this compressible can be stored uncompressed)`, e);
      }
      bad(`corrupt or truncated gzip data (${(e as Error).message})`, e);
    }
  }
  return boundedJsonText(data, 'not a pith model file: its JSON', bad);
}
