/** runBatch end to end on real worker threads with the bundled model. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBatch, collectPageFiles } from '../../src/pipeline/batch.js';
import { bundledModelPath } from '../../src/pipeline/extract.js';
import { fixture } from '../helpers/paths.js';

function lines(path: string): Array<Record<string, unknown>> {
  return readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
}

test('batch: one line per page, bad files recorded as errors, a rerun skips what is done', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-batch-'));
  try {
    copyFileSync(fixture('pages', 'news-article.html'), join(dir, 'story.html'));
    writeFileSync(join(dir, 'binary.html'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3, 0, 0]));
    writeFileSync(join(dir, 'empty.html'), '');
    const files = await collectPageFiles([dir]);
    const out = join(dir, 'out.jsonl');
    const first = await runBatch(files, { out, modelPath: bundledModelPath(), workers: 2 });
    assert.deepEqual(first, { total: 3, skipped: 0, extracted: 2, failed: 1 });
    const byId = new Map(lines(out).map((l) => [l['id'], l]));
    assert.equal((byId.get('story') as { title: string }).title, 'Harbour town votes to restore its tidal mill');
    assert.equal((byId.get('binary') as { error: { code: string } }).error.code, 'NOT_HTML');
    assert.equal((byId.get('empty') as { body: string }).body, '');
    const again = await runBatch(files, { out, modelPath: bundledModelPath(), workers: 2 });
    assert.deepEqual(again, { total: 3, skipped: 3, extracted: 0, failed: 0 });
    assert.equal(lines(out).length, 3, 'nothing written twice');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('batch: a page that exhausts the worker heap is recorded as OUT_OF_MEMORY and the rest still run', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-batch-oom-'));
  try {
    // ~12 MB of small paragraphs: far more tree than a 64 MB worker heap holds.
    writeFileSync(join(dir, 'a-huge.html'), `<html><body>${'<p>word word word word</p>'.repeat(450_000)}</body></html>`);
    copyFileSync(fixture('pages', 'news-article.html'), join(dir, 'b-story.html'));
    copyFileSync(fixture('pages', 'news-article.html'), join(dir, 'c-story.html'));
    const out = join(dir, 'out.jsonl');
    const summary = await runBatch(await collectPageFiles([dir]), { out, modelPath: bundledModelPath(), workers: 1, workerHeapMb: 64 });
    assert.deepEqual(summary, { total: 3, skipped: 0, extracted: 2, failed: 1 });
    const huge = lines(out).find((l) => l['id'] === 'a-huge') as { error: { code: string; message: string } };
    assert.equal(huge.error.code, 'OUT_OF_MEMORY');
    assert.match(huge.error.message, /64 MB/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('batch: a model that cannot load stops the batch with its error, not a hang', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-batch-model-'));
  try {
    copyFileSync(fixture('pages', 'news-article.html'), join(dir, 'story.html'));
    writeFileSync(join(dir, 'bad.model.json'), '{"format":"pith-model"');
    await assert.rejects(runBatch([join(dir, 'story.html')], { out: join(dir, 'out.jsonl'), modelPath: join(dir, 'bad.model.json'), workers: 1 }), /bad\.model\.json|JSON/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
