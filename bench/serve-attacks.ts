/**
 * The small attacks against `pith serve` in this process, for docs/service.md: six
 * copies of `'<table>' + 'x<div>' x 100 000` (gzip -9: 923 bytes; or plain: 600 KB) sent at
 * once, and one normal request 50 ms later, to a service with 2 workers and default limits.
 * Prints the answers, the process CPU (main thread and workers) and the max RSS.
 *
 *   node dist/bench/serve-attacks.js gzip|plain     (after npm run build)
 */
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { startService } from '../src/service/server.js';

const kind = process.argv[2] === 'plain' ? 'plain' : 'gzip';
const raw = Buffer.from('<table>' + 'x<div>'.repeat(100_000));
const bomb = kind === 'gzip' ? gzipSync(raw, { level: 9 }) : raw;
const NORMAL = '<html><head><title>Rain</title></head><body><article><h1>Rain returns to the valley</h1><p>After months of drought the first heavy rain of the season fell on the valley on Tuesday, filling the reservoirs that farmers had watched shrink all summer long.</p></article></body></html>';

const svc = await startService({ port: 0, workers: 2 });
const post = (body: Buffer | string, type: string): Promise<string> => new Promise((resolve) => {
  const req = request({ host: '127.0.0.1', port: svc.port, method: 'POST', path: '/extract', agent: false, headers: { 'content-type': type } }, (res) => {
    let text = '';
    res.on('data', (d: Buffer) => (text += d.toString()));
    res.on('end', () => resolve(res.statusCode === 200 ? '200' : `${res.statusCode} ${(JSON.parse(text) as { error?: { code?: string } }).error?.code ?? ''}`));
  });
  req.on('error', (e: NodeJS.ErrnoException) => resolve(`error ${e.code}`));
  req.end(body);
});
const rssBefore = process.resourceUsage().maxRSS;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const bombs = Array.from({ length: 6 }, () => post(bomb, 'text/html'));
await new Promise((r) => setTimeout(r, 50));
const normal = await post(NORMAL, 'text/html');
const normalMs = Math.round(performance.now() - t0);
const answers = await Promise.all(bombs);
const cpu = process.cpuUsage(cpu0);
const restarts = await new Promise<number>((resolve) => {
  request({ host: '127.0.0.1', port: svc.port, path: '/healthz', agent: false }, (res) => {
    let t = '';
    res.on('data', (d: Buffer) => (t += d.toString()));
    res.on('end', () => resolve((JSON.parse(t) as { workers: { restarts: number } }).workers.restarts));
  }).end();
});
console.log(JSON.stringify({
  kind, bombBytes: bomb.length, normal, normalMs, bombs: answers, wallMs: Math.round(performance.now() - t0), restarts,
  cpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(2), rssBeforeMb: Math.round(rssBefore / 1024), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
}));
await svc.close(0);
