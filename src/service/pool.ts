/**
 * The service's workers: the generic worker pool (src/util/worker-pool) on the service worker
 * module (worker.ts), `size` threads each with the model loaded once and a heap limit, one
 * page at a time each. Its failures become the service's answers: a deadline past (queued:
 * dropped; running: its worker stopped and replaced) is TIMEOUT, a worker over its heap is
 * OUT_OF_MEMORY, any other lost worker INTERNAL, a closed pool UNAVAILABLE.
 *
 * Heavy jobs (pages the server weighed as costly: src/service/page-input.ts) run on at most
 * `maxHeavyRunning` workers at once, and a free worker takes the oldest ordinary job before
 * any heavy one, so a burst of costly pages delays ordinary ones by one page at most.
 */
import { PithError, type PithErrorCode } from '../errors.js';
import { PoolTaskError, WorkerPool, WorkerStartError, type LossReason } from '../util/worker-pool/pool.js';
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
  readonly onRestart?: (reason: LossReason) => void;
}

export type JobResult = Extract<JobReply, { ok: true }>;

export class ExtractionPool {
  private readonly pool: WorkerPool<ExtractJob, JobReply>;

  constructor(private readonly options: PoolOptions) {
    this.pool = new WorkerPool<ExtractJob, JobReply>({
      module: new URL('./worker.js', import.meta.url),
      size: options.size,
      workerData: { modelPath: options.modelPath },
      heapMb: options.heapMb,
      maxHeavyRunning: options.maxHeavyRunning ?? Math.max(1, options.size - 1),
      ...(options.onRestart ? { onRestart: options.onRestart } : {}),
    });
  }

  /** Starts every worker; resolves once all have loaded the model, rejects if one cannot (bad model). */
  async start(): Promise<void> {
    await this.pool.start().catch((e: unknown) => {
      throw e instanceof WorkerStartError ? startError(e) : e;
    });
  }

  /** What the workers loaded. */
  get model(): ModelInfo | undefined {
    return this.pool.info as ModelInfo | undefined;
  }

  get restarts(): number {
    return this.pool.restarts;
  }

  get readyWorkers(): number {
    return this.pool.readyWorkers;
  }

  get busyWorkers(): number {
    return this.pool.busyWorkers;
  }

  get queued(): number {
    return this.pool.queued;
  }

  /** Workers on a heavy job now. */
  get heavyRunning(): number {
    return this.pool.heavyRunning;
  }

  /**
   * Runs one job by `deadline` (Date.now() time); rejects with a ServiceError (TIMEOUT,
   * OUT_OF_MEMORY, INTERNAL, UNAVAILABLE) or the page's own error. `limitMs`: the request's
   * whole time limit, named in the TIMEOUT message (the deadline may be nearer after a fetch).
   * `heavy`: the job goes in the heavy lane (see above).
   */
  async run(job: ExtractJob, deadline: number, signal?: AbortSignal, limitMs?: number, heavy = false): Promise<JobResult> {
    const deadlineMs = Math.max(0, deadline - Date.now());
    let reply: JobReply;
    try {
      reply = await this.pool.run(job, { deadlineMs, heavy, ...(signal ? { signal } : {}) });
    } catch (e) {
      throw e instanceof PoolTaskError ? this.serviceError(e, limitMs ?? deadlineMs) : e;
    }
    if (reply.ok) return reply;
    throw new ServiceError(statusOfCode(reply.error.code as ServiceErrorCode), reply.error.code as ServiceErrorCode, reply.error.message);
  }

  /** Stops every worker; queued and running jobs fail with UNAVAILABLE. */
  close(): Promise<void> {
    return this.pool.close();
  }

  private serviceError(e: PoolTaskError, limitMs: number): ServiceError {
    switch (e.failure) {
      case 'timeout':
        return new ServiceError(504, 'TIMEOUT', `the request took longer than its time limit of ${limitMs} ms${e.started ? '; its worker was stopped and replaced' : ' (waiting for a free worker)'}`);
      case 'out_of_memory':
        return new ServiceError(422, 'OUT_OF_MEMORY', `the page needs more than a worker's ${this.options.heapMb} MB heap; its worker was replaced`);
      case 'crash':
        return new ServiceError(500, 'INTERNAL', e.exitCode !== undefined ? `the worker exited (code ${e.exitCode})` : `the worker failed: ${e.message}`);
      case 'aborted':
        // The client left: a queued job is dropped; a running one finishes (its worker is not stopped for it).
        return new ServiceError(499, 'BAD_REQUEST', 'the client closed the connection');
      case 'closed':
        return new ServiceError(503, 'UNAVAILABLE', 'the server is shutting down');
      case 'failed':
        return new ServiceError(500, 'INTERNAL', `the worker failed: ${e.message}`);
    }
  }
}

/** A worker that could not start: the model's own error (BAD_MODEL when it gave no code of pith's). */
function startError(e: WorkerStartError): PithError {
  if (!e.thrown) return new PithError('IO', `a worker exited while loading the model (code ${e.exitCode})`);
  const code = e.thrown.name === 'PithError' && typeof e.thrown.code === 'string' && e.thrown.code !== 'INTERNAL' ? (e.thrown.code as PithErrorCode) : 'BAD_MODEL';
  return new PithError(code, e.thrown.message);
}
