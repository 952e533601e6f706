/**
 * Batch extraction: many pages -> one JSON line each, on worker threads, resumable.
 * The output file is appended line by line; on a rerun, ids already present are skipped
 * and a torn last line (a crash mid-write) is cut off, never anything complete. While a batch
 * runs, its output is locked (`OUT.lock`), so two batches never append to one file. A page
 * that fails (unreadable, over the heap or time limit) is an error line; the batch goes on.
 *
 * Here: finding the pages and giving them ids; the run itself is batch-run.ts, the output
 * file's lock and resume output-file.ts, the options batch-options.ts.
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, join, resolve, sep } from 'node:path';
import { isInsideFolder, pageIdFromPath } from '../page.js';
import { PithError } from '../errors.js';
import type { BatchOptions, BatchSummary } from './batch-options.js';
import { prepareOutDir, prepareOutput } from './output-file.js';
import { runPlannedBatch, type BatchPlan } from './batch-run.js';
import { PAGE_FILE, WARC_FILE } from './small-batch.js';

export type { BatchOptions, BatchSummary, BatchFilterReason } from './batch-options.js';
export { DEFAULT_PAGE_TIMEOUT_MS } from './batch-options.js';
export { acquireOutputLock, completedIds, outputLockPath, releaseOutputLockSync } from './output-file.js';

export interface CollectedPages {
  /** Page files, sorted. */
  readonly files: string[];
  /** Input folder of each file found by walking one (see `BatchOptions.roots`). */
  readonly roots: Map<string, string>;
  /** Symbolic links not followed: they lead outside their input folder (to a file or a folder), or nowhere. */
  readonly skippedLinks: string[];
  /** Files left out because they are the output (or its lock), e.g. `--out` inside the input folder. */
  readonly excluded: string[];
  /** WARC files (*.warc, *.warc.gz): named on the command line or found in a folder, sorted. */
  readonly warcs: string[];
}

/**
 * Files and directories to a sorted page list. Directories are searched recursively for
 * *.html, *.htm, *.xhtml (optionally .gz). Symbolic links found there are followed only to a
 * file inside the same input folder; links to directories are not followed (everything inside
 * the folder is walked anyway, so this also rules out loops), and links that lead outside the
 * folder, or nowhere, are skipped and listed in `skippedLinks`. A file named on the command
 * line is taken as given. `exclude` (the output file and its lock) is never listed as a page.
 */
export async function collectPages(inputs: readonly string[], options: { exclude?: readonly string[] } = {}): Promise<CollectedPages> {
  const out: string[] = [];
  const roots = new Map<string, string>();
  const skippedLinks: string[] = [];
  const excludedFound: string[] = [];
  const warcs: string[] = [];
  const exclude = new Set((options.exclude ?? []).map((p) => resolve(p)));
  const excludeNames = new Set([...exclude].map((p) => basename(p)));
  const excludeReal = new Set<string>();
  for (const p of exclude) excludeReal.add(await realpath(p).catch(() => p));
  const isExcluded = async (p: string): Promise<boolean> => {
    if (exclude.has(resolve(p))) return true;
    if (!excludeNames.has(basename(p))) return false;
    return excludeReal.has(await realpath(p).catch(() => resolve(p)));
  };
  const add = async (p: string, root?: string): Promise<void> => {
    if (await isExcluded(p)) {
      excludedFound.push(p);
      return;
    }
    out.push(p);
    if (root !== undefined) roots.set(p, root);
  };
  for (const input of inputs) {
    let st;
    try {
      st = await stat(input);
    } catch {
      throw new PithError('NOT_FOUND', 'no such file or directory', input);
    }
    if (!st.isDirectory()) {
      if (WARC_FILE.test(input)) warcs.push(input);
      else await add(input);
      continue;
    }
    const rootReal = await realpath(input);
    const stack = [input];
    while (stack.length) {
      const dir = stack.pop()!;
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (e) {
        throw new PithError('IO', `cannot list folder (${(e as Error).message})`, dir, { cause: e });
      }
      for (const e of entries) {
        const p = join(dir, e.name);
        if (e.isSymbolicLink()) {
          const target = await realpath(p).catch(() => undefined);
          const inside = target !== undefined && isInsideFolder(target, rootReal);
          const tst = target !== undefined ? await stat(p).catch(() => undefined) : undefined;
          if (tst?.isDirectory()) {
            if (!inside) skippedLinks.push(p); // never followed; reported when it leads out
          } else if (PAGE_FILE.test(e.name)) {
            if (inside) await add(p, input);
            else skippedLinks.push(p);
          } else if (WARC_FILE.test(e.name)) {
            if (inside) warcs.push(p);
            else skippedLinks.push(p);
          }
        } else if (e.isDirectory()) stack.push(p);
        else if (PAGE_FILE.test(e.name)) await add(p, input);
        else if (WARC_FILE.test(e.name) && e.isFile()) warcs.push(p);
      }
    }
  }
  const files = [...new Set(out)].sort();
  return { files, roots, skippedLinks: skippedLinks.sort(), excluded: excludedFound, warcs: [...new Set(warcs)].sort() };
}

/** `collectPages` without the details: the sorted page list. */
export async function collectPageFiles(inputs: readonly string[]): Promise<string[]> {
  return (await collectPages(inputs)).files;
}

/**
 * id = file name without .html/.gz; where two files share a name (pages/a/source.html,
 * pages/b/source.html) their path relative to the inputs' common folder is used instead.
 */
export function assignPageIds(files: readonly string[]): Map<string, string> {
  const byName = new Map<string, number>();
  for (const f of files) byName.set(pageIdFromPath(f), (byName.get(pageIdFromPath(f)) ?? 0) + 1);
  const parts = files.map((f) => resolve(f).split(sep));
  let common = 0;
  if (parts.length > 0) {
    const first = parts[0]!;
    while (common < first.length - 1 && parts.every((p) => p.length > common + 1 && p[common] === first[common])) common++;
  }
  const ids = new Map<string, string>();
  files.forEach((f, k) => {
    const name = pageIdFromPath(f);
    const id = byName.get(name)! > 1 ? parts[k]!.slice(common).join('/').replace(/\.gz$/i, '').replace(/\.x?html?$/i, '') : name;
    if (ids.has(id)) throw new PithError('BAD_OPTION', `two inputs have the id '${id}': ${ids.get(id)} and ${f}`);
    ids.set(id, f);
  });
  return ids;
}

export async function runBatch(files: readonly string[], options: BatchOptions): Promise<BatchSummary> {
  const { done, release } = await prepareOutput(options.out);
  try {
    if (options.outDir !== undefined) await prepareOutDir(options.outDir);
    return await runPlannedBatch(planFiles(files, options, done), options, done);
  } finally {
    await release();
  }
}

/** The page files not in the output yet, by id. */
function planFiles(files: readonly string[], options: BatchOptions, done: ReadonlySet<string>): BatchPlan {
  const ids = assignPageIds(files);
  const todo: BatchPlan['files'][number][] = [];
  for (const [id, path] of ids) {
    if (done.has(id)) continue;
    const root = options.roots?.get(path);
    todo.push({ id, path, ...(root !== undefined ? { root } : {}) });
  }
  return { files: todo, filesDone: ids.size - todo.length };
}

