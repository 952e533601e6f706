// Reading page and corpus files: bounded whatever the file claims, regular files only, and no
// symbolic link followed out of the folder being read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { isDirectoryGivenAsFile, readPageBytes } from '../../src/page.js';
import { isFile, listDir, readBytes } from '../../src/corpus/readers/files.js';
import { openCorpus } from '../../src/corpus/open.js';
import { PithError } from '../../src/errors.js';
import { fixture } from '../helpers/paths.js';

const isCode = (code: string, message?: RegExp) => (e: unknown) => e instanceof PithError && e.code === code && (!message || message.test(e.message));

function tempDir(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'pith-bounded-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('reading stops at the limit even when the file reports size 0 (/proc)', { skip: process.platform !== 'linux' && 'needs /proc' }, async () => {
  await assert.rejects(readPageBytes('/proc/self/status', 64), isCode('TOO_LARGE', /above the limit of 64 bytes \(its reported size was 0\)/));
  assert.ok((await readPageBytes('/proc/self/status')).length > 64, 'under the default limit it is read whole');
});

test('a file at the limit is read, one byte over is refused (never truncated)', async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, 'a.html'), 'x'.repeat(1000));
  assert.equal((await readPageBytes(join(dir, 'a.html'), 1000)).length, 1000);
  await assert.rejects(readPageBytes(join(dir, 'a.html'), 999), isCode('TOO_LARGE', /1000 bytes, above the limit of 999/));
});

// /dev/zero and FIFOs: test/cli/hostile-input.test.ts, in a child process (the old code read
// /dev/zero without end, and waited on a FIFO for ever).
test('devices and sockets are refused before any byte is read', { skip: process.platform === 'win32' && 'POSIX files' }, async (t) => {
  await assert.rejects(readPageBytes('/dev/null'), isCode('NOT_A_FILE', /character device, not a regular file/));
  const dir = tempDir(t);
  const sock = join(dir, 'page.html');
  const server = createServer().listen(sock);
  await once(server, 'listening');
  t.after(() => server.close());
  await assert.rejects(readPageBytes(sock), isCode('NOT_A_FILE', /socket/));
});

test('with a root, a link whose target is outside it is refused; one inside is read', async (t) => {
  const dir = tempDir(t);
  mkdirSync(join(dir, 'in'));
  writeFileSync(join(dir, 'secret.html'), 'root:x:0:0');
  writeFileSync(join(dir, 'in', 'a.html'), '<p>a</p>');
  symlinkSync('../secret.html', join(dir, 'in', 'out.html'));
  symlinkSync('a.html', join(dir, 'in', 'alias.html'));
  const root = join(dir, 'in');
  await assert.rejects(readPageBytes(join(root, 'out.html'), undefined, { root }), isCode('OUTSIDE_ROOT'));
  assert.equal(new TextDecoder().decode(await readPageBytes(join(root, 'alias.html'), undefined, { root })), '<p>a</p>');
  // Named by the user, with no root: followed.
  assert.equal(new TextDecoder().decode(await readPageBytes(join(root, 'out.html'))), 'root:x:0:0');
});

test('corpus helpers: links out of their folder are not listed, not files, not read', async (t) => {
  const dir = tempDir(t);
  mkdirSync(join(dir, 'corpus'));
  writeFileSync(join(dir, 'passwd'), 'root:x:0:0');
  writeFileSync(join(dir, 'corpus', 'a.txt'), 'a');
  symlinkSync('../passwd', join(dir, 'corpus', 'p.txt'));
  symlinkSync('a.txt', join(dir, 'corpus', 'alias.txt'));
  const c = join(dir, 'corpus');
  assert.deepEqual(await listDir(c), ['a.txt', 'alias.txt']);
  assert.equal(await isFile(join(c, 'p.txt')), false);
  assert.equal(await isFile(join(c, 'alias.txt')), true);
  await assert.rejects(readBytes(join(c, 'p.txt')), isCode('BAD_CORPUS', /leads outside its folder/));
  assert.equal(new TextDecoder().decode(await readBytes(join(c, 'alias.txt'))), 'a');
});

test('corpus helpers: a gzip bomb stops at the limit; a file over it is refused', async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, 'bomb.html.gz'), gzipSync(Buffer.alloc(4 * 1024 * 1024)));
  await assert.rejects(readBytes(join(dir, 'bomb.html.gz'), 1024 * 1024), isCode('TOO_LARGE', /after gunzip/));
  writeFileSync(join(dir, 'big.txt'), Buffer.alloc(2048));
  await assert.rejects(readBytes(join(dir, 'big.txt'), 1024), isCode('TOO_LARGE'));
  assert.equal((await readBytes(join(dir, 'big.txt'), 2048)).length, 2048);
});

test('a corpus folder with links out of it: the linked pages are left out or refused, never read', async (t) => {
  const dir = tempDir(t);
  const page = (folder: string): void => {
    mkdirSync(folder, { recursive: true });
    copyFileSync(fixture('pages', 'news-article.html'), join(folder, 'source.html'));
    writeFileSync(join(folder, 'expected.html'), '<p>The article.</p>');
  };
  page(join(dir, 'corpus', 'pages', 'a'));
  page(join(dir, 'elsewhere', 'far'));
  symlinkSync(join(dir, 'elsewhere', 'far'), join(dir, 'corpus', 'pages', 'far'));
  const corpus = await openCorpus(join(dir, 'corpus'));
  assert.deepEqual(corpus.pages.map((p) => p.id), ['a']);
  // A page file that is itself a link out: the page has no source.html of its own.
  mkdirSync(join(dir, 'corpus', 'pages', 'b'));
  writeFileSync(join(dir, 'passwd'), 'root:x:0:0');
  symlinkSync(join(dir, 'passwd'), join(dir, 'corpus', 'pages', 'b', 'source.html'));
  writeFileSync(join(dir, 'corpus', 'pages', 'b', 'expected.html'), '<p>x</p>');
  await assert.rejects(openCorpus(join(dir, 'corpus')), isCode('BAD_CORPUS', /missing source\.html/));
});

test('a folder given as a page file is told apart by its error, not by the wording of another', async (t) => {
  const dir = tempDir(t);
  const got = await readPageBytes(dir).then(() => undefined, (e: unknown) => e);
  assert.ok(isCode('IO', /: is a directory, expected a page file$/)(got), String(got));
  assert.ok(isDirectoryGivenAsFile(got));
  assert.ok(!isDirectoryGivenAsFile(new PithError('IO', 'is a directory, expected a page file', dir)), 'the same words from elsewhere');
});
