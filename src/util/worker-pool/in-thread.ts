/**
 * A worker pool's stand-in that runs the tasks in the calling thread, one after another in the
 * order submitted, with the handler a worker module would serve (host.ts's `TaskHandler`). It
 * saves what a worker thread costs to start (its own copy of every module and of what the
 * handler loads) where there are too few tasks to earn it back.
 *
 * What a thread of its own gave and this cannot: a task cannot be stopped half way, and it
 * has no heap limit of its own. The time limit (`taskTimeoutMs`) is checked when the task
 * ends: a task that took longer fails as `timeout`, as a worker's would have, but only then.
 * Callers use it only for work whose size is bounded.
 */
import { systemClock, type Clock } from '../clock.js';
import type { TaskHandler } from './host.js';
import { PoolTaskError, WorkerStartError } from './pool.js';
import { taskFailure } from './protocol.js';

/** What a batch needs of a pool of workers: start, queue tasks, close. */
export interface TaskPool<I, O> {
  start(): Promise<void>;
  submit(input: I): Promise<{ result: Promise<O> }>;
  close(graceMs?: number): Promise<void>;
}

export interface InThreadPoolOptions<I, O> {
  /** Loads what the tasks need, once, when the pool starts (a worker module's `serveTasks` setup). */
  readonly setup: () => Promise<TaskHandler<I, O>> | TaskHandler<I, O>;
  /** Time limit of one task, ms, checked when it ends; 0 or none: no limit. */
  readonly taskTimeoutMs?: number;
  readonly clock?: Clock;
}

export class InThreadPool<I, O> implements TaskPool<I, O> {
  private readonly clock: Clock;
  private handler: Promise<TaskHandler<I, O>> | undefined;
  /** The task running now and those queued behind it settle in this order. */
  private last: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: InThreadPoolOptions<I, O>) {
    this.clock = options.clock ?? systemClock;
  }

  /** Runs the setup; rejects with a WorkerStartError (carrying what it threw) when it fails. */
  start(): Promise<void> {
    return this.ready().then(() => undefined);
  }

  /** Queues the task behind those already submitted; `result` settles as a WorkerPool's would. */
  async submit(input: I): Promise<{ result: Promise<O> }> {
    if (this.closed) return { result: Promise.reject(new PoolTaskError('closed', 'the pool is closed', false)) };
    const result = this.last.then(() => this.runTask(input));
    this.last = result.catch(() => undefined);
    return { result };
  }

  /** No task starts after this; with `graceMs`, the handler releases what it holds first (at most that long). */
  async close(graceMs = 0): Promise<void> {
    this.closed = true;
    if (graceMs <= 0 || this.handler === undefined) return;
    const handler = await this.handler.catch(() => undefined);
    const stop = new AbortController();
    await Promise.race([handler?.close?.().catch(() => undefined), this.clock.sleep(graceMs, stop.signal)]);
    stop.abort();
  }

  private ready(): Promise<TaskHandler<I, O>> {
    this.handler ??= (async () => {
      try {
        return await this.options.setup();
      } catch (e) {
        const thrown = e instanceof Error ? e : new Error(String(e));
        throw new WorkerStartError(`the tasks could not be set up: ${thrown.message}`, thrown);
      }
    })();
    return this.handler;
  }

  private async runTask(input: I): Promise<O> {
    if (this.closed) throw new PoolTaskError('closed', 'the pool is closed', false);
    const handler = await this.ready();
    const limitMs = this.options.taskTimeoutMs ?? 0;
    const started = this.clock.now();
    let value: O;
    try {
      value = await handler.handle(input);
    } catch (e) {
      const failure = taskFailure(e);
      throw new PoolTaskError('failed', failure.message, true, undefined, failure.code);
    }
    if (limitMs > 0 && this.clock.now() - started > limitMs) throw new PoolTaskError('timeout', `the task took longer than the limit of ${limitMs} ms`, true);
    return value;
  }
}
