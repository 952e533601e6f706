/**
 * fetchUrls (src/batch/url-list.ts) against two loopback hosts, where the first redirects
 * to the second: the redirect is asked in the second host's turn, so that host never sees more
 * than --per-host requests at once nor two closer than the delay; results keep the listed URL.
 * The pauses are kept on a clock only sleeping moves (test/helpers/clock.ts): the servers stamp
 * requests with it, so a gap between two requests is exactly the pause the scheduler chose.
 * robots.txt is left out here (ignoreRobots): test/batch/robots-fetch.test.ts has it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { fetchUrls, type UrlResult } from '../../src/batch/url-list.js';
import type { Clock } from '../../src/util/clock.js';
import { SleepDrivenClock } from '../helpers/clock.js';

interface Host { server: Server; base: string; inFlight: number; maxInFlight: number; spans: Array<[number, number]> }

async function host(handler: (path: string, h: Host) => { status: number; headers: Record<string, string>; body?: string }, clock: Clock): Promise<Host> {
  const h: Host = { server: createServer(), base: '', inFlight: 0, maxInFlight: 0, spans: [] };
  h.server.on('request', (req, res) => {
    const arrived = clock.now();
    h.inFlight++;
    h.maxInFlight = Math.max(h.maxInFlight, h.inFlight);
    const r = handler(req.url ?? '/', h);
    // Slow enough, in real time, that requests would overlap if the client allowed it; and an
    // answer takes 30 ms on the test's clock, so a pause kept from a request's start only is seen.
    setTimeout(() => void clock.sleep(30).then(() => {
      h.inFlight--;
      h.spans.push([arrived, clock.now()]);
      res.writeHead(r.status, r.headers).end(r.body ?? '');
    }), 30);
  });
  h.server.listen(0, '127.0.0.1');
  await once(h.server, 'listening');
  h.base = `http://127.0.0.1:${(h.server.address() as { port: number }).port}`;
  return h;
}

test('fetchUrls: a redirect to another host waits for that host\'s turn: its limit and delay hold; results keep the listed URL', async (t) => {
  const clock = new SleepDrivenClock();
  const b = await host((path) => ({ status: 200, headers: { 'content-type': 'text/html' }, body: `<p>${path}</p>` }), clock);
  const a = await host((path) => ({ status: 301, headers: { location: `${b.base}/story/${path.slice(3)}` } }), clock);
  t.after(() => {
    for (const h of [a, b]) {
      h.server.closeAllConnections();
      h.server.close();
    }
  });
  const urls = [...[0, 1, 2, 3].map((k) => `${a.base}/r/${k}`), `${b.base}/story/x`, `${b.base}/story/y`];
  const results: UrlResult[] = [];
  const delay = 80;
  await fetchUrls(urls, { userAgent: 'pith-test', allowPrivateUrls: true, ignoreRobots: true, concurrency: 4, perHost: 1, hostDelayMs: delay, clock }, async (r) => void results.push(r));
  assert.equal(results.length, urls.length);
  for (const r of results) assert.ok(r.ok, JSON.stringify(r));
  const byUrl = new Map(results.map((r) => [r.url, r]));
  for (const k of [0, 1, 2, 3]) {
    const r = byUrl.get(`${a.base}/r/${k}`)!;
    assert.ok(r.ok && r.finalUrl === `${b.base}/story/${k}`, `the listed URL is kept, the final URL is the redirect's (${k})`);
  }
  assert.equal(b.spans.length, 6, 'six requests reached host B');
  assert.equal(b.maxInFlight, 1, 'never two requests at once to host B, the redirected ones included');
  const spans = [...b.spans].sort((x, y) => x[0] - y[0]);
  for (let k = 1; k < spans.length; k++) {
    assert.ok(spans[k]![0] - spans[k - 1]![1] >= delay, `host B asked again ${spans[k]![0] - spans[k - 1]![1]} ms after its last answer`);
  }
});

test('fetchUrls: redirects that bounce between hosts stop at the redirect limit with an error result', async (t) => {
  let bBase = '';
  const clock = new SleepDrivenClock();
  const a = await host(() => ({ status: 302, headers: { location: `${bBase}/bounce` } }), clock);
  const b = await host(() => ({ status: 302, headers: { location: `${a.base}/bounce` } }), clock);
  bBase = b.base;
  t.after(() => {
    for (const h of [a, b]) {
      h.server.closeAllConnections();
      h.server.close();
    }
  });
  const results: UrlResult[] = [];
  await fetchUrls([`${a.base}/bounce`], { userAgent: 'pith-test', allowPrivateUrls: true, ignoreRobots: true, perHost: 1, hostDelayMs: 0, maxRedirects: 3, clock }, async (r) => void results.push(r));
  assert.equal(results.length, 1);
  const r = results[0]!;
  assert.ok(!r.ok && r.error.code === 'FETCH_FAILED' && /redirects/.test(r.error.message), JSON.stringify(r));
  assert.equal(r.url, `${a.base}/bounce`);
  assert.equal(a.spans.length + b.spans.length, 4, 'the first request and three redirects, no more');
});
