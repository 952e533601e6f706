/**
 * The front of the pipeline as one call: bytes -> decoded text -> tree -> blocks.
 * Everything after (features, models, decoding, article) takes a `Page`.
 */
import { open, readlink, realpath, type FileHandle } from 'node:fs/promises';
import { constants as fsConstants, type Stats } from 'node:fs';
import { basename, isAbsolute } from 'node:path';
import { parsePage, type ParseOptions } from './dom/parse.js';
import { DEFAULT_MAX_BYTES } from './dom/bytes.js';
import type { DomTree } from './dom/tree.js';
import { segment, type Block, type SegmentOptions } from './segment/segment.js';
import { layoutFits, type PageLayout } from './render/layout.js';
import type { LayoutCache } from './render/cache.js';
import { PithError } from './errors.js';
import { isInsideFolder } from './util/inside-folder.js';

export { isInsideFolder };

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
  /** What a browser drew for the page (`pith render`, `--render`), when it was rendered. */
  readonly layout?: PageLayout;
}

export interface LoadOptions extends ParseOptions, SegmentOptions {
  readonly id?: string;
}

/**
 * Below this much visible text, a page may be one that scripts reveal. eBay's category pages
 * show 380 characters of header and ship their listing in hidden boxes a script moves into place.
 */
const REVEAL_MAX_VISIBLE_CHARS = 500;
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

/** The page with a layout beside its tree; throws BAD_OPTION when the layout was made for another tree. */
export function withLayout(page: Page, layout: PageLayout): Page {
  if (!layoutFits(layout, page.tree.nodes.length)) {
    throw new PithError('BAD_OPTION', `the layout is for a tree of ${layout.nodes} nodes, this page has ${page.tree.nodes.length}`, page.id);
  }
  return Object.freeze({ ...page, layout });
}

/**
 * The page with its layout from a `pith render` folder, when the folder holds one for these
 * bytes drawn over this tree; otherwise the page as it is. A damaged entry is BAD_CORPUS.
 */
export async function withCachedLayout(page: Page, bytes: Uint8Array, cache: LayoutCache | undefined): Promise<Page> {
  const layout = cache ? await cache.get(bytes) : undefined;
  return layout && layoutFits(layout, page.tree.nodes.length) ? withLayout(page, layout) : page;
}

/** `dir/foo.html.gz` -> `foo`. */
export function pageIdFromPath(path: string): string {
  return basename(path).replace(/\.gz$/i, '').replace(/\.x?html?$/i, '');
}

export interface ReadFileOptions {
  /**
   * The folder the file was found in: the file's real path (symbolic links resolved) must lie
   * inside it, else OUTSIDE_ROOT. Default: none (a path given by the user is followed anywhere).
   */
  readonly root?: string;
}

// O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever; on a
// regular file it changes nothing. (Windows has no FIFOs and no such flag.)
const OPEN_FLAGS = fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0);

function kindOf(st: Stats): string {
  if (st.isCharacterDevice()) return 'character device';
  if (st.isBlockDevice()) return 'block device';
  if (st.isFIFO()) return 'FIFO (named pipe)';
  if (st.isSocket()) return 'socket';
  return 'special file';
}

/** The real path of an open file: /proc's view of the descriptor where there is one (no race), else realpath. */
async function realPathOfOpen(fh: FileHandle, path: string): Promise<string> {
  try {
    const viaProc = await readlink(`/proc/self/fd/${fh.fd}`);
    if (isAbsolute(viaProc)) return viaProc;
  } catch {
    // no /proc: fall through
  }
  return realpath(path);
}

/** readFileBounded's message for a folder given as a file. */
export const IS_A_DIRECTORY = 'is a directory, expected a page file';

/** readFileBounded's error for a folder given as a file: told apart by its class, not by its wording. */
class DirectoryGivenAsFile extends PithError {
  constructor(path: string, cause?: unknown) {
    super('IO', IS_A_DIRECTORY, path, cause === undefined ? undefined : { cause });
  }
}

/** Whether `e` is readFileBounded's error for a folder given where a page file was expected. */
export function isDirectoryGivenAsFile(e: unknown): boolean {
  return e instanceof DirectoryGivenAsFile;
}

/**
 * Reads a file with a hard byte limit and clear errors. Only regular files are read: a
 * directory, device (/dev/zero), FIFO or socket is refused before any byte is read, and a
 * FIFO is never waited on. Reading stops at `maxBytes + 1` whatever the file's reported size
 * (/proc files report 0); a file above the limit is refused (TOO_LARGE), never truncated.
 */
export async function readFileBounded(path: string, maxBytes = DEFAULT_MAX_BYTES, options: ReadFileOptions = {}): Promise<Uint8Array> {
  let fh: FileHandle;
  try {
    fh = await open(path, OPEN_FLAGS);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new PithError('NOT_FOUND', 'no such file', path, { cause: e });
    if (code === 'EISDIR') throw new DirectoryGivenAsFile(path, e);
    if (code === 'ENXIO') throw new PithError('NOT_A_FILE', 'is a socket, not a regular file', path, { cause: e });
    throw new PithError('IO', `cannot open (${(e as Error).message})`, path, { cause: e });
  }
  try {
    const st = await fh.stat();
    if (st.isDirectory()) throw new DirectoryGivenAsFile(path);
    if (!st.isFile()) throw new PithError('NOT_A_FILE', `is a ${kindOf(st)}, not a regular file; only regular files are read (pipe other input to 'pith extract -')`, path);
    if (options.root !== undefined) {
      const real = await realPathOfOpen(fh, path);
      const root = await realpath(options.root);
      if (!isInsideFolder(real, root)) throw new PithError('OUTSIDE_ROOT', `leads outside ${options.root} (to ${real}); not read`, path);
    }
    if (st.size > maxBytes) throw new PithError('TOO_LARGE', `file is ${st.size} bytes, above the limit of ${maxBytes}`, path);
    const cap = maxBytes + 1;
    let buf = Buffer.allocUnsafeSlow(Math.min(cap, Math.max(st.size + 1, 64 * 1024)));
    let n = 0;
    for (;;) {
      if (n === buf.length) {
        if (n >= cap) break;
        const bigger = Buffer.allocUnsafeSlow(Math.min(cap, buf.length * 2));
        buf.copy(bigger, 0, 0, n);
        buf = bigger;
      }
      const { bytesRead } = await fh.read(buf, n, buf.length - n, null);
      if (bytesRead === 0) break;
      n += bytesRead;
    }
    if (n > maxBytes) throw new PithError('TOO_LARGE', `file is above the limit of ${maxBytes} bytes (its reported size was ${st.size}); not read`, path);
    return new Uint8Array(buf.buffer, buf.byteOffset, n);
  } catch (e) {
    if (e instanceof PithError) throw e;
    throw new PithError('IO', `cannot read (${(e as Error).message})`, path, { cause: e });
  } finally {
    await fh.close().catch(() => undefined);
  }
}

/**
 * Reads a page file with clear errors for missing files, directories, devices, FIFOs and
 * oversize input (see `readFileBounded`; the limit defaults to 16 MiB).
 */
export async function readPageBytes(path: string, maxBytes = DEFAULT_MAX_BYTES, options: ReadFileOptions = {}): Promise<Uint8Array> {
  return readFileBounded(path, maxBytes, options);
}

export async function loadPageFile(path: string, options: LoadOptions = {}): Promise<Page> {
  const bytes = await readPageBytes(path, options.maxBytes);
  return loadPage(bytes, options, path);
}
