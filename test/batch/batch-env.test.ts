/**
 * The environment `pith batch` re-runs Node in: one malloc arena for the main thread and one for
 * each worker thread, as many workers as the arguments ask for (else one a core), and a
 * `MALLOC_ARENA_MAX` the caller set is kept.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { batchProcessEnv } from '../../src/batch/batch-env.js';

test('batch env: one arena for the main thread and one for each worker asked for', () => {
  assert.equal(batchProcessEnv({}, ['pages', '--workers', '1', '--out', 'o.jsonl'], 16)['MALLOC_ARENA_MAX'], '2');
  assert.equal(batchProcessEnv({}, ['pages', '--workers=3'], 16)['MALLOC_ARENA_MAX'], '4');
});

test('batch env: without --workers (or with a bad count) the batch starts one worker a core', () => {
  assert.equal(batchProcessEnv({}, ['pages', '--out', 'o.jsonl'], 6)['MALLOC_ARENA_MAX'], '7');
  assert.equal(batchProcessEnv({}, ['pages', '--workers', 'many'], 6)['MALLOC_ARENA_MAX'], '7');
  assert.equal(batchProcessEnv({}, ['pages', '--workers', '0'], 6)['MALLOC_ARENA_MAX'], '7');
});

test('batch env: the caller\'s environment is kept, and so is a MALLOC_ARENA_MAX they set', () => {
  const env = batchProcessEnv({ PATH: '/bin', HOME: '/root' }, ['--workers', '2'], 4);
  assert.deepEqual(env, { PATH: '/bin', HOME: '/root', MALLOC_ARENA_MAX: '3' });
  const theirs = { MALLOC_ARENA_MAX: '8', PATH: '/bin' };
  assert.deepEqual(batchProcessEnv(theirs, ['--workers', '1'], 4), theirs);
});
