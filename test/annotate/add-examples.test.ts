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
