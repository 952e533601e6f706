/** How a long evaluation over the shared corpora shows it is alive without flooding a log. */
import type { ProgressEvent } from '../src/eval/runner.js';

/** Seconds between two progress lines of one run. */
const PROGRESS_EVERY_MS = 10_000;

/**
 * An `onProgress` for evaluateCorpora: a line on stderr at the end of each corpus and at most
 * one every PROGRESS_EVERY_MS between, with the seconds since `startedMs` (Date.now()).
 */
export function corpusProgress(startedMs: number): (p: ProgressEvent) => void {
  let lastLine = 0;
  return (p) => {
    if (p.done === p.total || Date.now() - lastLine > PROGRESS_EVERY_MS) {
      lastLine = Date.now();
      console.error(`${p.corpus}: ${p.done}/${p.total} (${((Date.now() - startedMs) / 1000).toFixed(0)} s)`);
    }
  };
}
