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
import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { PithError } from '../errors.js';
import { DEFAULT_PAGE_TIMEOUT_MS } from '../batch/batch.js';
import { DEFAULT_BATCH_FIELDS, type BatchField } from '../batch/batch-fields.js';
import { DEFAULT_FETCH_TIMEOUT_MS, DEFAULT_USER_AGENT, fetchWithAgent, robotsCacheFor, type FetchedWithAgent } from '../batch/url-list.js';
import { DEFAULT_MAX_REDIRECTS } from '../dom/fetch.js';
import { DEFAULT_QUEUE, queueKeys, RETRIED_CODES, type PageJobData } from './queue.js';
import { HostGate, leaseForFetch } from './host-gate.js';
import type { AddressPolicy } from '../util/fetch-policy.js';
import { PoolTaskError, WorkerPool, WorkerStartError } from '../util/worker-pool/pool.js';
import type { PageMessage, PageReply } from '../batch/batch-worker.js';

export interface QueueWorkerOptions {
  readonly redisUrl: string;
  readonly queue?: string;
  readonly modelPath: string;
  /** Pages at once, each on its own thread. */
  readonly concurrency: number;
  readonly fields?: readonly BatchField[];
  readonly withBlocks?: boolean;
  readonly keepComments?: boolean;
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

/** A failure a retry may get past (see RETRIED_CODES); its message starts with the code. */
class RetryableError extends Error {
  constructor(readonly code: string, message: string) {
    super(`${code}: ${message}`);
  }
}

/**
 * A URL page whose fetch failed for a reason about the page itself (an address the fetch policy
 * refuses, not HTML, too large): its error line is its result, no retry.
 */
class PageFetchError extends Error {
  constructor(readonly line: string) {
    super(line);
  }
}

interface Outcome {
  readonly line: string;
  readonly ok: boolean;
}

/**
 * The extraction threads: a worker pool (src/util/worker-pool) of batch worker threads, one
 * page each at a time. A thread lost (crashed, over its heap or over the time limit) is
 * replaced; its page fails with a RetryableError, to be tried again.
 */
class ExtractionThreads {
  private readonly pool: WorkerPool<PageMessage, PageReply>;

  constructor(size: number, init: Record<string, unknown>, private readonly heapMb: number, private readonly timeoutMs: number) {
    this.pool = new WorkerPool<PageMessage, PageReply>({
      module: new URL('../batch/batch-worker.js', import.meta.url), size, workerData: init, heapMb, taskTimeoutMs: timeoutMs,
    });
  }

  /** Resolves once every thread is ready; fails fast when the model does not load. */
  async start(): Promise<void> {
    await this.pool.start().catch((e: unknown) => {
      throw e instanceof WorkerStartError ? new Error(`the extraction thread did not start: ${e.thrown?.message ?? e.message}`) : e;
    });
  }

  async run(msg: PageMessage): Promise<Outcome> {
    try {
      const reply = await this.pool.run(msg);
      return { line: reply.line, ok: reply.ok };
    } catch (e) {
      throw e instanceof PoolTaskError ? this.retryable(e) : e;
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private retryable(e: PoolTaskError): RetryableError {
    switch (e.failure) {
      case 'out_of_memory':
        return new RetryableError('OUT_OF_MEMORY', `the page needs more than the thread's ${this.heapMb} MB heap`);
      case 'timeout':
        return new RetryableError('TIMEOUT', `the page took longer than the limit of ${this.timeoutMs / 1000} s; its thread was stopped`);
      case 'crash':
        return new RetryableError('INTERNAL', e.exitCode !== undefined ? `the extraction thread exited (code ${e.exitCode})` : e.message);
      default:
        return new RetryableError('INTERNAL', e.message);
    }
  }
}

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
  const keys = queueKeys(name);
  const log = options.log ?? (() => undefined);
  const fields = options.fields ?? DEFAULT_BATCH_FIELDS;
  const pool = new ExtractionThreads(options.concurrency, { modelPath: options.modelPath, withBlocks: options.withBlocks ?? false, keepComments: options.keepComments ?? false, fields }, options.workerHeapMb ?? 1024, options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS);
  const store = connection(options.redisUrl, log, 'results');
  const lockMs = options.lockMs ?? DEFAULT_LOCK_MS;
  const fetchTimeoutMs = options.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const hosts = new HostGate(store, name, leaseForFetch(fetchTimeoutMs));
  let written = 0, again = 0, failedTries = 0, hostWaits = 0;

  /**
   * Fetches a URL page in its host's turn; a busy host puts the job back until its turn (no try
   * spent). A redirect to another host is asked in that host's turn too: where that host is busy,
   * the job records how far it got (`redirectedTo`) and waits for it.
   */
  const robots = options.ignoreRobots ? undefined : robotsCacheFor({
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT, timeoutMs: fetchTimeoutMs,
    ...(options.allowPrivateUrls !== undefined ? { allowPrivateUrls: options.allowPrivateUrls } : {}),
    ...(options.addressPolicy !== undefined ? { addressPolicy: options.addressPolicy } : {}),
  });
  const fetchInTurn = async (job: Job<PageJobData>, token: string | undefined, url: string): Promise<FetchedWithAgent> => {
    let target = job.data.redirectedTo ?? url;
    let redirectsLeft = job.data.redirectsLeft ?? DEFAULT_MAX_REDIRECTS;
    for (;;) {
      const turn = await hosts.acquire(target);
      if (!turn.granted) {
        hostWaits++;
        if (target !== (job.data.redirectedTo ?? url)) await job.updateData({ ...job.data, redirectedTo: target, redirectsLeft });
        await job.moveToDelayed(Date.now() + turn.waitMs, token);
        throw new DelayedError();
      }
      if (robots && !robots.known(target)) {
        // The site's robots.txt takes this turn; the page waits for the host's next one.
        try {
          await robots.prepare(target);
        } finally {
          await turn.release();
        }
        continue;
      }
      let got: FetchedWithAgent;
      try {
        await robots?.check(target);
        got = await fetchWithAgent(target, options.userAgent ?? DEFAULT_USER_AGENT, {
          timeoutMs: fetchTimeoutMs, maxRedirects: redirectsLeft, crossHostRedirects: 'return',
          ...(options.allowPrivateUrls !== undefined ? { allowPrivateUrls: options.allowPrivateUrls } : {}),
          ...(options.addressPolicy !== undefined ? { addressPolicy: options.addressPolicy } : {}),
        });
      } catch (e) {
        const code = e instanceof PithError ? e.code : 'FETCH_FAILED';
        if (e instanceof PithError && !RETRIED_CODES.has(code)) {
          // As `pith batch --urls` writes it: the listed URL, the error.
          throw new PageFetchError(JSON.stringify({ id: job.data.id, url, error: { code, message: e.message } }));
        }
        throw new RetryableError(RETRIED_CODES.has(code) ? code : 'FETCH_FAILED', (e as Error).message);
      } finally {
        await turn.release();
      }
      if (got.redirectTo === undefined) return got;
      target = got.redirectTo;
      redirectsLeft -= got.redirects ?? 1;
    }
  };

  const pageMessage = async (job: Job<PageJobData>, token: string | undefined): Promise<PageMessage> => {
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
      const r = await fetchInTurn(job, token, data.fetch);
      return { ...head, bytes: r.bytes, url: r.finalUrl, ...(r.charset !== undefined ? { charset: r.charset } : {}) };
    }
    if (data.path !== undefined) return { ...head, path: data.path, ...(data.root !== undefined ? { root: data.root } : {}) };
    throw new RetryableError('INTERNAL', 'the job names no page (no bytes, path or URL)');
  };

  const processor = async (job: Job<PageJobData>, token?: string): Promise<string> => {
    const id = job.data.id;
    // Done already (a stalled job taken over after its first worker wrote the line): not again.
    if ((await store.hexists(keys.results, id)) === 1) {
      again++;
      await store.hincrby(keys.stats, 'again', 1);
      return 'already';
    }
    let outcome: Outcome;
    try {
      outcome = await pool.run(await pageMessage(job, token));
    } catch (e) {
      if (!(e instanceof PageFetchError)) throw e;
      outcome = { line: e.line, ok: false };
    }
    if (!outcome.ok) {
      const err = (JSON.parse(outcome.line) as { error?: { code?: string; message?: string } }).error;
      if (err?.code !== undefined && RETRIED_CODES.has(err.code)) throw new RetryableError(err.code, err.message ?? '');
    }
    if ((await store.hsetnx(keys.results, id, outcome.line)) === 1) {
      written++;
      return 'written';
    }
    again++;
    await store.hincrby(keys.stats, 'again', 1);
    return 'already';
  };

  const jobsConnection = connection(options.redisUrl, log, 'jobs');
  const worker = new Worker<PageJobData, string>(name, processor, {
    connection: jobsConnection as never,
    concurrency: options.concurrency,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    maxStalledCount: options.maxStalled ?? DEFAULT_MAX_STALLED,
    autorun: false,
  });
  worker.on('failed', (job, e) => {
    failedTries++;
    if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) log(`worker: ${job.data.id} dead-lettered after ${job.attemptsMade} tries: ${e.message}`);
  });
  worker.on('error', () => undefined); // connection errors: logged once by the connection

  let stopping: Promise<void> | undefined;
  const stop = (force = false): Promise<void> => {
    if (force) return worker.close(true);
    stopping ??= worker.close();
    return stopping;
  };

  const done = (async (): Promise<QueueWorkerSummary> => {
    try {
      await pool.start();
      const running = worker.run();
      let watch: NodeJS.Timeout | undefined;
      let counter: Queue | undefined;
      if (options.untilEmpty) {
        counter = new Queue(name, { connection: store as never });
        const queue = counter;
        const poll = async (): Promise<void> => {
          try {
            const c = await queue.getJobCountByTypes('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
            if (c === 0) return void stop();
          } catch {
            // Redis away: look again later
          }
          watch = setTimeout(() => void poll(), 500);
        };
        watch = setTimeout(() => void poll(), 500);
      }
      await running;
      clearTimeout(watch);
      await stopping;
      await counter?.close();
    } finally {
      await pool.close();
      store.disconnect();
      jobsConnection.disconnect();
    }
    return { written, again, failedTries, hostWaits };
  })();
  return { done, stop };
}
