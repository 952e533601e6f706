/**
 * A small batch: so few page files that starting worker threads (each imports the whole
 * pipeline and loads the model again) costs more than it saves. `pith batch` extracts such a
 * batch in its main thread (batch-run.ts's `inThreadUpTo`), and bin/pith.js does not re-run
 * Node with `--single-threaded-gc` for it. This module is read before anything else is
 * loaded, so it imports nothing of pith's.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The most page files a batch extracts in its main thread. Measured (docs/benchmarks.md,
 * "Start-up"): a worker thread costs about as much CPU to start as two or three warm pages take
 * to extract, and from about this many pages on, two workers finish sooner.
 */
export const SMALL_BATCH_PAGES = 8;

/** Page files a batch reads (also gzipped). */
export const PAGE_FILE = /\.(x?html?)(\.gz)?$/i;
/** WARC files a batch reads its pages from. */
export const WARC_FILE = /\.warc(\.gz)?$/i;

/**
 * Whether `inputs` (files and folders, as `pith batch` takes them) hold at most `limit` page
 * files and no WARC file. Cheap and cautious: the walk stops once past the limit, and anything
 * it cannot read, or a symbolic link, says no (the batch then runs as a large one would).
 */
export async function fewPageFiles(inputs: readonly string[], limit: number): Promise<boolean> {
  let count = 0;
  const stack: string[] = [];
  for (const input of inputs) {
    const st = await stat(input).catch(() => undefined);
    if (!st) return false;
    if (st.isDirectory()) stack.push(input);
    else if (WARC_FILE.test(input) || ++count > limit) return false;
  }
  while (stack.length > 0) {
    const dir = stack.pop()!;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => undefined);
    if (!entries) return false;
    for (const e of entries) {
      if (e.isSymbolicLink() || WARC_FILE.test(e.name)) return false;
      if (e.isDirectory()) stack.push(join(dir, e.name));
      else if (PAGE_FILE.test(e.name) && ++count > limit) return false;
    }
  }
  return true;
}
