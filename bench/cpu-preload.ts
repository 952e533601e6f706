/**
 * Preloaded into every node process of a measured run (bench/process-cpu.ts, through
 * NODE_OPTIONS="--import .../cpu-preload.js"): at exit, appends this process' own CPU
 * (process.resourceUsage(): user and system microseconds, all threads) and peak RSS (KB) to
 * the log PITH_CPU_LOG names, one JSON line. A process killed by a signal writes nothing.
 */
import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const log = process.env['PITH_CPU_LOG'];
if (log && isMainThread) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    appendFileSync(log, JSON.stringify({ pid: process.pid, user: u.userCPUTime, sys: u.systemCPUTime, maxRSS: u.maxRSS }) + '\n');
  });
}
