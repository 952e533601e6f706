/**
 * Batch extraction: many pages -> one JSON line each, on worker threads, resumable.
 * The output file is appended line by line; on a rerun, ids already present are skipped
 * and a torn last line (a crash mid-write) is cut off, never anything complete. While a batch
 * runs, its output is locked (`OUT.lock`), so two batches never append to one file. A page
 * that fails (unreadable, over the heap or time limit) is an error line; the batch goes on.
 */
import { Worker } from 'node:worker_threads';
import { mkdir, open, readdir, realpath, rename, stat, truncate, readFile, unlink, writeFile, link, type FileHandle } from 'node:fs/promises';
import { readFileSync, unlinkSync, type Stats } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join, resolve, sep } from 'node:path';
import { isInsideFolder, pageIdFromPath } from '../page.js';
import { PithError } from '../errors.js';
import { readWarcPages, type WarcSkipReason } from './warc.js';
import { DEFAULT_USER_AGENT, fetchUrls, type UrlFetchOptions } from './url-list.js';
import { DEFAULT_BATCH_FIELDS, type BatchField, type BatchFileFormat } from './batch-fields.js';
import type { PageMessage } from './batch-worker.js';

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
  /** The model's site model every page uses (`--site`): a host, or a `template:` name. */
  readonly site?: string;
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
  /** WARC files (.warc, .warc.gz) whose HTML responses are pages too (see warc.ts). */
  readonly warcs?: readonly string[];
  /** URLs to fetch (id = the URL as listed), politely: see `fetch` and url-list.ts. */
  readonly urls?: readonly string[];
  readonly fetch?: UrlFetchOptions;
  /** What each line carries besides id, url (and date); default `DEFAULT_BATCH_FIELDS`. Only these are rendered. */
  readonly fields?: readonly BatchField[];
  /** Also write each page to its own file here (`<id>.json`, or per `fileFormat`), atomically. */
  readonly outDir?: string;
  readonly fileFormat?: BatchFileFormat;
  /** `--target-lang`: pages whose language (metadata.lang's primary subtag) is another, or unknown, get a skipped line and no file. */
  readonly targetLang?: string;
  /** `--dedup`: a page whose body text is the same as an earlier page's of this run gets a skipped line naming it, and no file. */
  readonly dedup?: boolean;
  /** A WARC record (or a repeated id) left out, with its reason. */
  readonly onSkip?: (reason: WarcSkipReason | 'DUPLICATE_ID', detail: string) => void;
  readonly onProgress?: (done: number, total: number) => void;
  /** Draw every page in headless Chromium first (one browser per worker; `--render`). */
  readonly render?: { readonly scripts: boolean; readonly timeoutMs?: number };
  /** A `pith render` folder: layouts are read from it (and new renders added with `render`). */
  readonly layoutsDir?: string;
}

/** Asks a worker to close its browser and waits for it (at most 5 s), so no Chromium outlives the batch. */
function closeBrowserOf(worker: Worker): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5_000);
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    worker.on('message', (m: { closed?: boolean }) => {
      if (m.closed) done();
    });
    worker.once('exit', done);
    worker.postMessage({ close: true });
  });
}

export interface BatchSummary {
  /** Pages considered: already done + given a line in this run. */
  readonly total: number;
  /** Already in the output (resume). */
  readonly skipped: number;
  readonly extracted: number;
  readonly failed: number;
  /** With WARC or URL inputs: records left out, by reason (no line written for them). */
  readonly skippedRecords?: Partial<Record<WarcSkipReason | 'DUPLICATE_ID', number>>;
  /** With `targetLang` or `dedup`: pages given a skipped line instead of their extraction, by reason. */
  readonly filtered?: Partial<Record<BatchFilterReason, number>>;
}

export type BatchFilterReason = 'TARGET_LANG' | 'DUPLICATE_BODY';

const PAGE_FILE = /\.(x?html?)(\.gz)?$/i;
const WARC_FILE = /\.warc(\.gz)?$/i;

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
    if (options.outDir !== undefined) await prepareOutDir(options.outDir);
    return await runLocked(files, options, done);
  } finally {
    await release();
  }
}

async function prepareOutDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (e) {
    throw new PithError('IO', `cannot create the output folder: ${reason(e)}`, dir, { cause: e });
  }
  const st = await stat(dir);
  if (!st.isDirectory()) throw new PithError('IO', 'is not a folder; --out-dir must be one', dir);
}

/** One page for a worker: a file to read, or bytes already in hand (a WARC record, a fetched URL). */
type Job = PageMessage;

/** Pages in memory waiting for a worker, beyond those the workers hold: the readers wait while it is full. */
const STREAM_QUEUE_PER_WORKER = 2;

async function runLocked(files: readonly string[], options: BatchOptions, done: Set<string>): Promise<BatchSummary> {
  const ids = assignPageIds(files);
  const todo: Job[] = [];
  for (const [id, path] of ids) {
    if (done.has(id)) continue;
    const root = options.roots?.get(path);
    todo.push({ id, path, ...(root !== undefined ? { root } : {}) });
  }
  const warcs = options.warcs ?? [];
  const urls = options.urls ?? [];
  const streaming = warcs.length > 0 || urls.length > 0;
  const workerCount = Math.max(1, streaming ? options.workers ?? availableParallelism() : Math.min(options.workers ?? availableParallelism(), todo.length || 1));
  const pageTimeoutMs = options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
  const fields = options.fields ?? DEFAULT_BATCH_FIELDS;
  const skippedRecords: Partial<Record<WarcSkipReason | 'DUPLICATE_ID', number>> = {};
  let alreadyDone = ids.size - todo.length;
  let handle: FileHandle;
  try {
    handle = await open(options.out, 'a');
  } catch (e) {
    throw new PithError('IO', `cannot write the output: ${reason(e)}`, options.out, { cause: e });
  }
  let extracted = 0;
  let failed = 0;
  const filtered: Partial<Record<BatchFilterReason, number>> = {};
  // --dedup: the first page of each body hash met in this run.
  const bodies = new Map<string, string>();
  const removals: Promise<void>[] = [];
  let next = 0;
  // Pages a replaced worker held but had not started: handed out again before new ones.
  const requeued: Job[] = [];
  // Pages from WARC files and URLs, bounded: their readers wait for room.
  const stream: Job[] = [];
  const streamCap = STREAM_QUEUE_PER_WORKER * workerCount;
  let roomWaiters: Array<() => void> = [];
  const take = (): Job | undefined => {
    const job = requeued.pop() ?? (next < todo.length ? todo[next++] : stream.shift());
    if (stream.length < streamCap && roomWaiters.length > 0) {
      const waiting = roomWaiters;
      roomWaiters = [];
      for (const w of waiting) w();
    }
    return job;
  };
  let producing = 0; // readers still running (WARC files, the URL list)
  const pending = (): boolean => requeued.length > 0 || next < todo.length || stream.length > 0;
  const moreToCome = (): boolean => pending() || producing > 0;
  let produced = todo.length; // pages handed to the batch in this run (each gets one line)
  const workers = new Set<Worker>();
  // Ids met in the streamed inputs during this run: the same id twice is done once.
  const seen = new Set<string>();
  const onSkip = (why: WarcSkipReason | 'DUPLICATE_ID', detail: string): void => {
    skippedRecords[why] = (skippedRecords[why] ?? 0) + 1;
    options.onSkip?.(why, detail);
  };
  try {
    await new Promise<void>((resolve, reject) => {
      let finished = 0;
      let failedHard = false;
      let alive = 0;
      let restarting = 0;
      const idle = new Set<() => void>();
      const workerUrl = new URL('./batch-worker.js', import.meta.url);
      /** Stops everything: no worker goes on reading pages for a batch that has failed. */
      const fail = (e: Error): void => {
        if (failedHard) return;
        failedHard = true;
        for (const w of workers) void w.terminate();
        for (const w of roomWaiters) w();
        roomWaiters = [];
        reject(e);
      };
      const checkDone = (): void => {
        if (!failedHard && producing === 0 && finished >= produced && !writing && queued.length === 0) resolve();
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
          options.onProgress?.(finished, streaming ? Math.max(produced, finished) : todo.length);
          flush();
          checkDone();
        }, (e: unknown) => fail(new PithError('IO', `cannot write the output: ${reason(e)}`, options.out, { cause: e })));
      };
      /** --target-lang's skipped lines are counted; with --dedup a body met before becomes a skipped line naming the first page, its file removed. */
      const filterLine = (msg: { id?: string; line?: string; filtered?: BatchFilterReason; bodyHash?: string; file?: string }): string => {
        let reasonOf = msg.filtered;
        let line = msg.line!;
        if (msg.bodyHash !== undefined) {
          const first = bodies.get(msg.bodyHash);
          if (first === undefined) bodies.set(msg.bodyHash, msg.id!);
          else {
            reasonOf = 'DUPLICATE_BODY';
            const head = JSON.parse(line) as { id: string; url: string | null; date?: string };
            line = JSON.stringify({ id: head.id, url: head.url, ...(head.date !== undefined ? { date: head.date } : {}), skipped: { reason: 'DUPLICATE_BODY', of: first } });
            if (msg.file !== undefined) removals.push(unlink(msg.file).catch(() => undefined));
          }
        }
        if (reasonOf !== undefined) filtered[reasonOf] = (filtered[reasonOf] ?? 0) + 1;
        return line;
      };
      let recorded = 0;
      const record = (line: string, ok: boolean): void => {
        recorded++;
        queued.push(line);
        if (!ok) queuedFailed++;
        flush();
      };
      const errorLine = (job: Job, code: string, message: string): string =>
        JSON.stringify({ id: job.id, url: job.url ?? null, ...(job.date !== undefined ? { date: job.date } : {}), error: { code, message, ...(job.path !== undefined ? { path: job.path } : {}) } });
      /** A worker lost `held`: its oldest page is recorded as failed, the rest go back. */
      const recordLost = (held: Job[], code: 'OUT_OF_MEMORY' | 'INTERNAL' | 'TIMEOUT', detail: string): void => {
        const job = held.shift()!;
        requeued.push(...held.reverse());
        held.length = 0;
        const message = code === 'OUT_OF_MEMORY' ? `the page needs more than the worker's ${options.workerHeapMb ?? 1024} MB heap` : detail;
        record(errorLine(job, code, message), false);
      };
      /** A page from a streamed input: queued for the workers once there is room. */
      const push = async (job: Job): Promise<void> => {
        while (stream.length >= streamCap && !failedHard) await new Promise<void>((r) => roomWaiters.push(r));
        if (failedHard) return;
        produced++;
        stream.push(job);
        for (const wake of [...idle]) wake();
      };
      const isDone = (id: string): boolean => done.has(id);
      /** Ids once per run; a second record with the same id is skipped. */
      const firstTime = (id: string, where: string): boolean => {
        if (seen.has(id)) {
          onSkip('DUPLICATE_ID', `${where}: id ${id} met again`);
          return false;
        }
        seen.add(id);
        return true;
      };
      const producer = async (work: () => Promise<void>): Promise<void> => {
        producing++;
        try {
          await work();
        } catch (e) {
          fail(e instanceof Error ? e : new Error(String(e)));
        } finally {
          producing--;
          for (const wake of [...idle]) wake();
          checkDone();
        }
      };
      const start = (): void => {
        const worker = new Worker(workerUrl, {
          workerData: {
            modelPath: options.modelPath, withBlocks: options.withBlocks ?? false, keepComments: options.keepComments ?? false, fields,
            ...(options.site !== undefined ? { site: options.site } : {}),
            ...(options.render ? { render: options.render } : {}), ...(options.layoutsDir !== undefined ? { layoutsDir: options.layoutsDir } : {}),
            ...(options.outDir !== undefined ? { outDir: options.outDir, fileFormat: options.fileFormat ?? 'json' } : {}),
            ...(options.targetLang !== undefined ? { targetLang: options.targetLang } : {}), ...(options.dedup ? { dedup: true } : {}),
          },
          resourceLimits: { maxOldGenerationSizeMb: options.workerHeapMb ?? 1024 },
        });
        workers.add(worker);
        alive++;
        // Sent and not yet answered, oldest first: the worker handles them in this order.
        const inFlight: Job[] = [];
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
            if (moreToCome() && !failedHard) start();
            else checkDone();
          });
        };
        const timedOut = (): void => {
          if (abandoned || failedHard || inFlight.length === 0) return;
          abandoned = true;
          idle.delete(wake);
          const seconds = pageTimeoutMs / 1000;
          recordLost(inFlight, 'TIMEOUT', `the page took longer than the limit of ${seconds} s; its worker was stopped`);
          replaceOnExit();
          void worker.terminate();
        };
        const feed = (): void => {
          if (abandoned || failedHard || !ready) return;
          while (inFlight.length < PAGES_IN_FLIGHT) {
            const job = take();
            if (!job) break;
            inFlight.push(job);
            worker.postMessage(job);
          }
          if (inFlight.length === 0) {
            // Nothing now: wait for a reader's next page, or stop when none will come.
            if (producing > 0) idle.add(wake);
            else {
              idle.delete(wake);
              void worker.terminate();
            }
          } else idle.delete(wake);
        };
        const wake = (): void => {
          const wasEmpty = inFlight.length === 0;
          feed();
          if (wasEmpty) arm();
        };
        worker.on('message', (msg: { ready?: boolean; closed?: boolean; id?: string; line?: string; ok?: boolean; filtered?: BatchFilterReason; bodyHash?: string; file?: string }) => {
          if (abandoned || failedHard || msg.closed) return;
          if (msg.ready) {
            ready = true;
            feed();
            return arm();
          }
          inFlight.shift();
          record(filterLine(msg), msg.ok === true);
          feed();
          arm();
        });
        worker.on('error', (e: Error & { code?: string }) => {
          clearTimeout(timer);
          idle.delete(wake);
          if (failedHard || abandoned) return;
          // A worker that dies before it is ready (model cannot load) would die again: stop.
          if (!ready || inFlight.length === 0) return fail(e);
          abandoned = true;
          recordLost(inFlight, e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'OUT_OF_MEMORY' : 'INTERNAL', e.message);
          replaceOnExit();
        });
        worker.on('exit', (exitCode) => {
          clearTimeout(timer);
          idle.delete(wake);
          workers.delete(worker);
          alive--;
          if (inFlight.length > 0 && !failedHard && !abandoned) {
            // Gone without an error event while holding pages: the same as a crash.
            recordLost(inFlight, 'INTERNAL', `the worker exited (code ${exitCode})`);
            if (moreToCome()) start();
          }
          // Every worker gone, none being replaced, pages left: they would never be done.
          if (alive === 0 && restarting === 0 && (recorded < produced || moreToCome()) && !failedHard) {
            fail(new PithError('IO', `batch workers stopped after ${recorded} of ${produced} pages`));
          }
          checkDone();
        });
      };
      for (const path of warcs) {
        void producer(async () => {
          for await (const page of readWarcPages(path, {
            isDone,
            onDone: (id) => {
              if (firstTime(id, path)) alreadyDone++;
            },
            onSkip,
          })) {
            if (failedHard) return;
            if (!firstTime(page.id, path)) continue;
            await push({ id: page.id, bytes: page.bytes, ...(page.url !== undefined ? { url: page.url } : {}), ...(page.date !== undefined ? { date: page.date } : {}), ...(page.charset !== undefined ? { charset: page.charset } : {}) });
          }
        });
      }
      if (urls.length > 0) {
        void producer(async () => {
          const left = urls.filter((u) => {
            if (!done.has(u)) return true;
            alreadyDone++;
            return false;
          });
          await fetchUrls(left, { ...options.fetch, userAgent: options.fetch?.userAgent ?? DEFAULT_USER_AGENT }, async (r) => {
            if (failedHard) return;
            if (r.ok) return push({ id: r.url, url: r.finalUrl, bytes: r.bytes, ...(r.charset !== undefined ? { charset: r.charset } : {}) });
            produced++;
            record(JSON.stringify({ id: r.url, url: r.url, error: r.error }), false);
          });
        });
      }
      if (todo.length === 0 && !streaming) return resolve();
      for (let w = 0; w < workerCount; w++) start();
    });
  } finally {
    if (options.render) await Promise.all([...workers].map(closeBrowserOf));
    for (const w of workers) await w.terminate();
    await handle.close().catch(() => undefined);
  }
  await Promise.all(removals);
  const total = alreadyDone + produced;
  const filteredCount = Object.values(filtered).reduce((a, b) => a + b, 0);
  return {
    total, skipped: alreadyDone, extracted: extracted - filteredCount, failed,
    ...(streaming ? { skippedRecords } : {}),
    ...(options.targetLang !== undefined || options.dedup ? { filtered } : {}),
  };
}
