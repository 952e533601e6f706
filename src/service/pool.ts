/**
 * The service's worker pool: `size` worker threads, each with the model loaded once and a
 * heap limit, each extracting one page at a time. Jobs wait in a FIFO queue for a free
 * worker. A job has a deadline: past it, a queued job is dropped and a running one's worker
 * is stopped (a page that loops or grows cannot hold a worker) and replaced; either way the
 * job fails with TIMEOUT. A worker that dies (over its heap: OUT_OF_MEMORY; anything else:
 * INTERNAL) fails its job and is replaced likewise.
 *
 * Heavy jobs (pages the server weighed as costly: src/service/page-input.ts) run on at most
 * `maxHeavyRunning` workers at once, and a free worker takes the oldest ordinary job before
 * any heavy one, so a burst of costly pages delays ordinary ones by one page at most.
 */
import { Worker } from 'node:worker_threads';
import { PithError } from '../errors.js';
import { ServiceError, statusOfCode, type ServiceErrorCode } from './errors.js';
import type { ExtractJob, JobReply, ModelInfo } from './worker.js';

export interface PoolOptions {
  readonly size: number;
  /** Old-generation heap limit of each worker, in MB. */
  readonly heapMb: number;
  /** Model file; default the bundled model. */
  readonly modelPath?: string;
  /** Workers that may run heavy jobs at once. Default: all but one (at least one). */
  readonly maxHeavyRunning?: number;
  /** Called when a worker is replaced, with why. */
  readonly onRestart?: (reason: 'timeout' | 'out_of_memory' | 'crash') => void;
}

export type JobResult = Extract<JobReply, { ok: true }>;

interface Pending {
  readonly job: ExtractJob;
  readonly heavy: boolean;
  readonly resolve: (r: JobResult) => void;
  readonly reject: (e: Error) => void;
  slot?: Slot;
  timer?: NodeJS.Timeout;
  done: boolean;
}

interface Slot {
  readonly worker: Worker;
  ready: boolean;
  /** Given up on (stopped or crashed): anything it still says is ignored. */
  gone: boolean;
  current?: Pending;
}

const RETRY_START_MS = 1000;

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private readonly workerUrl = new URL('./worker.js', import.meta.url);
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly maxHeavy: number;
  model: ModelInfo | undefined;
  restarts = 0;

  constructor(private readonly options: PoolOptions) {
    this.maxHeavy = options.maxHeavyRunning ?? Math.max(1, options.size - 1);
  }

  /** Starts every worker; resolves once all have loaded the model, rejects if one cannot (bad model). */
  async start(): Promise<void> {
    await Promise.all(Array.from({ length: this.options.size }, () => this.spawn()));
  }

  get readyWorkers(): number {
    let n = 0;
    for (const s of this.slots) if (s.ready && !s.gone) n++;
    return n;
  }

  get busyWorkers(): number {
    let n = 0;
    for (const s of this.slots) if (s.current && !s.gone) n++;
    return n;
  }

  get queued(): number {
    return this.queue.length;
  }

  /** Workers on a heavy job now. */
  get heavyRunning(): number {
    let n = 0;
    for (const s of this.slots) if (s.current?.heavy && !s.gone) n++;
    return n;
  }

  /** Runs one job; rejects with a ServiceError (TIMEOUT, OUT_OF_MEMORY, INTERNAL, UNAVAILABLE) or the page's own error. */
  /** `limitMs`: the request's whole time limit, named in the TIMEOUT message (the deadline may be nearer after a fetch). */
  /** `heavy`: the job goes in the heavy lane (see above). */
  run(job: Omit<ExtractJob, 'id'>, deadline: number, signal?: AbortSignal, limitMs?: number, heavy = false): Promise<JobResult> {
    if (this.closed) return Promise.reject(new ServiceError(503, 'UNAVAILABLE', 'the server is shutting down'));
    return new Promise<JobResult>((resolve, reject) => {
      const p: Pending = { job: { ...job, id: this.nextId++ }, heavy, resolve, reject, done: false };
      const ms = Math.max(0, deadline - Date.now());
      p.timer = setTimeout(() => this.timedOut(p, limitMs ?? ms), ms);
      signal?.addEventListener('abort', () => {
        // The client left: a queued job is dropped; a running one finishes (its worker is not stopped for it).
        if (!p.slot && !p.done) this.settle(p, new ServiceError(499, 'BAD_REQUEST', 'the client closed the connection'));
      }, { once: true });
      this.queue.push(p);
      this.dispatch();
    });
  }

  /** Stops every worker; queued and running jobs fail with UNAVAILABLE. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    for (const p of this.queue.splice(0)) this.settle(p, new ServiceError(503, 'UNAVAILABLE', 'the server is shutting down'));
    const stops: Promise<number>[] = [];
    for (const s of this.slots) {
      s.gone = true;
      if (s.current) this.settle(s.current, new ServiceError(503, 'UNAVAILABLE', 'the server is shutting down'));
      stops.push(s.worker.terminate());
    }
    this.slots.clear();
    await Promise.all(stops);
  }

  private settle(p: Pending, outcome: JobResult | Error): void {
    if (p.done) return;
    p.done = true;
    clearTimeout(p.timer);
    const i = this.queue.indexOf(p);
    if (i >= 0) this.queue.splice(i, 1);
    if (outcome instanceof Error) p.reject(outcome);
    else p.resolve(outcome);
  }

  private timedOut(p: Pending, ms: number): void {
    if (p.done) return;
    const slot = p.slot;
    this.settle(p, new ServiceError(504, 'TIMEOUT', `the request took longer than its time limit of ${ms} ms${slot ? '; its worker was stopped and replaced' : ' (waiting for a free worker)'}`));
    if (slot) this.lose(slot, 'timeout');
  }

  /** The queued job a free worker takes next: the oldest ordinary one, else the oldest heavy one while the heavy lane has room. */
  private nextJob(): number {
    const ordinary = this.queue.findIndex((p) => !p.heavy);
    if (ordinary >= 0) return ordinary;
    return this.queue.length > 0 && this.heavyRunning < this.maxHeavy ? 0 : -1;
  }

  private dispatch(): void {
    for (const s of this.slots) {
      if (this.queue.length === 0) return;
      if (!s.ready || s.gone || s.current) continue;
      const next = this.nextJob();
      if (next < 0) return;
      const p = this.queue.splice(next, 1)[0]!;
      p.slot = s;
      s.current = p;
      s.worker.postMessage(p.job);
    }
  }

  /** Gives up on a worker: stops it and starts another once it is gone. */
  private lose(slot: Slot, reason: 'timeout' | 'out_of_memory' | 'crash'): void {
    if (slot.gone) return;
    slot.gone = true;
    slot.current = undefined;
    this.restarts++;
    this.options.onRestart?.(reason);
    // Replace it once its thread is gone, so two heaps never overlap for long.
    slot.worker.once('exit', () => {
      this.slots.delete(slot);
      if (!this.closed) this.respawn();
    });
    void slot.worker.terminate();
    // A heavy job gone frees the heavy lane for another worker.
    this.dispatch();
  }

  private respawn(): void {
    this.spawn().catch(() => {
      // A replacement that cannot start (the model file gone meanwhile): try again later.
      if (this.closed) return;
      this.retryTimer = setTimeout(() => this.respawn(), RETRY_START_MS);
    });
  }

  private spawn(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const worker = new Worker(this.workerUrl, {
        workerData: { modelPath: this.options.modelPath },
        // Flags only the main script can take (node --input-type=module -e ...) would stop the worker.
        execArgv: process.execArgv.filter((a) => !a.startsWith('--input-type')),
        resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
      });
      const slot: Slot = { worker, ready: false, gone: false };
      this.slots.add(slot);
      worker.on('message', (msg: { ready?: boolean; model?: ModelInfo; loadError?: { code: string; message: string } } | JobReply) => {
        if (slot.gone) return;
        if ('loadError' in msg && msg.loadError) {
          slot.gone = true;
          this.slots.delete(slot);
          return reject(new PithError(msg.loadError.code === 'INTERNAL' ? 'BAD_MODEL' : (msg.loadError.code as 'BAD_MODEL'), msg.loadError.message));
        }
        if ('ready' in msg && msg.ready) {
          slot.ready = true;
          this.model ??= msg.model;
          if (this.closed) void worker.terminate();
          resolve();
          return this.dispatch();
        }
        const reply = msg as JobReply;
        const p = slot.current;
        if (!p || p.job.id !== reply.id) return;
        slot.current = undefined;
        if (reply.ok) this.settle(p, reply);
        else this.settle(p, new ServiceError(statusOfCode(reply.error.code as ServiceErrorCode), reply.error.code as ServiceErrorCode, reply.error.message));
        this.dispatch();
      });
      worker.on('error', (e: Error & { code?: string }) => {
        if (slot.gone) return;
        if (!slot.ready) {
          slot.gone = true;
          this.slots.delete(slot);
          return reject(new PithError('IO', `a worker could not start: ${e.message}`));
        }
        const p = slot.current;
        const oom = e.code === 'ERR_WORKER_OUT_OF_MEMORY';
        if (p) {
          this.settle(p, oom
            ? new ServiceError(422, 'OUT_OF_MEMORY', `the page needs more than a worker's ${this.options.heapMb} MB heap; its worker was replaced`)
            : new ServiceError(500, 'INTERNAL', `the worker failed: ${e.message}`));
        }
        this.lose(slot, oom ? 'out_of_memory' : 'crash');
      });
      worker.on('exit', (code) => {
        if (slot.gone) return;
        if (!slot.ready) {
          slot.gone = true;
          this.slots.delete(slot);
          return reject(new PithError('IO', `a worker exited while loading the model (code ${code})`));
        }
        if (this.closed) return;
        // Gone without an error event: the same as a crash.
        const p = slot.current;
        if (p) this.settle(p, new ServiceError(500, 'INTERNAL', `the worker exited (code ${code})`));
        slot.gone = true;
        this.slots.delete(slot);
        this.restarts++;
        this.options.onRestart?.('crash');
        this.respawn();
      });
    });
  }
}
