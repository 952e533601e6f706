/**
 * `npm run bench:startup`: what one page costs as a whole process, start-up included, in
 * alternating runs (median of each):
 * - `pith extract PAGE --format json -o FILE` (bin/pith.js, as people run it);
 * - `pith batch DIR --out FILE` on a folder holding that one page;
 * - bench/readability-batch.js: Readability.js on linkedom over the same page;
 * - bench/parse-floor-batch.js: decode + parse5 of the page, nothing extracted.
 * Each process is metered by bench/process-cpu.ts: CPU is user + sys of the process and its
 * children, with the largest one's peak RSS.
 * The page: the first trafilatura-eval page (sorted by name), or --page PATH. Runs: --runs N
 * (default 7, at least 5). --baseline DIR: also time DIR's (built) pith in the same alternation,
 * for a before/after on a busy machine.
 * Target (issue 60): each pith process no dearer in CPU than Readability.js's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { alternate, defaultMeter, stagePages, type Contender, type ProcessRun } from './process-cpu.js';
import { median } from './cpu-time.js';
import { FLOOR, PITH, READABILITY, trafilaturaPages } from './speed-process.js';
import { SHARED_CORPORA } from './folds.js';

const MIN_RUNS = 5;

/** A contender with the name its row is printed under. */
type Named = Contender & { readonly name: string };

/** `pith extract` and `pith batch` of one pith build on the staged page: keys `KEY-extract`/`KEY-batch`, names suffixed with `label`. */
function pithContenders(key: string, label: string, bin: string, page: string, dir: string): Named[] {
  return [
    { key: `${key}-extract`, name: `pith extract${label}`, args: (out) => [bin, 'extract', page, '--format', 'json', '-o', out] },
    { key: `${key}-batch`, name: `pith batch${label}`, args: (out) => [bin, 'batch', dir, '--out', out] },
  ];
}

const { values } = parseArgs({ options: { page: { type: 'string' }, runs: { type: 'string' }, baseline: { type: 'string' } } });
const runs = Math.max(MIN_RUNS, Number(values.runs ?? 7));
const page = values.page ?? (await trafilaturaPages(SHARED_CORPORA))[0];
if (page === undefined) throw new Error(`no trafilatura-eval page in ${SHARED_CORPORA}`);
const work = await mkdtemp(join(tmpdir(), 'pith-bench-startup-'));
try {
  const staged = await stagePages([page], join(work, 'pages'));
  const copy = staged.paths[0]!;
  const contenders: Named[] = [
    ...pithContenders('pith', '', PITH, copy, staged.dir),
    ...(values.baseline !== undefined ? pithContenders('baseline', ' (baseline)', join(values.baseline, 'bin', 'pith.js'), copy, staged.dir) : []),
    { key: 'readability', name: 'Readability.js+linkedom', args: (out) => [READABILITY, staged.list, out] },
    { key: 'floor', name: 'parse floor (decode+parse5)', args: (out) => [FLOOR, staged.list, out] },
  ];
  const measured = await alternate(contenders, runs, work);
  const med = (key: string, f: (r: ProcessRun) => number): number => median(measured.get(key)!.map(f));
  const readabilityCpu = med('readability', (r) => r.cpu);
  const readabilityWall = med('readability', (r) => r.wall);
  console.log(`bench:startup: one page (${basename(page)}), ${runs} alternating runs, medians, CPU meter ${defaultMeter()}`);
  console.log('| process | CPU s | wall s | peak RSS MB | CPU / Readability.js | wall / Readability.js |');
  console.log('|---|---|---|---|---|---|');
  for (const c of contenders) {
    const cpu = med(c.key, (r) => r.cpu);
    const wall = med(c.key, (r) => r.wall);
    console.log(`| ${c.name} | ${cpu.toFixed(2)} | ${wall.toFixed(2)} | ${med(c.key, (r) => r.peakMB).toFixed(0)} | ${(cpu / readabilityCpu).toFixed(2)} | ${(wall / readabilityWall).toFixed(2)} |`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
