/**
 * robots.txt in the crawling fetchers: `pith batch --urls` (runBatch) reads each site's once,
 * in a turn of its own, and writes ROBOTS_DISALLOWED lines for what it disallows (the server
 * never sees those pages); `--ignore-robots` fetches them; an unreachable (5xx) robots.txt
 * disallows the site, a missing one (404) allows it. Loopback servers only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBatch } from '../../src/batch/batch.js';
import { bundledModelPath } from '../../src/pipeline/extract.js';
import { fetchUrls, type UrlResult } from '../../src/batch/url-list.js';

type Line = { id: string; title?: string; error?: { code: string; message: string } };
const jsonl = (path: string): Line[] => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);

const page = (title: string): string => `<html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${'Words of the story about the harbour and its mill. '.repeat(8)}</p></article></body></html>`;

interface Site { server: Server; base: string; hits: string[] }

async function site(robots: { status: number; body?: string }): Promise<Site> {
  const s: Site = { server: createServer(), base: '', hits: [] };
  s.server.on('request', (req, res) => {
    const path = req.url ?? '/';
    s.hits.push(path);
    if (path === '/robots.txt') res.writeHead(robots.status, { 'content-type': 'text/plain' }).end(robots.body ?? '');
    else res.writeHead(200, { 'content-type': 'text/html' }).end(page(`Page ${path}`));
  });
  s.server.listen(0, '127.0.0.1');
  await once(s.server, 'listening');
  s.base = `http://127.0.0.1:${(s.server.address() as { port: number }).port}`;
  return s;
}

test('batch --urls obeys robots.txt, asked once per site; --ignore-robots fetches everything', { timeout: 120_000 }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-robots-'));
  const ruled = await site({ status: 200, body: 'User-agent: *\nDisallow: /private\nAllow: /private/open$\n\nUser-agent: otherbot\nDisallow: /\n' });
  const down = await site({ status: 503 });
  const missing = await site({ status: 404 });
  t.after(() => {
    for (const s of [ruled, down, missing]) {
      s.server.closeAllConnections();
      s.server.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const urls = [
    `${ruled.base}/a`, `${ruled.base}/private/x`, `${ruled.base}/private/open`, `${ruled.base}/b`, `${ruled.base}/private?y=1`,
    `${down.base}/a`, `${missing.base}/a`,
  ];
  const base = { workers: 1, modelPath: bundledModelPath(), urls };
  const out = join(dir, 'obeyed.jsonl');
  const obeyed = await runBatch([], { ...base, out, fetch: { hostDelayMs: 0, allowPrivateUrls: true } });
  assert.deepEqual({ extracted: obeyed.extracted, failed: obeyed.failed }, { extracted: 4, failed: 3 });
  const byId = new Map(jsonl(out).map((l) => [l.id, l]));
  for (const u of [urls[1]!, urls[4]!, urls[5]!]) assert.equal(byId.get(u)?.error?.code, 'ROBOTS_DISALLOWED', u);
  assert.match(byId.get(urls[5]!)!.error!.message, /could not be read \(HTTP 503\)/);
  for (const u of [urls[0]!, urls[2]!, urls[3]!, urls[6]!]) assert.ok(byId.get(u)?.title?.startsWith('Page /'), u);
  assert.deepEqual(ruled.hits.filter((p) => p === '/robots.txt').length, 1, 'robots.txt asked once for the site');
  assert.ok(!ruled.hits.some((p) => p.startsWith('/private/x') || p.startsWith('/private?')), 'disallowed pages were never requested');
  assert.deepEqual(down.hits, ['/robots.txt'], 'a site whose robots.txt is unreachable is not crawled');
  assert.deepEqual(missing.hits, ['/robots.txt', '/a']);

  for (const s of [ruled, down, missing]) s.hits.length = 0;
  const outIgnored = join(dir, 'ignored.jsonl');
  const ignored = await runBatch([], { ...base, out: outIgnored, fetch: { hostDelayMs: 0, allowPrivateUrls: true, ignoreRobots: true } });
  assert.deepEqual({ extracted: ignored.extracted, failed: ignored.failed }, { extracted: 7, failed: 0 });
  assert.ok([ruled, down, missing].every((s) => !s.hits.includes('/robots.txt')), 'robots.txt is not asked for');
});

test('fetchUrls: the robots.txt request is a turn of its own, so the host delay holds before the first page', async (t) => {
  const s = await site({ status: 200, body: 'User-agent: pith-test\nDisallow: /no\n' });
  t.after(() => {
    s.server.closeAllConnections();
    s.server.close();
  });
  const slept: number[] = [];
  // A clock whose sleeps are counted, not waited: each pause the scheduler takes is recorded.
  let now = 0;
  const clock = { now: () => now, sleep: async (ms: number) => { slept.push(ms); now += ms; } };
  const results: UrlResult[] = [];
  await fetchUrls([`${s.base}/yes`, `${s.base}/no`], { userAgent: 'pith-test/1', allowPrivateUrls: true, hostDelayMs: 1000, clock }, async (r) => void results.push(r));
  assert.deepEqual(s.hits, ['/robots.txt', '/yes']);
  assert.deepEqual(results.map((r) => (r.ok ? 'ok' : r.error.code)).sort(), ['ROBOTS_DISALLOWED', 'ok']);
  assert.ok(slept.filter((ms) => ms >= 1000).length >= 1, `a host delay was kept between robots.txt and the first page (${slept.join(', ')})`);
});
