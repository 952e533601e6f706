/** Child process for bench/speed.ts: one `runBatch`, then its wall time and peak RSS as JSON. */
import { runBatch } from '../src/batch/batch.js';
import { bundledModelPath } from '../src/pipeline/extract.js';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';

/**
 * Peak RSS of this process in MB. Linux's ru_maxrss (process.resourceUsage().maxRSS) survives
 * exec, so a child spawned by the speed benchmark (which holds every page in memory) would
 * report its parent's size; VmHWM belongs to this process' own address space.
 */
function peakRssMb(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) / 1024;
  } catch {
    // Not Linux: fall back to ru_maxrss.
  }
  return process.resourceUsage().maxRSS / 1024;
}

const [listFile, out, workers] = process.argv.slice(2);
const files = (await readFile(listFile!, 'utf8')).split('\n').filter(Boolean);
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const summary = await runBatch(files, { out: out!, modelPath: bundledModelPath(), workers: Number(workers) });
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
// Worker threads share the process' address space, so this covers them too.
// CPU of every thread (workers, V8's background compiler, libuv): how many cores the run kept busy.
console.log(JSON.stringify({ ...summary, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, peakMB: peakRssMb() }));
