import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { corpusOf, extractAsBatch, slowestJson, slowestPages, slowestTables } from '../../bench/slowest-pages.js';
import { bundledModelPath, loadExtractionModel } from '../../src/pipeline/extract.js';

const page = (paragraphs: number): string =>
  `<html><head><title>Page</title></head><body><h1>Page</h1>${Array.from({ length: paragraphs }, (_, i) => `<div class="c${i % 7}"><p>Paragraph ${i} says something about the matter at hand, at some length, with <a href="/x${i}">a link</a>.</p></div>`).join('')}</body></html>`;

test('corpusOf: the first folder under the corpora root', () => {
  assert.equal(corpusOf('/c', '/c/msv-big9/bbc-2005/html/a.htm.gz'), 'msv-big9');
  assert.equal(corpusOf('/c/', '/c/dragnet/input/1.html.gz'), 'dragnet');
});

test('extractAsBatch reports a page that fails instead of throwing', async () => {
  const model = await loadExtractionModel(bundledModelPath());
  const bad = extractAsBatch(new Uint8Array([0x1f, 0x8b, 1, 2, 3]), model, 'bad');
  assert.equal(typeof bad.error, 'string');
  const good = extractAsBatch(new TextEncoder().encode(page(3)), model, 'good');
  assert.equal(good.error, undefined);
  assert.ok(good.blocks > 0 && good.nodes > good.blocks);
});

test('slowestPages: per corpus its dearest pages, dearest first, with their sizes', async () => {
  const root = await mkdtemp(join(tmpdir(), 'pith-slowest-'));
  try {
    await mkdir(join(root, 'one', 'html'), { recursive: true });
    await mkdir(join(root, 'two'), { recursive: true });
    // In corpus one, a page ~40 times the others' work; gzip and plain files alike.
    const big = page(2000);
    await writeFile(join(root, 'one', 'html', 'big.html.gz'), gzipSync(big));
    await writeFile(join(root, 'one', 'html', 'small.html'), page(20));
    await writeFile(join(root, 'one', 'html', 'tiny.html'), page(2));
    await writeFile(join(root, 'two', 'a b.html'), page(5));
    const files = [join(root, 'one', 'html', 'big.html.gz'), join(root, 'one', 'html', 'small.html'), join(root, 'one', 'html', 'tiny.html'), join(root, 'two', 'a b.html')];
    const model = await loadExtractionModel(bundledModelPath());
    let progress = 0;
    const out = await slowestPages(root, files, model, { top: 2, reruns: 2, onProgress: (done) => { progress = done; } });
    assert.equal(progress, 4);
    assert.deepEqual([...out.keys()].sort(), ['one', 'two']);
    const one = out.get('one')!;
    assert.equal(one.pages, 3);
    assert.equal(one.slowest.length, 2);
    assert.equal(one.slowest[0]!.file, join('one', 'html', 'big.html.gz'));
    assert.ok(one.slowest[0]!.cpuMs >= one.slowest[1]!.cpuMs);
    assert.equal(one.slowest[0]!.htmlBytes, Buffer.byteLength(big));
    assert.ok(one.slowest[0]!.bytes < one.slowest[0]!.htmlBytes);
    assert.equal(one.slowest[0]!.runs, 2);
    assert.ok(one.cpuMs >= one.slowest[0]!.cpuMs * 0.5);
    const two = out.get('two')!;
    assert.equal(two.pages, 1);
    assert.equal(two.slowest[0]!.file, join('two', 'a b.html'));
    assert.equal(two.slowest[0]!.bytes, two.slowest[0]!.htmlBytes);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('slowestTables and slowestJson: per corpus its pages, CPU, the pages over 1 s and a row a page', () => {
  const cost = (file: string, cpuMs: number) => ({ corpus: 'c', file, bytes: 2048, htmlBytes: 4096, cpuMs, wallMs: cpuMs + 1, runs: 3, nodes: 10, blocks: 2 });
  const byCorpus = new Map([['c', { pages: 7, cpuMs: 2500, slowest: [cost('c/a.html', 1200), { ...cost('c/b.html', 300), error: 'bad page' }] }]]);
  const table = slowestTables(byCorpus).split('\n');
  assert.deepEqual(table.slice(0, 2), ['', 'c: 7 pages, 2.5 s CPU in all; pages over 1 s: 1']);
  assert.equal(table[4], '| 1200 | 1201 | 2 | 4 | 10 | 2 | c/a.html |');
  assert.equal(table[5], '| 300 | 301 | 2 | 4 | 10 | 2 | c/b.html (error: bad page) |');
  const json = slowestJson(byCorpus, 2, 3, 'abc123') as { commit: string; what: string; corpora: Record<string, { pages: number; cpuMs: number; slowest: unknown[] }> };
  assert.equal(json.commit, 'abc123');
  assert.match(json.what, /dearest 3 of each corpus measured 3 times, median/);
  assert.deepEqual(json.corpora['c'], { pages: 7, cpuMs: 2500, slowest: byCorpus.get('c')!.slowest });
});
