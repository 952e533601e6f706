/** pith's own corpus format: round trip, atomic saves, conflicts, safe ids. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture } from '../helpers/paths.js';
import {
  addPithPage, alignGold, annotationsFromLabels, createPithCorpus, goldBlockLabels, isValidPageId, loadCorpusPage, openCorpus,
  readPageLabels, savePageLabels,
} from '../../src/corpus/index.js';
import { isPithError } from '../../src/errors.js';
import { loadPage } from '../../src/page.js';

async function tempCorpus(): Promise<string> {
  const dir = join(await mkdtemp(join(tmpdir(), 'pith-corpus-')), 'c');
  await createPithCorpus(dir, { name: 'test', use: 'train', source: 'unit test' });
  return dir;
}

const HTML = new TextEncoder().encode('<html><body><nav><a href="/">Home</a></nav><h1>Headline here</h1><p>Body text <b>with bold</b> words.</p><p>Second paragraph.</p><footer>Legal</footer></body></html>');

test('page ids: path separators, leading dots and traversal are rejected', async () => {
  for (const ok of ['0001', 'a.b_c-d', 'R12']) assert.ok(isValidPageId(ok), ok);
  for (const bad of ['', '../x', '..', '.hidden', 'a/b', 'a\\b', 'a..b', 'x'.repeat(201), 'é']) assert.ok(!isValidPageId(bad), bad);
  const dir = await tempCorpus();
  await assert.rejects(addPithPage(dir, '../evil', HTML), (e) => isPithError(e) && e.code === 'BAD_OPTION');
  await assert.rejects(readPageLabels(dir, '../../etc/passwd'), (e) => isPithError(e) && e.code === 'BAD_OPTION');
  await assert.rejects(savePageLabels(dir, 'a/b', { annotations: [] }, { expectedRevision: 0 }), (e) => isPithError(e) && e.code === 'BAD_OPTION');
  await rm(dir, { recursive: true, force: true });
});

test('round trip: labels -> DOM-anchored annotations -> the same labels after reopening', async () => {
  const dir = await tempCorpus();
  await addPithPage(dir, 'p1', HTML, { url: 'https://www.example.org/a' });
  const page = loadPage(HTML);
  const labels = ['other', 'title', 'body', 'body', 'other'] as const;
  assert.equal(page.blocks.length, labels.length);
  const saved = await savePageLabels(dir, 'p1', { title: 'Headline here', annotations: annotationsFromLabels(page, labels, false) }, { expectedRevision: 0 });
  assert.equal(saved.revision, 1);
  const corpus = await openCorpus(dir);
  assert.equal(corpus.format, 'pith');
  assert.equal(corpus.use, 'train');
  const cp = corpus.pages[0]!;
  assert.equal(cp.url, 'https://www.example.org/a');
  assert.equal(cp.site, 'example.org');
  const reloaded = await loadCorpusPage(corpus, cp);
  assert.deepEqual(goldBlockLabels(reloaded, cp.gold), [...labels]);
  await rm(dir, { recursive: true, force: true });
});

test('annotations re-anchor by text when their path no longer resolves', async () => {
  const dir = await tempCorpus();
  await addPithPage(dir, 'p1', HTML);
  await savePageLabels(dir, 'p1', { annotations: [{ label: 'body', text: 'Second paragraph.', path: '/html[1]/body[1]/div[9]/p[4]' }] }, { expectedRevision: 0 });
  const corpus = await openCorpus(dir);
  const labels = goldBlockLabels(await loadCorpusPage(corpus, corpus.pages[0]!), corpus.pages[0]!.gold);
  assert.deepEqual(labels, ['other', 'other', 'other', 'body', 'other']);
  await rm(dir, { recursive: true, force: true });
});

test('a stale revision is a CONFLICT; revisions count up', async () => {
  const dir = await tempCorpus();
  await addPithPage(dir, 'p1', HTML);
  await savePageLabels(dir, 'p1', { annotations: [] }, { expectedRevision: 0 });
  await savePageLabels(dir, 'p1', { annotations: [] }, { expectedRevision: 1 });
  await assert.rejects(savePageLabels(dir, 'p1', { annotations: [] }, { expectedRevision: 1 }), (e) => isPithError(e) && e.code === 'CONFLICT');
  assert.equal((await readPageLabels(dir, 'p1'))!.revision, 2);
  await rm(dir, { recursive: true, force: true });
});

test('concurrent saves from the same revision: exactly one wins, the file is never partial, no temp files remain', async () => {
  const dir = await tempCorpus();
  await addPithPage(dir, 'p1', HTML);
  const big = Array.from({ length: 2000 }, (_, i) => ({ label: 'body' as const, text: `paragraph ${i} `.repeat(5), path: `/html[1]/body[1]/p[${i + 1}]` }));
  const results = await Promise.allSettled(Array.from({ length: 12 }, () => savePageLabels(dir, 'p1', { annotations: big }, { expectedRevision: 0 })));
  const ok = results.filter((r) => r.status === 'fulfilled');
  const conflicts = results.filter((r) => r.status === 'rejected' && isPithError(r.reason) && r.reason.code === 'CONFLICT');
  assert.equal(ok.length, 1);
  assert.equal(conflicts.length, 11);
  const text = await readFile(join(dir, 'labels', 'p1.json'), 'utf8');
  assert.equal(JSON.parse(text).annotations.length, 2000);
  assert.deepEqual((await readdir(join(dir, 'labels'))).sort(), ['p1.json']);
  await rm(dir, { recursive: true, force: true });
});

test('creating over an existing corpus, adding a page twice and labelling a missing page are clear errors', async () => {
  const dir = await tempCorpus();
  await assert.rejects(createPithCorpus(dir, { name: 'x', use: 'train' }), (e) => isPithError(e) && e.code === 'CONFLICT');
  await addPithPage(dir, 'p1', HTML);
  await assert.rejects(addPithPage(dir, 'p1', HTML), (e) => isPithError(e) && e.code === 'CONFLICT');
  await assert.rejects(savePageLabels(dir, 'nope', { annotations: [] }, { expectedRevision: 0 }), (e) => isPithError(e) && e.code === 'NOT_FOUND');
  await rm(dir, { recursive: true, force: true });
});

test('importing a public-layout page keeps its labels (readability fixture through the pith format)', async () => {
  const src = await openCorpus(fixture('corpus', 'readability'));
  const cp = src.pages[0]!;
  const page = await loadCorpusPage(src, cp);
  const want = alignGold(page, cp.gold).labels;
  const dir = await tempCorpus();
  await addPithPage(dir, cp.id, new Uint8Array(await readFile(cp.htmlPath)));
  await savePageLabels(dir, cp.id, { annotations: annotationsFromLabels(page, want, false) }, { expectedRevision: 0 });
  const c2 = await openCorpus(dir);
  assert.deepEqual(goldBlockLabels(await loadCorpusPage(c2, c2.pages[0]!), c2.pages[0]!.gold), [...want]);
  await rm(dir, { recursive: true, force: true });
});
