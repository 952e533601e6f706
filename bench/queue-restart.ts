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
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { argValue } from './args.js';
import { seededRandom } from '../src/util/random.js';
import { clientList, enqueue, exitsWithin, exported, freePort, killAll, pith, RedisServer, sleep, status, storyPages, worker, type Running } from '../test/queue/redis.js';

const SCENARIOS = ['busy', 'idle', 'twice', 'end', 'stop'] as const;
type Scenario = (typeof SCENARIOS)[number];

interface RunResult {
  readonly scenario: Scenario;
  readonly ok: boolean;
  /** The pages were not all done, or a worker did not exit, within `--grace-s`. */
  readonly hung: boolean;
  /** A worker's guard acted (see `guardsSeen`). */
  readonly guarded: boolean;
  readonly detail: string;
}

/** Redis' view of its clients: name, last command, idle seconds (where a hang sits). */
async function clientsReport(url: string): Promise<string> {
  const c = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => null, lazyConnect: true });
  try {
    await c.connect();
    return (await clientList(c)).map((f) => `  id=${f.id} name=${f.name || '-'} cmd=${f.cmd} age=${f.age} idle=${f.idle} flags=${f.flags}`).join('\n');
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

async function restart(redis: RedisServer, downMs: number): Promise<void> {
  await redis.kill();
  await sleep(downMs);
  await redis.start();
}

/** Waits until both workers sit in BZPOPMIN on an empty queue (their blocking connections). */
async function bothBlocking(url: string): Promise<void> {
  for (let k = 0; k < 300; k++) {
    const list = await clientsReport(url);
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
  const clients = await clientsReport(url);
  const ends = await killAll(workers);
  const logs = argValue('logs', '');
  if (logs) ends.forEach((e, k) => writeFileSync(join(logs, `hang-${Date.now()}-worker-${k}.txt`), e.stderr));
  return `${counts}\n${clients}\n${ends.map((e, k) => `  worker ${k} (${e.code ?? e.signal}): ${e.stderr.trim().split('\n').slice(-8).join(' | ')}`).join('\n')}`;
}

/** The worker's guards that acted in a run (src/queue/worker.ts): a stop that waited for the blocking connection, or let the worker go with none in hand; a stuck BullMQ worker replaced. */
function guardsSeen(stderrs: readonly string[]): { guarded: boolean; text: string } {
  const count = (text: string): number => stderrs.filter((e) => e.includes(text)).length;
  const waited = count('waiting for Redis before stopping');
  const letGo = count('stopping without waiting for it');
  const replaced = stderrs.reduce((n, e) => n + (e.match(/starting a fresh BullMQ worker/g) ?? []).length, 0);
  return { guarded: waited + letGo + replaced > 0, text: `${waited ? `; stop waited for the blocking connection x${waited}` : ''}${letGo ? `; stop let the worker go (no page in hand) x${letGo}` : ''}${replaced ? `; BullMQ worker replaced x${replaced}` : ''}` };
}

/** A run that hung: where it sits (queue counts, clients, the workers' last output; the workers killed). */
async function hung(scenario: Scenario, what: string, url: string, workers: readonly Running[]): Promise<RunResult> {
  return { scenario, ok: false, hung: true, guarded: false, detail: `${what}\n${await hangReport(url, workers)}` };
}

async function oneRun(scenario: Scenario, nPages: number, graceMs: number, rnd: () => number): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'pith-queue-stress-'));
  const redis = new RedisServer(await freePort(), dir);
  await redis.start();
  const { pages, ids } = storyPages(dir, nPages);
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
      const ends = await exitsWithin(workers, graceMs);
      if (!ends) return hung(scenario, `${moment}: no exit after SIGTERM`, redis.url, workers);
      const guards = guardsSeen(ends.map((e) => e.stderr));
      return { scenario, ok: ends.every((e) => e.code === 0), hung: false, guarded: guards.guarded, detail: `${moment}: exits ${ends.map((e) => e.code ?? e.signal).join(',')}${guards.text}` };
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
      await enqueue(redis.url, [pages]);
      const done = await waitDone(redis.url, nPages, graceMs);
      if (!done) return hung(scenario, `${moment}: pages not all done`, redis.url, workers);
      for (const w of workers) w.child.kill('SIGTERM');
      if (!(await exitsWithin(workers, graceMs))) return hung(scenario, `${moment}: no exit after SIGTERM`, redis.url, workers);
    } else {
      await enqueue(redis.url, [pages]);
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
      if (!(await exitsWithin(workers, graceMs))) return hung(scenario, `${moment}: no exit`, redis.url, workers);
    }
    const lines = await exported(redis.url, dir);
    const got = new Set(lines.map((l) => l.id));
    const exact = got.size === lines.length && ids.every((id) => got.has(id)) && lines.length === ids.length;
    const ends = await Promise.all(workers.map((w) => w.exit));
    const codes = ends.map((e) => e.code ?? e.signal).join(',');
    const guards = guardsSeen(ends.map((e) => e.stderr));
    return { scenario, ok: exact && ends.every((e) => e.code === 0), hung: false, guarded: guards.guarded, detail: `${moment}: ${lines.length}/${ids.length} lines${exact ? ' once each' : ' NOT exactly once'}, exits ${codes}${guards.text}` };
  } finally {
    await killAll(workers);
    await redis.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

const runs = Number(argValue('runs', '10'));
const which = argValue('scenario', 'all');
const isScenario = (name: string): name is Scenario => (SCENARIOS as readonly string[]).includes(name);
if (which !== 'all' && !isScenario(which)) {
  console.error(`queue-restart: unknown --scenario ${which} (one of ${SCENARIOS.join(', ')}, or all)`);
  process.exit(2);
}
const scenarios: readonly Scenario[] = isScenario(which) ? [which] : SCENARIOS;
const nPages = Number(argValue('pages', '60'));
const graceMs = Number(argValue('grace-s', '60')) * 1000;
const idleFromMs = Number(argValue('idle-from-ms', '0'));
const idleToMs = Number(argValue('idle-to-ms', '6500'));
const rnd = seededRandom(Number(argValue('seed', '1')));

const tally = new Map<Scenario, { runs: number; hangs: number; bad: number; guarded: number }>();
for (let r = 0; r < runs; r++) {
  for (const scenario of scenarios) {
    const res = await oneRun(scenario, nPages, graceMs, rnd);
    const t = tally.get(scenario) ?? { runs: 0, hangs: 0, bad: 0, guarded: 0 };
    t.runs++;
    if (!res.ok) (res.hung ? t.hangs++ : t.bad++);
    if (res.ok && res.guarded) t.guarded++;
    tally.set(scenario, t);
    console.log(`[${r + 1}/${runs}] ${scenario}: ${res.ok ? 'ok' : 'FAIL'} ${res.detail}`);
  }
}
for (const [s, t] of tally) console.log(`${s}: ${t.runs} runs, ${t.hangs} hangs, ${t.bad} other failures, ${t.guarded} runs where a guard acted`);
