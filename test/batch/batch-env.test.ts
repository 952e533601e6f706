/**
 * The environment `pith batch` re-runs Node in: one malloc arena for the main thread and one for
 * each worker thread, as many workers as the arguments ask for (parsed as the command parses
 * them; else one a core), and a `MALLOC_ARENA_MAX` the caller set is kept.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { batchProcessEnv } from '../../src/batch/batch-env.js';
import { batchWorkerThreads } from '../../src/cli/batch-args.js';

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
