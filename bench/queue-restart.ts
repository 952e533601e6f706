/**
 * Stress of `pith worker` across Redis restarts (docs/queue.md, "Redis down or restarted"): a real
 * redis-server on loopback (AOF, fsync always, as the tests start it) is SIGKILLed and started
 * again on the same port, many times, at varying moments, under two real `pith worker`
 * processes; each run records whether every page was written exactly once and the workers
 * ended, or where they hung (queue counts, Redis' CLIENT LIST, the workers' last output).
 *
 *   node dist/bench/queue-restart.js [--runs N] [--scenario busy|idle|twice|end|stop|all] [--pages N] [--grace-s S] [--seed N] [--idle-from-ms A --idle-to-ms B] [--logs DIR]
 *
 * Scenarios: `busy`: killed while pages are being extracted (after a random number are done);
 * `idle`: killed while both workers wait in their blocking fetch on an empty queue (at a random
 * moment of the wait), the pages enqueued once Redis is back; `twice`: as `busy`, then killed
 * again soon after the restart; `end`: killed as the last pages finish (0 to 3 left), when the
 * `--until-empty` workers are about to see the queue empty and stop; `stop`: idle workers told
 * to stop (SIGTERM) 0-3 s after Redis is back, while their connections may still wait to
 * reconnect (no pages). A run hangs when the pages are not all done within `--grace-s`
 * after the (last) restart. `--logs DIR` keeps a hung run's whole worker output there (run the
 * workers with DEBUG=ioredis:* for their connections' story).
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { argValue } from './args.js';
import { fixture } from '../test/helpers/paths.js';
import { enqueue, exported, freePort, pith, RedisServer, sleep, status, worker, type Running } from '../test/queue/redis.js';

type Scenario = 'busy' | 'idle' | 'twice' | 'end' | 'stop';

interface RunResult {
  readonly scenario: Scenario;
  readonly ok: boolean;
  readonly detail: string;
}

/** A small deterministic generator (mulberry32), so a run's moments can be replayed with --seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pagesDir(dir: string, n: number): string[] {
  const pages = join(dir, 'pages');
  mkdirSync(pages);
  const ids: string[] = [];
  for (let k = 0; k < n; k++) {
    copyFileSync(fixture('pages', 'news-article.html'), join(pages, `story-${k}.html`));
    ids.push(`story-${k}`);
  }
  return ids;
}

/** Redis' view of its clients: name, last command, idle seconds (where a hang sits). */
async function clientList(url: string): Promise<string> {
  const c = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => null, lazyConnect: true });
  try {
    await c.connect();
    const text = (await c.client('LIST')) as string;
    return text.split('\n').filter(Boolean).map((l) => {
      const f = Object.fromEntries(l.split(' ').map((kv) => kv.split('=') as [string, string]));
      return `  id=${f.id} name=${f.name || '-'} cmd=${f.cmd} age=${f.age} idle=${f.idle} flags=${f.flags}`;
    }).join('\n');
  } catch (e) {
    return `  (CLIENT LIST failed: ${(e as Error).message})`;
  } finally {
    c.disconnect();
  }
}

async function waitDone(url: string, n: number, graceMs: number): Promise<boolean> {
  const until = Date.now() + graceMs;
  while (Date.now() < until) {
    try {
      if ((await status(url)).done >= n) return true;
    } catch {
      // Redis not answering yet
    }
    await sleep(200);
  }
  return false;
}

async function waitExits(workers: readonly Running[], graceMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<false>((r) => (timer = setTimeout(() => r(false), graceMs)));
  const ok = await Promise.race([Promise.all(workers.map((w) => w.exit)).then(() => true), stuck]);
  clearTimeout(timer);
  return ok;
}

async function restart(redis: RedisServer, downMs: number): Promise<void> {
  await redis.kill();
  await sleep(downMs);
  await redis.start();
}

/** Waits until both workers sit in BZPOPMIN on an empty queue (their blocking connections). */
async function bothBlocking(url: string): Promise<void> {
  for (let k = 0; k < 300; k++) {
    const list = await clientList(url);
    if ((list.match(/cmd=bzpopmin/g) ?? []).length >= 2) return;
    await sleep(100);
  }
  throw new Error('the workers never blocked');
}

async function hangReport(url: string, workers: readonly Running[]): Promise<string> {
  let counts = '';
  try {
    const s = await status(url);
    counts = `waiting ${s.waiting} active ${s.active} delayed ${s.delayed} done ${s.done} dead ${s.dead}`;
  } catch (e) {
    counts = (e as Error).message;
  }
  const clients = await clientList(url);
  for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
  const ends = await Promise.all(workers.map((w) => w.exit));
  const logs = argValue('logs', '');
  if (logs) ends.forEach((e, k) => writeFileSync(join(logs, `hang-${Date.now()}-worker-${k}.txt`), e.stderr));
  return `${counts}\n${clients}\n${ends.map((e, k) => `  worker ${k} (${e.code ?? e.signal}): ${e.stderr.trim().split('\n').slice(-8).join(' | ')}`).join('\n')}`;
}

/** The worker's guards that acted in a run (src/queue/worker.ts): a stop that waited for the blocking connection, a stuck BullMQ worker replaced. */
function guardsSeen(stderrs: readonly string[]): string {
  const waited = stderrs.filter((e) => e.includes('waiting for Redis before stopping')).length;
  const replaced = stderrs.reduce((n, e) => n + (e.match(/starting a fresh BullMQ worker/g) ?? []).length, 0);
  return `${waited ? `; stop waited for the blocking connection x${waited}` : ''}${replaced ? `; BullMQ worker replaced x${replaced}` : ''}`;
}

async function oneRun(scenario: Scenario, nPages: number, graceMs: number, rnd: () => number): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'pith-queue-stress-'));
  const redis = new RedisServer(await freePort(), dir);
  await redis.start();
  const ids = pagesDir(dir, nPages);
  const workers: Running[] = [];
  try {
    let moment = '';
    if (scenario === 'stop') {
      workers.push(pith('worker', '--redis', redis.url, '--concurrency', '1', '--lock-secs', '1'), pith('worker', '--redis', redis.url, '--concurrency', '1', '--lock-secs', '1'));
      await bothBlocking(redis.url);
      const down = 200 + Math.round(rnd() * 1800);
      const after = Math.round(rnd() * 3000);
      await restart(redis, down);
      await sleep(after);
      moment = `down ${down} ms, SIGTERM +${after} ms`;
      for (const w of workers) w.child.kill('SIGTERM');
      if (!(await waitExits(workers, graceMs))) return { scenario, ok: false, detail: `${moment}: no exit after SIGTERM\n${await hangReport(redis.url, workers)}` };
      const ends = await Promise.all(workers.map((w) => w.exit));
      return { scenario, ok: ends.every((e) => e.code === 0), detail: `${moment}: exits ${ends.map((e) => e.code ?? e.signal).join(',')}${guardsSeen(ends.map((e) => e.stderr))}` };
    }
    if (scenario === 'idle') {
      workers.push(pith('worker', '--redis', redis.url, '--concurrency', '1', '--lock-secs', '1'), pith('worker', '--redis', redis.url, '--concurrency', '1', '--lock-secs', '1'));
      await bothBlocking(redis.url);
      // somewhere in (or just past) the 5 s BZPOPMIN and BullMQ's 6 s guard on it
      const into = idleFromMs + Math.round(rnd() * (idleToMs - idleFromMs));
      await sleep(into);
      const down = 200 + Math.round(rnd() * 1800);
      await restart(redis, down);
      moment = `idle +${into} ms, down ${down} ms`;
      await enqueue(redis.url, [join(dir, 'pages')]);
      const done = await waitDone(redis.url, nPages, graceMs);
      if (!done) return { scenario, ok: false, detail: `${moment}: HANG\n${await hangReport(redis.url, workers)}` };
      for (const w of workers) w.child.kill('SIGTERM');
      if (!(await waitExits(workers, graceMs))) return { scenario, ok: false, detail: `${moment}: no exit after SIGTERM\n${await hangReport(redis.url, workers)}` };
    } else {
      await enqueue(redis.url, [join(dir, 'pages')]);
      workers.push(worker(redis.url), worker(redis.url));
      const after = scenario === 'end' ? nPages - Math.floor(rnd() * 4) : 1 + Math.floor(rnd() * (nPages / 2));
      while ((await status(redis.url)).done < after) await sleep(20);
      const down = 200 + Math.round(rnd() * 1800);
      await restart(redis, down);
      moment = `after ${after} done, down ${down} ms`;
      if (scenario === 'twice') {
        const gap = Math.round(rnd() * 3000);
        await sleep(gap);
        const down2 = 200 + Math.round(rnd() * 1800);
        await restart(redis, down2);
        moment += `, again +${gap} ms, down ${down2} ms`;
      }
      if (!(await waitExits(workers, graceMs))) return { scenario, ok: false, detail: `${moment}: HANG\n${await hangReport(redis.url, workers)}` };
    }
    const lines = await exported(redis.url, dir);
    const got = new Set(lines.map((l) => l.id));
    const exact = got.size === lines.length && ids.every((id) => got.has(id)) && lines.length === ids.length;
    const ends = await Promise.all(workers.map((w) => w.exit));
    const codes = ends.map((e) => e.code ?? e.signal).join(',');
    const guards = guardsSeen(ends.map((e) => e.stderr));
    return { scenario, ok: exact && ends.every((e) => e.code === 0), detail: `${moment}: ${lines.length}/${ids.length} lines${exact ? ' once each' : ' NOT exactly once'}, exits ${codes}${guards}` };
  } finally {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await redis.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

const runs = Number(argValue('runs', '10'));
const which = argValue('scenario', 'all');
const scenarios: Scenario[] = which === 'all' ? ['busy', 'idle', 'twice', 'end'] : [which as Scenario];
const nPages = Number(argValue('pages', '60'));
const graceMs = Number(argValue('grace-s', '60')) * 1000;
const idleFromMs = Number(argValue('idle-from-ms', '0'));
const idleToMs = Number(argValue('idle-to-ms', '6500'));
const rnd = random(Number(argValue('seed', '1')));

const tally = new Map<Scenario, { runs: number; hangs: number; bad: number; guarded: number }>();
for (let r = 0; r < runs; r++) {
  for (const scenario of scenarios) {
    const res = await oneRun(scenario, nPages, graceMs, rnd);
    const t = tally.get(scenario) ?? { runs: 0, hangs: 0, bad: 0, guarded: 0 };
    t.runs++;
    if (!res.ok) (res.detail.includes('HANG') || res.detail.includes('no exit') ? t.hangs++ : t.bad++);
    if (res.ok && res.detail.includes('; ')) t.guarded++;
    tally.set(scenario, t);
    console.log(`[${r + 1}/${runs}] ${scenario}: ${res.ok ? 'ok' : 'FAIL'} ${res.detail}`);
  }
}
for (const [s, t] of tally) console.log(`${s}: ${t.runs} runs, ${t.hangs} hangs, ${t.bad} other failures, ${t.guarded} runs where a guard acted`);
