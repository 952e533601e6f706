/**
 * `npm run bench:serve`: throughput and latency of `pith serve` over HTTP. Starts the service
 * in this process (port 0, default workers = cores), then sends ~300 trafilatura-eval pages
 * (read in place from ../shared/corpora, gunzipped in memory) as text/html, each page once,
 * at concurrency 1 and 8 over keep-alive connections. Reports requests/s and p50/p99 latency.
 *
 *   node dist/bench/serve.js [--limit N] [--workers N] [--concurrency 1,8]
 */
import { readdir, readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { startService } from '../src/service/server.js';

const { values } = parseArgs({ options: { limit: { type: 'string' }, workers: { type: 'string' }, concurrency: { type: 'string' } } });
const limit = Number(values.limit ?? 300);
const workers = Number(values.workers ?? availableParallelism());
const levels = (values.concurrency ?? '1,8').split(',').map(Number);

const dir = join(process.cwd(), '..', 'shared', 'corpora', 'trafilatura-eval', 'html');
const names = (await readdir(dir)).filter((f) => f.endsWith('.html.gz')).sort().slice(0, limit);
const pages = await Promise.all(names.map(async (f) => gunzipSync(await readFile(join(dir, f)))));
const bytes = pages.reduce((n, p) => n + p.length, 0);

const svc = await startService({ port: 0, workers, maxInflight: Math.max(...levels) * 2 });
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function post(body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: svc.port, method: 'POST', path: '/extract', agent, headers: { 'content-type': 'text/html', 'content-length': body.length } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

// Warm-up: JIT in the workers.
for (const p of pages.slice(0, 20)) await post(p);

const rows: string[] = [];
for (const c of levels) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: c }, async () => {
    while (next < pages.length) {
      const p = pages[next++]!;
      const t = performance.now();
      const status = await post(p);
      latencies.push(performance.now() - t);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const st = [...statuses].map(([s, n]) => `${s}x${n}`).join(' ');
  rows.push(`| ${c} | ${pages.length} | ${(pages.length / seconds).toFixed(1)} | ${pct(latencies, 50).toFixed(0)} | ${pct(latencies, 99).toFixed(0)} | ${st} |`);
}
agent.destroy();
await svc.close(0);
console.log(`# bench:serve\n\n${pages.length} trafilatura-eval pages (${(bytes / 1024 / 1024).toFixed(1)} MiB of HTML), ${workers} workers, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}.\n`);
console.log('| concurrency | requests | requests/s | p50 ms | p99 ms | statuses |');
console.log('|---:|---:|---:|---:|---:|---|');
for (const r of rows) console.log(r);
