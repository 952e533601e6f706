/**
 * The worker's guards against a Redis restart (src/queue/worker.ts, docs/queue.md "Redis down or
 * restarted"): the stall watchdog's decision, counted look by look; on a real Redis, a worker
 * whose blocking fetch Redis refuses (ACL) while pages wait is replaced and every page written
 * once; a worker told to stop while BullMQ's blocking connection waits to reconnect stops once it
 * is back instead of hanging.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { fixture } from '../helpers/paths.js';
import { JobsInHand, StallWatchdog, STALL_TICK_MS, STALL_TICKS } from '../../src/queue/worker.js';
import { assertOnce, assertStillRunning, enqueue, exitsOrDiagnosis, exported, haveRedis, NO_REDIS, pith, sleep, status, withRedis, type Running } from './redis.js';

const skip = haveRedis ? false : NO_REDIS;

test('stall watchdog: stuck only after STALL_TICKS looks in a row with pages waiting, none in hand, none taken', () => {
  const w = new StallWatchdog(3);
  assert.equal(w.look(5, 0, 4), false, 'the first look has nothing to compare with');
  assert.equal(w.look(5, 0, 4), false);
  assert.equal(w.look(5, 0, 4), false);
  assert.equal(w.look(5, 0, 4), true, 'three still looks after the first');
  assert.equal(w.look(5, 0, 4), false, 'the count starts again after a verdict');
  const reset = (taken: number, inHand: number, waiting: number | undefined, why: string): void => {
    const v = new StallWatchdog(2);
    v.look(1, 0, 3);
    v.look(1, 0, 3);
    assert.equal(v.look(taken, inHand, waiting), false, `${why}: the count starts again`);
    const stuckLater = inHand === 0 && waiting !== undefined && waiting > 0;
    assert.deepEqual([v.look(taken, inHand, waiting), v.look(taken, inHand, waiting)], [false, stuckLater], `${why}: then two still looks are stuck only with pages waiting and none in hand`);
  };
  reset(2, 0, 3, 'a page taken since the last look');
  reset(1, 1, 3, 'a page in hand');
  reset(1, 0, 0, 'nothing waiting');
  reset(1, 0, undefined, 'the count unknown (Redis away)');
  assert.ok(STALL_TICKS * STALL_TICK_MS >= 12_000, 'longer than two of BullMQ\'s longest waits for a job (5 s BZPOPMIN + its 1 s guard)');
});

test('jobs in hand: taken and in hand counted across processors, a failing page included', async () => {
  const hand = new JobsInHand();
  let release: () => void = () => undefined;
  const slow = hand.track(() => new Promise<string>((r) => (release = () => r('done'))));
  const failing = hand.track(async (): Promise<string> => {
    throw new Error('no page');
  });
  const pending = slow();
  assert.deepEqual([hand.taken, hand.inHand], [1, 1]);
  await assert.rejects(failing(), /no page/);
  assert.deepEqual([hand.taken, hand.inHand], [2, 1]);
  release();
  assert.equal(await pending, 'done');
  assert.deepEqual([hand.taken, hand.inHand], [2, 0]);
});

function pagesDir(dir: string, n: number): { pages: string; ids: string[] } {
  const pages = join(dir, 'pages');
  mkdirSync(pages);
  const ids: string[] = [];
  for (let k = 0; k < n; k++) {
    copyFileSync(fixture('pages', 'news-article.html'), join(pages, `story-${k}.html`));
    ids.push(`story-${k}`);
  }
  return { pages, ids };
}

/** A `pith worker` that runs until stopped (no --until-empty), one thread, 1 s locks. */
const runningWorker = (url: string): Running => pith('worker', '--redis', url, '--concurrency', '1', '--lock-secs', '1');

async function until(what: string, workers: readonly Running[], check: () => Promise<boolean> | boolean): Promise<void> {
  for (let k = 0; k < 1200; k++) {
    if (await check()) return;
    await assertStillRunning(workers);
    await sleep(100);
  }
  await exitsOrDiagnosis(workers, 0);
  assert.fail(`never: ${what}`);
}

const stderrOf = new WeakMap<Running, string>();
function watchStderr(w: Running): void {
  stderrOf.set(w, '');
  w.child.stderr!.on('data', (d) => stderrOf.set(w, stderrOf.get(w)! + String(d)));
}

test('a worker that takes no page while pages wait (Redis refuses its BZPOPMIN) is replaced; every page written once', { skip, timeout: 150_000 }, async () => {
  await withRedis('stall', async (redis, dir) => {
    const admin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      // BullMQ fetches by BZPOPMIN once the queue has run dry; refused, its fetch loop never takes
      // a page again (it retries the refused command), while a fresh worker's first fetch is a
      // plain move to active.
      await admin.acl('SETUSER', 'default', '-bzpopmin');
      const { pages, ids } = pagesDir(dir, 6);
      const w = runningWorker(redis.url);
      watchStderr(w);
      await until('the worker asked for a job by BZPOPMIN', [w], async () => JSON.stringify(await admin.acl('LOG')).includes('bzpopmin'));
      await enqueue(redis.url, [pages]);
      await until('every page written', [w], async () => (await status(redis.url)).done === ids.length);
      assert.match(stderrOf.get(w)!, /worker: took no page for 12 s while 6 wait \(last error: NOPERM[^)]*\); starting a fresh BullMQ worker/);
      w.child.kill('SIGTERM');
      const [end] = await exitsOrDiagnosis([w], 60_000);
      assert.equal(end!.code, 0, end!.stderr);
      assert.match(end!.stderr, /worker: 6 written, 0 done again/);
      assertOnce(await exported(redis.url, dir), ids);
      const after = await status(redis.url);
      assert.deepEqual({ done: after.done, dead: after.dead, waiting: after.waiting, active: after.active }, { done: 6, dead: 0, waiting: 0, active: 0 });
    } finally {
      admin.disconnect();
    }
  });
});

/** Redis' clients as id, name and last command. */
async function clients(admin: Redis): Promise<Array<{ id: string; name: string; cmd: string }>> {
  const text = (await admin.client('LIST')) as string;
  return text.split('\n').filter(Boolean).map((l) => {
    const f = Object.fromEntries(l.split(' ').map((kv) => kv.split('=') as [string, string]));
    return { id: f.id!, name: f.name ?? '', cmd: f.cmd ?? '' };
  });
}

test('a stop while BullMQ\'s blocking connection waits to reconnect: the worker waits for it, then exits 0', { skip, timeout: 120_000 }, async () => {
  await withRedis('stop-reconnecting', async (redis) => {
    const admin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      const w = runningWorker(redis.url);
      watchStderr(w);
      let blocking: { id: string } | undefined;
      await until('the worker waits for a job by BZPOPMIN', [w], async () => (blocking = (await clients(admin)).find((c) => c.name.startsWith('bull:') && c.cmd === 'bzpopmin')) !== undefined);
      // No new connection from now on: the blocking one, killed, keeps failing to reconnect.
      const connected = (await clients(admin)).length;
      await admin.config('SET', 'maxclients', String(connected - 1));
      await admin.client('KILL', 'ID', blocking!.id);
      w.child.kill('SIGTERM');
      await until('the worker waits for its blocking connection before stopping', [w], () => /waiting for Redis before stopping/.test(stderrOf.get(w)!));
      await admin.config('SET', 'maxclients', '10000');
      const [end] = await exitsOrDiagnosis([w], 60_000);
      assert.equal(end!.code, 0, end!.stderr);
      assert.match(end!.stderr, /worker: 0 written/);
    } finally {
      admin.disconnect();
    }
  });
});
