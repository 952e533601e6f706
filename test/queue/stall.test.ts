/**
 * The worker's guards against a Redis restart (src/queue/worker.ts, docs/queue.md "Redis down or
 * restarted"): the stall watchdog's decision, counted look by look; on a real Redis, a worker
 * whose blocking fetch Redis refuses (ACL) while pages wait is replaced and every page written
 * once; a worker told to stop while BullMQ's blocking connection waits to reconnect finishes the
 * page in hand once it is back instead of hanging, and with no page in hand does not wait for a
 * Redis that is gone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { fixture } from '../helpers/paths.js';
import { queueStatus } from '../../src/queue/queue.js';
import { JobsInHand, StallWatchdog, STALL_TICK_MS, STALL_TICKS } from '../../src/queue/worker.js';
import { assertOnce, assertStillRunning, clientList, enqueue, exitsOrDiagnosis, exported, haveRedis, killAll, NO_REDIS, outputs, pith, sleep, status, storyPages, withRedis, type Running } from './redis.js';

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

/** A `pith worker` that runs until stopped (no --until-empty), one thread, 1 s locks. */
const runningWorker = (url: string): Running => pith('worker', '--redis', url, '--concurrency', '1', '--lock-secs', '1');

/** How long `until` waits; a hang guard (well under the tests' limits, so a failure shows the workers' output), not a timing check. */
const UNTIL_LIMIT_MS = 60_000;

/** Waits until `check` holds; fails with the workers' output if one ends first or it never holds within UNTIL_LIMIT_MS. */
async function until(what: string, workers: readonly Running[], check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + UNTIL_LIMIT_MS;
  while (Date.now() < deadline) {
    if (await check()) return;
    await assertStillRunning(workers);
    await sleep(100);
  }
  assert.fail(`never within ${UNTIL_LIMIT_MS / 1000} s: ${what}; the workers, killed, wrote:\n${outputs(await killAll(workers))}`);
}

test('a worker that takes no page while pages wait (Redis refuses its BZPOPMIN) is replaced; every page written once', { skip, timeout: 150_000 }, async () => {
  await withRedis('stall', async (redis, dir) => {
    const admin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      // BullMQ fetches by BZPOPMIN once the queue has run dry; refused, its fetch loop never takes
      // a page again (it retries the refused command), while a fresh worker's first fetch is a
      // plain move to active.
      await admin.acl('SETUSER', 'default', '-bzpopmin');
      const { pages, ids } = storyPages(dir, 6);
      const w = runningWorker(redis.url);
      await until('the worker asked for a job by BZPOPMIN', [w], async () => JSON.stringify(await admin.acl('LOG')).includes('bzpopmin'));
      await enqueue(redis.url, [pages]);
      await until('every page written', [w], async () => (await status(redis.url)).done === ids.length);
      assert.match(w.stderr(), /worker: took no page for 12 s while 6 wait \(last error: NOPERM[^)]*\); starting a fresh BullMQ worker/);
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

/** Redis' count of connections it refused (maxclients reached). */
async function rejectedConnections(admin: Redis): Promise<number> {
  const m = /rejected_connections:(\d+)/.exec(await admin.info('stats'));
  return Number(m![1]);
}

test('a stop with a page in hand while BullMQ\'s blocking connection waits to reconnect: the worker waits for it, writes the page, then exits 0', { skip, timeout: 120_000 }, async () => {
  await withRedis('stop-reconnecting', async (redis, dir) => {
    const admin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    const page = new HeldPage();
    try {
      const w = pith('worker', '--redis', redis.url, '--concurrency', '1', '--lock-secs', '1', '--allow-private-urls');
      let blocking: { id?: string } | undefined;
      await until('the worker waits for a job by BZPOPMIN', [w], async () => (blocking = (await clientList(admin)).find((c) => c.name?.startsWith('bull:') && c.cmd === 'bzpopmin')) !== undefined);
      const url = await page.listen();
      const urls = join(dir, 'urls.txt');
      writeFileSync(urls, url + '\n');
      await enqueue(redis.url, [], { urlsFile: urls });
      await page.requested;
      // No new connection from now on: the blocking one, killed, keeps failing to reconnect.
      const connected = (await clientList(admin)).length;
      const refusedBefore = await rejectedConnections(admin);
      await admin.config('SET', 'maxclients', String(connected - 1));
      await admin.client('KILL', 'ID', blocking!.id!);
      // The stop must find the connection down: a refused reconnect means the worker has seen it go.
      await until('Redis refused the blocking connection\'s reconnect', [w], async () => (await rejectedConnections(admin)) > refusedBefore);
      w.child.kill('SIGTERM');
      await until('the worker waits for its blocking connection before stopping', [w], () => /waiting for Redis before stopping/.test(w.stderr()));
      page.answer();
      await until('the page in hand written', [w], async () => (await queueStatus(admin)).done === 1); // admin's connection: no new one is taken now
      await assertStillRunning([w]);
      await admin.config('SET', 'maxclients', '10000');
      const [end] = await exitsOrDiagnosis([w], 60_000);
      assert.equal(end!.code, 0, end!.stderr);
      assert.match(end!.stderr, /worker: 1 written/);
      assertOnce(await exported(redis.url, dir), [url]);
    } finally {
      admin.disconnect();
      await page.close();
    }
  });
});

test('a stop with no page in hand while Redis is gone: the worker does not wait for it, and exits 0', { skip, timeout: 120_000 }, async () => {
  await withRedis('stop-redis-gone', async (redis) => {
    const admin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    let w: Running;
    try {
      w = runningWorker(redis.url);
      await until('the worker waits for a job by BZPOPMIN', [w], async () => (await clientList(admin)).some((c) => c.name?.startsWith('bull:') && c.cmd === 'bzpopmin'));
    } finally {
      admin.disconnect();
    }
    await redis.kill();
    await until('the worker sees Redis gone', [w], () => /Redis unreachable/.test(w.stderr()));
    w.child.kill('SIGTERM');
    const [end] = await exitsOrDiagnosis([w], 60_000);
    assert.equal(end!.code, 0, end!.stderr);
    assert.match(end!.stderr, /Redis unreachable and no page in hand: stopping without waiting for it/);
    assert.match(end!.stderr, /worker: 0 written/);
  });
});

/** A page on a loopback server that answers only when told (so a worker holds it as long as a test needs). */
class HeldPage {
  private readonly server: Server;
  private release: () => void = () => undefined;
  private onRequest: () => void = () => undefined;
  readonly requested = new Promise<void>((r) => (this.onRequest = r));
  constructor() {
    const released = new Promise<void>((r) => (this.release = r));
    this.server = createServer((req, res) => {
      if (req.url !== '/held.html') return void res.writeHead(404).end(); // robots.txt
      this.onRequest();
      void released.then(() => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(readFileSync(fixture('pages', 'news-article.html')));
      });
    });
  }
  async listen(): Promise<string> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}/held.html`;
  }
  answer(): void {
    this.release();
  }
  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
