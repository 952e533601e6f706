/** Test helpers: a real redis-server on a free loopback port in a temp folder, the real CLI, and checks on a queue's export. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import type { Redis } from 'ioredis';
import { fixture, repoRoot } from '../helpers/paths.js';
import { clearQueue, connectOnce, enqueuePages, exportResults, queueStatus, type EnqueueOptions, type EnqueueSummary } from '../../src/queue/queue.js';

export const haveRedis = spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;
export const NO_REDIS = 'redis-server is not installed (Debian: apt-get install redis-server; .ci/run installs it)';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    let got = '';
    sock.setTimeout(500, () => (sock.destroy(), resolve(false)));
    sock.on('error', () => resolve(false));
    sock.on('connect', () => sock.write('PING\r\n'));
    sock.on('data', (d) => {
      got += d.toString();
      if (got.includes('\r\n')) {
        sock.destroy();
        resolve(got.startsWith('+PONG'));
      }
    });
  });
}

/** A redis-server that persists every write (AOF, fsync always) in `dir`, so a restart loses nothing. */
export class RedisServer {
  private proc: ChildProcess | undefined;
  constructor(readonly port: number, readonly dir: string) {}
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    this.proc = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', this.dir], { stdio: 'ignore' });
    for (let k = 0; k < 100; k++) {
      if (await ping(this.port)) return;
      if (this.proc.exitCode !== null) break;
      await sleep(100);
    }
    throw new Error(`redis-server did not start on port ${this.port}`);
  }
  /** Stops it (SIGKILL: as abrupt as a crash). */
  async kill(): Promise<void> {
    const p = this.proc;
    this.proc = undefined;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const gone = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await gone;
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface Running {
  readonly child: ChildProcess;
  readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; stdout: string }>;
  /** What it has written to stderr so far (while it runs). */
  stderr(): string;
}

const live = new Set<ChildProcess>();

/** SIGKILLs every `pith` process a test started that is still running (a failed test leaves none behind). */
export function killLeftovers(): void {
  for (const c of live) c.kill('SIGKILL');
  live.clear();
}

/** `pith ...` as a real process. */
export function pith(...args: string[]): Running {
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let stderr = '', stdout = '';
  child.stderr!.on('data', (d) => (stderr += d));
  child.stdout!.on('data', (d) => (stdout += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; stdout: string }>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal, stderr, stdout }));
  });
  return { child, exit, stderr: () => stderr };
}

export async function pithOk(...args: string[]): Promise<string> {
  const r = await pith(...args).exit;
  if (r.code !== 0) throw new Error(`pith ${args.join(' ')}: exit ${r.code}\n${r.stderr}`);
  return r.stdout;
}

export interface Status {
  total: number; waiting: number; active: number; delayed: number; done: number; dead: number; again: number; progress: number;
  politeness: { perHost: number; hostDelayMs: number };
}

/**
 * The queue's status, read by the library call `pith queue status` makes (one CLI process per
 * look cost ~0.3 s of CPU; the CLI's own output is checked by `cliStatus`).
 */
export async function status(url: string): Promise<Status> {
  const client = await connectOnce(url);
  try {
    return await queueStatus(client);
  } finally {
    client.disconnect();
  }
}

/**
 * Enqueues by the library call `pith queue add` makes, for tests whose point is elsewhere; the
 * command's own options and messages are checked where a test runs it.
 */
export async function enqueue(url: string, inputs: readonly string[], options: EnqueueOptions = {}): Promise<EnqueueSummary> {
  const client = await connectOnce(url);
  try {
    return await enqueuePages(client, inputs, options);
  } finally {
    client.disconnect();
  }
}

/** The queue emptied, then the URLs of `urlsFile` added, one host at a time without delay (a rerun of the same pages). */
export async function requeueUrls(url: string, urlsFile: string): Promise<void> {
  const client = await connectOnce(url);
  try {
    await clearQueue(client);
    await enqueuePages(client, [], { urlsFile, attempts: 3, backoffMs: 50, politeness: { perHost: 1, hostDelayMs: 0 } });
  } finally {
    client.disconnect();
  }
}

/** `pith queue status --json`, a real process. */
export async function cliStatus(url: string): Promise<Status> {
  return JSON.parse(await pithOk('queue', 'status', '--redis', url, '--json')) as Status;
}

/** `n` copies of test/fixtures/pages/news-article.html in a new folder `dir`/pages, as story-0.html, story-1.html, ...; their ids. */
export function storyPages(dir: string, n: number): { pages: string; ids: string[] } {
  const pages = join(dir, 'pages');
  mkdirSync(pages);
  const ids: string[] = [];
  for (let k = 0; k < n; k++) {
    copyFileSync(fixture('pages', 'news-article.html'), join(pages, `story-${k}.html`));
    ids.push(`story-${k}`);
  }
  return { pages, ids };
}

/** One of Redis' clients, as CLIENT LIST gives it (every field, by name). */
export type RedisClientInfo = Readonly<Record<string, string>>;

/** Redis' clients (CLIENT LIST), seen by `admin`. */
export async function clientList(admin: Redis): Promise<RedisClientInfo[]> {
  const text = (await admin.client('LIST')) as string;
  return text.split('\n').filter(Boolean).map((line) => Object.fromEntries(line.trim().split(' ').map((kv) => {
    const at = kv.indexOf('=');
    return [kv.slice(0, at), kv.slice(at + 1)];
  })));
}

/** The title of test/fixtures/pages/news-article.html. */
export const TITLE = 'Harbour town votes to restore its tidal mill';

/** A fresh Redis in a temp folder for `body`; afterwards every pith process the test started is killed and the folder removed. */
export async function withRedis(name: string, body: (redis: RedisServer, dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `pith-queue-${name}-`));
  const redis = new RedisServer(await freePort(), dir);
  await redis.start();
  try {
    await body(redis, dir);
  } finally {
    killLeftovers();
    await redis.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `pith worker` that stops when the queue is empty, one thread, 1 s locks (later options win);
 * its URL pages may reach the tests' loopback servers (--allow-private-urls).
 */
export const worker = (url: string, ...more: string[]): Running => pith('worker', '--redis', url, '--until-empty', '--concurrency', '1', '--lock-secs', '1', '--allow-private-urls', ...more);

/** The workers' exits, or undefined when one is still running after `graceMs` (left running). */
export async function exitsWithin(workers: readonly Running[], graceMs: number): Promise<Array<Awaited<Running['exit']>> | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), graceMs)));
  const ends = await Promise.race([Promise.all(workers.map((w) => w.exit)), stuck]);
  clearTimeout(timer);
  return ends;
}

/** SIGKILLs the workers still running; every worker's exit and output. */
export async function killAll(workers: readonly Running[]): Promise<Array<Awaited<Running['exit']>>> {
  for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
  return Promise.all(workers.map((w) => w.exit));
}

/** The tail of each worker's output, for a failure's message. */
export const outputs = (ends: ReadonlyArray<Awaited<Running['exit']>>): string => ends.map((e, k) => `worker ${k} (${e.code ?? e.signal}):\n${e.stderr.slice(-2000)}`).join('\n');

/**
 * The workers' exits; a hang guard, not a timing check: past `graceMs` the workers still running
 * are killed and the test fails with what each wrote, instead of timing out with nothing to read.
 */
export async function exitsOrDiagnosis(workers: readonly Running[], graceMs: number): Promise<Array<Awaited<Running['exit']>>> {
  const ends = await exitsWithin(workers, graceMs);
  if (ends) return ends;
  assert.fail(`workers still running after ${graceMs} ms, killed; their output:\n${outputs(await killAll(workers))}`);
}

/** Fails with the worker's output when a worker has ended while the test still waits on it to work. */
export async function assertStillRunning(workers: readonly Running[]): Promise<void> {
  const ended = workers.findIndex((w) => w.child.exitCode !== null || w.child.signalCode !== null);
  if (ended < 0) return;
  const e = await workers[ended]!.exit;
  assert.fail(`worker ${ended} ended early (${e.code ?? e.signal}):\n${e.stderr.slice(-2000)}`);
}

export interface Line {
  id: string;
  url?: string | null;
  title?: string;
  body?: string;
  markdown?: string;
  lists?: unknown[];
  comments?: Array<{ author?: string; date?: string; text: string }>;
  error?: { code: string; dead?: boolean; attempts?: number };
}

const readLines = (file: string): Line[] => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);

/** The queue's export, parsed: written by the library call `pith queue export` makes (see `cliExported`). */
export async function exported(url: string, dir: string, queue?: string): Promise<Line[]> {
  const out = join(dir, `results${queue !== undefined ? `-${queue}` : ''}.jsonl`);
  const client = await connectOnce(url);
  try {
    await exportResults(client, out, queue);
  } finally {
    client.disconnect();
  }
  return readLines(out);
}

/** The queue's export by `pith queue export`, a real process, parsed. */
export async function cliExported(url: string, dir: string): Promise<Line[]> {
  const out = join(dir, 'results-cli.jsonl');
  await pithOk('queue', 'export', '--redis', url, '--out', out);
  return readLines(out);
}

/** Every id exactly once, and nothing else. */
export function assertOnce(lines: readonly Line[], ids: readonly string[]): void {
  const got = lines.map((l) => l.id).sort();
  assert.equal(new Set(got).size, got.length, 'no page written twice');
  assert.deepEqual(got, [...ids].sort(), 'every page written');
}

/**
 * Kills Redis (SIGKILL) while `workers` run, starts it again 1.5 s later on the same port, and
 * waits for the workers: each must exit 0, and at least one must have said Redis went away.
 */
export async function restartRedisUnder(redis: RedisServer, workers: readonly Running[]): Promise<void> {
  await redis.kill();
  await sleep(1500);
  await redis.start();
  const ends = await exitsOrDiagnosis(workers, 150_000);
  for (const e of ends) assert.equal(e.code, 0, e.stderr);
  assert.ok(ends.some((e) => /Redis unreachable/.test(e.stderr)), 'a worker saw Redis go');
}
