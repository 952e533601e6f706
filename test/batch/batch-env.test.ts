/**
 * The environment `pith batch` re-runs Node in: one malloc arena for the main thread and one for
 * each worker thread, as many workers as the arguments ask for (parsed as the command parses
 * them; else one a core), and a `MALLOC_ARENA_MAX` the caller set is kept; the Node flags it
 * re-runs with leave the CLI bundle's code cache usable.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BATCH_NODE_FLAGS, batchProcessEnv } from '../../src/batch/batch-env.js';
import { batchWorkerThreads, workerThreadsOf } from '../../src/cli/batch-args.js';
import { isPithError } from '../../src/errors.js';
import { repoRoot } from '../helpers/paths.js';

test('batch env: one arena for the main thread and one for each worker', () => {
  assert.equal(batchProcessEnv({}, 1)['MALLOC_ARENA_MAX'], '2');
  assert.equal(batchProcessEnv({}, 3)['MALLOC_ARENA_MAX'], '4');
});

test('batch env: the caller\'s environment is kept, and so is a MALLOC_ARENA_MAX they set', () => {
  const env = batchProcessEnv({ PATH: '/bin', HOME: '/root' }, 2);
  assert.deepEqual(env, { PATH: '/bin', HOME: '/root', MALLOC_ARENA_MAX: '3' });
  const theirs = { MALLOC_ARENA_MAX: '8', PATH: '/bin' };
  assert.deepEqual(batchProcessEnv(theirs, 1), theirs);
});

test('batch worker threads: --workers as the command reads it (the last one given wins)', () => {
  assert.equal(batchWorkerThreads(['pages', '--workers', '1', '--out', 'o.jsonl'], 16), 1);
  assert.equal(batchWorkerThreads(['pages', '--workers=3'], 16), 3);
  assert.equal(batchWorkerThreads(['pages', '--workers', '1', '--workers', '4'], 16), 4);
});

test('batch worker threads: without --workers, or with bad arguments, one a core (the command reports them)', () => {
  assert.equal(batchWorkerThreads(['pages', '--out', 'o.jsonl'], 6), 6);
  assert.equal(batchWorkerThreads(['pages', '--workers', 'many'], 6), 6);
  assert.equal(batchWorkerThreads(['pages', '--workers', '0'], 6), 6);
  assert.equal(batchWorkerThreads(['pages', '--no-such-option', '--workers', '2'], 6), 6);
});

test('workerThreadsOf: the one reading of --workers, for the command and the launcher; the command gets BAD_OPTION', () => {
  assert.equal(workerThreadsOf({ workers: '2' }, 8), 2);
  assert.equal(workerThreadsOf({}, 8), 8);
  for (const bad of ['0', 'many']) assert.throws(() => workerThreadsOf({ workers: bad }, 8), (e) => isPithError(e) && e.code === 'BAD_OPTION', bad);
});

test('batch flags: the re-run is known by --single-threaded-gc, and V8 takes the CLI bundle\'s code cache under them', () => {
  assert.ok(BATCH_NODE_FLAGS.includes('--single-threaded-gc'), 'bin/pith.js knows the re-run by it');
  const loader = pathToFileURL(join(repoRoot, 'dist', 'src', 'cli', 'bundle-loader.js')).href;
  const script = `const { loadCliBundleFrom } = await import(${JSON.stringify(loader)});
    process.stdout.write(String(loadCliBundleFrom(${JSON.stringify(repoRoot)}, { withCache: true }).script.cachedDataRejected));`;
  const run = spawnSync(process.execPath, [...BATCH_NODE_FLAGS, '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, 'false', 'the code cache was refused under the batch flags: the bundle would be compiled anew in every batch');
});
