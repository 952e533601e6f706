/**
 * Clocks that tests move themselves (src/util/clock.ts), so that what is checked is the
 * schedule the code keeps, not how fast a loaded machine ran it.
 */
import type { Clock } from '../../src/util/clock.js';

/** Time stands still until the test calls `advance`; a sleep ends when time reaches its end. */
export class ManualClock implements Clock {
  private t = 0;
  private waiters: Array<{ at: number; wake: () => void }> = [];

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const waiter = { at: this.t + Math.max(0, ms), wake: resolve };
      this.waiters.push(waiter);
      signal?.addEventListener('abort', () => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve();
      }, { once: true });
    });
  }

  /** Moves time on by `ms` and wakes every sleep that has ended by then. */
  advance(ms: number): void {
    this.t += ms;
    const due = this.waiters.filter((w) => w.at <= this.t);
    this.waiters = this.waiters.filter((w) => w.at > this.t);
    for (const w of due) w.wake();
  }
}

/**
 * Time moves only by sleeping: a sleep of `ms` moves time on to its end (never back) on the
 * next turn of the event loop, unless it was cut short. Real work in between (a request to a
 * loopback server) takes no time on this clock, so every gap a test sees between two events
 * is one the code chose to wait.
 */
export class SleepDrivenClock implements Clock {
  private t = 0;

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    const end = this.t + Math.max(0, ms);
    return new Promise<void>((resolve) => {
      setImmediate(() => {
        if (!signal?.aborted) this.t = Math.max(this.t, end);
        resolve();
      });
    });
  }
}
