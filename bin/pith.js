#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BATCH_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

// `pith batch` gives every core a worker; V8's parallel GC helper threads then only contend
// with them (measured: 2 workers on 2 cores went from 1.39x to 1.75x one worker, and 1.5x
// less wall time). The flag only works at start-up (set later with v8.setFlagsFromString it
// trips a V8 check in the main thread's GC), so batch re-runs itself with it. The re-run is
// this process' shadow, never an orphan: SIGINT, SIGTERM and SIGHUP are passed on to it and
// its exit status (or signal) is this one's; and if this process dies without a word
// (SIGKILL), the IPC channel between the two closes and the re-run stops itself.
// The re-run also compiles optimised code on the thread that runs it (src/batch/batch-env.ts).
// A small batch (a few page files) is extracted in this thread, without workers: nothing for
// the flag to help, so no re-run either (src/batch/small-batch.ts).
const main = new URL('../dist/src/cli/main.js', import.meta.url);
const built = existsSync(fileURLToPath(main));
// A dist/ built from an older checkout (updated without `npm run build`) lacks modules this
// launcher names: said plainly, not as a module-resolution stack trace.
const fromDist = async (path) => {
  try {
    return await import(new URL(`../dist/src/${path}`, import.meta.url).href);
  } catch (e) {
    if (e?.code !== 'ERR_MODULE_NOT_FOUND') throw e;
    console.error('pith: dist/ is older than this checkout; run `npm run build`');
    process.exit(1);
  }
};
const smallBatch = async () => {
  const { isSmallBatch } = await fromDist('cli/batch-args.js');
  return isSmallBatch(process.argv.slice(3));
};
if (process.argv[2] === 'batch' && !process.execArgv.includes('--single-threaded-gc') && !(built && await smallBatch())) {
  const { spawn } = await import('node:child_process');
  // Fewer malloc arenas and no background compiler keep the batch's peak RSS down (src/batch/batch-env.ts).
  const batchEnv = built ? await fromDist('batch/batch-env.js') : undefined;
  const env = batchEnv ? batchEnv.batchProcessEnv(process.env, (await fromDist('cli/batch-args.js')).batchWorkerThreads(process.argv.slice(3))) : process.env;
  const flags = batchEnv?.BATCH_NODE_FLAGS ?? ['--single-threaded-gc'];
  const child = spawn(process.execPath, [...process.execArgv, ...flags, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env,
  });
  const forward = (signal) => { child.kill(signal); };
  for (const s of BATCH_SIGNALS) process.on(s, forward);
  const [status, signal] = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, sig) => resolve([code, sig]));
  });
  for (const s of BATCH_SIGNALS) process.removeListener(s, forward);
  if (signal) process.kill(process.pid, signal);
  process.exit(status ?? 1);
}
if (process.argv[2] === 'batch' && process.channel) {
  // The re-run above: stop when the launcher is gone (batch's SIGTERM handler frees the lock).
  process.channel.unref();
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
// A closed pipe (`pith ... | head`) is a normal way to stop reading, not an error. Any other
// failure to write (a full disk, a device that refuses) is an unusable output: exit 3, said in words.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  process.stderr.write(`pith: cannot write to standard output (${e.code ?? 'error'}: ${e.message.replace(/^\w+: /, '')})\n`);
  process.exit(3);
});
if (!built) {
  console.error('pith: not built yet; run `npm install && npm run build` first');
  process.exit(1);
}
// `extract` and `batch` run from the CLI bundle when it is built and fresh (src/cli/bundle-loader.ts).
const { bundledMain, BUNDLE_V8_FLAGS } = await fromDist('cli/bundle-loader.js');
const run = bundledMain(fileURLToPath(new URL('..', import.meta.url)), process.argv[2]) ?? (await import(main.href)).main;
// The flags the bundle runs under (set already when it was loaded), for every command.
const { setFlagsFromString } = await import('node:v8');
setFlagsFromString(BUNDLE_V8_FLAGS);
process.exitCode = await run(process.argv.slice(2));
