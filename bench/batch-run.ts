/** Child process for bench/speed.ts: one `runBatch`, then its wall time and peak RSS as JSON. */
import { runBatch } from '../src/pipeline/batch.js';
import { bundledModelPath } from '../src/pipeline/extract.js';
import { readFile } from 'node:fs/promises';

const [listFile, out, workers] = process.argv.slice(2);
const files = (await readFile(listFile!, 'utf8')).split('\n').filter(Boolean);
const t0 = performance.now();
const summary = await runBatch(files, { out: out!, modelPath: bundledModelPath(), workers: Number(workers) });
const seconds = (performance.now() - t0) / 1000;
// maxRSS covers the whole process, worker threads included (KiB).
console.log(JSON.stringify({ ...summary, seconds, peakMB: process.resourceUsage().maxRSS / 1024 }));
