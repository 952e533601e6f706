/**
 * The front of the pipeline as one call: bytes -> decoded text -> tree -> blocks.
 * Everything after (features, models, decoding, article) takes a `Page`.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { parsePage, type ParseOptions } from './dom/parse.js';
import { DEFAULT_MAX_BYTES } from './dom/decode.js';
import type { DomTree } from './dom/tree.js';
import { segment, type Block, type SegmentOptions } from './segment/segment.js';
import { PithError } from './errors.js';

export interface Page {
  /** File name without .html/.htm/.gz, or a corpus' own id. */
  readonly id: string;
  readonly url: string | undefined;
  readonly tree: DomTree;
  readonly blocks: readonly Block[];
  readonly encoding: string;
  /** U+FFFD produced while decoding. */
  readonly replacements: number;
}

export interface LoadOptions extends ParseOptions, SegmentOptions {
  readonly id?: string;
}

/** Bytes (plain or gzip) to a segmented page. */
export function loadPage(bytes: Uint8Array, options: LoadOptions = {}, subject?: string): Page {
  const parsed = parsePage(bytes, options, subject);
  const doc = segment(parsed.tree, options);
  return Object.freeze({
    id: options.id ?? (subject ? pageIdFromPath(subject) : 'page'),
    url: options.url,
    tree: parsed.tree,
    blocks: doc.blocks,
    encoding: parsed.encoding,
    replacements: parsed.replacements,
  });
}

/** `dir/foo.html.gz` -> `foo`. */
export function pageIdFromPath(path: string): string {
  return basename(path).replace(/\.gz$/i, '').replace(/\.x?html?$/i, '');
}

/** Reads a page file with clear errors for missing files, directories and oversize input. */
export async function readPageBytes(path: string, maxBytes = DEFAULT_MAX_BYTES): Promise<Uint8Array> {
  let size: number;
  try {
    const st = await stat(path);
    if (st.isDirectory()) throw new PithError('IO', 'is a directory, expected a page file', path);
    size = st.size;
  } catch (e) {
    if (e instanceof PithError) throw e;
    throw new PithError('NOT_FOUND', 'no such file', path, { cause: e });
  }
  if (size > maxBytes) throw new PithError('TOO_LARGE', `file is ${size} bytes, above the limit of ${maxBytes}`, path);
  return new Uint8Array(await readFile(path));
}

export async function loadPageFile(path: string, options: LoadOptions = {}): Promise<Page> {
  const bytes = await readPageBytes(path, options.maxBytes);
  return loadPage(bytes, options, path);
}
