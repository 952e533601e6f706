/**
 * The fuzzer's service phase (`npm run fuzz`, after the extraction cases; `--serve-rounds 0`
 * skips it): seeded rounds of slow and small attacks against a real `pith serve` on loopback,
 * each beside a normal request that must still be answered 200.
 *
 * - slow bodies: 8-12 clients declaring a body (or chunked) and sending 0-16 bytes every
 *   100-300 ms, under the server's minimum upload rate; each must end 408 (or 413 when it
 *   declared more than the body limit), never hold a slot (no 503 anywhere);
 * - gzip-small bombs: six gzip bodies of the fuzzer's shapes at full size and of long runs of
 *   one unit (1-32 MiB inflated): each is refused (413 / 422) or answered, never 5xx, and no
 *   worker is replaced;
 * - header floods: 101-2 000 header lines: 431;
 * - one client over its connection cap: 429 for each connection past it.
 *
 * Every loop is bounded (rounds x clients); nothing leaves 127.0.0.1.
 */
import { connect, type Socket } from 'node:net';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { startService, type Service } from '../src/service/server.js';
import { seededRandom } from '../src/util/random.js';

type Rng = () => number;

const randInt = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

export interface ServeShape {
  readonly name: string;
  build(scale: number, rng: Rng): Uint8Array;
}

export interface ServeFuzzOptions {
  readonly seed: number;
  readonly rounds: number;
  /** Shapes whose full-size gzip becomes a bomb (the fuzzer's SHAPES). */
  readonly shapes: readonly ServeShape[];
  readonly log?: (line: string) => void;
}

export interface ServeFinding {
  readonly round: number;
  readonly attack: string;
  readonly problem: string;
}

export interface ServeFuzzSummary {
  readonly rounds: number;
  /** Answers by attack and status, e.g. `slow-body 408`. */
  readonly answers: Readonly<Record<string, number>>;
  readonly findings: readonly ServeFinding[];
  readonly workerRestarts: number;
  /** Process CPU (main thread and workers) over the phase, s. */
  readonly cpuSeconds: number;
  readonly maxRssMb: number;
  readonly elapsedMs: number;
}

const NORMAL_PAGE = `<html><head><title>Rain returns to the valley</title></head><body><nav><a href="/">Home</a></nav>
<article><h1>Rain returns to the valley</h1><p>After months of drought the first heavy rain of the season fell on the valley on Tuesday, filling the reservoirs.</p>
<p>Forecasters expect more showers through the weekend, though a single wet week will not end the drought.</p></article></body></html>`;

/** Server limits small enough that a round ends in a few seconds. */
const LIMITS = {
  port: 0, workers: 2, maxInflight: 4, maxBodyBytes: 16 * 1024 * 1024, minUploadBytesPerSecond: 200, uploadGraceMs: 1500,
  maxConnectionsPerClient: 32, requestTimeoutMs: 60_000, headersTimeoutMs: 30_000, timeoutMs: 20_000,
} as const;

interface Answer {
  readonly status: number;
  readonly text: string;
}

/** The status line's code of a raw answer (0 when none came). */
const statusOf = (raw: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);

function post(port: number, body: Buffer | string, type: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/extract', agent: false, headers: { 'content-type': type } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', () => resolve({ status: 0, text: '' }));
    req.end(body);
  });
}

async function health(port: number): Promise<{ reading: number; inFlight: number; restarts: number }> {
  for (let i = 0; i < 100; i++) {
    const a = await new Promise<Answer>((resolve) => {
      request({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      }).on('error', () => resolve({ status: 0, text: '' })).end();
    });
    if (a.status === 200) {
      const h = JSON.parse(a.text) as { reading: number; inFlight: number; workers: { restarts: number } };
      return { reading: h.reading, inFlight: h.inFlight, restarts: h.workers.restarts };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the service stopped answering /healthz');
}

/** A raw client: writes `head`, then `tick()`'s bytes every `everyMs` while the socket is open; resolves with all it got. */
function rawClient(port: number, head: string, everyMs = 0, tick?: () => string): Promise<string> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    socket.write(head);
    if (tick && everyMs > 0) {
      timer = setInterval(() => {
        const s = tick();
        if (s && socket.writable) socket.write(s);
      }, everyMs);
    }
  });
}

async function untilReading(port: number, n: number): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    if ((await health(port)).reading >= n) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

type Tally = (attack: string, status: number) => void;
type Report = (attack: string, problem: string) => void;

async function slowBodies(svc: Service, rng: Rng, tally: Tally, report: Report): Promise<void> {
  const n = randInt(rng, 8, 12);
  const clients: Array<{ over: boolean; answer: Promise<string> }> = [];
  for (let i = 0; i < n; i++) {
    const chunked = rng() < 0.3;
    const declared = pick(rng, [1000, 100_000, LIMITS.maxBodyBytes - 1, LIMITS.maxBodyBytes * 4]);
    const perTick = rng() < 0.2 ? 0 : randInt(rng, 1, 16);
    const everyMs = randInt(rng, 100, 300);
    const over = !chunked && declared > LIMITS.maxBodyBytes;
    const head = `POST /extract HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\n${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${declared}`}\r\n\r\n`;
    const bytes = 'x'.repeat(perTick);
    const tick = (): string => (perTick === 0 ? '' : chunked ? `${perTick.toString(16)}\r\n${bytes}\r\n` : bytes);
    clients.push({ over, answer: rawClient(svc.port, head, everyMs, tick) });
  }
  const reading = clients.filter((c) => !c.over).length;
  if (!(await untilReading(svc.port, reading))) report('slow-body', `fewer than ${reading} bodies were reading`);
  const normal = await post(svc.port, NORMAL_PAGE, 'text/html');
  tally('slow-body normal', normal.status);
  if (normal.status !== 200) report('slow-body', `a normal request beside ${n} slow uploads got ${normal.status}: ${normal.text.slice(0, 200)}`);
  for (const c of clients) {
    const status = statusOf(await c.answer);
    tally('slow-body', status);
    const expected = c.over ? 413 : 408;
    if (status !== expected) report('slow-body', `a slow upload got ${status}, expected ${expected}`);
  }
}

function bombBody(rng: Rng, shapes: readonly ServeShape[]): { name: string; body: Buffer } {
  if (rng() < 0.5) {
    const shape = pick(rng, shapes);
    return { name: `gzip(${shape.name})`, body: gzipSync(shape.build(1, rng), { level: 9 }) };
  }
  const unit = pick(rng, ['a', '<', '<div>', 'x<div>', '<p>x', '\u0000', '<b><i>']);
  const mb = randInt(rng, 1, 32);
  return { name: `gzip(${JSON.stringify(unit)} to ${mb} MiB)`, body: gzipSync(Buffer.from(unit.repeat(Math.ceil((mb * 1024 * 1024) / unit.length))), { level: 9 }) };
}

async function gzipBombs(svc: Service, rng: Rng, shapes: readonly ServeShape[], tally: Tally, report: Report): Promise<void> {
  const before = (await health(svc.port)).restarts;
  const bombs = Array.from({ length: 6 }, () => bombBody(rng, shapes));
  const [normal, ...answers] = await Promise.all([post(svc.port, NORMAL_PAGE, 'text/html'), ...bombs.map((b) => post(svc.port, b.body, 'text/html'))]);
  tally('gzip-bomb normal', normal!.status);
  if (normal!.status !== 200) report('gzip-bomb', `a normal request beside six bombs got ${normal!.status}: ${normal!.text.slice(0, 200)}`);
  answers.forEach((a, i) => {
    tally('gzip-bomb', a.status);
    if (a.status === 0 || a.status >= 500) report('gzip-bomb', `${bombs[i]!.name} (${bombs[i]!.body.length} bytes) got ${a.status}: ${a.text.slice(0, 200)}`);
  });
  const after = (await health(svc.port)).restarts;
  if (after !== before) report('gzip-bomb', `${after - before} worker(s) replaced`);
}

async function headerFlood(svc: Service, rng: Rng, tally: Tally, report: Report): Promise<void> {
  const lines = randInt(rng, 101, 2000);
  const body = JSON.stringify({ html: NORMAL_PAGE });
  const head = `POST /extract HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\nConnection: close\r\n`
    + Array.from({ length: lines - 4 }, (_, i) => `X-${i}: ${i}\r\n`).join('') + `Content-Type: application/json\r\n\r\n${body}`;
  const status = statusOf(await rawClient(svc.port, head));
  tally('header-flood', status);
  if (status !== 431) report('header-flood', `${lines} header lines got ${status}, expected 431`);
}

async function connectionFlood(svc: Service, rng: Rng, tally: Tally, report: Report): Promise<void> {
  const extra = randInt(rng, 1, 4);
  const held: Socket[] = [];
  try {
    for (let i = 0; i < LIMITS.maxConnectionsPerClient; i++) {
      const s = connect(svc.port, '127.0.0.1');
      s.on('error', () => undefined);
      await new Promise<void>((r) => s.once('connect', () => r()));
      held.push(s);
    }
    const answers = await Promise.all(Array.from({ length: extra }, () => rawClient(svc.port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n')));
    for (const a of answers) {
      tally('connection-flood', statusOf(a));
      if (statusOf(a) !== 429) report('connection-flood', `connection ${LIMITS.maxConnectionsPerClient + 1}+ got ${statusOf(a)}, expected 429`);
    }
  } finally {
    for (const s of held) s.destroy();
  }
  // Let the server see the closes before the next attack counts connections.
  for (let i = 0; i < 100 && (await post(svc.port, NORMAL_PAGE, 'text/html')).status === 429; i++) await new Promise((r) => setTimeout(r, 50));
}

export async function runServeFuzz(options: ServeFuzzOptions): Promise<ServeFuzzSummary> {
  const answers: Record<string, number> = {};
  const findings: ServeFinding[] = [];
  const svc = await startService(LIMITS);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let restarts = 0;
  try {
    for (let round = 0; round < options.rounds; round++) {
      const rng = seededRandom((options.seed * 0x9e3779b1 + round) >>> 0);
      const tally: Tally = (attack, status) => {
        const k = `${attack} ${status}`;
        answers[k] = (answers[k] ?? 0) + 1;
      };
      const report: Report = (attack, problem) => {
        findings.push({ round, attack, problem });
        options.log?.(`  serve finding, round ${round}, ${attack}: ${problem}`);
      };
      await slowBodies(svc, rng, tally, report);
      await gzipBombs(svc, rng, options.shapes, tally, report);
      await headerFlood(svc, rng, tally, report);
      await connectionFlood(svc, rng, tally, report);
      options.log?.(`  serve round ${round + 1}/${options.rounds}: ${findings.length} finding(s) so far`);
    }
    restarts = (await health(svc.port)).restarts;
  } finally {
    await svc.close(0);
  }
  const cpu = process.cpuUsage(cpu0);
  return {
    rounds: options.rounds, answers, findings, workerRestarts: restarts,
    cpuSeconds: (cpu.user + cpu.system) / 1e6, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), elapsedMs: performance.now() - t0,
  };
}

export function formatServeSummary(s: ServeFuzzSummary): string {
  const lines = [`fuzz serve: ${s.rounds} round(s) in ${(s.elapsedMs / 1000).toFixed(1)} s, process CPU ${s.cpuSeconds.toFixed(1)} s, max RSS ${s.maxRssMb} MB, ${s.workerRestarts} worker restart(s)`];
  lines.push(`  answers: ${Object.entries(s.answers).sort().map(([k, n]) => `${k}: ${n}`).join(', ')}`);
  if (s.findings.length) for (const f of s.findings) lines.push(`  finding (round ${f.round}, ${f.attack}): ${f.problem}`);
  else lines.push('  findings: none');
  return lines.join('\n');
}
