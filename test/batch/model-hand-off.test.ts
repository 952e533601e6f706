/**
 * Worker threads take the model the caller already loaded (BatchOptions' `loadedModel`, handed
 * over in workerData) instead of reading its file again: the same lines as workers that read the
 * file, even once the file on disk is no longer a model. The list model likewise
 * (`loadedListModel`), in worker threads and in a small batch's own thread.
 */
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectPages, runBatch } from '../../src/batch/batch.js';
import { bundledModelPath, extractionModelOf, loadExtractionModel } from '../../src/pipeline/extract.js';
import { loadModel } from '../../src/models/model-file.js';
import { bundledListModelPath, loadListModel } from '../../src/pipeline/lists.js';
import { fixture } from '../helpers/paths.js';

function tempDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'pith-model-hand-off-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The lines of a JSONL file, sorted (worker threads may finish pages in any order). */
function sortedLines(path: string): string[] {
  return readFileSync(path, 'utf8').split('\n').filter(Boolean).sort();
}

test('batch workers use the loaded model handed to them: the lines of workers that read the file, with the file since corrupted', async (t) => {
  const dir = tempDir(t);
  copyFileSync(fixture('pages', 'news-article.html'), join(dir, 'news.html'));
  copyFileSync(fixture('pages', 'blog-with-comments.html'), join(dir, 'blog.html'));
  copyFileSync(fixture('pages', 'product-description.html'), join(dir, 'product.html'));
  const files = (await collectPages([dir])).files;
  const modelPath = join(dir, 'copy.model.json.gz');
  copyFileSync(bundledModelPath(), modelPath);
  const loaded = await loadExtractionModel(modelPath);

  const read = await runBatch(files, { out: join(dir, 'read.jsonl'), modelPath, workers: 2, withBlocks: true });
  // The file is no longer a model: only the handed-over copy can label pages now.
  writeFileSync(modelPath, '{"format": "pith-model"');
  const handed = await runBatch(files, { out: join(dir, 'handed.jsonl'), modelPath, workers: 2, withBlocks: true, loadedModel: loaded });
  assert.deepEqual(handed, read);
  assert.deepEqual(handed, { total: 3, skipped: 0, extracted: 3, failed: 0 });
  assert.deepEqual(sortedLines(join(dir, 'handed.jsonl')), sortedLines(join(dir, 'read.jsonl')));

  // Without the loaded model the workers read the corrupt file, and the batch fails as it should.
  await assert.rejects(runBatch(files, { out: join(dir, 'bad.jsonl'), modelPath, workers: 1 }), /BAD_MODEL|invalid JSON|truncated/);
  // A loaded model of another path is not handed over: the file at modelPath is read.
  await assert.rejects(runBatch(files, { out: join(dir, 'other.jsonl'), modelPath, workers: 1, loadedModel: { ...loaded, path: bundledModelPath() } }), /BAD_MODEL|invalid JSON|truncated/);
});

test('extractionModelOf: a model file read once makes the labeler loadExtractionModel makes', async () => {
  const path = bundledModelPath();
  const [viaFile, file] = await Promise.all([loadExtractionModel(path), loadModel(path)]);
  const viaCopy = extractionModelOf(structuredClone(file), path);
  assert.equal(viaCopy.path, path);
  assert.deepEqual(viaCopy.featureOptions, viaFile.featureOptions);
  assert.deepEqual(viaCopy.labeler.toJSON(), viaFile.labeler.toJSON());
});

test('batch handlers use the list model handed to them, in worker threads and in a small batch: the lines of handlers that read the file', async (t) => {
  const dir = tempDir(t);
  copyFileSync(fixture('pages', 'news-article.html'), join(dir, 'news.html'));
  copyFileSync(fixture('pages', 'product-description.html'), join(dir, 'product.html'));
  const files = (await collectPages([dir])).files;
  const listModelPath = join(dir, 'copy.lists.json.gz');
  copyFileSync(bundledListModelPath(), listModelPath);
  const loadedListModel = await loadListModel(listModelPath);
  const base = { modelPath: bundledModelPath(), withLists: true, listModelPath } as const;

  const read = await runBatch(files, { ...base, out: join(dir, 'read.jsonl'), workers: 1 });
  assert.deepEqual(read, { total: 2, skipped: 0, extracted: 2, failed: 0 });
  // The file is no longer a list model: only the handed-over copy can find lists now.
  writeFileSync(listModelPath, 'not a list model');
  for (const [name, where] of [['workers', { workers: 2 }], ['in-thread', { inThreadUpTo: 8 }]] as const) {
    const out = join(dir, `${name}.jsonl`);
    assert.deepEqual(await runBatch(files, { ...base, ...where, out, loadedListModel }), read, name);
    assert.deepEqual(sortedLines(out), sortedLines(join(dir, 'read.jsonl')), name);
  }
  // Without it the file is read, and the batch fails as it should.
  await assert.rejects(runBatch(files, { ...base, out: join(dir, 'bad.jsonl'), workers: 1 }), /BAD_MODEL|JSON|gzip/);
});
