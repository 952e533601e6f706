/**
 * `npm run bench:speed`: in one run, over the shared pages:
 * - pith extract (bytes -> article text) beside parse5's bare parse and Readability.js on
 *   linkedom (every page), and Readability.js on jsdom (a sample, it is slow);
 * - `pith batch` peak RSS and the speed-up of 2 workers over 1.
 * Env: LIMIT (pages), JSDOM_EVERY (25), SKIP_BATCH=1, ONLY_BATCH=1.
 * Targets: pith >= 2.5x faster than Readability/linkedom; within 1.5x of the bare parse;
 * batch peak RSS < 400 MB; 2 workers >= 1.7x one worker.
 */
import { readdir, readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { availableParallelism, tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { parse } from 'parse5';
import { DOMParser } from 'linkedom';
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { decodeHtml } from '../src/dom/decode.js';
import { extractBytes, loadExtractionModel, bundledModelPath } from '../src/pipeline/extract.js';
import { toText } from '../src/article/index.js';

const root = join(process.cwd(), '..', 'shared', 'corpora');
const limit = Number(process.env.LIMIT ?? Infinity);
const jsdomEvery = Number(process.env.JSDOM_EVERY ?? 25);

async function listPages(dir: string): Promise<string[]> {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (!/^(annotated|GoldStandard|ground-truth)$/.test(e.name)) stack.push(p);
      } else if (/\.html?(\.gz)?$/.test(e.name) && e.name !== 'expected.html') out.push(p);
    }
  }
  return out.sort().slice(0, limit);
}

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

const files = await listPages(root);
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
