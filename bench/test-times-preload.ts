/**
 * Preloaded into every node process of a measured test run (bench/test-times.ts, through
 * NODE_OPTIONS="--import .../test-times-preload.js"): at exit, appends this process' id, its
 * parent's, its arguments, its own CPU (user + sys, all threads) and its wall time since start
 * to the log PITH_TEST_TIMES_LOG names, one JSON line. Worker threads write nothing (their
 * process writes for them); a process killed by a signal, or one that cannot write the log
 * (a test's `ulimit -f`), writes nothing either.
 */
import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const log = process.env['PITH_TEST_TIMES_LOG'];
if (log && isMainThread) {
  const started = Date.now();
  process.on('exit', () => {
    const u = process.resourceUsage();
    const line = { pid: process.pid, ppid: process.ppid, argv: process.argv.slice(1), cpu: (u.userCPUTime + u.systemCPUTime) / 1e6, wall: (Date.now() - started) / 1e3 };
    // Never the measured process' failure: one under `ulimit -f` (a test's own limit) cannot
    // grow the log, and its line is lost rather than its exit turned into a crash.
    try {
      appendFileSync(log, JSON.stringify(line) + '\n');
    } catch {
      /* the line is lost */
    }
  });
}
