/** The queue worker's extraction threads (batch worker threads in a worker pool). */
import { PoolTaskError, WorkerPool, WorkerStartError } from '../util/worker-pool/pool.js';
import type { PageMessage, PageReply } from '../batch/batch-worker.js';
import type { PageHandlerInit } from '../batch/batch-page.js';
import { RetryableError } from './job-errors.js';

export interface Outcome {
  readonly line: string;
  readonly ok: boolean;
}

/**
 * The extraction threads: a worker pool (src/util/worker-pool) of batch worker threads, one
 * page each at a time. A thread lost (crashed, over its heap or over the time limit) is
 * replaced; its page fails with a RetryableError, to be tried again.
 */
export class ExtractionThreads {
  private readonly pool: WorkerPool<PageMessage, PageReply>;

  constructor(size: number, init: PageHandlerInit, private readonly heapMb: number, private readonly timeoutMs: number) {
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

