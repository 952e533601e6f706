/** `pith extract` options that change what the decoder does, as people run them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, repoRoot } from '../helpers/paths.js';
import { extractBytes, KEEP_COMMENTS, loadExtractionModel, formatResult } from '../../src/pipeline/extract.js';

const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8' });

test('pith extract --keep-comments leaves comment sections to the model; without it they are discounted', async () => {
  const file = fixture('pages', 'blog-with-comments.html');
  const model = await loadExtractionModel();
  const bytes = readFileSync(file);
  const kept = pith('extract', file, '--keep-comments');
  assert.equal(kept.status, 0, kept.stderr);
  assert.equal(kept.stdout, formatResult(extractBytes(bytes, model, {}, KEEP_COMMENTS), 'text'));
  const plain = pith('extract', file);
  assert.equal(plain.stdout, formatResult(extractBytes(bytes, model), 'text'));
  assert.ok(!plain.stdout.includes('white noise machine'), 'no comment in the default output');
});
