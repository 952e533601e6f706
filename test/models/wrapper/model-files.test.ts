/**
 * Model files (a site model with field rules is read and written as any model file) against
 * hostile paths and sizes: a device, a FIFO or a folder given as the model is refused at once,
 * never read forever nor waited on, and a model the reader's bounds would refuse is not written.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModel, readModelBytes, saveModel, siteModelsOf } from '../../../src/models/model-file.js';
import { WrapperSiteModel } from '../../../src/models/wrapper/site-model.js';
import { bundledModelPath } from '../../../src/pipeline/extract.js';
import { withSiteModels } from '../../../src/wrapper/train.js';
import type { Rule } from '../../../src/models/wrapper/rules.js';

function tempDir(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'pith-model-files-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('a model that is /dev/zero, a FIFO, a folder or missing: a clear error at once, nothing read', async (t) => {
  await assert.rejects(loadModel('/dev/zero'), { code: 'NOT_A_FILE', message: /\/dev\/zero: is a character device, not a regular file; a model is read from a regular file/ });
  const dir = tempDir(t);
  await assert.rejects(readModelBytes(dir), { code: 'IO', message: /is a directory, expected a model file/ });
  await assert.rejects(loadModel(join(dir, 'none.model.json.gz')), { code: 'NOT_FOUND', message: /model file not found/ });
  await assert.rejects(readModelBytes(bundledModelPath(), 1000), { code: 'BAD_MODEL', message: /above the limit of 1000/ });
  const fifo = join(dir, 'model.fifo');
  if (spawnSync('mkfifo', [fifo]).status !== 0) return t.skip('no mkfifo here');
  await assert.rejects(loadModel(fifo), { code: 'NOT_A_FILE', message: /is a FIFO \(named pipe\)/ });
});

test('a model pith could not read back (more object members than the reader takes) is refused before a byte is written', async (t) => {
  const dir = tempDir(t);
  const general = await loadModel(bundledModelPath());
  // 120 000 part rules: about 600 000 object members, past the reader's 500 000.
  const rules: Rule[] = Array.from({ length: 120_000 }, (_, i) => ({ label: 'body', steps: [{ tag: 'p', first: (i % 50) + 1 }], examples: 1, pages: 1 }));
  const site = new WrapperSiteModel('big.example', { version: 2, rules, trainingPages: 1, notes: [], minBodyChars: 1 });
  const out = join(dir, 'big.model.json.gz');
  await assert.rejects(saveModel(out, withSiteModels(general, [site])), { code: 'BAD_MODEL', message: /not written: pith could not read this model back \(.*more than 500000 object members\)/ });
  assert.equal(existsSync(out), false);
  // One rule: written, and read back.
  await saveModel(out, withSiteModels(general, [new WrapperSiteModel('big.example', { version: 2, rules: rules.slice(0, 1), trainingPages: 1, notes: [], minBodyChars: 1 })]));
  assert.equal(siteModelsOf(await loadModel(out)).length, 1);
});
