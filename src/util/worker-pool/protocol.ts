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
  | { readonly kind: 'failed'; readonly error: { readonly code?: string; readonly message: string } }
  | { readonly kind: 'closed' };
