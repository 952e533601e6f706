/**
 * One batch run, with its output locked: the pages go to a worker pool (src/util/worker-pool)
 * of batch worker threads and come back as lines for the output; a batch of a few page files
 * (`inThreadUpTo`) is extracted in this thread instead, by the same page handler. Page files are handed out
 * first, then the pages read from WARC files and fetched from URLs, whose readers wait while
 * the pool's queue is full. A page whose worker is lost (over its heap or time limit, crashed)
 * is an error line and the worker is replaced; the batch fails as a whole only when the
 * output cannot be written, a reader fails, or a worker cannot start (the model does not load).
 */
import { open, unlink } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { PithError } from '../errors.js';
import { PoolTaskError, WorkerPool, WorkerStartError } from '../util/worker-pool/pool.js';
import { InThreadPool, type TaskPool } from '../util/worker-pool/in-thread.js';
import { readWarcPages, type WarcSkipReason } from './warc.js';
import { DEFAULT_USER_AGENT, fetchUrls } from './url-list.js';
import { DEFAULT_BATCH_FIELDS } from './batch-fields.js';
import { STDOUT_OUTPUT } from './output-file.js';
import { fsReason } from '../util/fs-reason.js';
import { LineWriter, streamSink, type LineSink } from './line-writer.js';
import type { PageHandlerInit, PageMessage, PageReply } from './batch-page.js';
import { DEFAULT_PAGE_TIMEOUT_MS, type BatchFilterReason, type BatchOptions, type BatchSummary } from './batch-options.js';

/** One page for a worker: a file to read, or bytes already in hand (a WARC record, a fetched URL). */
type Job = PageMessage;

/**
 * Pages each worker holds at once: the one it extracts and the next, so it never waits
 * for the main thread to write a line and send more work.
 */
const PAGES_IN_FLIGHT = 2;

/** Pages waiting for a worker, beyond those the workers hold: the readers wait while it is full. */
const QUEUED_PER_WORKER = 2;

const DEFAULT_WORKER_HEAP_MB = 1024;

/** Grace for each worker to close its browser (`--render`) before it is stopped. */
const BROWSER_CLOSE_MS = 5_000;

type SkipReason = WarcSkipReason | 'DUPLICATE_ID';

/** The pages a run is given: files not done yet (by id), and whether readers add more. */
export interface BatchPlan {
  readonly files: readonly Job[];
  /** Pages of the file list already in the output. */
  readonly filesDone: number;
}

/** Runs the batch on `plan`; `done`: ids already in the output. */
export async function runPlannedBatch(plan: BatchPlan, options: BatchOptions, done: ReadonlySet<string>): Promise<BatchSummary> {
  let handle: LineSink;
  if (options.out === STDOUT_OUTPUT && options.stdout === undefined) throw new PithError('BAD_OPTION', 'out - writes to the stream given as stdout: none was given', 'out');
  try {
    handle = options.out === STDOUT_OUTPUT ? streamSink(options.stdout!) : await open(options.out, 'a');
  } catch (e) {
    throw new PithError('IO', `cannot write the output: ${fsReason(e)}`, options.out, { cause: e });
  }
  const run = new BatchRun(plan, options, done, handle);
  try {
    await run.finish();
  } finally {
    await run.close();
    await handle.close().catch(() => undefined);
  }
  return run.summary();
}

class BatchRun {
  private readonly streaming: boolean;
  private readonly pool: TaskPool<Job, PageReply> | undefined;
  private readonly writer: LineWriter;
  private readonly skippedRecords: Partial<Record<SkipReason, number>> = {};
  private readonly filtered: Partial<Record<BatchFilterReason, number>> = {};
  /** Pages given a line in this run whose field rules stopped fitting them. */
  private fieldWarned = 0;
  /** --dedup: the first page of each body hash met in this run. */
  private readonly bodies = new Map<string, string>();
  /** Ids met in the streamed inputs during this run: the same id twice is done once. */
  private readonly seen = new Set<string>();
  private readonly removals: Promise<void>[] = [];
  /** Pages whose answer has not come back yet. */
  private readonly pending = new Set<Promise<void>>();
  private alreadyDone: number;
  /** Pages handed to the batch in this run (each gets one line). */
  private produced: number;
  private failure: Error | undefined;
  private closing = false;
  private onFailure: ((e: Error) => void) | undefined;

  constructor(private readonly plan: BatchPlan, private readonly options: BatchOptions, private readonly done: ReadonlySet<string>, handle: LineSink) {
    this.streaming = (options.warcs ?? []).length > 0 || (options.urls ?? []).length > 0;
    this.alreadyDone = plan.filesDone;
    this.produced = plan.files.length;
    this.writer = new LineWriter(handle, (written) => this.progress(written), (e) => {
      this.fail(new PithError('IO', `cannot write the output: ${fsReason(e)}`, options.out, { cause: e }));
    });
    this.pool = plan.files.length > 0 || this.streaming ? this.startPool() : undefined;
  }

  /** Resolves once every page has its line written; rejects when the batch fails. */
  async finish(): Promise<void> {
    if (!this.pool) return;
    const failed = new Promise<never>((_, reject) => {
      this.onFailure = reject;
      if (this.failure) reject(this.failure);
    });
    await Promise.race([this.work(), failed]);
  }

  /** Stops the workers (after they close their browsers, with `--render`). */
  async close(): Promise<void> {
    this.closing = true;
    await this.pool?.close(this.options.render ? BROWSER_CLOSE_MS : 0);
  }

  summary(): BatchSummary {
    const filteredCount = Object.values(this.filtered).reduce((a, b) => a + b, 0);
    return {
      total: this.alreadyDone + this.produced, skipped: this.alreadyDone,
      extracted: this.writer.written - this.writer.writtenFailed - filteredCount, failed: this.writer.writtenFailed,
      ...(this.streaming ? { skippedRecords: this.skippedRecords } : {}),
      ...(this.options.targetLang !== undefined || this.options.dedup ? { filtered: this.filtered } : {}),
      ...(this.fieldWarned > 0 ? { fieldWarnings: this.fieldWarned } : {}),
    };
  }

  private startPool(): TaskPool<Job, PageReply> {
    const pool = runsInThread(this.plan, this.options, this.streaming) ? this.inThreadPool() : this.workerPool();
    pool.start().catch((e: unknown) => {
      // Workers still starting when a short batch is over are stopped: not a failure.
      if (!this.closing) this.fail(e instanceof WorkerStartError ? startFailure(e) : (e as Error));
    });
    return pool;
  }

  private workerPool(): WorkerPool<Job, PageReply> {
    const options = this.options;
    const fileCount = this.plan.files.length;
    const wanted = options.workers ?? availableParallelism();
    const size = Math.max(1, this.streaming ? wanted : Math.min(wanted, fileCount || 1));
    const pageTimeoutMs = options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
    return new WorkerPool<Job, PageReply>({
      module: options.workerModule ?? new URL('./batch-worker.js', import.meta.url),
      size,
      workerData: threadData(options),
      heapMb: options.workerHeapMb ?? DEFAULT_WORKER_HEAP_MB,
      tasksPerWorker: PAGES_IN_FLIGHT,
      maxQueued: QUEUED_PER_WORKER * size,
      ...(pageTimeoutMs > 0 ? { taskTimeoutMs: pageTimeoutMs } : {}),
      // A worker that cannot start (the model cannot load) would not start again: stop.
      onStartError: (e) => this.fail(startFailure(e)),
    });
  }

  /** A small batch's pages extracted in this thread, with the handler a worker would use (the same lines). */
  private inThreadPool(): InThreadPool<Job, PageReply> {
    const options = this.options;
    const pageTimeoutMs = options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
    return new InThreadPool<Job, PageReply>({
      setup: async () => {
        const [{ openPageHandler }, { loadExtractionModel }] = await Promise.all([import('./batch-page.js'), import('../pipeline/extract.js')]);
        const model = options.loadedModel?.path === options.modelPath ? options.loadedModel : await loadExtractionModel(options.modelPath);
        return openPageHandler(workerInit(options), model, options.loadedListModel);
      },
      ...(pageTimeoutMs > 0 ? { taskTimeoutMs: pageTimeoutMs } : {}),
    });
  }

  /** Every reader, then every answer, then every line written. */
  private async work(): Promise<void> {
    await this.read(() => this.submitFiles());
    const readers = (this.options.warcs ?? []).map((path) => this.read(() => this.readWarc(path)));
    if ((this.options.urls ?? []).length > 0) readers.push(this.read(() => this.fetchListed()));
    await Promise.all(readers);
    while (this.pending.size > 0) await Promise.all([...this.pending]);
    await this.writer.idle();
    if (this.failure) throw this.failure;
    await Promise.all(this.removals);
  }

  /** Stops everything: no worker goes on reading pages for a batch that has failed. */
  private fail(e: Error): void {
    if (this.failure) return;
    this.failure = e;
    this.writer.stop();
    void this.pool?.close();
    this.onFailure?.(e);
  }

  private async read(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (e) {
      this.fail(e instanceof Error ? e : new Error(String(e)));
    }
  }

  private async submitFiles(): Promise<void> {
    for (const job of this.plan.files) {
      if (this.failure) return;
      await this.submit(job);
    }
  }

  /** A page from a streamed input: queued for the workers once there is room. */
  private async push(job: Job): Promise<void> {
    await this.submit(job, () => this.produced++);
  }

  private async submit(job: Job, admitted?: () => void): Promise<void> {
    const { result } = await this.pool!.submit(job);
    if (this.failure) {
      result.catch(() => undefined);
      return;
    }
    admitted?.();
    const answered = result
      .then((reply) => this.record(this.filterLine(reply), reply.ok), (e: unknown) => this.recordLost(job, e))
      .catch((e: unknown) => this.fail(e as Error));
    this.pending.add(answered);
    void answered.finally(() => this.pending.delete(answered));
  }

  private async readWarc(path: string): Promise<void> {
    const pages = readWarcPages(path, {
      isDone: (id) => this.done.has(id),
      onDone: (id) => {
        if (this.firstTime(id, path)) this.alreadyDone++;
      },
      onSkip: (why, detail) => this.skip(why, detail),
    });
    for await (const page of pages) {
      if (this.failure) return;
      if (!this.firstTime(page.id, path)) continue;
      await this.push({
        id: page.id, bytes: page.bytes, ...(page.url !== undefined ? { url: page.url } : {}), ...(page.date !== undefined ? { date: page.date } : {}),
        ...(page.charset !== undefined ? { charset: page.charset } : {}),
      });
    }
  }

  private async fetchListed(): Promise<void> {
    const left = (this.options.urls ?? []).filter((u) => {
      if (!this.done.has(u)) return true;
      this.alreadyDone++;
      return false;
    });
    const fetch = { ...this.options.fetch, userAgent: this.options.fetch?.userAgent ?? DEFAULT_USER_AGENT };
    await fetchUrls(left, fetch, async (r) => {
      if (this.failure) return;
      if (r.ok) return this.push({ id: r.url, url: r.finalUrl, bytes: r.bytes, ...(r.charset !== undefined ? { charset: r.charset } : {}) });
      this.produced++;
      this.record(JSON.stringify({ id: r.url, url: r.url, error: r.error }), false);
    });
  }

  /** Ids once per run; a second record with the same id is skipped. */
  private firstTime(id: string, where: string): boolean {
    if (this.seen.has(id)) {
      this.skip('DUPLICATE_ID', `${where}: id ${id} met again`);
      return false;
    }
    this.seen.add(id);
    return true;
  }

  private skip(why: SkipReason, detail: string): void {
    this.skippedRecords[why] = (this.skippedRecords[why] ?? 0) + 1;
    this.options.onSkip?.(why, detail);
  }

  private record(line: string, ok: boolean): void {
    if (!this.failure) this.writer.add(line, ok);
  }

  /** A page whose worker was lost: its error line. */
  private recordLost(job: Job, e: unknown): void {
    if (this.failure) return;
    if (!(e instanceof PoolTaskError)) return this.fail(e as Error);
    if (e.failure === 'closed') return;
    // The page handler lists each page's own errors; it throws only when it can draw no page at all.
    if (e.failure === 'failed' && e.code === 'RENDER_FAILED') return this.fail(new PithError('RENDER_FAILED', e.message));
    const [code, message] = lostPageError(e, this.options);
    this.record(JSON.stringify({
      id: job.id, url: job.url ?? null, ...(job.date !== undefined ? { date: job.date } : {}),
      error: { code, message, ...(job.path !== undefined ? { path: job.path } : {}) },
    }), false);
  }

  /** --target-lang's skipped lines are counted; with --dedup a body met before becomes a skipped line naming the first page, its file removed. */
  private filterLine(reply: PageReply): string {
    let reasonOf: BatchFilterReason | undefined = reply.filtered;
    let line = reply.line;
    if (reply.bodyHash !== undefined) {
      const first = this.bodies.get(reply.bodyHash);
      if (first === undefined) this.bodies.set(reply.bodyHash, reply.id);
      else {
        reasonOf = 'DUPLICATE_BODY';
        const head = JSON.parse(line) as { id: string; url: string | null; date?: string };
        line = JSON.stringify({ id: head.id, url: head.url, ...(head.date !== undefined ? { date: head.date } : {}), skipped: { reason: 'DUPLICATE_BODY', of: first } });
        if (reply.file !== undefined) this.removals.push(unlink(reply.file).catch(() => undefined));
      }
    }
    if (reasonOf !== undefined) this.filtered[reasonOf] = (this.filtered[reasonOf] ?? 0) + 1;
    else if (reply.fieldWarnings) this.fieldWarned++;
    return line;
  }

  private progress(written: number): void {
    this.options.onProgress?.(written, this.streaming ? Math.max(this.produced, written) : this.plan.files.length);
  }
}

/**
 * Whether the batch runs in this thread: the caller allows it (`inThreadUpTo`), the pages are
 * files known before it starts and no more than that, and none is drawn in a browser.
 */
function runsInThread(plan: BatchPlan, options: BatchOptions, streaming: boolean): boolean {
  return !streaming && plan.files.length <= (options.inThreadUpTo ?? 0) && !options.render && options.layoutsDir === undefined;
}

/** The batch's options a page thread is started by (the queue worker's threads take the same). */
export type ThreadOptions = Pick<BatchOptions, 'modelPath' | 'withBlocks' | 'keepComments' | 'includeComments' | 'fields' | 'site' | 'choices' | 'withLists' | 'listModelPath'
  | 'render' | 'layoutsDir' | 'outDir' | 'fileFormat' | 'targetLang' | 'dedup' | 'loadedModel' | 'loadedListModel'>;

/** What a worker thread is started with: what every page handler is told, and the models the caller loaded already. */
export function threadData(options: ThreadOptions): PageHandlerInit {
  return { ...workerInit(options), ...modelHandOff(options) };
}

/** What every batch worker is told: the model and what each line carries. */
function workerInit(options: ThreadOptions): PageHandlerInit {
  return {
    modelPath: options.modelPath, withBlocks: options.withBlocks ?? false, keepComments: options.keepComments ?? false, ...(options.includeComments ? { includeComments: true } : {}), fields: options.fields ?? DEFAULT_BATCH_FIELDS,
    ...(options.site !== undefined ? { site: options.site } : {}), ...(options.choices ? { choices: options.choices } : {}),
    ...(options.withLists ? { withLists: true } : {}), ...(options.listModelPath !== undefined ? { listModelPath: options.listModelPath } : {}),
    ...(options.render ? { render: options.render } : {}), ...(options.layoutsDir !== undefined ? { layoutsDir: options.layoutsDir } : {}),
    ...(options.outDir !== undefined ? { outDir: options.outDir, fileFormat: options.fileFormat ?? 'json' } : {}),
    ...(options.targetLang !== undefined ? { targetLang: options.targetLang } : {}), ...(options.dedup ? { dedup: true } : {}),
  };
}

/** The error a worker's start failed with, as its module threw it. */
function startFailure(e: WorkerStartError): Error {
  return e.thrown ?? e;
}

/** The code and message of a page whose worker was lost. */
function lostPageError(e: PoolTaskError, options: BatchOptions): [code: 'OUT_OF_MEMORY' | 'INTERNAL' | 'TIMEOUT', message: string] {
  switch (e.failure) {
    case 'out_of_memory':
      return ['OUT_OF_MEMORY', `the page needs more than the worker's ${options.workerHeapMb ?? DEFAULT_WORKER_HEAP_MB} MB heap`];
    case 'timeout':
      return ['TIMEOUT', `the page took longer than the limit of ${(options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS) / 1000} s; its worker was stopped`];
    case 'crash':
      return ['INTERNAL', e.exitCode !== undefined ? `the worker exited (code ${e.exitCode})` : e.message];
    default:
      return ['INTERNAL', e.message];
  }
}

/**
 * The model files the caller already loaded, for worker threads to take instead of reading them
 * again: the extraction model's (when it is the one of `modelPath`) and the list model's.
 */
function modelHandOff(options: ThreadOptions): Pick<PageHandlerInit, 'modelFile' | 'listModelFile'> {
  return {
    ...(options.loadedModel?.path === options.modelPath ? { modelFile: options.loadedModel.file } : {}),
    ...(options.loadedListModel ? { listModelFile: options.loadedListModel.file } : {}),
  };
}
