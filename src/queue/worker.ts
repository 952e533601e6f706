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
 * their lines are still written once). Two guards keep a restart from leaving a worker hanging
 * (docs/queue.md, "Redis down or restarted"): a stop with pages in hand waits until BullMQ's
 * blocking connection is connected again before closing it (ioredis never ends a connection closed
 * while it waits to reconnect), one with none does not wait for Redis at all, and a stall
 * watchdog replaces the BullMQ worker when it takes no page while pages wait.
 */
import { gunzipSync } from 'node:zlib';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { DEFAULT_PAGE_TIMEOUT_MS } from '../batch/batch.js';
import type { BatchField } from '../batch/batch-fields.js';
import { DEFAULT_FETCH_TIMEOUT_MS } from '../batch/url-list.js';
import type { PageMessage } from '../batch/batch-worker.js';
import { threadData, type ThreadOptions } from '../batch/batch-run.js';
import type { ArticleChoices } from '../pipeline/library.js';
import type { AddressPolicy } from '../util/fetch-policy.js';
import { DEFAULT_QUEUE, queueKeys, RETRIED_CODES, type PageJobData } from './queue.js';
import { HostGate, leaseForFetch } from './host-gate.js';
import { PageFetchError, RetryableError } from './job-errors.js';
import { ExtractionThreads, type Outcome } from './extraction-threads.js';
import { TurnFetcher } from './fetch-in-turn.js';

/** The batch's own settings for the threads: `withLists` and `listModelPath` (each line's `lists`, as `pith batch --lists`), and the models the caller loaded already, handed to every thread. */
type ThreadModelOptions = Pick<ThreadOptions, 'withLists' | 'listModelPath' | 'loadedModel' | 'loadedListModel'>;

export interface QueueWorkerOptions extends ThreadModelOptions {
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
  /** What each article keeps and which way the model leans (`--favor`, `--no-images`, ...), as `pith batch` takes them. */
  readonly choices?: ArticleChoices;
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
/** How often the stall watchdog looks, ms. */
export const STALL_TICK_MS = 1000;
/**
 * Looks in a row with pages waiting, none in hand and none taken before the BullMQ worker is
 * taken for stuck: 12 s, twice BullMQ's longest wait for a job (a 5 s BZPOPMIN plus its own 1 s
 * guard on it), so a healthy worker that simply missed a wake-up is never replaced.
 */
export const STALL_TICKS = 12;

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
export function startQueueWorker(options: QueueWorkerOptions): { done: Promise<QueueWorkerSummary>; stop: () => Promise<void> } {
  const name = options.queue ?? DEFAULT_QUEUE;
  const log = options.log ?? (() => undefined);
  const threads = new ExtractionThreads(options.concurrency, threadData(options), options.workerHeapMb ?? 1024, options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS);
  const store = connection(options.redisUrl, log, 'results');
  const fetchTimeoutMs = options.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const fetcher = new TurnFetcher(new HostGate(store, name, leaseForFetch(fetchTimeoutMs)), { ...options, fetchTimeoutMs });
  const counts = { written: 0, again: 0, failedTries: 0 };
  const hand = new JobsInHand();
  const processor = hand.track(pageProcessor(store, queueKeys(name), threads, fetcher, counts));
  const jobsConnection = connection(options.redisUrl, log, 'jobs');
  const taker = new JobTaker(() => bullWorker(name, processor, jobsConnection, options, () => counts.failedTries++, log), log);
  const counter = new Queue(name, { connection: store as never });
  // Without a listener BullMQ prints each connection error's stack; the connection logs it once.
  counter.on('error', () => undefined);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= taker.stop(() => hand.inHand, jobsConnection);
    return stopping;
  };

  const done = (async (): Promise<QueueWorkerSummary> => {
    try {
      await threads.start();
      const running = taker.run();
      const watching = watchQueue(new StallWatchdog(STALL_TICKS), hand, counter, options.untilEmpty ?? false, {
        onStuck: (waiting) => {
          const lastError = taker.lastError;
          if (taker.replace()) log(`worker: took no page for ${(STALL_TICKS * STALL_TICK_MS) / 1000} s while ${waiting} wait${lastError ? ` (last error: ${lastError})` : ''}; starting a fresh BullMQ worker`);
        },
        onEmpty: () => void stop(),
      });
      try {
        await running;
      } finally {
        watching.stop();
      }
      await stopping;
      await counter.close();
    } finally {
      await threads.close();
      store.disconnect();
      jobsConnection.disconnect();
    }
    return { ...counts, hostWaits: fetcher.hostWaits };
  })();
  return { done, stop };
}

/** Counts the jobs taken and those in hand (taken, not yet finished), over every BullMQ worker this process has had. */
export class JobsInHand {
  taken = 0;
  inHand = 0;
  track<A extends unknown[], R>(processor: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return async (...args: A): Promise<R> => {
      this.taken++;
      this.inHand++;
      try {
        return await processor(...args);
      } finally {
        this.inHand--;
      }
    };
  }
}

/**
 * Decides, one look at a time, whether the worker is stuck: `stallTicks` looks in a row at which
 * pages wait, none is in hand and no page was taken since the look before. Counted looks, no
 * clock: the caller decides how often to look.
 */
export class StallWatchdog {
  private lastTaken: number | undefined;
  private still = 0;
  constructor(readonly stallTicks: number) {}
  /** One look (`waiting` undefined: not known, e.g. Redis away); true once the worker is stuck (the count then starts again). */
  look(taken: number, inHand: number, waiting: number | undefined): boolean {
    const idleWhilePagesWait = inHand === 0 && waiting !== undefined && waiting > 0 && taken === this.lastTaken;
    this.lastTaken = taken;
    this.still = idleWhilePagesWait ? this.still + 1 : 0;
    if (this.still < this.stallTicks) return false;
    this.still = 0;
    return true;
  }
}

/** What the queue holds, as one look sees it. */
interface QueueCounts {
  /** Pages any worker could take now (waiting, by priority or not; not delayed, not active). */
  readonly waiting: number;
  /** Pages not finished: waiting, active or delayed. */
  readonly left: number;
}

async function queueCounts(counter: Queue): Promise<QueueCounts> {
  const c = await counter.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'waiting-children');
  const waiting = (c.waiting ?? 0) + (c.prioritized ?? 0);
  return { waiting, left: waiting + (c.active ?? 0) + (c.delayed ?? 0) + (c['waiting-children'] ?? 0) };
}

/**
 * Looks at the queue every STALL_TICK_MS, one count per look feeding both decisions: the stall
 * watchdog's (`onStuck` gets the number of pages waiting) and, with `untilEmpty`, whether nothing
 * is left (`onEmpty`, once). The count is asked only when a decision needs it (the watchdog: only
 * with no page in hand); a look whose count has not come back yet is skipped, never stacked, and
 * one still out when `stop()` is called decides nothing.
 */
function watchQueue(watchdog: StallWatchdog, hand: JobsInHand, counter: Queue, untilEmpty: boolean, on: { onStuck: (waiting: number) => void; onEmpty: () => void }): { stop: () => void } {
  let looking = false;
  let stopped = false;
  const look = async (): Promise<void> => {
    looking = true;
    const taken = hand.taken;
    let counts: QueueCounts | undefined;
    try {
      // With a page in hand the watchdog needs no count (the look resets it either way).
      counts = untilEmpty || hand.inHand === 0 ? await queueCounts(counter) : undefined;
    } catch {
      counts = undefined; // Redis away: not known
    } finally {
      looking = false;
    }
    if (stopped) return;
    if (untilEmpty && counts?.left === 0) {
      stopped = true;
      clearInterval(timer);
      return on.onEmpty();
    }
    if (watchdog.look(taken, hand.inHand, counts?.waiting)) on.onStuck(counts?.waiting ?? 0);
  };
  const timer = setInterval(() => void (looking ? undefined : look()), STALL_TICK_MS);
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/**
 * The BullMQ worker that takes this process' jobs, replaced by a fresh one when it is stuck. The
 * stuck one is closed with force (it holds no page: the watchdog acts only then; a page it takes
 * in that very moment is extracted, its lock then lapses and the stalled-job check puts it back,
 * where its line is found written: done once, counted `again`).
 */
class JobTaker {
  private current: Worker<PageJobData, string>;
  private swapped: () => void = () => undefined;
  private stopping = false;
  private letGo = false;
  /** The last error BullMQ reported (connection errors included), for the watchdog's message. */
  lastError: string | undefined;
  constructor(private readonly make: () => Worker<PageJobData, string>, private readonly log: (line: string) => void) {
    this.current = this.fresh();
  }
  private fresh(): Worker<PageJobData, string> {
    const w = this.make();
    // Kept for the watchdog's message, not logged: connection errors are logged once by the connection.
    w.on('error', (e: Error) => (this.lastError = e.message));
    return w;
  }
  /** Runs the current worker until it is stopped (or let go, see `stop`); after a replacement, runs the new one. */
  async run(): Promise<void> {
    for (;;) {
      const w = this.current;
      const swap = new Promise<'swapped'>((resolve) => (this.swapped = () => resolve('swapped')));
      const end = await Promise.race([w.run().then(() => 'ended' as const), swap]);
      if (this.letGo || (end === 'ended' && w === this.current)) return;
    }
  }
  /** Swaps in a fresh worker and closes the stuck one; false (nothing done) once stopping. */
  replace(): boolean {
    if (this.stopping) return false;
    const stuck = this.current;
    this.current = this.fresh();
    this.lastError = undefined;
    this.swapped();
    void stuck.close(true).catch(() => undefined);
    return true;
  }
  /**
   * Finishes the pages in hand, then closes; first waits for the blocking connection to be
   * connected (see `blockingConnectionDown`). When Redis is gone (the jobs connection down too)
   * and no page is in hand, there is nothing to finish and no job can be taken meanwhile: the
   * worker is let go at once rather than waiting for a Redis that may never come back.
   */
  async stop(pagesInHand: () => number, jobs: Redis): Promise<void> {
    this.stopping = true;
    const down = await blockingConnectionDown(this.current);
    if (down) {
      const gone = (): boolean => jobs.status !== 'ready' && pagesInHand() === 0;
      if (!gone()) {
        this.log('worker: waiting for Redis before stopping (BullMQ\'s blocking connection is not connected; the pages in hand are written once it is, a second signal stops now)');
        const redisGone = onceGone(jobs, gone);
        await Promise.race([down.back, redisGone.promise]);
        redisGone.cancel();
        down.cancel();
      }
      if (gone()) {
        this.log('worker: Redis unreachable and no page in hand: stopping without waiting for it');
        this.letGoNow();
        return;
      }
    }
    await this.current.close();
  }
  /** Ends `run()` without waiting for BullMQ's close, which waits for a connection that is not coming back. */
  private letGoNow(): void {
    this.letGo = true;
    this.swapped();
    void this.current.close(true).catch(() => undefined);
  }
}

/** The part of an ioredis client `blockingConnectionDown` looks at. */
interface ClientState {
  readonly status: string;
  once(event: 'ready' | 'end', listener: () => void): unknown;
  removeListener(event: 'ready' | 'end', listener: () => void): unknown;
}

/**
 * Whether the worker's blocking connection (BullMQ's own, for BZPOPMIN) is down: neither connected
 * nor ended, or never made yet (Redis unreachable since the start); `back` settles once it is
 * connected or ended. A graceful close disconnects it and waits for its end; ioredis never ends a
 * connection disconnected while it waits to reconnect (it drops the retry and stays
 * 'reconnecting'), so a close in the seconds after a Redis restart would wait for ever.
 */
async function blockingConnectionDown(worker: Worker<PageJobData, string>): Promise<{ back: Promise<void>; cancel: () => void } | undefined> {
  const pending = worker.getBackend().blockingClient as unknown as Promise<ClientState> | undefined;
  if (!pending) return undefined;
  const seen: { client?: ClientState | undefined } = {};
  const watch = new ConnectionWatch();
  const back = pending.then((c) => (seen.client = c), () => (seen.client = undefined)).then((c) => (c && !isConnectedOrEnded(c) ? watch.connectedOrEnded(c) : undefined));
  // One turn of the event loop: a connection made already has handed over its client by then.
  await new Promise((resolve) => setImmediate(resolve));
  const down = { back, cancel: () => watch.cancel() };
  if (!('client' in seen)) return down;
  return seen.client && !isConnectedOrEnded(seen.client) ? down : undefined;
}

function isConnectedOrEnded(client: ClientState): boolean {
  return ['ready', 'end', 'wait'].includes(client.status);
}

/** Settles at the first of the connection's reconnect attempts after which `gone()` holds (ioredis retries every few seconds while Redis is away); `cancel` drops the listener. */
function onceGone(connection: Redis, gone: () => boolean): { promise: Promise<void>; cancel: () => void } {
  let listener: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    listener = () => {
      if (gone()) resolve();
    };
    connection.on('reconnecting', listener);
  });
  return { promise, cancel: () => void connection.removeListener('reconnecting', listener) };
}

/** Waits for a client to be connected or ended; `cancel` drops its listeners (and settles the wait) when the wait is given up. */
class ConnectionWatch {
  private stop: (() => void) | undefined;
  private cancelled = false;
  connectedOrEnded(client: ClientState): Promise<void> {
    if (this.cancelled) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const settle = (): void => {
        client.removeListener('ready', settle);
        client.removeListener('end', settle);
        this.stop = undefined;
        resolve();
      };
      this.stop = settle;
      client.once('ready', settle);
      client.once('end', settle);
    });
  }
  cancel(): void {
    this.cancelled = true;
    this.stop?.();
  }
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
  return worker;
}
