#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// A closed pipe (`pith ... | head`) is a normal way to stop reading, not an error.
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); throw e; });
// `pith batch` gives every core a worker; V8's parallel GC helper threads then only contend
// with them (measured: 2 workers on 2 cores went from 1.39x to 1.75x one worker, and 1.5x
// less wall time). The flag only works at start-up, so batch re-runs itself with it.
if (process.argv[2] === 'batch' && !process.execArgv.includes('--single-threaded-gc')) {
  const { spawnSync } = await import('node:child_process');
  const child = spawnSync(process.execPath, [...process.execArgv, '--single-threaded-gc', fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  if (child.error) throw child.error;
  if (child.signal) process.kill(process.pid, child.signal);
  process.exit(child.status ?? 1);
}
const main = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  console.error('pith: not built yet; run `npm install && npm run build` first');
  process.exit(1);
}
const { main: run } = await import(main.href);
process.exitCode = await run(process.argv.slice(2));
