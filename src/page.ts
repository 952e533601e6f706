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
  /**
   * Blocks include text hidden by `hidden` / `display:none` / `visibility:hidden`: asked for,
   * or because the page hides nearly everything until a script reveals it (see `loadPage`).
   */
  readonly includesHidden: boolean;
}

export interface LoadOptions extends ParseOptions, SegmentOptions {
  readonly id?: string;
}

/** Below this much visible text, a page may be one that scripts reveal. */
const REVEAL_MAX_VISIBLE_CHARS = 200;
/** ... and it is one when its hidden text is at least this much. */
const REVEAL_MIN_HIDDEN_CHARS = 1000;

function textChars(blocks: readonly Block[]): number {
  let n = 0;
  for (const b of blocks) if (b.kind === 'text') n += b.text.length;
  return n;
}

/**
 * Bytes (plain or gzip) to a segmented page. Hidden elements give no blocks, except on pages
 * that hide (nearly) all their content until a script shows it, e.g. a whole-page wrapper with
 * `visibility:hidden` against a flash of unstyled content: there the hidden text is the page.
 */
export function loadPage(bytes: Uint8Array, options: LoadOptions = {}, subject?: string): Page {
  const parsed = parsePage(bytes, options, subject);
  let doc = segment(parsed.tree, options);
  let includesHidden = options.includeHidden === true;
  if (!includesHidden && textChars(doc.blocks) < REVEAL_MAX_VISIBLE_CHARS) {
    const all = segment(parsed.tree, { ...options, includeHidden: true });
    if (textChars(all.blocks) >= REVEAL_MIN_HIDDEN_CHARS) {
      doc = all;
      includesHidden = true;
    }
  }
  return Object.freeze({
    includesHidden,
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
