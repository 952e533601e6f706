/**
 * A small batch runs in the calling thread with the workers' page handler: the same lines as
 * worker threads give, and no worker thread started (seen through async_hooks' WORKER resources).
 */
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { createHook } from 'node:async_hooks';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectPages, runBatch, type BatchOptions } from '../../src/batch/batch.js';
import { fewPageFiles, SMALL_BATCH_PAGES } from '../../src/batch/small-batch.js';
import { inThreadPageLimit, isSmallBatch } from '../../src/cli/batch-args.js';
import { bundledModelPath, loadExtractionModel } from '../../src/pipeline/extract.js';
import { fixture } from '../helpers/paths.js';

function tempDir(t: TestContext, name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `pith-small-batch-${name}-`));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs `work` and counts the worker threads started meanwhile. */
async function countWorkersStarted<T>(work: () => Promise<T>): Promise<{ value: T; workers: number }> {
  let workers = 0;
  const hook = createHook({ init: (_id, type) => { if (type === 'WORKER') workers++; } }).enable();
  try {
    return { value: await work(), workers };
  } finally {
    hook.disable();
  }
}

/** The lines of a JSONL file, sorted (worker threads may finish pages in any order). */
function sortedLines(path: string): string[] {
  return readFileSync(path, 'utf8').split('\n').filter(Boolean).sort();
}

/** Five pages of different kinds, one unreadable (an error line), two with the same body (--dedup). */
function writePages(dir: string): void {
  copyFileSync(fixture('pages', 'news-article.html'), join(dir, 'news.html'));
  copyFileSync(fixture('pages', 'news-article.html'), join(dir, 'news-again.html'));
  copyFileSync(fixture('pages', 'blog-with-comments.html'), join(dir, 'blog.html'));
  copyFileSync(fixture('pages', 'product-description.html'), join(dir, 'product.html'));
  writeFileSync(join(dir, 'binary.html'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3, 0, 0]));
}

test('a small batch in this thread gives the lines and files worker threads give, and starts no worker', async (t) => {
  const dir = tempDir(t, 'same');
  const pages = join(dir, 'pages');
  mkdirSync(pages);
  writePages(pages);
  const files = (await collectPages([pages])).files;
  const model = await loadExtractionModel(bundledModelPath());
  const run = (name: string, extra: Partial<BatchOptions>) => {
    const outDir = join(dir, `${name}-files`);
    const options: BatchOptions = { out: join(dir, `${name}.jsonl`), modelPath: bundledModelPath(), workers: 1, withBlocks: true, dedup: true, outDir, fileFormat: 'markdown', ...extra };
    return countWorkersStarted(() => runBatch(files, options));
  };
  // One worker: the pages end in the order given, so --dedup keeps the same first page.
  const threads = await run('threads', {});
  const inThread = await run('in-thread', { inThreadUpTo: SMALL_BATCH_PAGES, loadedModel: model });
  assert.ok(threads.workers >= 1, 'the worker path starts worker threads (the hook sees them)');
  assert.equal(inThread.workers, 0, 'the small batch starts none');
  assert.deepEqual(inThread.value, threads.value);
  assert.deepEqual(inThread.value, { total: 5, skipped: 0, extracted: 3, failed: 1, filtered: { DUPLICATE_BODY: 1 } });
  assert.deepEqual(sortedLines(join(dir, 'in-thread.jsonl')), sortedLines(join(dir, 'threads.jsonl')));
  const filesOf = (name: string) => readdirSync(join(dir, `${name}-files`)).sort().map((f) => [f, readFileSync(join(dir, `${name}-files`, f), 'utf8')]);
  assert.deepEqual(filesOf('in-thread'), filesOf('threads'));
});

test('a small batch in this thread: a page over the time limit gets the TIMEOUT line a worker would give; a model that cannot load fails the batch', async (t) => {
  const dir = tempDir(t, 'limits');
  copyFileSync(fixture('pages', 'news-article.html'), join(dir, 'news.html'));
  const files = [join(dir, 'news.html')];
  // 1 ms: far less than any page takes, so the limit is over when the page ends.
  const slow = await runBatch(files, { out: join(dir, 'slow.jsonl'), modelPath: bundledModelPath(), pageTimeoutMs: 1, inThreadUpTo: SMALL_BATCH_PAGES });
  assert.deepEqual(slow, { total: 1, skipped: 0, extracted: 0, failed: 1 });
  const line = JSON.parse(readFileSync(join(dir, 'slow.jsonl'), 'utf8')) as { error: { code: string; message: string } };
  assert.equal(line.error.code, 'TIMEOUT');
  assert.match(line.error.message, /longer than the limit of 0\.001 s/);
  writeFileSync(join(dir, 'bad.model.json'), '{"format": "pith-model"');
  await assert.rejects(runBatch(files, { out: join(dir, 'bad.jsonl'), modelPath: join(dir, 'bad.model.json'), inThreadUpTo: SMALL_BATCH_PAGES }), /BAD_MODEL|invalid JSON|truncated/);
});

test('more pages than the limit go to worker threads', async (t) => {
  const dir = tempDir(t, 'over');
  for (let k = 0; k < 3; k++) copyFileSync(fixture('pages', 'news-article.html'), join(dir, `news-${k}.html`));
  const files = (await collectPages([dir])).files;
  const { workers } = await countWorkersStarted(() => runBatch(files, { out: join(dir, 'out.jsonl'), modelPath: bundledModelPath(), workers: 1, inThreadUpTo: 2 }));
  assert.equal(workers, 1);
});

test('fewPageFiles counts page files in files and folders, stops past the limit, and says no to WARCs and missing inputs', async (t) => {
  const dir = tempDir(t, 'count');
  mkdirSync(join(dir, 'a', 'b'), { recursive: true });
  writeFileSync(join(dir, 'a', 'one.html'), '');
  writeFileSync(join(dir, 'a', 'b', 'two.htm.gz'), '');
  writeFileSync(join(dir, 'a', 'notes.txt'), '');
  writeFileSync(join(dir, 'three.xhtml'), '');
  assert.equal(await fewPageFiles([join(dir, 'a'), join(dir, 'three.xhtml')], 3), true);
  assert.equal(await fewPageFiles([join(dir, 'a'), join(dir, 'three.xhtml')], 2), false);
  assert.equal(await fewPageFiles([join(dir, 'missing')], 8), false);
  writeFileSync(join(dir, 'a', 'b', 'crawl.warc.gz'), '');
  assert.equal(await fewPageFiles([join(dir, 'a')], 8), false);
  rmSync(join(dir, 'a', 'b', 'crawl.warc.gz'));
  assert.equal(await fewPageFiles([join(dir, 'a', 'gone')], 8), false);
});

test('fewPageFiles and collectPages follow one rule for links: a link to a page inside the folder is a page, one leading out is skipped', async (t) => {
  const dir = tempDir(t, 'links');
  mkdirSync(join(dir, 'a', 'b'), { recursive: true });
  writeFileSync(join(dir, 'a', 'one.html'), '');
  writeFileSync(join(dir, 'outside.html'), '');
  symlinkSync(join(dir, 'a', 'one.html'), join(dir, 'a', 'b', 'again.html'));
  symlinkSync(join(dir, 'outside.html'), join(dir, 'a', 'out.html'));
  symlinkSync(join(dir, 'a', 'b'), join(dir, 'a', 'loop'));
  const inputs = [join(dir, 'a')];
  const pages = await collectPages(inputs);
  assert.deepEqual(pages.files, [join(dir, 'a', 'b', 'again.html'), join(dir, 'a', 'one.html')]);
  assert.deepEqual(pages.skippedLinks, [join(dir, 'a', 'out.html')]);
  assert.equal(await fewPageFiles(inputs, 2), true);
  assert.equal(await fewPageFiles(inputs, 1), false);
  symlinkSync(join(dir, 'a', 'one.html'), join(dir, 'a', 'b', 'crawl.warc'));
  assert.deepEqual((await collectPages(inputs)).warcs, [join(dir, 'a', 'b', 'crawl.warc')]);
  assert.equal(await fewPageFiles(inputs, 8), false);
});

test('isSmallBatch: few page files and no option that needs a worker; bad arguments say no', async (t) => {
  const dir = tempDir(t, 'args');
  writeFileSync(join(dir, 'one.html'), '');
  const out = join(dir, 'out.jsonl');
  assert.equal(await isSmallBatch([dir, '--out', out, '--workers', '4']), true);
  for (const extra of [['--page-timeout', '30'], ['--heap-mb', '512'], ['--render'], ['--layouts', dir], ['--urls', join(dir, 'urls.txt')], ['--sitemap', 'https://example.com/s.xml'], ['--no-such-flag']]) {
    assert.equal(await isSmallBatch([dir, '--out', out, ...extra]), false, extra.join(' '));
  }
  assert.equal(inThreadPageLimit({}), SMALL_BATCH_PAGES);
  assert.equal(inThreadPageLimit({ 'heap-mb': '64' }), 0);
});
