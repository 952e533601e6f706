/**
 * A small batch: so few page files that starting worker threads (each imports the whole
 * pipeline and loads the model again) costs more than it saves. `pith batch` extracts such a
 * batch in its main thread (batch-run.ts's `inThreadUpTo`), and bin/pith.js does not re-run
 * Node with `--single-threaded-gc` for it. This module is read before anything else is
 * loaded, so it imports only the input walk (light: node:fs, node:path and util/inside-folder.ts).
 */
import { walkInputs } from './input-walk.js';

/**
 * The most page files a batch extracts in its main thread. Measured (docs/benchmarks.md,
 * "Start-up"): a worker thread costs about as much CPU to start as two or three warm pages take
 * to extract, and from about this many pages on, two workers finish sooner.
 */
export const SMALL_BATCH_PAGES = 8;

/**
 * Whether `inputs` (files and folders, as `pith batch` takes them) hold at most `limit` page
 * files and no WARC file, by the batch's own walk (input-walk.ts: the same pages and links).
 * Cheap and cautious: the walk stops once past the limit, and an input it cannot read says no
 * (the batch then runs as a large one would, and reports it).
 */
export async function fewPageFiles(inputs: readonly string[], limit: number): Promise<boolean> {
  let count = 0;
  for await (const entry of walkInputs(inputs)) {
    if (entry.kind === 'page' && ++count <= limit) continue;
    if (entry.kind !== 'skipped-link') return false;
  }
  return true;
}
