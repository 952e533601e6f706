/**
 * Batch extraction: many pages -> one JSON line each, on worker threads, resumable.
 * The output file is appended line by line; on a rerun, ids already present are skipped
 * and a torn last line (a crash mid-write) is cut off, never anything complete.
 */
import { Worker } from 'node:worker_threads';
import { open, readdir, stat, truncate, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { pageIdFromPath } from '../page.js';
import { PithError } from '../errors.js';

export interface BatchOptions {
  /** Output JSONL path. */
  readonly out: string;
  /** Worker threads. Default: all cores. */
  readonly workers?: number;
  /** Model file. */
  readonly modelPath: string;
  /** Include per-block labels in each line. Default false. */
  readonly withBlocks?: boolean;
  /** Leave comment sections to the model (`KEEP_COMMENTS`). Default false. */
  readonly keepComments?: boolean;
  /**
   * Old-generation heap limit of each worker, in MB. Default 1024, far above what any shared
   * page needs: one pathological page cannot take the machine's memory. A page that needs more
   * is recorded as failed (OUT_OF_MEMORY) and the worker is replaced; the batch goes on.
   */
  readonly workerHeapMb?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface BatchSummary {
  readonly total: number;
  readonly skipped: number;
  readonly extracted: number;
  readonly failed: number;
}

const PAGE_FILE = /\.(x?html?)(\.gz)?$/i;

/** Files and directories (recursively: *.html, *.htm, *.xhtml, optionally .gz) to a sorted page list. */
export async function collectPageFiles(inputs: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const input of inputs) {
    let st;
    try {
      st = await stat(input);
    } catch {
      throw new PithError('NOT_FOUND', 'no such file or directory', input);
    }
    if (!st.isDirectory()) {
      out.push(input);
      continue;
    }
    const stack = [input];
    while (stack.length) {
      const dir = stack.pop()!;
      for (const e of await readdir(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) stack.push(p);
        else if (PAGE_FILE.test(e.name)) out.push(p);
      }
    }
  }
  return [...new Set(out)].sort();
}

/** Ids already in the output; cuts a torn last line so appends stay valid JSONL. */
export async function completedIds(out: string): Promise<Set<string>> {
  const done = new Set<string>();
  if (!existsSync(out)) return done;
  const text = await readFile(out, 'utf8');
  let end = text.length;
  if (text.length > 0 && !text.endsWith('\n')) {
    end = text.lastIndexOf('\n') + 1;
    await truncate(out, Buffer.byteLength(text.slice(0, end)));
  }
  for (const line of text.slice(0, end).split('\n')) {
    if (!line) continue;
    try {
      const id = (JSON.parse(line) as { id?: unknown }).id;
      if (typeof id === 'string') done.add(id);
    } catch {
      throw new PithError('IO', 'the output exists but is not a pith JSONL file (a line is not JSON); refusing to append to it', out);
    }
  }
  return done;
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

/**
 * Pages each worker holds at once: the one it extracts and the next, so it never waits
 * for the main thread to write a line and send more work.
 */
const PAGES_IN_FLIGHT = 2;

export async function runBatch(files: readonly string[], options: BatchOptions): Promise<BatchSummary> {
  const done = await completedIds(options.out);
  const ids = assignPageIds(files);
  const todo = [...ids].filter(([id]) => !done.has(id));
  const total = todo.length;
  const workerCount = Math.max(1, Math.min(options.workers ?? availableParallelism(), total || 1));
  const handle = await open(options.out, 'a');
  let extracted = 0;
  let failed = 0;
  let next = 0;
  // Pages a replaced worker held but had not started: handed out again before new ones.
  const requeued: Array<[string, string]> = [];
  const take = (): [string, string] | undefined => requeued.pop() ?? (next < todo.length ? todo[next++] : undefined);
  const pending = (): boolean => requeued.length > 0 || next < todo.length;
  try {
    await new Promise<void>((resolve, reject) => {
      if (total === 0) return resolve();
      let finished = 0;
      let failedHard = false;
      let alive = 0;
      let restarting = 0;
      const workerUrl = new URL('./batch-worker.js', import.meta.url);
      // Lines wait here while a write is under way, then go out together; each line goes out
      // whole, in one append, so a crash can tear at most the last one (cut on resume).
      let queued: string[] = [];
      let queuedFailed = 0;
      let writing = false;
      const flush = (): void => {
        if (writing || queued.length === 0) return;
        writing = true;
        const lines = queued, bad = queuedFailed;
        queued = [];
        queuedFailed = 0;
        handle.appendFile(lines.join('\n') + '\n').then(() => {
          writing = false;
          failed += bad;
          extracted += lines.length - bad;
          finished += lines.length;
          options.onProgress?.(finished, total);
          if (finished >= total) resolve();
          else flush();
        }, reject);
      };
      let recorded = 0;
      const record = (line: string, ok: boolean): void => {
        recorded++;
        queued.push(line);
        if (!ok) queuedFailed++;
        flush();
      };
      /** A worker died holding `held`: its oldest page is recorded as failed, the rest go back. */
      const recordLost = (held: Array<[string, string]>, code: 'OUT_OF_MEMORY' | 'INTERNAL', detail: string): void => {
        const [id, path] = held.shift()!;
        requeued.push(...held.reverse());
        held.length = 0;
        const message = code === 'OUT_OF_MEMORY' ? `the page needs more than the worker's ${options.workerHeapMb ?? 1024} MB heap` : detail;
        record(JSON.stringify({ id, error: { code, message, path } }), false);
      };
      const start = (): void => {
        const worker = new Worker(workerUrl, {
          workerData: { modelPath: options.modelPath, withBlocks: options.withBlocks ?? false, keepComments: options.keepComments ?? false },
          resourceLimits: { maxOldGenerationSizeMb: options.workerHeapMb ?? 1024 },
        });
        alive++;
        // Sent and not yet answered, oldest first: the worker handles them in this order.
        const inFlight: Array<[string, string]> = [];
        let ready = false;
        const feed = (): void => {
          while (inFlight.length < PAGES_IN_FLIGHT) {
            const page = take();
            if (!page) break;
            inFlight.push(page);
            worker.postMessage({ id: page[0], path: page[1] });
          }
          if (inFlight.length === 0) void worker.terminate();
        };
        worker.on('message', (msg: { ready?: boolean; id?: string; line?: string; ok?: boolean }) => {
          if (msg.ready) {
            ready = true;
            return feed();
          }
          inFlight.shift();
          record(msg.line!, msg.ok === true);
          feed();
        });
        worker.on('error', (e: Error & { code?: string }) => {
          if (failedHard) return;
          // A worker that dies before it is ready (model cannot load) would die again: stop.
          if (!ready || inFlight.length === 0) {
            failedHard = true;
            return reject(e);
          }
          recordLost(inFlight, e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'OUT_OF_MEMORY' : 'INTERNAL', e.message);
          restarting++;
          // Replace it once its thread is gone, so two heaps never overlap for long.
          worker.once('exit', () => {
            restarting--;
            if (pending() && !failedHard) start();
          });
        });
        worker.on('exit', (exitCode) => {
          alive--;
          if (inFlight.length > 0 && !failedHard) {
            // Gone without an error event while holding pages: the same as a crash.
            recordLost(inFlight, 'INTERNAL', `the worker exited (code ${exitCode})`);
            if (pending()) start();
          }
          // Every worker gone, none being replaced, pages left: they would never be done.
          if (alive === 0 && restarting === 0 && recorded < total && !failedHard) {
            failedHard = true;
            reject(new PithError('IO', `batch workers stopped after ${recorded} of ${total} pages`));
          }
        });
      };
      for (let w = 0; w < workerCount; w++) start();
    });
  } finally {
    await handle.close();
  }
  return { total: files.length, skipped: files.length - total, extracted, failed };
}
