/**
 * Reading untrusted files for the annotation tool without being led elsewhere: symbolic links
 * are followed only while they stay inside the folder being read (a corpus, a folder of
 * pages), never out of it, so a linked `~/.ssh/id_rsa` cannot end up in a corpus, a frame or
 * an exported bundle. Reads are bounded (regular files only, size checked before reading), and
 * JSON is checked for size, nesting depth and number of values before it is parsed, so a
 * JSON bomb is refused instead of exhausting the heap.
 */
import { constants } from 'node:fs';
import { lstat, open, realpath, stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { isPithError, PithError } from '../errors.js';

/** True when `path` is `root` or inside it (both already resolved). */
function within(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * The real path of `path`, checked to lie inside `root` once every symbolic link (in the
 * file name or its folders) is resolved. Throws PithError('NOT_FOUND') for a missing file,
 * PithError('IO') for a link that leads out of `root`.
 */
export async function resolveInside(root: string, path: string): Promise<string> {
  let link = false;
  try {
    link = (await lstat(path)).isSymbolicLink();
  } catch (e) {
    throw new PithError('NOT_FOUND', `no such file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, path, { cause: e });
  }
  let real: string;
  let realRoot: string;
  try {
    realRoot = await realpath(root);
    real = await realpath(path);
  } catch (e) {
    throw new PithError('IO', `${link ? 'broken symbolic link' : 'cannot resolve path'} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): not followed`, path, { cause: e });
  }
  if (!within(realRoot, real)) {
    throw new PithError('IO', `${link ? 'symbolic link' : 'path'} leads out of ${root}: not followed`, path);
  }
  return real;
}

/**
 * Reads a regular file of at most `maxBytes` without following a link at its last step
 * (callers resolve links first with `resolveInside`). FIFOs, devices and folders are refused.
 */
export async function readBoundedFile(path: string, maxBytes: number, options: { followLink?: boolean } = {}): Promise<Uint8Array> {
  const flags = constants.O_RDONLY | (options.followLink ? 0 : constants.O_NOFOLLOW) | constants.O_NONBLOCK;
  let fh;
  try {
    fh = await open(path, flags);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new PithError('NOT_FOUND', 'no such file', path, { cause: e });
    if (code === 'ELOOP') throw new PithError('IO', 'symbolic link: not followed', path, { cause: e });
    throw new PithError('IO', `cannot open (${code ?? (e as Error).message})`, path, { cause: e });
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new PithError('IO', st.isDirectory() ? 'is a folder, expected a file' : 'not a regular file', path);
    if (st.size > maxBytes) throw new PithError('TOO_LARGE', `file is ${st.size} bytes, above the limit of ${maxBytes}`, path);
    const buf = Buffer.alloc(st.size);
    let off = 0;
    while (off < st.size) {
      const { bytesRead } = await fh.read(buf, off, st.size - off, off);
      if (bytesRead === 0) break;
      off += bytesRead;
    }
    // A file that grew while being read is cut at the size checked above, never read past the limit.
    return new Uint8Array(buf.buffer, buf.byteOffset, off);
  } finally {
    await fh.close();
  }
}

/** `resolveInside` then `readBoundedFile`: the bytes of a file that really lies inside `root`. */
export async function readFileInside(root: string, path: string, maxBytes: number): Promise<Uint8Array> {
  return readBoundedFile(await resolveInside(root, path), maxBytes);
}

/** True when `path` names a regular file that lies inside `root` (links resolved); false when missing. */
export async function isFileInside(root: string, path: string): Promise<boolean> {
  try {
    return (await stat(await resolveInside(root, path))).isFile();
  } catch (e) {
    if (isPithError(e) && e.code === 'NOT_FOUND') return false;
    throw e;
  }
}

/** `path` relative to `root`, for messages. */
export function shortPath(root: string, path: string): string {
  const r = relative(root, path);
  return r && !r.startsWith('..') ? r : path;
}

/** An error's message without the `<subject>: ` prefix PithError adds. */
export function reasonOf(e: unknown): string {
  if (isPithError(e) && e.subject && e.message.startsWith(`${e.subject}: `)) return e.message.slice(e.subject.length + 2);
  return (e as Error).message ?? String(e);
}

export interface JsonLimits {
  /** Largest input, bytes. */
  readonly maxBytes: number;
  /** Deepest nesting of objects and arrays. */
  readonly maxDepth: number;
  /** Most values (objects, arrays, members and elements). */
  readonly maxValues: number;
}

/**
 * Parses JSON after a byte-level pass that refuses input above `maxBytes`, nesting deeper
 * than `maxDepth` or holding more than `maxValues` values: `JSON.parse` on 60 MB of `[],`
 * allocates about 900 MB and takes half a minute; this pass takes milliseconds and allocates
 * nothing. Throws PithError: TOO_LARGE (size, values), BAD_CORPUS (depth, malformed JSON).
 */
export function parseJsonLimited(bytes: Uint8Array, limits: JsonLimits, subject: string): unknown {
  if (bytes.length > limits.maxBytes) throw new PithError('TOO_LARGE', `${bytes.length} bytes, above the limit of ${limits.maxBytes}`, subject);
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      values++;
      if (++depth > limits.maxDepth) throw new PithError('BAD_CORPUS', `JSON nested deeper than ${limits.maxDepth} levels`, subject);
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x2c) values++;
    if (values > limits.maxValues) throw new PithError('TOO_LARGE', `JSON with more than ${limits.maxValues} values`, subject);
  }
  let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new PithError('BAD_CORPUS', `malformed JSON (${(e as Error).message.slice(0, 200)})`, subject, { cause: e });
  }
}
