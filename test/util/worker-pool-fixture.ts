/**
 * A tiny worker module for test/util/worker-pool.test.ts: each task says what the worker
 * should do with it (answer, loop forever, exit, outgrow its heap, throw).
 */
import { appendFileSync, existsSync } from 'node:fs';
import { isMainThread, workerData } from 'node:worker_threads';
import { serveTasks } from '../../src/util/worker-pool/host.js';

export type FixtureTask =
  | { readonly do: 'echo'; readonly value: string }
  | { readonly do: 'spin' }
  | { readonly do: 'exit'; readonly code: number }
  | { readonly do: 'grow' }
  | { readonly do: 'throw'; readonly message: string };

const { closedLog, failToStart, failWhileExists } = (workerData ?? {}) as { closedLog?: string; failToStart?: boolean; failWhileExists?: string };

// `node --test dist/test/` also loads this file as a test file, on the main thread: there it serves nothing.
if (!isMainThread) await serveTasks<FixtureTask, string>(() => {
  if (failToStart || (failWhileExists !== undefined && existsSync(failWhileExists))) throw new Error('the fixture was told not to start');
  return {
    info: { fixture: true },
    handle(task) {
      switch (task.do) {
        case 'echo':
          return task.value;
        case 'spin':
          for (;;);
        case 'exit':
          process.exit(task.code);
        case 'grow': {
          const held: number[][] = [];
          for (;;) held.push(Array.from({ length: 100_000 }, (_, i) => i));
        }
        case 'throw':
          throw Object.assign(new Error(task.message), { code: 'FIXTURE' });
      }
    },
    async close() {
      if (closedLog !== undefined) appendFileSync(closedLog, 'closed\n');
    },
  };
});
