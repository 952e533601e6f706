/**
 * bench:speed's whole-process part (issue 60): `pith batch --workers 1`, the parse5 floor
 * (bench/parse-floor-batch.js: decode + parse5, nothing extracted) and Readability.js on linkedom
 * (bench/readability-batch.js), each a fresh process over the same page files, in alternation;
 * medians of CPU (user + sys of the whole process tree) and of wall time, and the ratios.
 */
import { spawnSync } from 'node:child_process';
import { readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { alternate, defaultMeter, stagePages, type Contender, type ProcessRun } from './process-cpu.js';
import { median } from './cpu-time.js';

/** The processes compared (bench:speed, bench:startup): pith's CLI and its two peers. */
export const PITH = new URL('../../bin/pith.js', import.meta.url).pathname;
export const READABILITY = new URL('./readability-batch.js', import.meta.url).pathname;
export const FLOOR = new URL('./parse-floor-batch.js', import.meta.url).pathname;

/** A named set of page files and how many repetitions it gets. */
export interface PageSet {
  readonly name: string;
  readonly files: readonly string[];
  readonly reps: number;
}

/** trafilatura-eval's page files sorted by name (code point order), as the "first 300" counts them. */
export async function trafilaturaPages(root: string): Promise<string[]> {
  const dir = join(root, 'trafilatura-eval', 'html');
  return (await readdir(dir)).filter((f) => /\.html?(\.gz)?$/.test(f)).sort().map((f) => join(dir, f));
}

export interface SetResult {
  readonly set: PageSet;
  readonly runs: ReadonlyMap<string, readonly ProcessRun[]>;
  /** Lines each contender wrote on its first run (one per page expected). */
  readonly lines: ReadonlyMap<string, number>;
  readonly load: { readonly before: number; readonly after: number };
}

const NAMES: Readonly<Record<string, string>> = {
  pith: '`pith batch --workers 1`',
  floor: 'decode + parse5, no extraction (parse-floor-batch)',
  readability: 'Readability.js + linkedom (readability-batch)',
};

function contenders(dir: string, list: string): Contender[] {
  return [
    { key: 'readability', args: (out) => [READABILITY, list, out] },
    { key: 'floor', args: (out) => [FLOOR, list, out] },
    { key: 'pith', args: (out) => [PITH, 'batch', dir, '--workers', '1', '--out', out] },
  ];
}

/** Runs the three contenders over one set, in alternation. */
export async function measureSet(set: PageSet, scratch: string): Promise<SetResult> {
  const staged = await stagePages(set.files, join(scratch, `pages-${set.name}`));
  const lines = new Map<string, number>();
  const before = loadavg()[0]!;
  const runs = await alternate(contenders(staged.dir, staged.list), set.reps, scratch, async (key, out) => {
    lines.set(key, (await readFile(out, 'utf8')).split('\n').filter(Boolean).length);
  });
  const after = loadavg()[0]!;
  await rm(staged.dir, { recursive: true, force: true });
  await rm(staged.list, { force: true });
  return { set, runs, lines, load: { before, after } };
}

/** The checked-out commit, and whether tracked files have changed since: what a measurement was made of. */
export function commitOf(): string {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).stdout.trim() !== '';
  return r.status === 0 ? r.stdout.trim() + (dirty ? ' (with uncommitted changes)' : '') : 'unknown';
}

const f2 = (x: number): string => x.toFixed(2);

/** The set's table in Markdown: per contender its runs' CPU, medians of CPU and wall, ms per page, peak RSS; then the ratios. */
export function setTable(r: SetResult): string {
  const n = r.set.files.length;
  const med = (k: string, f: (x: ProcessRun) => number): number => median(r.runs.get(k)!.map(f));
  const rows = ['readability', 'floor', 'pith'].map((k) => {
    const runs = r.runs.get(k)!;
    return `| ${NAMES[k]} | ${runs.map((x) => f2(x.cpu)).join(', ')} | **${f2(med(k, (x) => x.cpu))}** | ${f2(med(k, (x) => x.wall))} | ${((med(k, (x) => x.cpu) * 1000) / n).toFixed(1)} | ${Math.max(...runs.map((x) => x.peakMB)).toFixed(0)} | ${r.lines.get(k) ?? '-'} |`;
  });
  const cpu = (k: string): number => med(k, (x) => x.cpu);
  const wall = (k: string): number => med(k, (x) => x.wall);
  return [
    `${r.set.name}: ${n} page${n === 1 ? '' : 's'}, ${r.set.reps} alternating runs each, CPU meter ${defaultMeter()}, load average (1 min) ${f2(r.load.before)} before, ${f2(r.load.after)} after`,
    '',
    '| process | CPU s per run | median CPU s | median wall s | CPU ms/page | peak RSS MB | lines |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `Readability / pith: CPU **${f2(cpu('readability') / cpu('pith'))}**, wall ${f2(wall('readability') / wall('pith'))}; ` +
    `floor / pith: CPU **${f2(cpu('floor') / cpu('pith'))}**, wall ${f2(wall('floor') / wall('pith'))}; ` +
    `Readability / floor: CPU ${f2(cpu('readability') / cpu('floor'))} (the most a parse5-based extractor could reach)`,
  ].join('\n');
}

/**
 * The sets bench:speed measures: the first 300 trafilatura-eval pages by name, all of them, every
 * shared page (ALL_REPS, default 3: the longest), and one page (start-up, ONE_REPS, default 10).
 * PROCESS_SETS picks some (`first300,trafilatura,all,one`); PROCESS_PAGES sets the first set's size.
 */
export async function processSets(root: string, allFiles: readonly string[]): Promise<PageSet[]> {
  const reps = Number(process.env['PROCESS_REPS'] ?? 5);
  const first = Number(process.env['PROCESS_PAGES'] ?? 300);
  const traf = await trafilaturaPages(root);
  const sets: PageSet[] = [
    { name: `first${first}`, files: traf.slice(0, first), reps },
    { name: 'trafilatura', files: traf, reps },
    { name: 'all', files: allFiles, reps: Number(process.env['ALL_REPS'] ?? 3) },
    { name: 'one', files: traf.slice(0, 1), reps: Number(process.env['ONE_REPS'] ?? 10) },
  ];
  const wanted = process.env['PROCESS_SETS']?.split(',').map((s) => s.trim());
  return wanted ? sets.filter((s) => wanted.includes(s.name) || (s.name.startsWith('first') && wanted.includes('first'))) : sets;
}
