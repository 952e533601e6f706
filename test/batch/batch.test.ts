/** runBatch end to end on real worker threads with the bundled model. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBatch, collectPageFiles, completedIds, outputLockPath } from '../../src/batch/batch.js';
import { PithError } from '../../src/errors.js';
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
    // ~15 MB of links and inline markup (under the 16 MiB input limit): far more tree than a
    // 64 MB worker heap holds.
    writeFileSync(join(dir, 'a-huge.html'), `<html><body>${'<div><a href="/x">link</a> text <b>bold</b></div>'.repeat(300_000)}</body></html>`);
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

test('batch: a second run on the same output while one is running is refused with LOCKED', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-batch-lock-'));
  try {
    copyFileSync(fixture('pages', 'news-article.html'), join(dir, 'story.html'));
    const out = join(dir, 'out.jsonl');
    const first = runBatch([join(dir, 'story.html')], { out, modelPath: bundledModelPath(), workers: 1 });
    // The two runs' first file-system calls race in libuv's pool: start the second only once the first holds the lock.
    let settled = false;
    void first.finally(() => (settled = true)).catch(() => {});
    while (!existsSync(outputLockPath(out)) && !settled) await new Promise((r) => setTimeout(r, 1));
    await assert.rejects(runBatch([join(dir, 'story.html')], { out, modelPath: bundledModelPath(), workers: 1 }), (e: unknown) => e instanceof PithError && e.code === 'LOCKED');
    assert.deepEqual(await first, { total: 1, skipped: 0, extracted: 1, failed: 0 });
    assert.equal(existsSync(outputLockPath(out)), false, 'released');
    assert.equal(lines(out).length, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('batch: resuming reads a large output in pieces, keeps every id across piece boundaries and cuts a torn last line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-batch-resume-'));
  try {
    const out = join(dir, 'out.jsonl');
    const pad = 'x'.repeat(3000);
    const ids = Array.from({ length: 1200 }, (_, k) => `page-${k}`);
    const whole = ids.map((id) => JSON.stringify({ id, body: pad })).join('\n') + '\n';
    writeFileSync(out, whole + '{"id":"torn","bo');
    const done = await completedIds(out);
    assert.deepEqual([...done].sort(), [...ids].sort());
    assert.equal(readFileSync(out, 'utf8'), whole);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('batch --include-comments: each line carries the page\'s comments with author and date; without it, none', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-batch-'));
  try {
    const page = join(dir, 'blog.html');
    copyFileSync(fixture('pages', 'blog-with-comments.html'), page);
    const withComments = join(dir, 'with.jsonl');
    await runBatch([page], { out: withComments, modelPath: bundledModelPath(), workers: 1, includeComments: true });
    const [line] = lines(withComments) as Array<{ comments?: Array<{ author?: string; date?: string; text: string }>; body: string; metadata: { author?: string } }>;
    assert.equal(line!.comments?.length, 12);
    assert.ok(line!.comments!.every((c) => c.author && c.date && c.text), 'every comment has its author, date and text');
    assert.ok(!line!.comments!.some((c) => line!.body.includes(c.text)), 'no comment in the body');
    const plain = join(dir, 'plain.jsonl');
    await runBatch([page], { out: plain, modelPath: bundledModelPath(), workers: 1 });
    const [p] = lines(plain);
    assert.equal('comments' in p!, false);
    assert.equal(p!['body'], line!.body, 'the article is the same either way');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
