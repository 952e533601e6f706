/**
 * Per-host politeness across queue workers (src/queue/host-gate.ts): real Redis, real worker
 * processes, real loopback HTTP servers that record every request per Host. The limits hold
 * across workers, a busy host delays a page without spending a try, another host is not held
 * up, and a SIGKILLed worker's hold on a host runs out.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { fixture } from '../helpers/paths.js';
import { assertOnce, enqueue, exported, haveRedis, NO_REDIS, pith, restartRedisUnder, sleep, status, TITLE, withRedis, worker, type RedisServer } from './redis.js';
import { clearHostState, HostGate, readPoliteness, storePoliteness } from '../../src/queue/host-gate.js';
import { ManualClock } from '../helpers/clock.js';

const skip = haveRedis ? false : NO_REDIS;
const html = readFileSync(fixture('pages', 'news-article.html'));

interface Hit {
  readonly host: string;
  readonly path: string;
  readonly start: number;
  end: number;
}

/** Loopback HTTP servers sharing one log: every request's Host, path, start and end, and the most in flight per Host. */
class RecordingServers {
  readonly hits: Hit[] = [];
  readonly maxInflight = new Map<string, number>();
  private readonly inflight = new Map<string, number>();
  private readonly servers: Server[] = [];
  private firstHeld: () => void = () => undefined;
  /** Resolves when a request is held (see `holdFirst`). */
  readonly held = new Promise<void>((r) => (this.firstHeld = r));

  /** Where a request's path redirects to (another host's URL), if anywhere. */
  redirect: (path: string) => string | undefined = () => undefined;
  /** Runs when a request arrives, before it is answered (or held): a look at Redis while the fetch is in flight. */
  onArrival: (hit: Hit) => Promise<void> = async () => undefined;

  /** `respondMs`: how long each answer takes; `holdFirst`: never answer the first request. */
  constructor(private readonly respondMs: number, private readonly holdFirst = false) {}

  async listen(): Promise<string> {
    const server = createServer((req, res) => this.handle(req, res));
    this.servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const host = req.headers.host ?? '';
    const hit: Hit = { host, path: req.url ?? '', start: performance.now(), end: Infinity };
    this.hits.push(hit);
    const now = (this.inflight.get(host) ?? 0) + 1;
    this.inflight.set(host, now);
    this.maxInflight.set(host, Math.max(now, this.maxInflight.get(host) ?? 0));
    res.once('close', () => {
      hit.end = performance.now();
      this.inflight.set(host, this.inflight.get(host)! - 1);
    });
    const first = this.hits.length === 1;
    const location = this.redirect(hit.path);
    void this.onArrival(hit).then(() => {
      if (this.holdFirst && first) return this.firstHeld();
      setTimeout(() => {
        if (location !== undefined) res.writeHead(302, { location }).end();
        else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      }, this.respondMs);
    });
  }

  hitsOf(base: string): Hit[] {
    return this.hits.filter((h) => `http://${h.host}` === base);
  }

  /** Requests for pages: all but robots.txt (asked once per worker and site, within the same limits). */
  pageHits(base?: string): Hit[] {
    return (base === undefined ? this.hits : this.hitsOf(base)).filter((h) => h.path !== '/robots.txt');
  }

  close(): void {
    for (const s of this.servers) {
      s.closeAllConnections();
      s.close();
    }
  }
}

/**
 * No request to one host arrived within `delayMs` after another one's answer ended. With one
 * request in flight per host, that is the delay kept. (The pause after a request's *start* is
 * tested on the gate itself: a server cannot check it, since a request reaches it some variable
 * time after its worker's turn began.)
 */
function assertPausedAfterEnd(hits: readonly Hit[], delayMs: number, what: string): void {
  for (const a of hits) for (const b of hits) {
    if (b.start > a.end) assert.ok(b.start - a.end >= delayMs, `${what}: a request ${(b.start - a.end).toFixed(1)} ms after another ended, below ${delayMs}`);
  }
}

/** A fresh Redis and recording servers (see RecordingServers) for `body`; both gone afterwards. */
async function withRedisAndServers(name: string, servers: RecordingServers, body: (redis: RedisServer, dir: string) => Promise<void>): Promise<void> {
  await withRedis(name, async (redis, dir) => {
    try {
      await body(redis, dir);
    } finally {
      servers.close();
    }
  });
}

/** `urls` as a URL list file in `dir`. */
function urlList(dir: string, urls: readonly string[]): string {
  const list = join(dir, 'urls.txt');
  writeFileSync(list, urls.join('\n') + '\n');
  return list;
}

const waitsOf = (stderr: string): number => Number(/(\d+) waits for a busy host/.exec(stderr)?.[1] ?? NaN);

test('the host gate: at most perHost leases, waiting jobs booked in turn, the delay kept, an unreleased lease runs out', { skip, timeout: 60_000 }, async () => {
  await withRedis('gate', async (redis) => {
    const [c1, c2] = [new Redis(redis.url), new Redis(redis.url)];
    try {
      assert.deepEqual(await readPoliteness(c1, 'q'), { perHost: 1, hostDelayMs: 500 }, 'the defaults of pith batch --urls');
      assert.deepEqual(await storePoliteness(c1, 'q', { perHost: 2, hostDelayMs: 0 }), { perHost: 2, hostDelayMs: 0 });
      // Two workers' gates, 400 ms leases, on one clock the test moves.
      const clock = new ManualClock();
      const [g1, g2] = [new HostGate(c1, 'q', 400, clock), new HostGate(c2, 'q', 400, clock)];
      const t1 = await g1.acquire('http://one.example/1');
      const t2 = await g2.acquire('http://one.example/2');
      assert.ok(t1.granted && t2.granted);
      const w3 = await g1.acquire('http://one.example/3');
      const w4 = await g2.acquire('http://one.example/4');
      assert.ok(!w3.granted && !w4.granted, 'a third fetch to the host waits, from either worker');
      // No delay: waiting jobs look again 100 ms / perHost apart, in turn.
      assert.deepEqual([w3.waitMs, w4.waitMs], [50, 100], 'waiting jobs are given turns one after another');
      assert.equal((await g2.acquire('http://other.example:8080/x')).granted, true, 'another host is free');
      assert.equal((await g2.acquire('http://one.example:8080/x')).granted, true, 'host:port counts as the host');
      await t1.release();
      const t5 = await g2.acquire('http://one.example/5');
      assert.equal(t5.granted, true, 'a released lease frees its place at once (no delay)');
      assert.equal((await g1.acquire('http://one.example/6')).granted, false);
      // Neither t2 nor t5 is released (their worker was killed): they run out 400 ms after they were taken.
      clock.advance(399);
      assert.equal((await g1.acquire('http://one.example/7')).granted, false, 'a lease holds until it runs out');
      clock.advance(1);
      const after = [await g1.acquire('http://one.example/8'), await g2.acquire('http://one.example/9')];
      assert.deepEqual(after.map((t) => t.granted), [true, true], 'expired leases no longer count');

      // A delay: the next request waits it out after the start and again after the end.
      await storePoliteness(c1, 'q', { hostDelayMs: 300 });
      assert.deepEqual(await readPoliteness(c2, 'q'), { perHost: 2, hostDelayMs: 300 }, 'a field not given keeps its value');
      const d1 = await g1.acquire('http://slow.example/1');
      assert.ok(d1.granted);
      const d2 = await g2.acquire('http://slow.example/2');
      assert.ok(!d2.granted && d2.waitMs === 300, `the second request waits the delay from the first's start (${!d2.granted && d2.waitMs})`);
      clock.advance(320);
      await d1.release();
      const d3 = await g2.acquire('http://slow.example/3');
      assert.ok(!d3.granted && d3.waitMs === 300, `and the delay from the first's end (${!d3.granted && d3.waitMs})`);
      clock.advance(299);
      assert.equal((await g1.acquire('http://slow.example/4')).granted, false, 'not a moment sooner');
      clock.advance(1);
      assert.equal((await g2.acquire('http://slow.example/5')).granted, true, 'then the host is free');
      await clearHostState(c1, 'q');
      assert.deepEqual(await c1.keys('pith:q:*'), [], 'clear leaves no host keys');
    } finally {
      c1.disconnect();
      c2.disconnect();
    }
  });
});

/**
 * Two worker processes of three threads each (six fetch slots: without the gate, six requests
 * at once to one host) over `nA` URLs on host A and, listed after them, `nB` on host B, each
 * answered in 200 ms. Checks what holds whatever the limits; returns the requests per host.
 */
async function crawlTwoHosts(redisUrl: string, dir: string, servers: RecordingServers, limits: { perHost: number; hostDelayMs: number }, nA: number, nB: number): Promise<{ a: Hit[]; b: Hit[]; hostA: string; hostB: string }> {
  const [hostA, hostB] = [await servers.listen(), await servers.listen()];
  const urls = [...Array.from({ length: nA }, (_, k) => `${hostA}/a/${k}.html`), ...Array.from({ length: nB }, (_, k) => `${hostB}/b/${k}.html`)];
  const list = urlList(dir, urls);
  // One try each: a wait for the host that counted as a try would dead-letter the page.
  const add = await pith('queue', 'add', '--urls', list, '--redis', redisUrl, '--per-host', String(limits.perHost), '--host-delay-ms', String(limits.hostDelayMs), '--attempts', '1').exit;
  assert.equal(add.code, 0, add.stderr);
  assert.match(add.stderr, new RegExp(`at most ${limits.perHost} fetch\\(es\\) in flight per host, ${limits.hostDelayMs} ms between requests`));
  assert.deepEqual((await status(redisUrl)).politeness, limits);
  const ends = await Promise.all([0, 1].map(() => worker(redisUrl, '--concurrency', '3', '--fetch-timeout', '5').exit));
  for (const e of ends) assert.equal(e.code, 0, e.stderr);
  assert.ok(ends.every((e) => Number.isFinite(waitsOf(e.stderr))), 'each worker reports its waits');
  assert.ok(ends.reduce((n, e) => n + waitsOf(e.stderr), 0) > 0, 'pages waited for their host');

  const [a, b] = [servers.hitsOf(hostA), servers.hitsOf(hostB)];
  assert.ok(servers.maxInflight.get(hostA.slice(7))! <= limits.perHost, `host A: at most ${limits.perHost} in flight`);
  assert.ok(servers.maxInflight.get(hostB.slice(7))! <= limits.perHost, `host B: at most ${limits.perHost} in flight`);
  assert.deepEqual(servers.pageHits().map((h) => h.path).sort(), urls.map((u) => new URL(u).pathname).sort(), 'every URL fetched exactly once');
  assert.ok(Math.max(...b.map((h) => h.end)) < Math.max(...a.map((h) => h.start)), 'host B\'s pages did not wait behind host A\'s');
  const s = await status(redisUrl);
  assert.deepEqual({ done: s.done, dead: s.dead, delayed: s.delayed }, { done: nA + nB, dead: 0, delayed: 0 });
  const lines = await exported(redisUrl, dir);
  assertOnce(lines, urls);
  for (const l of lines) assert.equal(l.title, TITLE, l.id);
  return { a, b, hostA, hostB };
}

test('two worker processes keep --per-host together: never more in flight to a host; every page once; another host not held up', { skip, timeout: 180_000 }, async () => {
  const servers = new RecordingServers(200);
  await withRedisAndServers('per-host', servers, async (redis, dir) => {
    const { hostA } = await crawlTwoHosts(redis.url, dir, servers, { perHost: 2, hostDelayMs: 0 }, 16, 3);
    assert.equal(servers.maxInflight.get(hostA.slice(7)), 2, 'the workers did use both places of host A');
  });
});

test('two worker processes keep --host-delay-ms together: a host\'s next request waits the delay after its last one ended', { skip, timeout: 180_000 }, async () => {
  const servers = new RecordingServers(200);
  await withRedisAndServers('host-delay', servers, async (redis, dir) => {
    // One in flight per host, so every request's turn began after the previous one ended.
    const { a, b } = await crawlTwoHosts(redis.url, dir, servers, { perHost: 1, hostDelayMs: 150 }, 8, 2);
    assertPausedAfterEnd(a, 150, 'host A');
    assertPausedAfterEnd(b, 150, 'host B');
  });
});

test('a worker SIGKILLed while it fetches holds the host only until its lease runs out', { skip, timeout: 120_000 }, async (t) => {
  const servers = new RecordingServers(20, true);
  await withRedisAndServers('lease', servers, async (redis, dir) => {
    const host = await servers.listen();
    const urls = Array.from({ length: 4 }, (_, k) => `${host}/p/${k}.html`);
    await enqueue(redis.url, [], { urlsFile: urlList(dir, urls), politeness: { perHost: 1, hostDelayMs: 0 } });
    // Leases as the gate keeps them, read while each fetch is in flight: expiry times on Redis' clock.
    const client = new Redis(redis.url);
    const leaseKey = `pith:pith:host:${host.slice(7)}:leases`;
    const leases: Array<{ at: number; held: Array<[string, number]> }> = [];
    servers.onArrival = async () => {
      const [[sec, micro], flat] = await Promise.all([client.time(), client.zrange(leaseKey, '0', '-1', 'WITHSCORES')]);
      const held: Array<[string, number]> = [];
      for (let k = 0; k < flat.length; k += 2) held.push([flat[k]!, Number(flat[k + 1])]);
      leases.push({ at: Number(sec) * 1000 + Math.floor(Number(micro) / 1000), held });
    };
    try {
      // Lease: the 5 s fetch limit + 1 s. The second worker starts while the first one's fetch
      // is held, so that it normally asks for the host while the lease is live.
      const leaseMs = 6000;
      const a = worker(redis.url, '--fetch-timeout', '5');
      await servers.held;
      const running = worker(redis.url, '--fetch-timeout', '5');
      a.child.kill('SIGKILL');
      assert.equal((await a.exit).signal, 'SIGKILL');
      const b = await running.exit;
      assert.equal(b.code, 0, b.stderr);
      // How soon it asked depends on how fast the machine started it: not asserted, only said.
      if (!(waitsOf(b.stderr) > 0)) t.diagnostic('the second worker first asked after the dead lease had run out: no wait to see');
      assert.ok(servers.hits.length >= 5, 'every page was fetched after all');
      const [dead, next] = [leases[0]!, leases[1]!];
      assert.equal(dead.held.length, 1, 'the dead worker\'s fetch held the one place of the host');
      const [deadToken, deadExpiry] = dead.held[0]!;
      assert.ok(deadExpiry - dead.at <= leaseMs, `its lease ran ${leaseMs} ms from before its request (${deadExpiry - dead.at} ms left after it)`);
      assert.equal(next.held.length, 1);
      const [nextToken, nextExpiry] = next.held[0]!;
      assert.notEqual(nextToken, deadToken, 'the dead lease was gone when the next fetch began');
      assert.ok(nextExpiry - leaseMs >= deadExpiry, `the next lease was taken only once the dead one ran out (${nextExpiry - leaseMs - deadExpiry} ms after)`);
      assert.equal(servers.maxInflight.get(host.slice(7)), 1);
      const s = await status(redis.url);
      assert.deepEqual({ done: s.done, dead: s.dead }, { done: 4, dead: 0 });
      assertOnce(await exported(redis.url, dir), urls);
    } finally {
      client.disconnect();
    }
  });
});

test('Redis killed and restarted while URL pages wait for their host: every page written once, the limit kept', { skip, timeout: 120_000 }, async () => {
  const servers = new RecordingServers(100);
  await withRedisAndServers('polite-restart', servers, async (redis, dir) => {
    const host = await servers.listen();
    const urls = Array.from({ length: 12 }, (_, k) => `${host}/r/${k}.html`);
    await enqueue(redis.url, [], { urlsFile: urlList(dir, urls), politeness: { perHost: 1, hostDelayMs: 100 } });
    const workers = [0, 1].map(() => worker(redis.url, '--concurrency', '2', '--fetch-timeout', '5'));
    while (servers.hits.length < 3) await sleep(20);
    await restartRedisUnder(redis, workers);
    assert.equal(servers.maxInflight.get(host.slice(7)), 1, 'never two requests at once, Redis gone or not');
    const s = await status(redis.url);
    assert.deepEqual({ done: s.done, dead: s.dead }, { done: 12, dead: 0 });
    assertOnce(await exported(redis.url, dir), urls);
  });
});

test('a redirect to another host waits for that host\'s turn: two workers never ask it twice at once; every page once, with its final URL', { skip, timeout: 120_000 }, async () => {
  const servers = new RecordingServers(150);
  await withRedisAndServers('polite-redirect', servers, async (redis, dir) => {
    const [hostA, hostB] = [await servers.listen(), await servers.listen()];
    servers.redirect = (path) => (path.startsWith('/moved/') ? `${hostB}/story/${path.slice(7)}` : undefined);
    const urls = [...Array.from({ length: 6 }, (_, k) => `${hostA}/moved/${k}.html`), ...Array.from({ length: 3 }, (_, k) => `${hostB}/b/${k}.html`)];
    await enqueue(redis.url, [], { urlsFile: urlList(dir, urls), politeness: { perHost: 1, hostDelayMs: 0 }, attempts: 1 });
    const ends = await Promise.all([0, 1].map(() => worker(redis.url, '--concurrency', '3', '--fetch-timeout', '5').exit));
    for (const e of ends) assert.equal(e.code, 0, e.stderr);
    assert.equal(servers.pageHits(hostB).length, 9, 'host B answered its own pages and the six redirected ones');
    assert.equal(servers.maxInflight.get(hostB.slice(7)), 1, 'never two requests at once to host B, redirected ones included');
    const s = await status(redis.url);
    assert.deepEqual({ done: s.done, dead: s.dead }, { done: 9, dead: 0 });
    const lines = await exported(redis.url, dir);
    assertOnce(lines, urls);
    for (const l of lines) assert.equal(l.title, TITLE, l.id);
    const finals = new Map(lines.map((l) => [l.id, l.url]));
    assert.equal(finals.get(`${hostA}/moved/3.html`), `${hostB}/story/3.html`, 'a redirected page carries its final URL');
  });
});
