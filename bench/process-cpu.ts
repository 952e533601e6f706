/**
 * Whole processes timed as a user pays for them: CPU (user + sys) of the process and every
 * process it starts (`pith batch` re-runs itself with `--single-threaded-gc`), wall time from
 * spawn to exit, and the largest process' peak RSS.
 *
 * Two meters, the same figures: `/usr/bin/time` (its rusage covers the child and every
 * descendant it waited for) where it exists, else a `--import` preload put in NODE_OPTIONS
 * that appends each node process' own `process.resourceUsage()` at exit to a log, summed.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type CpuMeter = 'time' | 'preload';

export interface ProcessRun {
  /** user + sys seconds of the process tree. */
  readonly cpu: number;
  readonly user: number;
  readonly sys: number;
  /** Spawn to exit, seconds. */
  readonly wall: number;
  /** Peak RSS of the largest process of the tree, MB. */
  readonly peakMB: number;
}

const TIME_BIN = '/usr/bin/time';
const PRELOAD = fileURLToPath(new URL('./cpu-preload.js', import.meta.url));

/** The meter to use: CPU_METER when set, else /usr/bin/time where the system has it. */
export function defaultMeter(): CpuMeter {
  const asked = process.env['CPU_METER'];
  if (asked === 'time' || asked === 'preload') return asked;
  return existsSync(TIME_BIN) ? 'time' : 'preload';
}

/** Runs `command args` to its end and waits; rejects with its stderr when it exits non-zero. */
function runToEnd(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-4000); });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const wall = (performance.now() - t0) / 1000;
      if (code === 0) resolve(wall);
      else reject(new Error(`${[command, ...args].join(' ')} ended with ${signal ?? code}: ${stderr}`));
    });
  });
}

/** `/usr/bin/time -f` output: "user sys wall maxKB" on the last line of the file. */
export function parseTimeOutput(text: string): { user: number; sys: number; wall: number; maxKB: number } {
  const line = text.trim().split('\n').pop() ?? '';
  const parts = line.trim().split(/\s+/).map(Number);
  if (parts.length !== 4 || parts.some((x) => !Number.isFinite(x))) throw new Error(`unexpected /usr/bin/time output: ${line}`);
  const [user, sys, wall, maxKB] = parts as [number, number, number, number];
  return { user, sys, wall, maxKB };
}

/** The preload's log: one JSON line per node process, summed. */
export function sumPreloadLog(text: string): { user: number; sys: number; maxKB: number; processes: number } {
  let user = 0;
  let sys = 0;
  let maxKB = 0;
  let processes = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as { user: number; sys: number; maxRSS: number };
    user += r.user / 1e6;
    sys += r.sys / 1e6;
    maxKB = Math.max(maxKB, r.maxRSS);
    processes++;
  }
  return { user, sys, maxKB, processes };
}

/**
 * Runs a node script (`args` after node itself) as a whole process and measures it. `scratch`:
 * a folder for the meter's own files.
 */
export async function measureNodeProcess(args: readonly string[], scratch: string, meter: CpuMeter = defaultMeter()): Promise<ProcessRun> {
  await mkdir(scratch, { recursive: true });
  const log = join(scratch, `meter-${process.pid}-${Math.random().toString(36).slice(2)}.log`);
  try {
    if (meter === 'time') {
      // NODE_OPTIONS left as it is: a caller's preload would be counted in both meters alike.
      const wall = await runToEnd(TIME_BIN, ['-f', '%U %S %e %M', '-o', log, process.execPath, ...args], process.env);
      const t = parseTimeOutput(await readFile(log, 'utf8'));
      return { cpu: t.user + t.sys, user: t.user, sys: t.sys, wall: Math.max(t.wall, 0) || wall, peakMB: t.maxKB / 1024 };
    }
    const env = { ...process.env, NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --import ${PRELOAD}`.trim(), PITH_CPU_LOG: log };
    const wall = await runToEnd(process.execPath, args, env);
    const s = sumPreloadLog(existsSync(log) ? await readFile(log, 'utf8') : '');
    if (s.processes === 0) throw new Error(`the CPU preload logged no process for ${args.join(' ')}`);
    return { cpu: s.user + s.sys, user: s.user, sys: s.sys, wall, peakMB: s.maxKB / 1024 };
  } finally {
    await rm(log, { force: true });
  }
}

/** A set of page files copied under plain names (`0001.html.gz`), with a list file of their paths. */
export interface StagedPages {
  readonly dir: string;
  readonly list: string;
  readonly paths: readonly string[];
  /** The original file of each copy, in the same order. */
  readonly originals: readonly string[];
}

/**
 * Copies page files into `dir` under plain numbered names: corpus names hold spaces and
 * leading '-', and `pith batch` refuses symbolic links that lead out of its input folder.
 */
export async function stagePages(files: readonly string[], dir: string): Promise<StagedPages> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const width = Math.max(4, String(files.length).length);
  const paths: string[] = [];
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    const ext = /\.gz$/i.test(f) ? 'html.gz' : 'html';
    const p = join(dir, `${String(i + 1).padStart(width, '0')}.${ext}`);
    await copyFile(f, p);
    paths.push(p);
  }
  const list = `${dir}.list`;
  await writeFile(list, paths.join('\n') + '\n');
  return { dir, list, paths, originals: files };
}

/** One contender of a whole-process comparison: a name and its node arguments, given where to write. */
export interface Contender {
  readonly key: string;
  readonly args: (out: string) => readonly string[];
}

/**
 * Every contender `reps` times, in alternation (a neighbour's load falls on all alike); each
 * run's output file is checked by `check` after the first repetition, then removed.
 */
export async function alternate(
  contenders: readonly Contender[], reps: number, scratch: string,
  check?: (key: string, out: string) => Promise<void>, meter: CpuMeter = defaultMeter(),
): Promise<Map<string, ProcessRun[]>> {
  const runs = new Map<string, ProcessRun[]>(contenders.map((c) => [c.key, []]));
  for (let r = 0; r < reps; r++) {
    for (const c of contenders) {
      const out = join(scratch, `${c.key}-${r}.jsonl`);
      // `pith batch` skips the pages its output already holds: each run starts with none.
      await rm(out, { force: true });
      runs.get(c.key)!.push(await measureNodeProcess(c.args(out), scratch, meter));
      if (r === 0 && check) await check(c.key, out);
      await rm(out, { force: true });
    }
  }
  return runs;
}
