/**
 * Field examples read from broken input: a fields folder (`html/` + `fields/`) whose files name
 * no field, name `__proto__` or an inherited name, or whose page is empty; SWDE ground truth
 * whose count column disagrees with its values or which gives a page twice.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFieldsFolder, parseFieldValues } from '../../src/corpus/readers/fields.js';
import { parseSwdeGroundTruth } from '../../src/corpus/readers/swde.js';
import { PithError } from '../../src/errors.js';
import { importFieldsFolder, openCorpus } from '../../src/corpus/index.js';
import { command as corpusCommand } from '../../src/cli/commands/corpus.js';
import { PassThrough } from 'node:stream';

const page = (k: number): string => `<html><head><base href="http://shop.example/p/${k}"></head><body><h1>Book ${k}</h1><p>Author: <b>Writer ${k}</b></p></body></html>`;

test('a fields folder: {} and an empty page are skipped with their reason; __proto__ refused naming the file; constructor is a field', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-fields-hostile-'));
  try {
    await mkdir(join(dir, 'html'));
    await mkdir(join(dir, 'fields'));
    for (const k of [1, 2, 3, 4]) await writeFile(join(dir, 'html', `b${k}.html`), page(k));
    await writeFile(join(dir, 'html', 'empty.html'), '  \n');
    await writeFile(join(dir, 'fields', 'b1.json'), JSON.stringify({ author: ['Writer 1'] }));
    await writeFile(join(dir, 'fields', 'b2.json'), '{}');
    await writeFile(join(dir, 'fields', 'b3.json'), '{"__proto__": ["Writer 3"]}');
    await writeFile(join(dir, 'fields', 'b4.json'), '{"constructor": ["Writer 4"]}');
    await writeFile(join(dir, 'fields', 'empty.json'), JSON.stringify({ author: ['Nobody'] }));
    const { pages, skipped } = await readFieldsFolder(dir);
    assert.deepEqual(pages.map((p) => p.id).sort(), ['b1', 'b4']);
    const b4 = pages.find((p) => p.id === 'b4')!;
    assert.deepEqual(Object.keys(b4.gold.fields!), ['constructor']);
    assert.deepEqual(b4.gold.fields!['constructor'], ['Writer 4']);
    const why = new Map(skipped.map((s) => [s.id, s]));
    assert.match(why.get('b2')!.reason, /fields\/b2\.json names no field \(\{\}\) and the page has no gold/);
    assert.match(why.get('b3')!.reason, /a field may not be named __proto__/);
    assert.match(why.get('b3')!.path, /fields[/\\]b3\.json$/);
    assert.match(why.get('empty')!.reason, /the page is empty/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('parseFieldValues: a field that a plain object would lose is refused, not dropped', () => {
  assert.throws(() => parseFieldValues(JSON.parse('{"title": ["A"], "__proto__": ["B"]}'), 'f.json'), (e: unknown) => e instanceof PithError && e.code === 'BAD_CORPUS' && /f\.json: a field may not be named __proto__/.test(e.message));
  assert.deepEqual(Object.keys(parseFieldValues({ toString: ['x'], valueOf: [] }, 'f.json')), ['toString', 'valueOf']);
});

test('SWDE ground truth: a count that is not the line\'s number of values, or a page given twice, is refused with its line', () => {
  const head = 'book\tshop\ttitle\n3\t3\t3\t3\n';
  const refuses = (lines: string, message: RegExp): void => {
    assert.throws(() => parseSwdeGroundTruth(head + lines, 't.txt'), (e: unknown) => e instanceof PithError && e.code === 'BAD_CORPUS' && message.test(e.message));
  };
  refuses('0000\t1\tA\n0001\t3\tB\n', /t\.txt: line 4: the count says 3 value\(s\), the line has 1/);
  refuses('0000\t2\tA\tB\tC\n', /line 3: the count says 2 value\(s\), the line has 3/);
  refuses('0000\t1\tA\n0001\t1\tB\n0000\t1\tC\n', /line 5: page 0000 already has its values on line 3/);
  refuses('0000\tx\tA\n', /line 3: expected id, count, values/);
  refuses('\t1\tA\n', /line 3: expected id, count, values/);
  // CRLF, a BOM, `<NULL>` counted as a value or not, a trailing tab, an empty value counted: all read.
  const { values } = parseSwdeGroundTruth(`\ufeff${head.replace(/\n/g, '\r\n')}0000\t1\tA\r\n0001\t0\t<NULL>\r\n0002\t1\t<NULL>\r\n0003\t2\tB\tC\t\r\n0004\t1\t\r\n0005\t2\tD\t\r\n`, 't.txt');
  assert.deepEqual([...values], [['0000', ['A']], ['0001', []], ['0002', []], ['0003', ['B', 'C']], ['0004', []], ['0005', ['D']]]);
});

test('import-fields from a SWDE folder holding a FIFO page: refused naming it (it waited forever), no folder and no temporary folder left', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-import-fifo-'));
  try {
    const site = join(dir, 'src', 'book-shop(2)');
    await mkdir(site, { recursive: true });
    await mkdir(join(dir, 'src', 'groundtruth'));
    await writeFile(join(dir, 'src', 'groundtruth', 'book-shop-title.txt'), 'book\tshop\ttitle\n2\n0000\t1\tFirst\n0001\t1\tSecond\n');
    await writeFile(join(site, '0000.htm'), '<html><body><h1>First</h1></body></html>');
    if (spawnSync('mkfifo', [join(site, '0001.htm')]).status !== 0) return t.skip('no mkfifo here');
    const out = join(dir, 'out');
    await assert.rejects(importFieldsFolder(await openCorpus(join(dir, 'src')), out), { code: 'NOT_A_FILE', message: /0001\.htm: is a FIFO/ });
    assert.deepEqual((await readdir(dir)).sort(), ['src']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a fields folder: a fields or gold file that is a link out of the folder is named as such, not as missing; a folder as fields file is not called a page file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-fields-links-'));
  try {
    const root = join(dir, 'shop');
    for (const sub of ['html', 'fields', 'gold']) await mkdir(join(root, sub), { recursive: true });
    for (const k of [1, 2, 3, 4]) await writeFile(join(root, 'html', `b${k}.html`), page(k));
    await writeFile(join(root, 'fields', 'b1.json'), JSON.stringify({ author: ['Writer 1'] }));
    await symlink('/dev/zero', join(root, 'fields', 'b2.json'));
    await writeFile(join(dir, 'outside.txt'), 'Book 3\nSome body text.\n');
    await symlink(join(dir, 'outside.txt'), join(root, 'gold', 'b3.txt'));
    await mkdir(join(root, 'fields', 'b4.json'));
    const { pages, skipped } = await readFieldsFolder(root);
    assert.deepEqual(pages.map((p) => p.id), ['b1']);
    const why = new Map(skipped.map((s) => [s.id, s.reason]));
    assert.match(why.get('b2')!, /fields\/b2\.json is a symbolic link that leads outside its folder \(or nowhere\), which pith does not follow/);
    assert.match(why.get('b3')!, /gold\/b3\.txt is a symbolic link that leads outside its folder/);
    assert.doesNotMatch(why.get('b2')! + why.get('b3')!, /no fields\//);
    assert.match(why.get('b4')!, /is a directory, expected a fields file/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a SWDE folder whose ground-truth file is a folder: refused calling it a ground-truth file, not a page file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-swde-gt-dir-'));
  try {
    await mkdir(join(dir, 'book-shop(1)'));
    await mkdir(join(dir, 'groundtruth', 'book-shop-title.txt'), { recursive: true });
    await writeFile(join(dir, 'book-shop(1)', '0000.htm'), '<html><body><h1>First</h1></body></html>');
    const io = { stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough() };
    await assert.rejects(corpusCommand.run(['stats', dir], io), (e: unknown) => e instanceof PithError && /book-shop-title\.txt: cannot read file \(is a directory, expected a ground-truth file\)$/.test(e.message));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
