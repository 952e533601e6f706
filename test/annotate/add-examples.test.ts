/**
 * `pith label NEW --add FOLDER` with a folder of field examples (docs/fields.md: html/ +
 * fields/, as `pith corpus import-fields` writes it): each page comes with its fields file, so
 * the field mode starts from the examples already given; a bad fields file skips its page.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { addToCorpus } from '../../src/annotate/add-pages.js';
import { createPithCorpus } from '../../src/corpus/pith-format.js';
import { command as labelCommand } from '../../src/cli/commands/label.js';

const page = (title: string, author: string): string =>
  `<!DOCTYPE html><html><body><h1>${title}</h1><p class="by">by <a href="/a">${author}</a></p><p>Some text about the book.</p></body></html>`;

async function examplesFolder(root: string): Promise<string> {
  const ex = join(root, 'books');
  await mkdir(join(ex, 'html'), { recursive: true });
  await mkdir(join(ex, 'fields'));
  await writeFile(join(ex, 'html', '0001.html'), page('First Book', 'Ann Author'));
  await writeFile(join(ex, 'html', '0002.htm.gz'), gzipSync(page('Second Book', 'Bob Writer')));
  await writeFile(join(ex, 'html', '0003.html'), page('Third Book', 'Cy Poet'));
  await writeFile(join(ex, 'html', '0004.html'), page('Fourth Book', 'Di Verse'));
  await writeFile(join(ex, 'fields', '0001.json'), JSON.stringify({ title: ['First Book'], author: ['Ann Author'] }));
  await writeFile(join(ex, 'fields', '0002.json'), JSON.stringify({ title: ['Second Book'], author: ['Bob Writer'], isbn: [] }));
  await writeFile(join(ex, 'fields', '0003.json'), '{"title": ["Third Book"]');
  return ex;
}

test('--add of a folder of html/ + fields/: its pages, each with its fields as the corpus\'s fields/<id>.json; a bad fields file skips its page', async () => {
  const root = await mkdtemp(join(tmpdir(), 'pith-add-examples-'));
  try {
    const ex = await examplesFolder(root);
    const corpus = join(root, 'corpus');
    await createPithCorpus(corpus, { name: 'books', use: 'train' });
    const r = await addToCorpus(corpus, [ex]);
    assert.deepEqual([...r.added].sort(), ['0001', '0002', '0004'], 'ids from the page names, as the fields reader pairs them');
    assert.equal(r.withFields, 2);
    assert.equal(r.skipped.length, 1);
    assert.match(r.skipped[0]!.source, /0003\.html$/);
    assert.deepEqual((await readdir(join(corpus, 'fields'))).sort(), ['0001.json', '0002.json']);
    assert.deepEqual(JSON.parse(await readFile(join(corpus, 'fields', '0002.json'), 'utf8')), { author: ['Bob Writer'], isbn: [], title: ['Second Book'] });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('pith label on a folder of examples (not a pith corpus) says how to label its pages: a new folder and --add', async () => {
  const root = await mkdtemp(join(tmpdir(), 'pith-add-examples-'));
  try {
    const ex = await examplesFolder(root);
    const io = { stdout: new PassThrough(), stderr: new PassThrough().resume(), stdin: new PassThrough() };
    await assert.rejects(labelCommand.run([ex], io), (e: Error & { code?: string }) => {
      assert.equal(e.code, 'BAD_CORPUS');
      assert.match(e.message, /refusing to create one here; label in a new folder and add these pages to it: pith label NEW-FOLDER --add \S*books \(a folder of html\/ \+ fields\/ brings its field examples\)/);
      return true;
    });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('--add of a folder of examples pairs pages and fields files as pith train does: html/\'s own pages only, a fields file or gold/ without a page said', async () => {
  const root = await mkdtemp(join(tmpdir(), 'pith-add-examples-'));
  try {
    const ex = join(root, 'books');
    await mkdir(join(ex, 'html', 'sub'), { recursive: true });
    await mkdir(join(ex, 'fields'));
    await mkdir(join(ex, 'gold'));
    await writeFile(join(ex, 'html', '0001.html'), page('First Book', 'Ann Author'));
    await writeFile(join(ex, 'html', 'sub', '0001.html'), page('Another Book', 'Bo Other'));
    await writeFile(join(ex, 'html', 'sub', '0005.html'), page('Fifth Book', 'Ed Five'));
    await writeFile(join(ex, 'fields', '0001.json'), JSON.stringify({ title: ['First Book'] }));
    await writeFile(join(ex, 'fields', '0005.json'), JSON.stringify({ title: ['Fifth Book'] }));
    await writeFile(join(ex, 'gold', '0001.txt'), 'First Book\nSome text about the book.\n');
    const corpus = join(root, 'corpus');
    await createPithCorpus(corpus, { name: 'books', use: 'train' });
    const r = await addToCorpus(corpus, [ex]);
    assert.deepEqual(r.added, ['0001'], 'html/sub/ is not read by pith train, so its pages (one named as a top-level page) are not added with its examples');
    assert.equal(r.withFields, 1);
    assert.deepEqual(JSON.parse(await readFile(join(corpus, 'fields', '0001.json'), 'utf8')), { title: ['First Book'] });
    const said = r.skipped.map((s) => `${s.source.slice(ex.length + 1)}: ${s.reason}`).sort();
    assert.equal(said.length, 3, said.join('\n'));
    assert.match(said[0]!, /^fields\/0005\.json: fields without their page/);
    assert.match(said[1]!, /^gold: not added/);
    assert.match(said[2]!, /^html\/sub: a folder inside html\/: pith train reads only the pages directly in html\//);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('--add of a folder of examples skips a page whose fields file the label app would not read (above 1 MiB as given, or once written one value a line)', async () => {
  const root = await mkdtemp(join(tmpdir(), 'pith-add-examples-'));
  try {
    const ex = join(root, 'books');
    await mkdir(join(ex, 'html'), { recursive: true });
    await mkdir(join(ex, 'fields'));
    for (const n of ['0001', '0002', '0003']) await writeFile(join(ex, 'html', `${n}.html`), page(`Book ${n}`, 'Ann Author'));
    await writeFile(join(ex, 'fields', '0001.json'), JSON.stringify({ title: ['Book 0001'], note: ['x'.repeat(1_500_000)] }));
    // 900 KB as given; one value a line (as the label app writes its files) it is above 1 MiB.
    await writeFile(join(ex, 'fields', '0002.json'), JSON.stringify({ title: ['Book 0002'], tag: Array.from({ length: 90_000 }, () => 'abcdefgh') }));
    await writeFile(join(ex, 'fields', '0003.json'), JSON.stringify({ title: ['Book 0003'] }));
    const corpus = join(root, 'corpus');
    await createPithCorpus(corpus, { name: 'books', use: 'train' });
    const r = await addToCorpus(corpus, [ex]);
    assert.deepEqual(r.added, ['0003']);
    assert.equal(r.withFields, 1);
    const reasons = Object.fromEntries(r.skipped.map((s) => [s.source.slice(ex.length + 1), s.reason]));
    assert.match(reasons['html/0001.html'] ?? '', /above the limit of 1048576 bytes \(1 MiB\): the label app's limit for a fields file/);
    assert.match(reasons['html/0002.html'] ?? '', /take \d+ bytes, above the label app's limit of 1048576 \(1 MiB\) for a fields file/);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('--add of a folder of examples: a page stored whose fields file cannot be written is said to be added without its field examples', async () => {
  const root = await mkdtemp(join(tmpdir(), 'pith-add-examples-'));
  try {
    const ex = await examplesFolder(root);
    const corpus = join(root, 'corpus');
    await createPithCorpus(corpus, { name: 'books', use: 'train' });
    await mkdir(join(corpus, 'fields', '0001.json'), { recursive: true }); // a folder where the fields file goes: the write fails
    const r = await addToCorpus(corpus, [ex]);
    assert.deepEqual([...r.added].sort(), ['0001', '0002', '0004']);
    assert.equal(r.withFields, 1);
    const failed = r.skipped.filter((s) => /fields\/0001\.json$/.test(s.source));
    assert.equal(failed.length, 1);
    assert.match(failed[0]!.reason, /^page added as 0001 without its field examples: /);
    assert.ok(!r.skipped.some((s) => /html\/0001\.html$/.test(s.source)), 'the page is added, not skipped');
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
