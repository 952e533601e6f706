/**
 * A pool of worker threads, all started from one module (which calls `serveTasks`, host.ts),
 * knowing nothing of what the tasks are:
 *
 * - each worker has a heap limit (`heapMb`, V8's old generation): a task that needs more kills
 *   only its worker;
 * - a task may have a deadline from when it is asked for (`deadlineMs`: waiting included) and a
 *   time limit from when its worker starts it (`taskTimeoutMs`); past either, a queued task is
 *   dropped and a running one's worker is stopped;
 * - a worker that crashes, runs out of heap or is stopped fails the task it was on and is
 *   replaced once its thread is gone (two heaps never overlap for long); the tasks sent to it
 *   ahead go back to the front of the queue;
 * - tasks wait in a FIFO queue; `submit` waits while `maxQueued` are waiting (back-pressure);
 * - heavy tasks run on at most `maxHeavyRunning` workers at once, and a free worker takes the
 *   oldest ordinary task before any heavy one;
 * - `close` fails what is left and stops every worker, after letting them release what they
 *   hold when given a grace period.
 *
 * Timers run on `clock` (src/util/clock.ts), so tests can move time themselves.
 */
import { Worker } from 'node:worker_threads';
import { systemClock, type Clock } from '../clock.js';
import type { FromWorker, ToWorker } from './protocol.js';

/** Why a worker was replaced. */
export type LossReason = 'timeout' | 'out_of_memory' | 'crash';
/** Why a task failed: its worker was lost, the pool closed, the asker gave up while it waited, or the handler threw. */
export type TaskFailure = LossReason | 'closed' | 'aborted' | 'failed';

export class PoolTaskError extends Error {
  constructor(
    readonly failure: TaskFailure,
    message: string,
    /** Whether a worker had started the task (a deadline past while waiting says false). */
    readonly started: boolean,
    /** The thread's exit code, when it exited without an error (`crash`). */
    readonly exitCode?: number,
    /** The handler's error code (`failed`). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'PoolTaskError';
  }
}

/** A worker that could not start: its module threw `thrown` (name and code kept), or it exited (`exitCode`). */
export class WorkerStartError extends Error {
  constructor(message: string, readonly thrown?: Error & { code?: unknown }, readonly exitCode?: number) {
    super(message);
    this.name = 'WorkerStartError';
  }
}

export interface WorkerPoolOptions {
  /** The worker module (it calls `serveTasks`). */
  readonly module: URL;
  readonly size: number;
  /** Given to every worker as `workerData`. */
  readonly workerData?: unknown;
  /** Old-generation heap limit of each worker, MB. Default: Node's. */
  readonly heapMb?: number;
  /** Tasks sent to a worker ahead of its answers (it handles them in order). Default 1. */
  readonly tasksPerWorker?: number;
  /** Time limit of a task from when its worker starts it, ms; 0 or none: no limit. */
  readonly taskTimeoutMs?: number;
  /** Tasks that may wait before `submit` waits for room. Default: no bound. */
  readonly maxQueued?: number;
  /** Workers that may run heavy tasks at once. Default: all. */
  readonly maxHeavyRunning?: number;
  /** Wait before trying again to start a replacement that could not start, ms. Default 1000. */
  readonly restartDelayMs?: number;
  readonly clock?: Clock;
  /** A worker was replaced, with why. */
  readonly onRestart?: (reason: LossReason) => void;
  /** A replacement could not start (it is tried again after `restartDelayMs` while the pool is open). */
  readonly onStartError?: (e: WorkerStartError) => void;
}

export interface RunOptions {
  /** Time allowed from now, waiting included, ms. */
  readonly deadlineMs?: number;
  /** Aborted while the task waits: it is dropped (`aborted`); a running task goes on. */
  readonly signal?: AbortSignal;
  readonly heavy?: boolean;
}

interface Task<I, O> {
  readonly input: I;
  readonly heavy: boolean;
  readonly resolve: (value: O) => void;
  readonly reject: (e: Error) => void;
  settled: boolean;
  slot?: Slot<I, O>;
  cancelDeadline?: () => void;
  stopListening?: () => void;
}

interface Slot<I, O> {
  readonly thread: Worker;
  ready: boolean;
  /** Given up on (stopped, crashed, or the pool closed): anything it still says is ignored. */
  gone: boolean;
  exited: boolean;
  /** Sent and not yet answered, oldest first: the head is the task the worker is on. */
  readonly inFlight: Task<I, O>[];
  cancelTimer?: () => void;
  onClosed?: () => void;
  /** Rejects `start` for a worker not ready yet. */
  failStart?: (e: WorkerStartError) => void;
}

const DEFAULT_RESTART_DELAY_MS = 1000;

/**
 * The workers' Node flags: the main thread's, which they inherit, except that a flag only the
 * main script can take (node --input-type=module -e ...) would stop them. Named only when one
 * must go: given explicitly, flags a worker ignores when inherited (--single-threaded-gc) are refused.
 */
function workerExecArgv(): { execArgv?: string[] } {
  const mainOnly = (a: string): boolean => a.startsWith('--input-type');
  return process.execArgv.some(mainOnly) ? { execArgv: process.execArgv.filter((a) => !mainOnly(a)) } : {};
}

export class WorkerPool<I, O> {
  private readonly slots = new Set<Slot<I, O>>();
  private readonly queue: Task<I, O>[] = [];
  private roomWaiters: Array<() => void> = [];
  private readonly clock: Clock;
  private readonly perWorker: number;
  private readonly maxHeavy: number;
  private closed = false;
  private closing: Promise<void> | undefined;
  private stopRetry: (() => void) | undefined;
  /** The first worker's `info` (what it loaded). */
  info: unknown;
  /** Workers replaced so far. */
  restarts = 0;

  constructor(private readonly options: WorkerPoolOptions) {
    this.clock = options.clock ?? systemClock;
    this.perWorker = Math.max(1, options.tasksPerWorker ?? 1);
    this.maxHeavy = options.maxHeavyRunning ?? options.size;
  }

  /** Starts every worker; resolves once all are ready, rejects with a WorkerStartError when one cannot start. */
  async start(): Promise<void> {
    await Promise.all(Array.from({ length: this.options.size }, () => this.spawn()));
  }

  /** Workers ready for tasks. */
  get readyWorkers(): number {
    return this.countSlots((s) => s.ready);
  }

  /** Workers on a task now. */
  get busyWorkers(): number {
    return this.countSlots((s) => s.inFlight.length > 0);
  }

  /** Workers on a heavy task now. */
  get heavyRunning(): number {
    return this.countSlots((s) => s.inFlight.some((t) => t.heavy && !t.settled));
  }

  /** Tasks waiting for a worker. */
  get queued(): number {
    return this.queue.length;
  }

  /** Runs one task; rejects with a PoolTaskError when it cannot be done (see `TaskFailure`). */
  run(input: I, options: RunOptions = {}): Promise<O> {
    if (this.closed) return Promise.reject(new PoolTaskError('closed', 'the pool is closed', false));
    return new Promise<O>((resolve, reject) => {
      const task: Task<I, O> = { input, heavy: options.heavy ?? false, resolve, reject, settled: false };
      if (options.deadlineMs !== undefined) task.cancelDeadline = this.after(options.deadlineMs, () => this.deadlinePassed(task, options.deadlineMs!));
      if (options.signal) this.dropWhenAborted(task, options.signal);
      this.queue.push(task);
      this.dispatch();
    });
  }

  /**
   * Waits while `maxQueued` tasks wait, then queues the task: readers of a stream of tasks call
   * this so they never get far ahead of the workers. `result` settles as `run`'s promise would.
   */
  async submit(input: I, options: RunOptions = {}): Promise<{ result: Promise<O> }> {
    const max = this.options.maxQueued ?? Infinity;
    while (this.queue.length >= max && !this.closed) await new Promise<void>((wake) => this.roomWaiters.push(wake));
    return { result: this.run(input, options) };
  }

  /**
   * Fails the waiting and running tasks (`closed`) and stops every worker. With `graceMs`, each
   * ready worker first finishes what it holds and releases its resources (at most that long).
   * A second call waits for the first one's.
   */
  close(graceMs = 0): Promise<void> {
    this.closing ??= this.stopAll(graceMs);
    return this.closing;
  }

  private async stopAll(graceMs: number): Promise<void> {
    this.closed = true;
    this.stopRetry?.();
    for (const task of this.queue.splice(0)) this.settle(task, new PoolTaskError('closed', 'the pool is closed', false));
    this.wakeRoomWaiters();
    if (graceMs > 0) await Promise.all([...this.slots].map((s) => this.askToClose(s, graceMs)));
    const stops: Promise<number>[] = [];
    for (const slot of this.slots) {
      slot.gone = true;
      slot.cancelTimer?.();
      if (!slot.ready) slot.failStart?.(new WorkerStartError('the pool closed while the worker was starting'));
      for (const task of slot.inFlight.splice(0)) this.settle(task, new PoolTaskError('closed', 'the pool is closed', true));
      stops.push(slot.thread.terminate());
    }
    this.slots.clear();
    await Promise.all(stops);
  }

  private countSlots(test: (s: Slot<I, O>) => boolean): number {
    let n = 0;
    for (const s of this.slots) if (!s.gone && test(s)) n++;
    return n;
  }

  /** Calls `fn` after `ms` on the pool's clock unless the returned function is called first. */
  private after(ms: number, fn: () => void): () => void {
    const stop = new AbortController();
    void this.clock.sleep(Math.max(0, ms), stop.signal).then(() => {
      if (!stop.signal.aborted) fn();
    });
    return () => stop.abort();
  }

  private dropWhenAborted(task: Task<I, O>, signal: AbortSignal): void {
    const onAbort = (): void => {
      if (!task.slot) this.settle(task, new PoolTaskError('aborted', 'the task was given up before a worker took it', false));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    task.stopListening = () => signal.removeEventListener('abort', onAbort);
  }

  private settle(task: Task<I, O>, outcome: { value: O } | Error): void {
    if (task.settled) return;
    task.settled = true;
    task.cancelDeadline?.();
    task.stopListening?.();
    const i = this.queue.indexOf(task);
    if (i >= 0) {
      this.queue.splice(i, 1);
      this.wakeRoomWaiters();
    }
    if (outcome instanceof Error) task.reject(outcome);
    else task.resolve(outcome.value);
  }

  private deadlinePassed(task: Task<I, O>, ms: number): void {
    if (task.settled) return;
    const slot = task.slot;
    if (slot && slot.inFlight[0] === task) return this.lose(slot, 'timeout', `the task took longer than its deadline of ${ms} ms`);
    // Waiting in the queue, or sent ahead to a worker still on an earlier task (its answer will be ignored).
    this.settle(task, new PoolTaskError('timeout', `the task took longer than its deadline of ${ms} ms while waiting`, false));
  }

  /** The queued task a free worker takes next: the oldest ordinary one, else the oldest heavy one while the heavy lane has room. */
  private nextTaskIndex(): number {
    const ordinary = this.queue.findIndex((t) => !t.heavy);
    if (ordinary >= 0) return ordinary;
    return this.queue.length > 0 && this.heavyRunning < this.maxHeavy ? 0 : -1;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.gone) continue;
      while (slot.inFlight.length < this.perWorker && this.queue.length > 0) {
        const next = this.nextTaskIndex();
        if (next < 0) break;
        const task = this.queue.splice(next, 1)[0]!;
        task.slot = slot;
        slot.inFlight.push(task);
        slot.thread.postMessage({ kind: 'task', task: task.input } satisfies ToWorker<I>);
        if (slot.inFlight.length === 1) this.armTaskTimer(slot);
      }
    }
    this.wakeRoomWaiters();
  }

  private wakeRoomWaiters(): void {
    if (this.roomWaiters.length === 0 || (this.queue.length >= (this.options.maxQueued ?? Infinity) && !this.closed)) return;
    const waiting = this.roomWaiters;
    this.roomWaiters = [];
    for (const wake of waiting) wake();
  }

  /** The head task's time limit starts when it reaches the head: its worker is on it from then. */
  private armTaskTimer(slot: Slot<I, O>): void {
    slot.cancelTimer?.();
    slot.cancelTimer = undefined;
    const ms = this.options.taskTimeoutMs ?? 0;
    if (ms > 0 && slot.inFlight.length > 0 && !slot.gone) {
      slot.cancelTimer = this.after(ms, () => this.lose(slot, 'timeout', `the task took longer than the limit of ${ms} ms`));
    }
  }

  /** Gives up on a worker: its current task fails, the ones sent ahead go back first in line, and a replacement starts once the thread is gone. */
  private lose(slot: Slot<I, O>, reason: LossReason, message: string, exitCode?: number): void {
    if (slot.gone) return;
    slot.gone = true;
    slot.cancelTimer?.();
    const [current, ...ahead] = slot.inFlight.splice(0);
    this.queue.unshift(...ahead.filter((t) => !t.settled).map((t) => ((t.slot = undefined), t)));
    this.restarts++;
    this.options.onRestart?.(reason);
    if (current) this.settle(current, new PoolTaskError(reason, message, true, exitCode));
    if (slot.exited) this.replace(slot);
    else {
      slot.thread.once('exit', () => this.replace(slot));
      void slot.thread.terminate();
    }
    // A heavy task gone frees the heavy lane for another worker.
    this.dispatch();
  }

  private replace(slot: Slot<I, O>): void {
    this.slots.delete(slot);
    if (!this.closed) this.respawn();
  }

  private respawn(): void {
    this.spawn().catch((e: WorkerStartError) => {
      if (this.closed) return;
      this.options.onStartError?.(e);
      if (this.closed) return;
      this.stopRetry = this.after(this.options.restartDelayMs ?? DEFAULT_RESTART_DELAY_MS, () => this.respawn());
    });
  }

  private askToClose(slot: Slot<I, O>, graceMs: number): Promise<void> {
    if (slot.gone || slot.exited || !slot.ready) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const cancel = this.after(graceMs, () => resolve());
      slot.onClosed = () => {
        cancel();
        resolve();
      };
      slot.thread.postMessage({ kind: 'close' } satisfies ToWorker<I>);
    });
  }

  private spawn(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const thread = new Worker(this.options.module, {
        workerData: this.options.workerData,
        ...workerExecArgv(),
        ...(this.options.heapMb !== undefined ? { resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb } } : {}),
      });
      const slot: Slot<I, O> = { thread, ready: false, gone: false, exited: false, inFlight: [] };
      this.slots.add(slot);
      const failToStart = (e: WorkerStartError): void => {
        slot.gone = true;
        this.slots.delete(slot);
        reject(e);
      };
      slot.failStart = reject;
      thread.on('message', (msg: FromWorker<O>) => this.heard(slot, msg, resolve));
      thread.on('error', (e: Error & { code?: string }) => {
        if (slot.gone) return;
        if (!slot.ready) return failToStart(new WorkerStartError(`a worker could not start: ${e.message}`, e));
        if (this.closed) return;
        this.lose(slot, e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out_of_memory' : 'crash', e.message);
      });
      thread.on('exit', (code) => {
        slot.exited = true;
        slot.onClosed?.();
        if (slot.gone) return;
        if (!slot.ready) return failToStart(new WorkerStartError(`a worker exited while starting (code ${code})`, undefined, code));
        if (this.closed) return;
        // Gone without an error event: the same as a crash.
        this.lose(slot, 'crash', `the worker exited (code ${code})`, code);
      });
    });
  }

  private heard(slot: Slot<I, O>, msg: FromWorker<O>, started: () => void): void {
    if (msg.kind === 'closed') return slot.onClosed?.();
    if (slot.gone) return;
    if (msg.kind === 'ready') {
      slot.ready = true;
      if (this.info === undefined) this.info = msg.info;
      if (this.closed) void slot.thread.terminate();
      started();
      return this.dispatch();
    }
    const task = slot.inFlight.shift();
    this.armTaskTimer(slot);
    if (task) {
      this.settle(task, msg.kind === 'done'
        ? { value: msg.value }
        : new PoolTaskError('failed', msg.error.message, true, undefined, msg.error.code));
    }
    this.dispatch();
  }
}
