/**
 * A queue worker: takes pages from the BullMQ queue and extracts them on threads (the batch's
 * own worker thread, src/batch/batch-worker.ts, in a worker pool), writing each page's line into Redis with
 * HSETNX (once, however many times the page is done). Pages that cannot be reached (a file
 * missing, a fetch failing, a thread crashing or over the time limit) are retried with backoff
 * and dead-lettered when they keep failing; errors about the page itself are its result.
 *
 * URL pages take their host's turn first (host-gate.ts): a page whose host is busy goes back to
 * the queue's delayed set until its turn, without counting as a try.
 *
 * Redis going away is waited out: the connections reconnect forever and the jobs held meanwhile
 * finish once it is back (or, if their locks expired, are done again by whoever takes them:
 * their lines are still written once).
 */
import { gunzipSync } from 'node:zlib';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { DEFAULT_PAGE_TIMEOUT_MS } from '../batch/batch.js';
import { DEFAULT_BATCH_FIELDS, type BatchField } from '../batch/batch-fields.js';
import { DEFAULT_FETCH_TIMEOUT_MS } from '../batch/url-list.js';
import type { PageMessage } from '../batch/batch-worker.js';
import type { AddressPolicy } from '../util/fetch-policy.js';
import { DEFAULT_QUEUE, queueKeys, RETRIED_CODES, type PageJobData } from './queue.js';
import { HostGate, leaseForFetch } from './host-gate.js';
import { PageFetchError, RetryableError } from './job-errors.js';
import { ExtractionThreads, type Outcome } from './extraction-threads.js';
import { TurnFetcher } from './fetch-in-turn.js';

export interface QueueWorkerOptions {
  readonly redisUrl: string;
  readonly queue?: string;
  readonly modelPath: string;
  /** Pages at once, each on its own thread. */
  readonly concurrency: number;
  readonly fields?: readonly BatchField[];
  readonly withBlocks?: boolean;
  readonly keepComments?: boolean;
  /** Also give each page's readers' comments, with author and date (`comments` in each line, as `pith batch --include-comments`). */
  readonly includeComments?: boolean;
  readonly workerHeapMb?: number;
  /** One page's time limit, ms (0 = none). */
  readonly pageTimeoutMs?: number;
  /** How long a job's lock lasts without renewal, ms: a dead worker's pages go back after about this. */
  readonly lockMs?: number;
  /** How often a stalled page (its worker died) may go back before it is dead-lettered. */
  readonly maxStalled?: number;
  readonly userAgent?: string;
  readonly fetchTimeoutMs?: number;
  /** Let URL pages (and their redirects) reach loopback, private, link-local and reserved addresses (`--allow-private-urls`). */
  readonly allowPrivateUrls?: boolean;
  /** Which addresses URL pages may connect to (tests); overrides `allowPrivateUrls`. */
  readonly addressPolicy?: AddressPolicy;
  /** Fetch URL pages whatever their sites' robots.txt say; by default each site's is read once per worker and obeyed. */
  readonly ignoreRobots?: boolean;
  /** Stop once the queue has nothing waiting, active or delayed. */
  readonly untilEmpty?: boolean;
  readonly log?: (line: string) => void;
}

export interface QueueWorkerSummary {
  /** Lines this worker wrote. */
  readonly written: number;
  /** Pages this worker did whose line was already written (by another worker, or an earlier try). */
  readonly again: number;
  /** Failed tries (retried, or dead-lettered when they were the last). */
  readonly failedTries: number;
  /** URL pages put back to wait for their host's turn (not tries). */
  readonly hostWaits: number;
}

export const DEFAULT_LOCK_MS = 30_000;
export const DEFAULT_MAX_STALLED = 2;

/** A worker's Redis connection: reconnects forever (every half second at first, then every 5 s). */
function connection(url: string, log: (line: string) => void, name: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, retryStrategy: (n) => Math.min(500 * n, 5000) });
  let down = false;
  client.on('error', (e: Error) => {
    if (!down) log(`worker: Redis unreachable (${name}: ${e.message}); waiting for it`);
    down = true;
  });
  client.on('ready', () => {
    if (down) log(`worker: Redis is back (${name})`);
    down = false;
  });
  return client;
}

/**
 * Runs a worker until it is stopped (`stop()`, e.g. on SIGTERM: the pages in hand are finished
 * first) or, with `untilEmpty`, until the queue has nothing left to do.
 */
export function startQueueWorker(options: QueueWorkerOptions): { done: Promise<QueueWorkerSummary>; stop: (force?: boolean) => Promise<void> } {
  const name = options.queue ?? DEFAULT_QUEUE;
  const log = options.log ?? (() => undefined);
  const fields = options.fields ?? DEFAULT_BATCH_FIELDS;
  const threads = new ExtractionThreads(options.concurrency, threadInit(options, fields), options.workerHeapMb ?? 1024, options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS);
  const store = connection(options.redisUrl, log, 'results');
  const fetchTimeoutMs = options.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const fetcher = new TurnFetcher(new HostGate(store, name, leaseForFetch(fetchTimeoutMs)), { ...options, fetchTimeoutMs });
  const counts = { written: 0, again: 0, failedTries: 0 };
  const processor = pageProcessor(store, queueKeys(name), threads, fetcher, counts);
  const jobsConnection = connection(options.redisUrl, log, 'jobs');
  const worker = bullWorker(name, processor, jobsConnection, options, () => counts.failedTries++, log);

  let stopping: Promise<void> | undefined;
  const stop = (force = false): Promise<void> => {
    if (force) return worker.close(true);
    stopping ??= worker.close();
    return stopping;
  };

  const done = (async (): Promise<QueueWorkerSummary> => {
    try {
      await threads.start();
      const running = worker.run();
      const watching = options.untilEmpty ? watchUntilEmpty(name, store, () => void stop()) : undefined;
      await running;
      watching?.stop();
      await stopping;
      await watching?.close();
    } finally {
      await threads.close();
      store.disconnect();
      jobsConnection.disconnect();
    }
    return { ...counts, hostWaits: fetcher.hostWaits };
  })();
  return { done, stop };
}

/** What every extraction thread is started with: the batch worker's own settings (src/batch/batch-worker.ts), as `pith batch` gives them. */
function threadInit(options: QueueWorkerOptions, fields: readonly BatchField[]): Record<string, unknown> {
  return {
    modelPath: options.modelPath, withBlocks: options.withBlocks ?? false, keepComments: options.keepComments ?? false,
    ...(options.includeComments ? { includeComments: true } : {}), fields,
  };
}

/** The message for the extraction thread: the page's bytes (inflated), fetched in its host's turn, or its path. */
async function pageMessage(job: Job<PageJobData>, token: string | undefined, fetcher: TurnFetcher): Promise<PageMessage> {
  const data = job.data;
  const head = { id: data.id, ...(data.date !== undefined ? { date: data.date } : {}) };
  if (data.gz !== undefined) {
    let bytes: Buffer;
    try {
      bytes = gunzipSync(Buffer.from(data.gz, 'base64'));
    } catch (e) {
      throw new RetryableError('IO', `the job's page bytes do not inflate (${(e as Error).message})`);
    }
    return { ...head, bytes, ...(data.url !== undefined ? { url: data.url } : {}), ...(data.charset !== undefined ? { charset: data.charset } : {}) };
  }
  if (data.fetch !== undefined) {
    const r = await fetcher.fetch(job, token, data.fetch);
    return { ...head, bytes: r.bytes, url: r.finalUrl, ...(r.charset !== undefined ? { charset: r.charset } : {}) };
  }
  if (data.path !== undefined) return { ...head, path: data.path, ...(data.root !== undefined ? { root: data.root } : {}) };
  throw new RetryableError('INTERNAL', 'the job names no page (no bytes, path or URL)');
}

/**
 * The job processor: extracts the page and writes its line once (HSETNX); a failure a retry may
 * get past throws, to be tried again.
 */
function pageProcessor(store: Redis, keys: ReturnType<typeof queueKeys>, threads: ExtractionThreads, fetcher: TurnFetcher, counts: { written: number; again: number }) {
  const doneBefore = async (): Promise<string> => {
    counts.again++;
    await store.hincrby(keys.stats, 'again', 1);
    return 'already';
  };
  return async (job: Job<PageJobData>, token?: string): Promise<string> => {
    const id = job.data.id;
    // Done already (a stalled job taken over after its first worker wrote the line): not again.
    if ((await store.hexists(keys.results, id)) === 1) return doneBefore();
    const outcome = await extractJob(job, token, threads, fetcher);
    if (!outcome.ok) {
      const err = (JSON.parse(outcome.line) as { error?: { code?: string; message?: string } }).error;
      if (err?.code !== undefined && RETRIED_CODES.has(err.code)) throw new RetryableError(err.code, err.message ?? '');
    }
    if ((await store.hsetnx(keys.results, id, outcome.line)) === 1) {
      counts.written++;
      return 'written';
    }
    return doneBefore();
  };
}

/** The job's line: its extraction, or the error line of a fetch that failed for a reason about the page. */
async function extractJob(job: Job<PageJobData>, token: string | undefined, threads: ExtractionThreads, fetcher: TurnFetcher): Promise<Outcome> {
  try {
    return await threads.run(await pageMessage(job, token, fetcher));
  } catch (e) {
    if (!(e instanceof PageFetchError)) throw e;
    return { line: e.line, ok: false };
  }
}

function bullWorker(name: string, processor: (job: Job<PageJobData>, token?: string) => Promise<string>, jobsConnection: Redis, options: QueueWorkerOptions, onFailedTry: () => void, log: (line: string) => void): Worker<PageJobData, string> {
  const lockMs = options.lockMs ?? DEFAULT_LOCK_MS;
  const worker = new Worker<PageJobData, string>(name, processor, {
    connection: jobsConnection as never,
    concurrency: options.concurrency,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    maxStalledCount: options.maxStalled ?? DEFAULT_MAX_STALLED,
    autorun: false,
  });
  worker.on('failed', (job, e) => {
    onFailedTry();
    if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) log(`worker: ${job.data.id} dead-lettered after ${job.attemptsMade} tries: ${e.message}`);
  });
  worker.on('error', () => undefined); // connection errors: logged once by the connection
  return worker;
}

/** Looks at the queue's counts every half second and calls `onEmpty` once nothing is waiting, active or delayed. */
function watchUntilEmpty(name: string, store: Redis, onEmpty: () => void): { stop: () => void; close: () => Promise<void> } {
  const counter = new Queue(name, { connection: store as never });
  let watch: NodeJS.Timeout | undefined;
  const poll = async (): Promise<void> => {
    try {
      const c = await counter.getJobCountByTypes('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
      if (c === 0) return onEmpty();
    } catch {
      // Redis away: look again later
    }
    watch = setTimeout(() => void poll(), 500);
  };
  watch = setTimeout(() => void poll(), 500);
  return { stop: () => clearTimeout(watch), close: () => counter.close() };
}
