/**
 * The generic worker pool (src/util/worker-pool) on real worker threads started from a tiny
 * fixture module. Deadlines run on a clock the test moves, so nothing here depends on how fast
 * the machine is.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PoolTaskError, WorkerPool, type WorkerPoolOptions } from '../../src/util/worker-pool/pool.js';
import { ManualClock } from '../helpers/clock.js';
import type { FixtureTask } from './worker-pool-fixture.js';

const FIXTURE = new URL('./worker-pool-fixture.js', import.meta.url);

async function startedPool(options: Partial<WorkerPoolOptions> = {}): Promise<WorkerPool<FixtureTask, string>> {
  const pool = new WorkerPool<FixtureTask, string>({ module: FIXTURE, size: 1, ...options });
  await pool.start();
  return pool;
}

/** Waits (polling, at most a generous while) for what the pool does on its own: a replacement starting. */
async function eventually(what: string, ok: () => boolean): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    if (ok()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.fail(`never happened: ${what}`);
}

const failureOf = async (p: Promise<unknown>): Promise<PoolTaskError> => {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof PoolTaskError, `a PoolTaskError, got ${String(e)}`);
    return e;
  }
  assert.fail('the task should have failed');
};

test('worker pool: answers tasks; a handler that throws fails only its task', async () => {
  const pool = await startedPool({ size: 2 });
  try {
    assert.deepEqual(pool.info, { fixture: true });
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((value) => pool.run({ do: 'echo', value })));
    assert.deepEqual(answers, ['a', 'b', 'c', 'd']);
    const thrown = await failureOf(pool.run({ do: 'throw', message: 'no such thing' }));
    assert.deepEqual([thrown.failure, thrown.code, thrown.message], ['failed', 'FIXTURE', 'no such thing']);
    assert.equal(await pool.run({ do: 'echo', value: 'after' }), 'after');
    assert.equal(pool.restarts, 0);
  } finally {
    await pool.close();
  }
});

test('worker pool: a worker that exits is replaced; its task fails as a crash with the exit code', async () => {
  const reasons: string[] = [];
  const pool = await startedPool({ onRestart: (r) => reasons.push(r) });
  try {
    const crash = await failureOf(pool.run({ do: 'exit', code: 7 }));
    assert.deepEqual([crash.failure, crash.exitCode, crash.started], ['crash', 7, true]);
    assert.equal(await pool.run({ do: 'echo', value: 'next' }), 'next');
    assert.deepEqual(reasons, ['crash']);
    assert.equal(pool.restarts, 1);
    await eventually('one worker ready again', () => pool.readyWorkers === 1);
  } finally {
    await pool.close();
  }
});

test('worker pool: a task past its time limit stops its worker; the tasks sent after it are done by the replacement', async () => {
  const clock = new ManualClock();
  const reasons: string[] = [];
  const pool = await startedPool({ clock, taskTimeoutMs: 1000, tasksPerWorker: 2, onRestart: (r) => reasons.push(r) });
  try {
    const spin = failureOf(pool.run({ do: 'spin' }));
    const behind = pool.run({ do: 'echo', value: 'behind' });
    assert.equal(pool.busyWorkers, 1);
    assert.equal(pool.queued, 0, 'both sent to the one worker');
    clock.advance(999);
    assert.equal(pool.restarts, 0, 'not before the limit');
    clock.advance(1);
    const timedOut = await spin;
    assert.deepEqual([timedOut.failure, timedOut.started], ['timeout', true]);
    assert.equal(await behind, 'behind');
    assert.deepEqual(reasons, ['timeout']);
  } finally {
    await pool.close();
  }
});

test('worker pool: a deadline counts the wait: a task still queued when it passes is dropped, its worker untouched', async () => {
  const clock = new ManualClock();
  const pool = await startedPool({ clock });
  try {
    const spin = failureOf(pool.run({ do: 'spin' }, { deadlineMs: 5000 }));
    const waiting = failureOf(pool.run({ do: 'echo', value: 'late' }, { deadlineMs: 2000 }));
    clock.advance(2000);
    const dropped = await waiting;
    assert.deepEqual([dropped.failure, dropped.started], ['timeout', false]);
    assert.equal(pool.restarts, 0);
    clock.advance(3000);
    assert.equal((await spin).failure, 'timeout');
    assert.equal(pool.restarts, 1);
    assert.equal(await pool.run({ do: 'echo', value: 'fresh' }), 'fresh');
  } finally {
    await pool.close();
  }
});

test('worker pool: a task over the heap limit fails as out_of_memory and its worker is replaced', { timeout: 120_000 }, async () => {
  const pool = await startedPool({ heapMb: 32 });
  try {
    const oom = await failureOf(pool.run({ do: 'grow' }));
    assert.equal(oom.failure, 'out_of_memory');
    assert.equal(pool.restarts, 1);
    assert.equal(await pool.run({ do: 'echo', value: 'still here' }), 'still here');
  } finally {
    await pool.close();
  }
});

test('worker pool: submit waits while the queue is full and goes on once a task leaves it', async () => {
  const clock = new ManualClock();
  const pool = await startedPool({ clock, maxQueued: 2, taskTimeoutMs: 1000 });
  try {
    const spin = failureOf(pool.run({ do: 'spin' }));
    const first = await pool.submit({ do: 'echo', value: '1' });
    const second = await pool.submit({ do: 'echo', value: '2' });
    assert.equal(pool.queued, 2);
    let admitted = false;
    const third = pool.submit({ do: 'echo', value: '3' }).then((s) => ((admitted = true), s));
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    assert.equal(admitted, false, 'no room while two wait and the worker spins');
    assert.equal(pool.queued, 2);
    clock.advance(1000); // the spinning worker is stopped; its replacement takes the queued tasks
    assert.equal((await spin).failure, 'timeout');
    const answers = await Promise.all([first.result, second.result, (await third).result]);
    assert.deepEqual(answers, ['1', '2', '3']);
  } finally {
    await pool.close();
  }
});

test('worker pool: heavy tasks take at most their share of the workers; an ordinary task goes before a waiting heavy one', async () => {
  const clock = new ManualClock();
  const pool = await startedPool({ clock, size: 2, maxHeavyRunning: 1 });
  try {
    const running = failureOf(pool.run({ do: 'spin' }, { heavy: true, deadlineMs: 1000 }));
    const waiting = failureOf(pool.run({ do: 'spin' }, { heavy: true, deadlineMs: 500 }));
    assert.equal(pool.heavyRunning, 1);
    assert.equal(pool.queued, 1, 'the second heavy task waits');
    assert.equal(await pool.run({ do: 'echo', value: 'ordinary' }), 'ordinary');
    clock.advance(500);
    assert.deepEqual([(await waiting).failure, (await waiting).started, pool.restarts], ['timeout', false, 0]);
    clock.advance(500);
    assert.deepEqual([(await running).failure, (await running).started], ['timeout', true]);
  } finally {
    await pool.close();
  }
});

test('worker pool: close fails the waiting and running tasks; with a grace period each worker releases what it holds first', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-pool-'));
  try {
    const closedLog = join(dir, 'closed.log');
    const graceful = await startedPool({ size: 2, workerData: { closedLog }, clock: new ManualClock() });
    assert.equal(await graceful.run({ do: 'echo', value: 'x' }), 'x');
    await graceful.close(5000); // on a clock that never moves: it returns because both workers said closed
    assert.equal(readFileSync(closedLog, 'utf8'), 'closed\nclosed\n');
    const pool = await startedPool();
    const running = failureOf(pool.run({ do: 'spin' }));
    const waiting = failureOf(pool.run({ do: 'echo', value: 'never' }));
    await pool.close();
    assert.deepEqual([(await running).failure, (await waiting).failure], ['closed', 'closed']);
    assert.equal((await failureOf(pool.run({ do: 'echo', value: 'after' }))).failure, 'closed');
    assert.equal((await failureOf(pool.submit({ do: 'echo', value: 'after' }).then((s) => s.result))).failure, 'closed');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('worker pool: start rejects with the error of a worker that cannot start', async () => {
  const pool = new WorkerPool<FixtureTask, string>({ module: FIXTURE, size: 2, workerData: { failToStart: true } });
  await assert.rejects(pool.start(), /the fixture was told not to start/);
  await pool.close();
});

test('worker pool: a replacement that cannot start is reported and tried again after the restart delay', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-pool-'));
  const flag = join(dir, 'refuse');
  const clock = new ManualClock();
  const startErrors: string[] = [];
  const pool = await startedPool({ clock, restartDelayMs: 1000, workerData: { failWhileExists: flag }, onStartError: (e) => startErrors.push(e.thrown?.message ?? e.message) });
  try {
    writeFileSync(flag, '');
    assert.equal((await failureOf(pool.run({ do: 'exit', code: 1 }))).failure, 'crash');
    await eventually('the replacement failed to start', () => startErrors.length === 1);
    assert.deepEqual(startErrors, ['the fixture was told not to start']);
    const waiting = pool.run({ do: 'echo', value: 'once back' });
    unlinkSync(flag);
    clock.advance(1000);
    assert.equal(await waiting, 'once back');
    assert.equal(startErrors.length, 1);
  } finally {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
