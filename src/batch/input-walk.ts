/**
 * What a batch reads from its inputs (files and folders as `pith batch` takes them): one walk
 * with one rule for symbolic links, shared by the batch's page list (batch.ts's `collectPages`)
 * and bin/pith.js's early count of a small batch (small-batch.ts), so both see the same pages.
 * This module is read before anything else is loaded, so it imports nothing of pith's but the
 * dependency-free util/inside-folder.ts.
 *
 * The rule: a file named as an input is taken as given (a WARC file by its name, anything else
 * as a page). Folders are walked recursively for page files (*.html, *.htm, *.xhtml, optionally
 * .gz) and WARC files (*.warc, *.warc.gz). A symbolic link found there is followed only to a
 * file inside the same input folder; a link to a folder is never followed (everything inside
 * the folder is walked anyway, so this also rules out loops); a link that leads outside the
 * folder, or nowhere, is skipped (and reported when it is named like a page or WARC file, or
 * leads to a folder outside).
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isInsideFolder } from '../util/inside-folder.js';

/** Page files a batch reads (also gzipped). */
export const PAGE_FILE = /\.(x?html?)(\.gz)?$/i;
/** WARC files a batch reads its pages from. */
export const WARC_FILE = /\.warc(\.gz)?$/i;

/** One thing the walk met. */
export type InputEntry =
  /** A page file; `root`: the input folder it was found in (none for a file named as an input). */
  | { readonly kind: 'page'; readonly path: string; readonly root?: string }
  | { readonly kind: 'warc'; readonly path: string }
  /** A symbolic link not followed: it leads outside its input folder (to a file or a folder), or nowhere. */
  | { readonly kind: 'skipped-link'; readonly path: string }
  /** An input that does not exist (or cannot be looked at). */
  | { readonly kind: 'missing'; readonly path: string }
  /** A folder that could not be listed. */
  | { readonly kind: 'unlisted'; readonly path: string; readonly error: Error };

/** Every page file, WARC file and skipped link of `inputs`, in walk order (unsorted). Stop early by leaving the loop. */
export async function* walkInputs(inputs: readonly string[]): AsyncGenerator<InputEntry> {
  for (const input of inputs) {
    const st = await stat(input).catch(() => undefined);
    if (!st) yield { kind: 'missing', path: input };
    else if (!st.isDirectory()) yield WARC_FILE.test(input) ? { kind: 'warc', path: input } : { kind: 'page', path: input };
    else yield* walkFolder(input);
  }
}

async function* walkFolder(input: string): AsyncGenerator<InputEntry> {
  let rootReal: string;
  try {
    rootReal = await realpath(input);
  } catch (e) {
    yield { kind: 'unlisted', path: input, error: e as Error };
    return;
  }
  const stack = [input];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      yield { kind: 'unlisted', path: dir, error: e as Error };
      return;
    }
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isSymbolicLink()) {
        const met = await linkEntry(path, e.name, input, rootReal);
        if (met) yield met;
      } else if (e.isDirectory()) stack.push(path);
      else if (PAGE_FILE.test(e.name)) yield { kind: 'page', path, root: input };
      else if (WARC_FILE.test(e.name) && e.isFile()) yield { kind: 'warc', path };
    }
  }
}

/** A symbolic link met in the input folder `root` (real path `rootReal`): what it counts as, if anything. */
async function linkEntry(path: string, name: string, root: string, rootReal: string): Promise<InputEntry | undefined> {
  const target = await realpath(path).catch(() => undefined);
  const inside = target !== undefined && isInsideFolder(target, rootReal);
  const st = target !== undefined ? await stat(path).catch(() => undefined) : undefined;
  if (st?.isDirectory()) return inside ? undefined : { kind: 'skipped-link', path };
  if (PAGE_FILE.test(name)) return inside ? { kind: 'page', path, root } : { kind: 'skipped-link', path };
  if (WARC_FILE.test(name)) return inside ? { kind: 'warc', path } : { kind: 'skipped-link', path };
  return undefined;
}
