/**
 * `pith train`: the feature set it writes into the model follows --families / --exclude (once on
 * a shared corpus, the other runs on the small fixture corpus: opening the shared one is most
 * of a run's cost and proves nothing more about the options).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { haveSharedCorpora, repoRoot, sharedCorpora } from '../helpers/paths.js';
import { loadModel } from '../../src/models/model-file.js';

const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8' });
const corpus = join(sharedCorpora, 'readability-test-pages');
const fixtureCorpus = join(repoRoot, 'test', 'fixtures', 'corpus', 'readability');
const skip = haveSharedCorpora ? false : `needs ${sharedCorpora}`;

test('pith train --exclude: the model records the feature set without the excluded families', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-train-'));
  try {
    const out = join(dir, 'm.model.json.gz');
    const r = pith('train', corpus, '--limit', '3', '--model', 'maxent', '--set', 'sigma=0.1', '--exclude', 'words,stop-words', '-o', out);
    assert.equal(r.status, 0, r.stderr);
    const model = await loadModel(out);
    const families = model.featureSchema.families;
    assert.ok(!families.includes('words') && !families.includes('stop-words'), families.join(','));
    assert.ok(families.includes('markup-tokens') && families.includes('prose-span'), 'the other families stay on');
    const both = join(dir, 'b.model.json.gz');
    const r2 = pith('train', fixtureCorpus, '--model', 'maxent', '--set', 'maxIterations=2', '--families', 'kind,words,window', '--exclude', 'words', '-o', both);
    assert.equal(r2.status, 0, r2.stderr);
    assert.deepEqual([...(await loadModel(both)).featureSchema.families], ['kind', 'window']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('pith train --exclude with an unknown family: a clear error, no model written', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-train-'));
  try {
    const out = join(dir, 'm.model.json.gz');
    const r = pith('train', fixtureCorpus, '--exclude', 'wordz', '-o', out);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /unknown feature family 'wordz'/);
    assert.ok(!existsSync(out));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('pith train -o onto the bundled model (or anything in models/) is refused without --force, before any training; the file is untouched', async () => {
  const bundled = join(repoRoot, 'models', 'default.model.json.gz');
  const before = readFileSync(bundled);
  const dir = mkdtempSync(join(tmpdir(), 'pith-train-guard-'));
  try {
    // The same file by a relative path, through a symbolic link to the folder, and a new file in models/.
    symlinkSync(join(repoRoot, 'models'), join(dir, 'models-link'));
    for (const out of [bundled, 'models/default.model.json.gz', join(dir, 'models-link', 'default.model.json.gz'), join(repoRoot, 'models', 'new.model.json.gz')]) {
      const r = spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), 'train', fixtureCorpus, '--model', 'maxent', '--set', 'maxIterations=2', '-o', out], { encoding: 'utf8', cwd: repoRoot });
      assert.equal(r.status, 2, `${out}: ${r.stderr}`);
      assert.match(r.stderr, /is a model pith ships .*--force/, out);
      assert.ok(!existsSync(join(repoRoot, 'models', 'new.model.json.gz')));
    }
  } finally {
    // Put the bundled model back whatever happened (an old pith would have overwritten it).
    if (!readFileSync(bundled).equals(before)) writeFileSync(bundled, before);
    rmSync(join(repoRoot, 'models', 'new.model.json.gz'), { force: true });
    rmSync(dir, { recursive: true, force: true });
  }
  assert.ok(readFileSync(bundled).equals(before), 'the bundled model is untouched');
});
