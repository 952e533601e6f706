/**
 * The messages between a worker pool (pool.ts) and the worker threads it starts (host.ts).
 * A worker answers its tasks one after another in the order they were sent, so the pool
 * knows which task each answer belongs to without ids.
 */

/** Pool -> worker. */
export type ToWorker<I> =
  | { readonly kind: 'task'; readonly task: I }
  /** Finish the tasks in hand, release what the worker holds (a browser), then say `closed`. */
  | { readonly kind: 'close' };

/** Worker -> pool. */
export type FromWorker<O> =
  /** Loaded and waiting for tasks; `info` describes what it loaded (the pool keeps the first). */
  | { readonly kind: 'ready'; readonly info?: unknown }
  | { readonly kind: 'done'; readonly value: O }
  /** The handler threw: the task fails, the worker goes on. */
  | { readonly kind: 'failed'; readonly error: TaskFailure }
  | { readonly kind: 'closed' };

/** What a task's handler threw, as a worker reports it: its message and its string `code`, if any. */
export interface TaskFailure {
  readonly code?: string;
  readonly message: string;
}

/** The failure a thrown value stands for (the same in a worker thread and in the pool's own thread). */
export function taskFailure(e: unknown): TaskFailure {
  const err = e as Error & { code?: unknown };
  return { ...(typeof err?.code === 'string' ? { code: err.code } : {}), message: err?.message ?? String(e) };
}
