/**
 * `npm run bench:startup`: what one page costs as a whole process, start-up included, in
 * alternating runs (median of each):
 * - `pith extract PAGE --format json -o FILE` (bin/pith.js, as people run it);
 * - `pith batch DIR --out FILE` on a folder holding that one page;
 * - bench/readability-batch.js: Readability.js on linkedom over the same page;
 * - bench/parse-floor-batch.js: decode + parse5 of the page, nothing extracted.
 * CPU is user + sys of each process and its children, from /usr/bin/time -f '%U %S %e %M'
 * where the machine has it (with peak RSS); without it, only wall time is reported.
 * The page: the first trafilatura-eval page (sorted by name), or --page PATH. Runs: --runs N
 * (default 7, at least 5). --baseline DIR: also time DIR's (built) pith in the same alternation,
 * for a before/after on a busy machine.
 * Target (issue 60): each pith process no dearer in CPU than Readability.js's.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';

const TIME = '/usr/bin/time';
const MIN_RUNS = 5;

interface Measure {
  readonly cpuS?: number;
  readonly wallS: number;
  readonly peakMB?: number;
}

interface Contender {
  readonly name: string;
  /** Node's arguments; `prepare` runs before each run (a fresh output). */
  readonly args: readonly string[];
  readonly prepare?: () => void;
}

/** The first trafilatura-eval page by name. */
function firstCorpusPage(): string {
  const dir = join(process.cwd(), '..', 'shared', 'corpora', 'trafilatura-eval', 'html');
  const name = readdirSync(dir).filter((f) => /\.html?(\.gz)?$/i.test(f)).sort()[0];
  if (!name) throw new Error(`no page in ${dir}`);
  return join(dir, name);
}

/** One process run, timed by /usr/bin/time when there is one, else by the wall clock here. */
function runOnce(args: readonly string[], withTime: boolean): Measure {
  const started = performance.now();
  const r = withTime
    ? spawnSync(TIME, ['-f', '%U %S %e %M', process.execPath, ...args], { encoding: 'utf8' })
    : spawnSync(process.execPath, [...args], { encoding: 'utf8' });
  const wallHere = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
  if (!withTime) return { wallS: wallHere };
  const last = r.stderr.trim().split('\n').pop() ?? '';
  const [user, sys, wall, maxKb] = last.split(/\s+/).map(Number);
  if (![user, sys, wall, maxKb].every((x) => Number.isFinite(x))) throw new Error(`cannot read /usr/bin/time's line: ${last}`);
  return { cpuS: user! + sys!, wallS: wall!, peakMB: maxKb! / 1024 };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const { values } = parseArgs({ options: { page: { type: 'string' }, runs: { type: 'string' }, baseline: { type: 'string' } } });
const runs = Math.max(MIN_RUNS, Number(values.runs ?? 7));
const page = values.page ?? firstCorpusPage();
const withTime = existsSync(TIME);
const work = mkdtempSync(join(tmpdir(), 'pith-bench-startup-'));
try {
  const pageDir = join(work, 'pages');
  const list = join(work, 'list.txt');
  mkdirSync(pageDir);
  const copy = join(pageDir, basename(page));
  copyFileSync(page, copy);
  writeFileSync(list, copy + '\n');
  const out = (name: string) => join(work, name);
  const fresh = (name: string) => () => rmSync(out(name), { force: true });
  const pith = (label: string, bin: string): Contender[] => [
    { name: `pith extract${label}`, args: [bin, 'extract', copy, '--format', 'json', '-o', out('extract.json')] },
    { name: `pith batch${label}`, args: [bin, 'batch', pageDir, '--out', out('batch.jsonl')], prepare: fresh('batch.jsonl') },
  ];
  const contenders: Contender[] = [
    ...pith('', 'bin/pith.js'),
    ...(values.baseline !== undefined ? pith(' (baseline)', join(values.baseline, 'bin', 'pith.js')) : []),
    { name: 'Readability.js+linkedom', args: ['dist/bench/readability-batch.js', list, out('readability.jsonl')] },
    { name: 'parse floor (decode+parse5)', args: ['dist/bench/parse-floor-batch.js', list, out('floor.jsonl')] },
  ];
  const measured = new Map<string, Measure[]>(contenders.map((c) => [c.name, []]));
  for (let r = 0; r < runs; r++) {
    for (const c of contenders) {
      c.prepare?.();
      measured.get(c.name)!.push(runOnce(c.args, withTime));
    }
  }
  const readabilityCpu = withTime ? median(measured.get('Readability.js+linkedom')!.map((m) => m.cpuS!)) : undefined;
  const readabilityWall = median(measured.get('Readability.js+linkedom')!.map((m) => m.wallS));
  console.log(`bench:startup: one page (${basename(page)}), ${runs} alternating runs, medians${withTime ? '' : ' (no /usr/bin/time: wall only)'}`);
  console.log('| process | CPU s | wall s | peak RSS MB | CPU / Readability.js | wall / Readability.js |');
  console.log('|---|---|---|---|---|---|');
  for (const c of contenders) {
    const ms = measured.get(c.name)!;
    const wall = median(ms.map((m) => m.wallS));
    const cpu = withTime ? median(ms.map((m) => m.cpuS!)) : undefined;
    const peak = withTime ? median(ms.map((m) => m.peakMB!)) : undefined;
    console.log(`| ${c.name} | ${cpu?.toFixed(2) ?? '-'} | ${wall.toFixed(2)} | ${peak?.toFixed(0) ?? '-'} | ${cpu !== undefined ? (cpu / readabilityCpu!).toFixed(2) : '-'} | ${(wall / readabilityWall).toFixed(2)} |`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
