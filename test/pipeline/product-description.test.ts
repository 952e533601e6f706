/** A shop page whose product description only a script draws: the article gets it from the page's JSON-LD. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, repoRoot } from '../helpers/paths.js';
import { bundledModelPath, extractBytes, loadExtractionModel, formatResult, resultToJson } from '../../src/pipeline/extract.js';
import { extract } from '../../src/pipeline/library.js';
import { runBatch } from '../../src/batch/batch.js';
import { toHtml, toText } from '../../src/article/index.js';

const file = fixture('pages', 'product-description.html');

test('a product description the page declares but does not show comes out under the title, as paragraphs', async () => {
  const result = extractBytes(readFileSync(file), await loadExtractionModel());
  assert.equal(result.pageKind, 'product');
  assert.equal(result.article.title, 'Harbour Rain Jacket');
  assert.equal(result.addedText?.rule, 'product-description');
  const text = toText(result.article);
  assert.ok(text.startsWith('Built for the wettest days on the coast.\n'), text);
  for (const line of ['Fully waterproof & breathable', 'Two zipped hand pockets']) assert.ok(text.includes(line), line);
  assert.ok(!text.includes('All rights reserved'), 'the footer stays out');
  const html = toHtml(result.article);
  // Plain paragraphs: the description's markup came in a string, and only its text is trusted.
  assert.match(html, /<p>Fully waterproof &amp; breathable<\/p>\s*<p>Two zipped hand pockets<\/p>/);
});

test('the JSON of pith extract, a batch line and the library say which rule added the text', async () => {
  const bytes = readFileSync(file);
  assert.equal((resultToJson(extractBytes(bytes, await loadExtractionModel()))['metadata'] as { addedBy?: string }).addedBy, 'product-description');
  const fromLibrary = await extract(bytes);
  assert.equal(fromLibrary.metadata.addedBy, 'product-description');
  assert.ok(fromLibrary.body.includes('Two zipped hand pockets'));
  const dir = mkdtempSync(join(tmpdir(), 'pith-added-'));
  try {
    const out = join(dir, 'out.jsonl');
    assert.deepEqual(await runBatch([file], { out, modelPath: bundledModelPath(), workers: 1 }), { total: 1, skipped: 0, extracted: 1, failed: 0 });
    const line = JSON.parse(readFileSync(out, 'utf8').trim()) as { metadata: { addedBy?: string }; body: string };
    assert.equal(line.metadata.addedBy, 'product-description');
    assert.ok(line.body.startsWith('Built for the wettest days on the coast.'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const plain = extractBytes(readFileSync(fixture('pages', 'news-article.html')), await loadExtractionModel());
  assert.equal((resultToJson(plain)['metadata'] as { addedBy?: string }).addedBy, undefined, 'a page with nothing added says nothing');
});

test('pith extract --explain names the rule that added text no block holds', () => {
  const run = spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), 'extract', file, '--explain'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^# added after block \d+: 4 paragraph\(s\) no block holds \(product-description: the product description the page declares \(\d+ words\), which its blocks do not hold\)$/m);
});

test('without the JSON-LD the same page gets no added text', async () => {
  const html = readFileSync(file, 'utf8').replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/, '');
  const result = extractBytes(new TextEncoder().encode(html), await loadExtractionModel());
  assert.equal(result.addedText, undefined);
  assert.ok(!formatResult(result, 'text').includes('wettest'));
});
