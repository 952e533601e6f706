/**
 * `pith batch --urls` against http servers this test starts on 127.0.0.1: pages, a 404, a URL
 * that never answers (the fetch time limit), a bad line; politeness (never more than --per-host
 * requests in flight to one host, the pause between them, the User-Agent); resume.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';

interface Seen {
  inFlight: number;
  maxInFlight: number;
  agents: Set<string>;
  /** [arrival, finish] of each answered request, ms. */
  spans: Array<[number, number]>;
  hanging: ServerResponse[];
}

const page = (t: string): string =>
  `<html><head><title>${t}</title></head><body><article><h1>${t}</h1><p>The council of the small harbour town met on Tuesday to discuss ${t.toLowerCase()}, and after a long debate agreed on a plan.</p></article></body></html>`;

async function startServer(): Promise<{ server: Server; base: string; seen: Seen }> {
  const seen: Seen = { inFlight: 0, maxInFlight: 0, agents: new Set(), spans: [], hanging: [] };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const arrived = Date.now();
    seen.agents.add(req.headers['user-agent'] ?? '');
    seen.inFlight++;
    seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
    const finish = (status: number, type: string, body: string): void => {
      // Slow enough that requests would overlap if the client allowed it.
      setTimeout(() => {
        seen.inFlight--;
        seen.spans.push([arrived, Date.now()]);
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      }, 40);
    };
    const path = req.url ?? '/';
    if (path === '/hang') {
      seen.inFlight--; // counted out: the client gives up on it
      seen.hanging.push(res);
      return;
    }
    if (path === '/missing') return finish(404, 'text/html', '<h1>Not here</h1>');
    if (path === '/image') return finish(200, 'image/png', 'PNG');
    if (path === '/moved') {
      seen.inFlight--;
      res.writeHead(301, { location: '/story/moved-here' });
      return res.end();
    }
    if (path.startsWith('/story/')) return finish(200, 'text/html; charset=utf-8', page(`Story ${path.slice(7)}`));
    return finish(404, 'text/plain', 'no');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const addr = server.address() as { port: number };
  return { server, base: `http://127.0.0.1:${addr.port}`, seen };
}

async function pith(args: string[]): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const [status] = (await once(child, 'exit')) as [number | null];
  clearTimeout(guard);
  return { status, stderr };
}

type Line = { id: string; url: string | null; title?: string; error?: { code: string; message: string } };
const jsonl = (path: string): Line[] => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);

test('pith batch --urls: pages fetched politely, failures become error lines, the batch goes on; a rerun fetches nothing again', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-urls-'));
  const a = await startServer();
  const b = await startServer();
  t.after(() => {
    for (const s of [a, b]) {
      for (const r of s.seen.hanging) r.destroy();
      s.server.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const stories = ['one', 'two', 'three', 'four', 'five'];
  const list = [
    '# news from two hosts',
    ...stories.map((s) => `${a.base}/story/${s}`),
    '',
    `${a.base}/missing`,
    `${a.base}/hang`,
    `${a.base}/moved`,
    `${b.base}/story/six`,
    `${b.base}/story/seven`,
    `${b.base}/image`,
    'not a url',
    `${a.base}/story/one`, // listed twice: fetched once
  ];
  writeFileSync(join(dir, 'urls.txt'), list.join('\n') + '\n');
  const out = join(dir, 'out.jsonl');
  const delay = 60;
  const args = ['batch', '--urls', join(dir, 'urls.txt'), '--out', out, '--workers', '2', '--concurrency', '4', '--per-host', '1',
    '--host-delay-ms', String(delay), '--fetch-timeout', '1', '--user-agent', 'pith-test/1.0', '--allow-private-urls'];
  const r = await pith(args);
  assert.equal(r.status, 4, `failed URLs: exit 4\n${r.stderr}`);
  const lines = jsonl(out);
  const byId = new Map(lines.map((l) => [l.id, l]));
  assert.equal(lines.length, 12, lines.map((l) => l.id).join('\n'));
  for (const s of stories) {
    const l = byId.get(`${a.base}/story/${s}`);
    assert.equal(l?.title, `Story ${s}`);
    assert.equal(l?.url, `${a.base}/story/${s}`);
  }
  assert.equal(byId.get(`${b.base}/story/six`)?.title, 'Story six');
  const moved = byId.get(`${a.base}/moved`);
  assert.equal(moved?.url, `${a.base}/story/moved-here`, 'url: where the page was found, after redirects');
  assert.equal(moved?.title, 'Story moved-here');
  assert.match(byId.get(`${a.base}/missing`)!.error!.message, /HTTP 404/);
  assert.equal(byId.get(`${a.base}/hang`)?.error?.code, 'FETCH_FAILED');
  assert.match(byId.get(`${a.base}/hang`)!.error!.message, /timed out after 1000 ms/);
  assert.equal(byId.get(`${b.base}/image`)?.error?.code, 'NOT_HTML');
  assert.match(byId.get('not a url')!.error!.message, /not a valid URL/);
  for (const l of lines) assert.ok('url' in l, `url on every line (${l.id})`);
  assert.match(r.stderr, /8 extracted, 4 failed, 0 already done/);
  // Politeness: one request at a time per host, the pause kept between them, our User-Agent.
  for (const s of [a, b]) {
    assert.equal(s.seen.maxInFlight, 1, 'never more than --per-host requests in flight to one host');
    assert.deepEqual([...s.seen.agents], ['pith-test/1.0']);
    const spans = s.seen.spans.sort((x, y) => x[0] - y[0]);
    for (let k = 1; k < spans.length; k++) assert.ok(spans[k]![0] >= spans[k - 1]![1] + delay - 5, `pause between requests: ${spans[k]![0] - spans[k - 1]![1]} ms`);
  }
  const served = a.seen.spans.length + b.seen.spans.length;
  const again = await pith(args);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stderr, /0 extracted, 0 failed, 12 already done/);
  assert.equal(a.seen.spans.length + b.seen.spans.length, served, 'nothing fetched again');
});

test('pith batch --urls --per-host 2: up to two requests to one host at once, never three', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-urls2-'));
  const a = await startServer();
  t.after(() => {
    a.server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  writeFileSync(join(dir, 'urls.txt'), Array.from({ length: 8 }, (_, k) => `${a.base}/story/s${k}`).join('\n'));
  const out = join(dir, 'out.jsonl');
  const r = await pith(['batch', '--urls', join(dir, 'urls.txt'), '--out', out, '--workers', '1', '--concurrency', '8', '--per-host', '2', '--host-delay-ms', '0', '--fields', 'id,url,title', '--allow-private-urls']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(a.seen.maxInFlight, 2, 'two in flight to the host, never three');
  const lines = jsonl(out);
  assert.equal(lines.length, 8);
  for (const l of lines) assert.deepEqual(Object.keys(l), ['id', 'url', 'title']);
});
