/**
 * Time for code whose behaviour is timing (pauses between requests to a host, leases): the
 * real clock unless the caller passes another. Tests pass a clock they move themselves, so
 * they check the schedule itself, whatever the load on the machine.
 */
export interface Clock {
  /** Milliseconds; only differences between two readings mean anything. */
  now(): number;
  /** Resolves once `now()` has moved on by `ms`, or early (at once) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The machine's monotonic clock and real timers. */
export const systemClock: Clock = Object.freeze({
  now: (): number => performance.now(),
  sleep: (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      signal?.addEventListener('abort', done, { once: true });
    }),
});
