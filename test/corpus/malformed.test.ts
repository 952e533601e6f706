/** Malformed corpora fail with BAD_CORPUS naming the file and the problem, never a crash. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCorpus } from '../../src/corpus/index.js';
import { isPithError } from '../../src/errors.js';

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'pith-corpus-bad-'));
  try {
    await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const badCorpus = (file: string, what: RegExp) => (e: unknown): boolean =>
  isPithError(e) && e.code === 'BAD_CORPUS' && e.message.includes(file) && what.test(e.message);

test('trafilatura: broken JSON, wrong shape and a missing page file', async () => {
  await withDir(async (dir) => {
    await writeFile(join(dir, 'evaldata.json'), '{"http://a.example/": {"file": ');
    await assert.rejects(openCorpus(dir), badCorpus('evaldata.json', /malformed JSON/));
    await writeFile(join(dir, 'evaldata.json'), '[1, 2]');
    await assert.rejects(openCorpus(dir), badCorpus('evaldata.json', /expected an object/));
    await writeFile(join(dir, 'evaldata.json'), '{"http://a.example/": {"file": "a.html", "with": []}}');
    await assert.rejects(openCorpus(dir), badCorpus('evaldata.json', /a\.html\.gz is missing/));
  });
});

test('wcxb: ground truth without its page; corrupt gzip page is a clear error when read', async () => {
  await withDir(async (dir) => {
    await mkdir(join(dir, 'ground-truth'));
    await mkdir(join(dir, 'html'));
    await writeFile(join(dir, 'ground-truth', '0001.json'), JSON.stringify({ url: 'https://x.example/', ground_truth: { title: 'T', main_content: 'Text' } }));
    await assert.rejects(openCorpus(dir), badCorpus('0001.json', /no html\/0001/));
    await writeFile(join(dir, 'ground-truth', '0001.json'), JSON.stringify({ url: 'https://x.example/', ground_truth: 'nope' }));
    await assert.rejects(openCorpus(dir), badCorpus('0001.json', /ground_truth/));
  });
});

test('readability: a page folder without expected.html', async () => {
  await withDir(async (dir) => {
    await mkdir(join(dir, 'pages', 'a'), { recursive: true });
    await writeFile(join(dir, 'pages', 'a', 'source.html'), '<p>x</p>');
    await assert.rejects(openCorpus(dir), badCorpus(join('pages', 'a'), /missing expected\.html/));
  });
});

test('pith format: bad header, unsupported version; malformed labels leave only their page out', async () => {
  await withDir(async (dir) => {
    await writeFile(join(dir, 'pith-corpus.json'), '{"format": "pith-corpus", "version": 9, "name": "x", "use": "train"}');
    await assert.rejects(openCorpus(dir), badCorpus('pith-corpus.json', /unsupported version 9/));
    await writeFile(join(dir, 'pith-corpus.json'), '{"format": "pith-corpus", "version": 1, "name": "x", "use": "train"}');
    await mkdir(join(dir, 'pages'));
    await mkdir(join(dir, 'labels'));
    await writeFile(join(dir, 'pages', 'p1.html'), '<p>x</p>');
    await writeFile(join(dir, 'labels', 'p1.json'), '{"format": "pith-labels", "version": 1, "pageId": "p1", "revision": 1, "annotations": [{"label": "bogus", "text": "", "path": "/"}]}');
    const skippedOf = async (): Promise<string[]> => ((await openCorpus(dir)).skipped ?? []).map((s) => `${s.id} ${s.reason}`);
    assert.match((await skippedOf()).join('\n'), /^p1 annotation 0 needs label/);
    await writeFile(join(dir, 'labels', 'p1.json'), '\u0000\u0001garbage');
    assert.match((await skippedOf()).join('\n'), /^p1 malformed JSON/);
    assert.equal((await openCorpus(dir)).pages.length, 0);
  });
});

test('wcxb: a ground-truth file that is a folder is refused calling it a ground-truth file', async () => {
  await withDir(async (dir) => {
    await mkdir(join(dir, 'ground-truth', '0001.json'), { recursive: true });
    await mkdir(join(dir, 'html'));
    await writeFile(join(dir, 'html', '0001.html'), '<p>x</p>');
    await assert.rejects(openCorpus(dir), badCorpus('0001.json', /is a directory, expected a ground-truth file\)$/));
  });
});
