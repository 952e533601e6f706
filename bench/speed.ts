/**
 * `npm run bench:speed`: in one run, over the shared pages:
 * - pith extract (bytes -> article text) beside parse5's bare parse and Readability.js on
 *   linkedom (every page), and Readability.js on jsdom (a sample, it is slow);
 * - `pith batch` peak RSS and the speed-up of 2 workers over 1.
 * - whole process: `node bin/pith.js batch --workers 1` (and 2) over the first 300
 *   trafilatura-eval pages (sorted by name) against bench/readability-batch.js, Readability.js
 *   on linkedom over the same files, each a fresh process timed from spawn to exit (start-up,
 *   model load, reading, writing JSON lines included), in alternating repetitions; medians.
 * Env: LIMIT (pages), JSDOM_EVERY (25), SKIP_BATCH=1, ONLY_BATCH=1, SKIP_PROCESS=1,
 * ONLY_PROCESS=1, PROCESS_PAGES (300), PROCESS_REPS (5). The whole-process part also times
 * bench/parse-floor-batch.js (decode + parse5, no extraction): the floor under any parse5 extractor.
 * Targets: pith >= 2.5x faster than Readability/linkedom; within 1.5x of the bare parse;
 * batch peak RSS < 400 MB; 2 workers >= 1.7x one worker; whole process: pith batch --workers 1
 * >= 2.5x Readability.js+linkedom, 2 workers >= 1.8x one, peak RSS < 400 MB.
 */
import { readdir, readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism, tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { parse } from 'parse5';
import { DOMParser } from 'linkedom';
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { decodeHtml } from '../src/dom/bytes.js';
import { listPageFiles } from './page-files.js';
import { extractBytes, loadExtractionModel, bundledModelPath } from '../src/pipeline/extract.js';
import { toText } from '../src/article/index.js';

const root = join(process.cwd(), '..', 'shared', 'corpora');
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

if (process.env.ONLY_PROCESS === '1') {
  await wholeProcess();
  process.exit(0);
}

const files = (await listPageFiles(root)).slice(0, limit);
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

// ONLY_BATCH=1 runs just the batch part (on a quiet machine: its speed-up needs both cores).
const perPage = process.env.ONLY_BATCH === '1' ? 0 : pages.length;
for (let i = 0; i < perPage; i++) {
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

if (perPage > 0) report();
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

if (process.env.SKIP_PROCESS !== '1' && process.env.ONLY_BATCH !== '1') await wholeProcess();

// Batch: the same files through `runBatch` in a child process (so its peak RSS is its own), 1 then 2 workers.
if (process.env.SKIP_BATCH !== '1') {
  const dir = await mkdtemp(join(tmpdir(), 'pith-bench-'));
  const list = join(dir, 'files.txt');
  await writeFile(list, files.join('\n'));
  type BatchRun = { seconds: number; cpuSeconds: number; peakMB: number; extracted: number; failed: number };
  const runs: Array<BatchRun & { workers: number; busy: number }> = [];
  for (const workers of [1, 2]) {
    // With the V8 flag `pith batch` starts itself with (see bin/pith.js).
    const child = spawnSync(process.execPath, ['--single-threaded-gc', new URL('./batch-run.js', import.meta.url).pathname, list, join(dir, `out-${workers}.jsonl`), String(workers)], { encoding: 'utf8' });
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

/** A process and its descendants (pith batch re-runs itself), from /proc. */
function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const task of readFileSync(`/proc/${out[i]}/task/${out[i]}/children`, 'utf8').trim().split(/\s+/)) if (task) out.push(Number(task));
    } catch {
      // gone
    }
  }
  return out;
}

/**
 * Runs a command to its end: wall seconds (spawn to exit), and the peak RSS of its process
 * tree in MB (the sum of each process' VmHWM, polled every 20 ms while it runs: an upper
 * bound of the tree's peak; the launcher of `pith batch` is about 45 MB of it).
 */
async function timedProcess(args: string[]): Promise<{ seconds: number; peakMB: number; workerPeakMB: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  const hwm = new Map<number, number>();
  const poll = (): void => {
    for (const pid of processTree(child.pid!)) {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (m) hwm.set(pid, Math.max(hwm.get(pid) ?? 0, Number(m[1]) / 1024));
      } catch {
        // exited
      }
    }
  };
  const timer = setInterval(poll, 20);
  const status = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  clearInterval(timer);
  const seconds = (performance.now() - t0) / 1000;
  if (status !== 0) throw new Error(`${args.join(' ')} exited ${status}: ${stderr}`);
  const peaks = [...hwm.values()];
  return { seconds, peakMB: peaks.reduce((a, b) => a + b, 0), workerPeakMB: Math.max(0, ...peaks) };
}

async function wholeProcess(): Promise<void> {
  const n = Number(process.env.PROCESS_PAGES ?? 300);
  const reps = Number(process.env.PROCESS_REPS ?? 5);
  const dir0 = join(root, 'trafilatura-eval', 'html');
  const pageFiles = (await readdir(dir0)).filter((f) => /\.html?(\.gz)?$/.test(f)).sort().slice(0, n).map((f) => join(dir0, f));
  const dir = await mkdtemp(join(tmpdir(), 'pith-process-'));
  const list = join(dir, 'files.txt');
  await writeFile(list, pageFiles.join('\n'));
  const pith = new URL('../../bin/pith.js', import.meta.url).pathname;
  const peer = new URL('./readability-batch.js', import.meta.url).pathname;
  const floor = new URL('./parse-floor-batch.js', import.meta.url).pathname;
  const runs: Record<'readability' | 'floor' | 'pith1' | 'pith2', Array<{ seconds: number; peakMB: number; workerPeakMB: number }>> = { readability: [], floor: [], pith1: [], pith2: [] };
  for (let r = 0; r < reps; r++) {
    // Alternating, so a neighbour's load falls on all three alike.
    for (const which of ['readability', 'floor', 'pith1', 'pith2'] as const) {
      const out = join(dir, `${which}-${r}.jsonl`);
      const args = which === 'readability' ? [peer, list, out] : which === 'floor' ? [floor, list, out] : [pith, 'batch', ...pageFiles, '--workers', which === 'pith1' ? '1' : '2', '--out', out];
      runs[which].push(await timedProcess(args));
      await rm(out, { force: true });
    }
  }
  const med = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2; };
  const secs = (k: keyof typeof runs): number => med(runs[k].map((x) => x.seconds));
  console.log(`\nwhole process, ${pageFiles.length} trafilatura-eval pages (first by name), ${reps} alternating repetitions, median:`);
  console.log('| process | runs (s) | median s | ms/page | peak RSS MB (tree / largest process) |');
  console.log('|---|---|---:|---:|---:|');
  for (const [k, name] of [['readability', 'Readability.js + linkedom (bench/readability-batch.js)'], ['floor', 'decode + parse5 only, no extraction (bench/parse-floor-batch.js)'], ['pith1', 'pith batch --workers 1'], ['pith2', 'pith batch --workers 2']] as const) {
    const rs = runs[k];
    console.log(`| ${name} | ${rs.map((x) => x.seconds.toFixed(2)).join(', ')} | ${secs(k).toFixed(2)} | ${((secs(k) * 1000) / pageFiles.length).toFixed(1)} | ${Math.max(...rs.map((x) => x.peakMB)).toFixed(0)} / ${Math.max(...rs.map((x) => x.workerPeakMB)).toFixed(0)} |`);
  }
  const ratio = secs('readability') / secs('pith1');
  const two = secs('pith1') / secs('pith2');
  const rss = Math.max(...runs.pith1.map((x) => x.peakMB), ...runs.pith2.map((x) => x.peakMB));
  console.log(`pith batch --workers 1 vs Readability.js+linkedom, whole process: ${ratio.toFixed(2)}x (target >= 2.5x) ${ratio >= 2.5 ? 'PASS' : 'MISS'}`);
  console.log(`  the parse5 floor vs Readability.js+linkedom: ${(secs('readability') / secs('floor')).toFixed(2)}x (the most a parse5-based extractor could reach); pith batch / floor: ${(secs('pith1') / secs('floor')).toFixed(2)}x`);
  console.log(`pith batch, 2 workers vs 1, whole process: ${two.toFixed(2)}x (target >= 1.8x) ${two >= 1.8 ? 'PASS' : 'MISS'}`);
  console.log(`pith batch peak RSS (process tree): ${rss.toFixed(0)} MB (target < 400 MB) ${rss < 400 ? 'PASS' : 'MISS'}`);
  await rm(dir, { recursive: true, force: true });
}
