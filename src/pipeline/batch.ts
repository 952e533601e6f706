/**
 * Batch extraction: many pages -> one JSON line each, on worker threads, resumable.
 * The output file is appended line by line; on a rerun, ids already present are skipped
 * and a torn last line (a crash mid-write) is cut off, never anything complete. While a batch
 * runs, its output is locked (`OUT.lock`), so two batches never append to one file. A page
 * that fails (unreadable, over the heap or time limit) is an error line; the batch goes on.
 */
import { Worker } from 'node:worker_threads';
import { open, readdir, realpath, rename, stat, truncate, readFile, unlink, writeFile, link, type FileHandle } from 'node:fs/promises';
import { readFileSync, unlinkSync, type Stats } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join, resolve, sep } from 'node:path';
import { isInsideFolder, pageIdFromPath } from '../page.js';
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
  /**
   * Time limit of one page (reading and extracting it), in ms; 0 = none. Default 30 000. A page
   * over it is recorded as failed (TIMEOUT), its worker is stopped and replaced; the batch goes on.
   */
  readonly pageTimeoutMs?: number;
  /**
   * The input folder each file was found in (from `collectPages`): a worker reads a file only
   * when its real path is still inside that folder (a file swapped for a link after the walk
   * is refused as OUTSIDE_ROOT). Files without an entry (named on the command line) are read
   * wherever they lead.
   */
  readonly roots?: ReadonlyMap<string, string>;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface BatchSummary {
  readonly total: number;
  readonly skipped: number;
  readonly extracted: number;
  readonly failed: number;
}

const PAGE_FILE = /\.(x?html?)(\.gz)?$/i;

export const DEFAULT_PAGE_TIMEOUT_MS = 30_000;

export interface CollectedPages {
  /** Page files, sorted. */
  readonly files: string[];
  /** Input folder of each file found by walking one (see `BatchOptions.roots`). */
  readonly roots: Map<string, string>;
  /** Symbolic links not followed: they lead outside their input folder (to a file or a folder), or nowhere. */
  readonly skippedLinks: string[];
  /** Files left out because they are the output (or its lock), e.g. `--out` inside the input folder. */
  readonly excluded: string[];
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
      await add(input);
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
          }
        } else if (e.isDirectory()) stack.push(p);
        else if (PAGE_FILE.test(e.name)) await add(p, input);
      }
    }
  }
  const files = [...new Set(out)].sort();
  return { files, roots, skippedLinks: skippedLinks.sort(), excluded: excludedFound };
}

/** `collectPages` without the details: the sorted page list. */
export async function collectPageFiles(inputs: readonly string[]): Promise<string[]> {
  return (await collectPages(inputs)).files;
}

/** A filesystem error as a short reason: "permission denied (EACCES)". */
function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const why: Record<string, string> = {
    EACCES: 'permission denied', EPERM: 'operation not permitted', ENOENT: 'its folder does not exist', ENOTDIR: 'a part of the path is not a folder',
    EROFS: 'read-only file system', ENOSPC: 'no space left on device', EDQUOT: 'disk quota exceeded', EISDIR: 'is a directory', EFBIG: 'file too large',
    EIO: 'input/output error',
  };
  return err.code && why[err.code] ? `${why[err.code]} (${err.code})` : err.message;
}

/** Where the lock of an output file lives: beside it, `OUT.lock`. */
export function outputLockPath(out: string): string {
  return `${out}.lock`;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the lock when it is still this process' own (for exit paths that cannot wait). */
export function releaseOutputLockSync(out: string): void {
  const lock = outputLockPath(out);
  try {
    if (readFileSync(lock, 'utf8').trim() === String(process.pid)) unlinkSync(lock);
  } catch {
    // gone already
  }
}

/**
 * Takes the output's lock: `OUT.lock`, created exclusively, holding this process' pid. A lock
 * whose pid is alive means another batch is writing there: LOCKED. A lock left by a process
 * that died (kill -9, power loss) is taken over. Returns the release function.
 */
export async function acquireOutputLock(out: string): Promise<() => Promise<void>> {
  const lock = outputLockPath(out);
  const mine = `${process.pid}\n`;
  const release = async (): Promise<void> => {
    try {
      if ((await readFile(lock, 'utf8')).trim() === String(process.pid)) await unlink(lock);
    } catch {
      // gone already
    }
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await writeFile(lock, mine, { flag: 'wx' });
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new PithError('IO', `cannot create the lock file ${lock}: ${reason(e)}`, out, { cause: e });
      }
    }
    let held: string;
    let heldStat: Stats;
    try {
      [held, heldStat] = await Promise.all([readFile(lock, 'utf8'), stat(lock)]);
    } catch {
      continue; // released meanwhile: try again
    }
    const pid = /^\d+$/.test(held.trim()) ? Number(held.trim()) : NaN;
    // An empty lock a moment old is one being written right now.
    const live = Number.isInteger(pid) && pid > 0 ? pidAlive(pid) : Date.now() - heldStat.mtimeMs < 5000;
    if (live) {
      throw new PithError('LOCKED', `another pith batch${Number.isInteger(pid) ? ` (pid ${pid})` : ''} is writing to this file; wait for it to finish or stop it (lock file: ${lock})`, out);
    }
    // Stale: move it aside (only one taker wins the rename), check it was the one judged stale.
    const aside = `${lock}.stale-${process.pid}`;
    try {
      await rename(lock, aside);
    } catch {
      continue;
    }
    const moved = await readFile(aside, 'utf8').catch(() => held);
    if (moved !== held) {
      // Another taker's fresh lock: put it back and give way.
      await link(aside, lock).catch(() => undefined);
      await unlink(aside).catch(() => undefined);
      throw new PithError('LOCKED', `another pith batch is taking over this file's lock (lock file: ${lock})`, out);
    }
    await unlink(aside).catch(() => undefined);
  }
  throw new PithError('LOCKED', `could not take the lock file ${lock}`, out);
}

/**
 * Ids already in the output; cuts a torn last line so appends stay valid JSONL. Reads the
 * file as a stream (outputs of many GB are fine).
 */
export async function completedIds(out: string): Promise<Set<string>> {
  const done = new Set<string>();
  let fh: FileHandle;
  try {
    fh = await open(out, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return done;
    throw new PithError('IO', `cannot read the output to resume: ${reason(e)}`, out, { cause: e });
  }
  let complete = 0; // bytes up to and including the last newline
  let size = 0;
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    let carry: Buffer[] = [];
    const addLine = (line: Buffer): void => {
      if (line.length === 0) return;
      try {
        const id = (JSON.parse(line.toString('utf8')) as { id?: unknown }).id;
        if (typeof id === 'string') done.add(id);
      } catch {
        throw new PithError('IO', 'the output exists but is not a pith JSONL file (a line is not JSON); refusing to append to it', out);
      }
    };
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, null);
      if (bytesRead === 0) break;
      let start = 0;
      for (let nl = buf.indexOf(10, 0); nl !== -1 && nl < bytesRead; nl = buf.indexOf(10, nl + 1)) {
        const piece = buf.subarray(start, nl);
        addLine(carry.length ? Buffer.concat([...carry, piece]) : piece);
        carry = [];
        start = nl + 1;
        complete = size + nl + 1;
      }
      if (start < bytesRead) carry.push(Buffer.from(buf.subarray(start, bytesRead)));
      size += bytesRead;
    }
  } finally {
    await fh.close();
  }
  if (complete < size) await truncate(out, complete);
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

/**
 * Checks the output before any work: a directory is refused; a regular file (or none yet) is
 * locked (`acquireOutputLock`) and resumed from; a device or FIFO (`/dev/stdout`) is written
 * to as it is, with nothing to resume and no lock. Returns the lock's release.
 */
async function prepareOutput(out: string): Promise<{ done: Set<string>; release: () => Promise<void> }> {
  let st: Stats | undefined;
  try {
    st = await stat(out);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new PithError('IO', `cannot use the output: ${reason(e)}`, out, { cause: e });
  }
  if (st?.isDirectory()) throw new PithError('IO', 'is a directory; the output must be a file', out);
  if (st && !st.isFile()) return { done: new Set(), release: async () => undefined };
  const release = await acquireOutputLock(out);
  try {
    return { done: st ? await completedIds(out) : new Set(), release };
  } catch (e) {
    await release();
    throw e;
  }
}

export async function runBatch(files: readonly string[], options: BatchOptions): Promise<BatchSummary> {
  const { done, release } = await prepareOutput(options.out);
  try {
    return await runLocked(files, options, done);
  } finally {
    await release();
  }
}

async function runLocked(files: readonly string[], options: BatchOptions, done: Set<string>): Promise<BatchSummary> {
  const ids = assignPageIds(files);
  const todo = [...ids].filter(([id]) => !done.has(id));
  const total = todo.length;
  const workerCount = Math.max(1, Math.min(options.workers ?? availableParallelism(), total || 1));
  const pageTimeoutMs = options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
  let handle: FileHandle;
  try {
    handle = await open(options.out, 'a');
  } catch (e) {
    throw new PithError('IO', `cannot write the output: ${reason(e)}`, options.out, { cause: e });
  }
  let extracted = 0;
  let failed = 0;
  let next = 0;
  // Pages a replaced worker held but had not started: handed out again before new ones.
  const requeued: Array<[string, string]> = [];
  const take = (): [string, string] | undefined => requeued.pop() ?? (next < todo.length ? todo[next++] : undefined);
  const pending = (): boolean => requeued.length > 0 || next < todo.length;
  const workers = new Set<Worker>();
  try {
    await new Promise<void>((resolve, reject) => {
      if (total === 0) return resolve();
      let finished = 0;
      let failedHard = false;
      let alive = 0;
      let restarting = 0;
      const workerUrl = new URL('./batch-worker.js', import.meta.url);
      /** Stops everything: no worker goes on reading pages for a batch that has failed. */
      const fail = (e: Error): void => {
        if (failedHard) return;
        failedHard = true;
        for (const w of workers) void w.terminate();
        reject(e);
      };
      // Lines wait here while a write is under way, then go out together; each line goes out
      // whole, in one append, so a crash can tear at most the last one (cut on resume).
      let queued: string[] = [];
      let queuedFailed = 0;
      let writing = false;
      const flush = (): void => {
        if (writing || queued.length === 0 || failedHard) return;
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
        }, (e: unknown) => fail(new PithError('IO', `cannot write the output: ${reason(e)}`, options.out, { cause: e })));
      };
      let recorded = 0;
      const record = (line: string, ok: boolean): void => {
        recorded++;
        queued.push(line);
        if (!ok) queuedFailed++;
        flush();
      };
      /** A worker lost `held`: its oldest page is recorded as failed, the rest go back. */
      const recordLost = (held: Array<[string, string]>, code: 'OUT_OF_MEMORY' | 'INTERNAL' | 'TIMEOUT', detail: string): void => {
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
        workers.add(worker);
        alive++;
        // Sent and not yet answered, oldest first: the worker handles them in this order.
        const inFlight: Array<[string, string]> = [];
        let ready = false;
        // Set once the worker is given up on (time-out): whatever it still says is ignored.
        let abandoned = false;
        // The page at the head of inFlight is the one the worker is on; its clock starts when
        // it reaches the head (sent to an idle worker, or the one before it answered).
        let timer: NodeJS.Timeout | undefined;
        const arm = (): void => {
          clearTimeout(timer);
          timer = undefined;
          if (pageTimeoutMs > 0 && inFlight.length > 0 && !abandoned && !failedHard) timer = setTimeout(timedOut, pageTimeoutMs);
        };
        const replaceOnExit = (): void => {
          restarting++;
          // Replace it once its thread is gone, so two heaps never overlap for long.
          worker.once('exit', () => {
            restarting--;
            if (pending() && !failedHard) start();
          });
        };
        const timedOut = (): void => {
          if (abandoned || failedHard || inFlight.length === 0) return;
          abandoned = true;
          const seconds = pageTimeoutMs / 1000;
          recordLost(inFlight, 'TIMEOUT', `the page took longer than the limit of ${seconds} s; its worker was stopped`);
          replaceOnExit();
          void worker.terminate();
        };
        const feed = (): void => {
          while (inFlight.length < PAGES_IN_FLIGHT) {
            const page = take();
            if (!page) break;
            inFlight.push(page);
            const root = options.roots?.get(page[1]);
            worker.postMessage({ id: page[0], path: page[1], ...(root !== undefined ? { root } : {}) });
          }
          if (inFlight.length === 0) void worker.terminate();
        };
        worker.on('message', (msg: { ready?: boolean; id?: string; line?: string; ok?: boolean }) => {
          if (abandoned || failedHard) return;
          if (msg.ready) {
            ready = true;
            feed();
            return arm();
          }
          inFlight.shift();
          record(msg.line!, msg.ok === true);
          feed();
          arm();
        });
        worker.on('error', (e: Error & { code?: string }) => {
          clearTimeout(timer);
          if (failedHard || abandoned) return;
          // A worker that dies before it is ready (model cannot load) would die again: stop.
          if (!ready || inFlight.length === 0) return fail(e);
          abandoned = true;
          recordLost(inFlight, e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'OUT_OF_MEMORY' : 'INTERNAL', e.message);
          replaceOnExit();
        });
        worker.on('exit', (exitCode) => {
          clearTimeout(timer);
          workers.delete(worker);
          alive--;
          if (inFlight.length > 0 && !failedHard && !abandoned) {
            // Gone without an error event while holding pages: the same as a crash.
            recordLost(inFlight, 'INTERNAL', `the worker exited (code ${exitCode})`);
            if (pending()) start();
          }
          // Every worker gone, none being replaced, pages left: they would never be done.
          if (alive === 0 && restarting === 0 && recorded < total && !failedHard) {
            fail(new PithError('IO', `batch workers stopped after ${recorded} of ${total} pages`));
          }
        });
      };
      for (let w = 0; w < workerCount; w++) start();
    });
  } finally {
    for (const w of workers) await w.terminate();
    await handle.close().catch(() => undefined);
  }
  return { total: files.length, skipped: files.length - total, extracted, failed };
}
