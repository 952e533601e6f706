/**
 * Where the test suite's time goes, per test file: runs `node --test` on the given paths (the
 * whole dist/test/ by default) with a preload that logs every node process (bench/
 * test-times-preload.ts), then charges each process to the test file it descends from and
 * prints the files ranked by wall time and by CPU (the file's own process plus the node
 * processes it started: the CLI, workers, npm). Chromium and redis-server are not node: their
 * CPU shows only in the run's total from /usr/bin/time (run this under it).
 *
 *     node dist/bench/test-times.js [--concurrency 3] [--top 25] [paths...]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** One node process of the run, as the preload logs it. */
export interface ProcessRecord {
  readonly pid: number;
  readonly ppid: number;
  readonly argv: readonly string[];
  readonly cpu: number;
  readonly wall: number;
}

/** A test file's cost: its own process and the node processes descending from it. */
export interface FileCost {
  readonly file: string;
  readonly wall: number;
  readonly ownCpu: number;
  readonly spawnedCpu: number;
  readonly spawned: number;
}

const TEST_FILE = /(?:^|\/)dist\/test\/(.+\.test\.js)$/;

/** The test file a process runs (its path under dist/test/), if it is one. */
export function testFileOf(record: ProcessRecord): string | undefined {
  for (const arg of record.argv) {
    const m = TEST_FILE.exec(arg);
    if (m) return m[1];
  }
  return undefined;
}

/**
 * Each test file's cost: a process counts for the nearest ancestor (through the logged parent
 * ids) that runs a test file. Processes whose line of parents leaves the log first (the
 * runner, or one whose parent died first) count for none.
 */
export function costPerFile(records: readonly ProcessRecord[]): FileCost[] {
  const byPid = new Map(records.map((r) => [r.pid, r]));
  const owner = (r: ProcessRecord): string | undefined => {
    const seen = new Set<number>();
    for (let at: ProcessRecord | undefined = byPid.get(r.ppid); at && !seen.has(at.pid); at = byPid.get(at.ppid)) {
      seen.add(at.pid);
      const file = testFileOf(at);
      if (file) return file;
    }
    return undefined;
  };
  const costs = new Map<string, { wall: number; ownCpu: number; spawnedCpu: number; spawned: number }>();
  const costOf = (file: string) => costs.get(file) ?? costs.set(file, { wall: 0, ownCpu: 0, spawnedCpu: 0, spawned: 0 }).get(file)!;
  for (const r of records) {
    const file = testFileOf(r);
    if (file) {
      const c = costOf(file);
      c.wall = Math.max(c.wall, r.wall);
      c.ownCpu += r.cpu;
      continue;
    }
    const from = owner(r);
    if (from === undefined) continue;
    const c = costOf(from);
    c.spawnedCpu += r.cpu;
    c.spawned += 1;
  }
  return [...costs].map(([file, c]) => ({ file, ...c }));
}

function table(title: string, rows: readonly FileCost[]): string {
  const lines = rows.map((r) => `${r.wall.toFixed(1).padStart(7)} ${(r.ownCpu + r.spawnedCpu).toFixed(1).padStart(7)} ${r.ownCpu.toFixed(1).padStart(6)} ${r.spawnedCpu.toFixed(1).padStart(7)} ${String(r.spawned).padStart(5)}  ${r.file}`);
  return [`${title}`, '   wall     cpu    own spawned procs  file', ...lines].join('\n');
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { concurrency: { type: 'string', default: '3' }, top: { type: 'string', default: '25' } } });
  const top = Number(values.top);
  const dir = mkdtempSync(join(tmpdir(), 'pith-test-times-'));
  try {
    const log = join(dir, 'processes.jsonl');
    const preload = fileURLToPath(new URL('./test-times-preload.js', import.meta.url));
    const paths = positionals.length > 0 ? positionals : ['dist/test/'];
    const started = Date.now();
    const run = spawnSync(process.execPath, ['--test', `--test-concurrency=${values.concurrency}`, '--test-reporter=dot', ...paths], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --import ${preload}`.trim(), PITH_TEST_TIMES_LOG: log },
    });
    const wall = (Date.now() - started) / 1e3;
    const records = readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as ProcessRecord);
    const files = costPerFile(records);
    const nodeCpu = records.reduce((s, r) => s + r.cpu, 0);
    const cpuOf = (f: FileCost) => f.ownCpu + f.spawnedCpu;
    console.log(`\n${files.length} test files, ${records.length} node processes, ${nodeCpu.toFixed(1)} s CPU in node processes, ${wall.toFixed(1)} s wall, exit ${run.status}`);
    console.log(table(`\ntop ${top} by wall (s)`, [...files].sort((a, b) => b.wall - a.wall).slice(0, top)));
    console.log(table(`\ntop ${top} by CPU (s)`, [...files].sort((a, b) => cpuOf(b) - cpuOf(a)).slice(0, top)));
    process.exitCode = run.status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
