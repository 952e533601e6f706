/** SWDE's layout, the fields folder form (html/ + fields/) and the importer between them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectCorpusFormat, importFieldsFolder, loadCorpusPage, openCorpus, parseFieldValues, parseSwdeGroundTruth, sniffBaseHref } from '../../src/corpus/index.js';
import { command as corpusCommand } from '../../src/cli/commands/corpus.js';
import { isPithError } from '../../src/errors.js';

const page = (title: string, author: string, isbn: string): string =>
  `\ufeff<base href="http://www.books.example/product/${isbn}"/>\n<html><head><title>${title}</title></head><body>` +
  `<h1>${title}</h1><h3 class="author">by <a href="/a">${author}</a></h3>` +
  `<ul><li><strong>ISBN-13</strong>: ${isbn}</li></ul></body></html>`;

async function swdeFixture(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'pith-swde-'));
  await mkdir(join(root, 'book-shop(4)'));
  await mkdir(join(root, 'groundtruth'));
  await writeFile(join(root, 'book-shop(4)', '0000.htm.gz'), gzipSync(page('First Book', 'Ann Author', '9780000000001')));
  await writeFile(join(root, 'book-shop(4)', '0001.htm'), page('Second Book', 'Bob Writer', '9780000000002'));
  await writeFile(join(root, 'book-shop(4)', '0002.htm'), page('No Gold', 'Nobody', '9780000000003'));
  await writeFile(join(root, 'groundtruth', 'book-shop-title.txt'), '\ufeffbook\tshop\ttitle\n4\t4\t2\t2\n0000\t1\tFirst Book\n0001\t1\tSecond Book\n0003\t1\tAbsent Page\n');
  await writeFile(join(root, 'groundtruth', 'book-shop-isbn_13.txt'), 'book\tshop\tisbn_13\n4\t4\t2\t2\n0000\t1\t: 9780000000001\n0001\t1\t<NULL>\n');
  await writeFile(join(root, 'groundtruth', 'book-shop-author.txt'), 'book\tshop\tauthor\n4\t4\t3\t3\n0000\t2\tAnn Author\tCo Author\n0001\t1\tBob Writer\n');
  // Another vertical's files beside it are not this site's.
  await writeFile(join(root, 'groundtruth', 'auto-shop-model.txt'), 'auto\tshop\tmodel\n1\t1\t1\t1\n0000\t1\tNot a book\n');
  return root;
}

test('swde ground truth: BOM, counts line, <NULL>, several values, quirks kept', () => {
  const { attribute, values } = parseSwdeGroundTruth('\ufeffbook\tshop\tisbn_13\n3\t3\t1\t1\n0000\t1\t: 978\n0001\t1\t<NULL>\n0002\t2\ta\tb\n', 'x.txt');
  assert.equal(attribute, 'isbn_13');
  assert.deepEqual([...values], [['0000', [': 978']], ['0001', []], ['0002', ['a', 'b']]]);
  assert.throws(() => parseSwdeGroundTruth('book\n', 'x.txt'), (e) => isPithError(e) && e.code === 'BAD_CORPUS');
  assert.throws(() => parseSwdeGroundTruth('book\tshop\ttitle\n1\n0000\tmany\tx\n', 'x.txt'), /line 3/);
  assert.equal(sniffBaseHref('<base href="http://a.example/p/1"/><html>'), 'http://a.example/p/1');
  assert.equal(sniffBaseHref('<base href="/relative"/>'), undefined);
});

test('swde: detected, fields and title gold, URL from <base href>, eval-only, pages without gold reported', async () => {
  const root = await swdeFixture();
  try {
    assert.equal(await detectCorpusFormat(root), 'swde');
    const corpus = await openCorpus(root);
    assert.equal(corpus.format, 'swde');
    assert.equal(corpus.use, 'eval-only');
    assert.deepEqual(corpus.pages.map((p) => p.id), ['0000', '0001']);
    const [a, b] = corpus.pages;
    assert.equal(a!.url, 'http://www.books.example/product/9780000000001');
    assert.equal(a!.site, 'books.example');
    assert.equal(a!.gold.title, 'First Book');
    assert.equal(a!.gold.partial, true);
    assert.deepEqual(a!.gold.fields, { author: ['Ann Author', 'Co Author'], isbn_13: [': 9780000000001'], title: ['First Book'] });
    assert.deepEqual(b!.gold.fields!['isbn_13'], []);
    assert.deepEqual(corpus.skipped?.map((s) => s.id), ['0002']);
    const loaded = await loadCorpusPage(corpus, a!);
    assert.ok(loaded.blocks.some((bl) => bl.text.includes('First Book')));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('import-fields writes html/ + fields/, which reads back as a fields folder with the same values', async () => {
  const root = await swdeFixture();
  const out = join(root, 'train');
  try {
    const r = await importFieldsFolder(await openCorpus(root), out);
    assert.equal(r.written, 2);
    assert.deepEqual(await readdir(join(out, 'html')), ['0000.htm.gz', '0001.htm']);
    assert.deepEqual(JSON.parse(await readFile(join(out, 'fields', '0000.json'), 'utf8')), { author: ['Ann Author', 'Co Author'], isbn_13: [': 9780000000001'], title: ['First Book'] });
    assert.equal(await detectCorpusFormat(out), 'fields');
    const back = await openCorpus(out);
    assert.deepEqual(back.pages.map((p) => [p.id, p.url, p.gold.fields?.['title']]), [
      ['0000', 'http://www.books.example/product/9780000000001', ['First Book']],
      ['0001', 'http://www.books.example/product/9780000000002', ['Second Book']],
    ]);
    // The output must be new; the command says so and exits with an error.
    await assert.rejects(importFieldsFolder(await openCorpus(root), out), /already exists/);
    const stdout = new PassThrough();
    await assert.rejects(corpusCommand.run(['import-fields', root], { stdout, stderr: new PassThrough(), stdin: new PassThrough() }), /needs -o/);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('fields folder: a bad fields file is reported, a lone string is one value, gold/ adds title and body', async () => {
  assert.deepEqual(parseFieldValues({ a: 'x', b: ['y', ' '], c: null }, 'f.json'), { a: ['x'], b: ['y'], c: [] });
  assert.throws(() => parseFieldValues(['x'], 'f.json'), /object/);
  assert.throws(() => parseFieldValues({ a: [1] }, 'f.json'), /list of strings/);
  const root = await mkdtemp(join(tmpdir(), 'pith-fields-'));
  try {
    await mkdir(join(root, 'html'));
    await mkdir(join(root, 'fields'));
    await mkdir(join(root, 'gold'));
    await writeFile(join(root, 'html', 'a.html'), page('A', 'Ann', '1'));
    await writeFile(join(root, 'html', 'b.html'), page('B', 'Bob', '2'));
    await writeFile(join(root, 'html', 'c.html'), page('C', 'Cy', '3'));
    await writeFile(join(root, 'fields', 'a.json'), '{"author": "Ann"}');
    await writeFile(join(root, 'fields', 'b.json'), '{"author": [2]}');
    await writeFile(join(root, 'fields', 'z.json'), '{}');
    await writeFile(join(root, 'gold', 'a.txt'), 'A\nSome body text.\n');
    const corpus = await openCorpus(root);
    assert.equal(corpus.format, 'fields');
    assert.deepEqual(corpus.pages.map((p) => p.id), ['a']);
    assert.equal(corpus.pages[0]!.gold.title, 'A');
    assert.equal(corpus.pages[0]!.gold.mainText, 'Some body text.');
    assert.deepEqual(corpus.pages[0]!.gold.fields, { author: ['Ann'] });
    assert.deepEqual(corpus.skipped?.map((s) => s.id).sort(), ['b', 'c', 'z']);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
