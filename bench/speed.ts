/**
 * `npm run bench:speed`, in sections (SECTIONS, comma-separated; default
 * `process,profile,slowest`; `pages` and `batch` on request):
 * - process (issue 60's figures, bench/speed-process.ts): whole processes in alternation,
 *   `pith batch --workers 1`, the parse5 floor (bench/parse-floor-batch.js) and Readability.js
 *   on linkedom (bench/readability-batch.js); medians of CPU (user + sys of the process tree, the
 *   re-run with the batch's Node flags included) and wall time, ratios Readability / pith and floor /
 *   pith, on the first 300 trafilatura-eval pages by name, all 776, every shared page and one
 *   page. Env: PROCESS_REPS (5), ALL_REPS (3), ONE_REPS (10), PROCESS_PAGES (300),
 *   PROCESS_SETS (`first300,trafilatura,all,one`), CPU_METER (`time` | `preload`).
 * - profile (bench/stage-profile.ts): in this process over the first PROFILE_PAGES (300)
 *   trafilatura-eval pages, CPU per stage, each feature family, each rendering, and start-up
 *   (a one-page process minus its page).
 * - slowest (bench/slowest-pages.ts): the SLOWEST_TOP (20) dearest pages of every shared corpus,
 *   in-process CPU per page with size; printed, and written as JSON to SLOWEST_JSON.
 * - pages: pith extract (bytes -> article text) beside parse5's bare parse and Readability.js on
 *   linkedom (every page, LIMIT), Readability.js on jsdom (every JSDOM_EVERY'th page).
 * - batch: `pith batch` peak RSS and the speed-up of 2 workers over 1 (in-process runBatch).
 * CORPORA: the shared corpora folder (default ../shared/corpora from the working folder).
 * Old switches still work: ONLY_PROCESS=1, ONLY_BATCH=1, SKIP_PROCESS=1, SKIP_BATCH=1.
 * Issue 60's targets: CPU Readability / pith >= 2.0 on all trafilatura-eval pages, >= 1.8 on the
 * first 300; one page no dearer than Readability.js; every shared page under 1 s.
 */
import { spawnSync } from 'node:child_process';
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { parse } from 'parse5';
import { DOMParser } from 'linkedom';
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { decodeHtml } from '../src/dom/bytes.js';
import { listPageFiles } from './page-files.js';
import { extractBytes, loadExtractionModel, bundledModelPath } from '../src/pipeline/extract.js';
import { toText } from '../src/article/index.js';
import { commitOf, measureSet, processSets, setTable, trafilaturaPages } from './speed-process.js';
import { profileStages, profileTable } from './stage-profile.js';
import { slowestJson, slowestPages, slowestTables } from './slowest-pages.js';
import { writeFileAtomic } from '../src/util/atomic-write.js';
import { BATCH_NODE_FLAGS } from '../src/batch/batch-env.js';

const root = process.env.CORPORA ?? join(process.cwd(), '..', 'shared', 'corpora');
const limit = Number(process.env.LIMIT ?? Infinity);
const jsdomEvery = Number(process.env.JSDOM_EVERY ?? 25);


const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

function time<T>(f: () => T): [number, T] {
  const t = performance.now();
  const r = f();
  return [performance.now() - t, r];
}

const sections = chosenSections();
const allFiles = await listPageFiles(root);
const scratch = await mkdtemp(join(tmpdir(), 'pith-speed-'));
console.log(`bench:speed ${[...sections].join(', ')}; ${new Date().toISOString()}, commit ${commitOf()}, ${cpus().length} cores, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);

if (sections.has('process')) {
  for (const set of await processSets(root, allFiles)) {
    console.log(`\n${setTable(await measureSet(set, scratch))}\n`);
  }
}
if (sections.has('profile')) await profileSection();
if (sections.has('slowest')) await slowestSection();
if (sections.has('pages')) await inProcessComparison();
if (sections.has('batch')) await batchScaling();
await rm(scratch, { recursive: true, force: true });

/** The sections asked for (SECTIONS, or the old ONLY_/SKIP_ switches). */
function chosenSections(): Set<string> {
  if (process.env.SECTIONS) return new Set(process.env.SECTIONS.split(',').map((s) => s.trim()));
  if (process.env.ONLY_PROCESS === '1') return new Set(['process']);
  if (process.env.ONLY_BATCH === '1') return new Set(['batch']);
  const s = new Set(['process', 'profile', 'slowest']);
  if (process.env.SKIP_PROCESS === '1') s.delete('process');
  return s;
}

async function profileSection(): Promise<void> {
  const n = Number(process.env.PROFILE_PAGES ?? 300);
  const files = (await trafilaturaPages(root)).slice(0, n);
  const profile = await profileStages(files, scratch);
  console.log(`\n${profileTable(profile)}\n`);
}

async function slowestSection(): Promise<void> {
  const model = await loadExtractionModel(bundledModelPath());
  const top = Number(process.env.SLOWEST_TOP ?? 20);
  const reruns = 3;
  const files = allFiles.slice(0, limit);
  let shown = 0;
  const byCorpus = await slowestPages(root, files, model, {
    top, reruns,
    onProgress: (done, total) => {
      if (done - shown >= 500 || done === total) { shown = done; process.stderr.write(`slowest: ${done}/${total} pages\n`); }
    },
  });
  const out = process.env.SLOWEST_JSON ?? join(tmpdir(), 'pith-slowest-pages.json');
  await writeFileAtomic(out, JSON.stringify(slowestJson(byCorpus, top, reruns, commitOf()), null, 2) + '\n');
  console.log(`\nslowest ${top} pages of each corpus (in-process CPU ms, median of ${reruns}; written to ${out}):`);
  console.log(slowestTables(byCorpus));
}

/** pith extract beside parse5's bare parse and Readability.js on linkedom and jsdom, page by page in this process. */
async function inProcessComparison(): Promise<void> {
const files = allFiles.slice(0, limit);
const pages = await Promise.all(files.map(async (f) => {
  const raw = await readFile(f);
  return f.endsWith('.gz') ? gunzipSync(raw) : new Uint8Array(raw);
}));
const model = await loadExtractionModel(bundledModelPath());
const parser = new DOMParser();
const quiet = new VirtualConsole();

const t: Record<'parse5' | 'pith' | 'linkedom' | 'jsdom' | 'pithSample' | 'linkedomSample', number[]> = {
  parse5: [], pith: [], linkedom: [], jsdom: [], pithSample: [], linkedomSample: [],
};
let errors = { pith: 0, linkedom: 0, jsdom: 0 };
// Warm-up so JIT compilation is not charged to the first pages.
for (const bytes of pages.slice(0, 20)) extractBytes(bytes, model);

for (let i = 0; i < pages.length; i++) {
  const bytes = pages[i]!;
  const html = decodeHtml(bytes).text;
  t.parse5.push(time(() => parse(html))[0]);
  let pithMs = NaN;
  try {
    pithMs = time(() => toText(extractBytes(bytes, model).article))[0];
    t.pith.push(pithMs);
  } catch {
    errors.pith++;
  }
  let ldMs = NaN;
  try {
    ldMs = time(() => new Readability(parser.parseFromString(html, 'text/html') as unknown as Document).parse())[0];
    t.linkedom.push(ldMs);
  } catch {
    errors.linkedom++;
  }
  if (i % jsdomEvery === 0) {
    try {
      const ms = time(() => {
        const dom = new JSDOM(html, { virtualConsole: quiet });
        const r = new Readability(dom.window.document).parse();
        dom.window.close();
        return r;
      })[0];
      t.jsdom.push(ms);
      if (!Number.isNaN(pithMs)) t.pithSample.push(pithMs);
      if (!Number.isNaN(ldMs)) t.linkedomSample.push(ldMs);
    } catch {
      errors.jsdom++;
    }
  }
}

report();
function report(): void {
const row = (name: string, xs: number[]) => `| ${name} | ${xs.length} | ${quantile(xs, 0.5).toFixed(2)} | ${quantile(xs, 0.95).toFixed(2)} | ${mean(xs).toFixed(2)} |`;
console.log(`pages: ${pages.length}; errors: pith ${errors.pith}, readability/linkedom ${errors.linkedom}, readability/jsdom ${errors.jsdom}\n`);
console.log('| extractor | pages | median ms | p95 ms | mean ms |');
console.log('|---|---:|---:|---:|---:|');
console.log(row('parse5 bare parse', t.parse5));
console.log(row('pith extract (bytes -> article)', t.pith));
console.log(row('Readability.js on linkedom', t.linkedom));
console.log(row(`Readability.js on jsdom (every ${jsdomEvery}th page)`, t.jsdom));
console.log(row('  pith on the same sample', t.pithSample));
console.log(row('  Readability/linkedom on the same sample', t.linkedomSample));
const vsLinkedom = mean(t.linkedom) / mean(t.pith);
const vsParse = mean(t.pith) / mean(t.parse5);
console.log(`\npith vs Readability/linkedom: ${vsLinkedom.toFixed(2)}x faster (mean; target >= 2.5x) ${vsLinkedom >= 2.5 ? 'PASS' : 'MISS'}`);
console.log(`pith vs Readability/linkedom (median): ${(quantile(t.linkedom, 0.5) / quantile(t.pith, 0.5)).toFixed(2)}x`);
console.log(`pith vs Readability/jsdom (same sample, mean): ${(mean(t.jsdom) / mean(t.pithSample)).toFixed(2)}x faster`);
console.log(`pith / parse5 bare parse: ${vsParse.toFixed(2)}x (mean; target <= 1.5x) ${vsParse <= 1.5 ? 'PASS' : 'MISS'}`);

}
}

/** The shared files through `runBatch` in a child process (so its peak RSS is its own), 1 then 2 workers (on a quiet machine: its speed-up needs both cores). */
async function batchScaling(): Promise<void> {
  const files = allFiles.slice(0, limit);
  const dir = await mkdtemp(join(tmpdir(), 'pith-bench-'));
  const list = join(dir, 'files.txt');
  await writeFile(list, files.join('\n'));
  type BatchRun = { seconds: number; cpuSeconds: number; peakMB: number; extracted: number; failed: number };
  const runs: Array<BatchRun & { workers: number; busy: number }> = [];
  for (const workers of [1, 2]) {
    // With the V8 flag `pith batch` starts itself with (see bin/pith.js).
    const child = spawnSync(process.execPath, [...BATCH_NODE_FLAGS, new URL('./batch-run.js', import.meta.url).pathname, list, join(dir, `out-${workers}.jsonl`), String(workers)], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`batch child failed: ${child.stderr}`);
    const r = JSON.parse(child.stdout.trim().split('\n').pop()!) as BatchRun;
    const busy = r.cpuSeconds / r.seconds;
    runs.push({ workers, busy, ...r });
    console.log(`\nbatch, ${workers} worker(s): ${r.extracted} pages (${r.failed} failed) in ${r.seconds.toFixed(1)} s (${busy.toFixed(2)} cores busy), peak RSS ${r.peakMB.toFixed(0)} MB (target < 400 MB) ${r.peakMB < 400 ? 'PASS' : 'MISS'}`);
  }
  const speedup = runs[0]!.seconds / runs[1]!.seconds;
  console.log(`batch speed-up, 2 workers vs 1: ${speedup.toFixed(2)}x (target >= 1.7x) ${speedup >= 1.7 ? 'PASS' : 'MISS'}`);
  // One worker already keeps more than one core busy (V8 compiles hot code on background
  // threads), so 2 workers cannot pass min(2, cores) / (cores busy with one).
  const ceiling = Math.min(2, availableParallelism()) / runs[0]!.busy;
  console.log(`  ceiling: ${ceiling.toFixed(2)}x (one worker's run keeps ${runs[0]!.busy.toFixed(2)} cores busy); 2 workers reach ${((speedup / ceiling) * 100).toFixed(0)}% of it`);
  await rm(dir, { recursive: true, force: true });
}

