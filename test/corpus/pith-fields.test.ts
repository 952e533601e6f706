/** A pith corpus's `fields/<id>.json` (written by `pith label`'s field mode) reach its pages as `gold.fields`. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addPithPage, createPithCorpus, readPithPages } from '../../src/corpus/pith-format.js';

const page = (k: number): Buffer => Buffer.from(`<html><body><h1>Book ${k}</h1><p>Author: Writer ${k}</p></body></html>`);

test('fields files give pages their field values; a page without one, or with {}, has none; a malformed one skips its page with the reason', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-corpus-fields-'));
  try {
    await createPithCorpus(dir, { name: 'books', use: 'train' });
    for (const k of [1, 2, 3, 4]) await addPithPage(dir, `b${k}`, page(k));
    await mkdir(join(dir, 'fields'));
    await writeFile(join(dir, 'fields', 'b1.json'), JSON.stringify({ author: ['Writer 1'], isbn: [] }));
    await writeFile(join(dir, 'fields', 'b2.json'), '{}');
    await writeFile(join(dir, 'fields', 'b4.json'), '{"author": 7}');
    const { pages, skipped } = await readPithPages(dir);
    const byId = new Map(pages.map((p) => [p.id, p]));
    assert.deepEqual(byId.get('b1')!.gold.fields, { author: ['Writer 1'], isbn: [] });
    assert.equal(byId.get('b2')!.gold.fields, undefined);
    assert.equal(byId.get('b3')!.gold.fields, undefined);
    assert.equal(byId.has('b4'), false);
    assert.equal(skipped.length, 1);
    assert.equal(skipped[0]!.id, 'b4');
    assert.match(skipped[0]!.path, /fields[/\\]b4\.json$/);
    assert.match(skipped[0]!.reason, /list of strings/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
