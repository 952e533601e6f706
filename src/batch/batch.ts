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
import { realpath } from 'node:fs/promises';
import { basename, resolve, sep } from 'node:path';
import { pageIdFromPath } from '../page.js';
import { PithError } from '../errors.js';
import type { BatchOptions, BatchSummary } from './batch-options.js';
import { prepareOutDir, prepareOutput } from './output-file.js';
import { runPlannedBatch, type BatchPlan } from './batch-run.js';
import { walkInputs } from './input-walk.js';

export type { BatchOptions, BatchSummary, BatchFilterReason } from './batch-options.js';
export { DEFAULT_PAGE_TIMEOUT_MS } from './batch-options.js';
export { acquireOutputLock, completedIds, outputLockPath, releaseOutputLockSync, STDOUT_OUTPUT } from './output-file.js';

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
 * Files and directories to a sorted page list, by the batch's input walk (input-walk.ts: which
 * files are pages or WARC files, and which symbolic links are followed). `exclude` (the output
 * file and its lock) is never listed as a page.
 */
export async function collectPages(inputs: readonly string[], options: { exclude?: readonly string[] } = {}): Promise<CollectedPages> {
  const out: string[] = [];
  const roots = new Map<string, string>();
  const skippedLinks: string[] = [];
  const excludedFound: string[] = [];
  const warcs: string[] = [];
  const isExcluded = await exclusionTest(options.exclude ?? []);
  for await (const entry of walkInputs(inputs)) {
    switch (entry.kind) {
      case 'missing':
        throw new PithError('NOT_FOUND', 'no such file or directory', entry.path);
      case 'unlisted':
        throw new PithError('IO', `cannot list folder (${entry.error.message})`, entry.path, { cause: entry.error });
      case 'skipped-link':
        skippedLinks.push(entry.path);
        break;
      case 'warc':
        warcs.push(entry.path);
        break;
      case 'page':
        if (await isExcluded(entry.path)) excludedFound.push(entry.path);
        else {
          out.push(entry.path);
          if (entry.root !== undefined) roots.set(entry.path, entry.root);
        }
    }
  }
  const files = [...new Set(out)].sort();
  return { files, roots, skippedLinks: skippedLinks.sort(), excluded: excludedFound, warcs: [...new Set(warcs)].sort() };
}

/** Whether a page path is one of `exclude` (by path, or by real path when the name matches). */
async function exclusionTest(excludePaths: readonly string[]): Promise<(path: string) => Promise<boolean>> {
  const exclude = new Set(excludePaths.map((p) => resolve(p)));
  const excludeNames = new Set([...exclude].map((p) => basename(p)));
  const excludeReal = new Set<string>();
  for (const p of exclude) excludeReal.add(await realpath(p).catch(() => p));
  return async (p) => {
    if (exclude.has(resolve(p))) return true;
    if (!excludeNames.has(basename(p))) return false;
    return excludeReal.has(await realpath(p).catch(() => resolve(p)));
  };
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

