// Hostile or careless input: each case ends in a clear PithError or a sane result, quickly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadPage, loadPageFile } from '../../src/page.js';
import { PithError } from '../../src/errors.js';
import { withCpuMs } from '../helpers/cpu.js';

const enc = (s: string) => new TextEncoder().encode(s);
const isCode = (code: string) => (e: unknown) => e instanceof PithError && e.code === code;

test('100 000 nested elements parse and segment without overflowing the stack', () => {
  const html = '<body>' + '<div>'.repeat(100_000) + 'deep text' + '</div>'.repeat(100_000) + '</body>';
  const page = loadPage(enc(html));
  assert.deepEqual(page.blocks.map((b) => b.text), ['deep text']);
  const spans = '<body><p>' + '<span>'.repeat(100_000) + 'x' + '</p>';
  assert.equal(loadPage(enc(spans)).blocks[0]!.text, 'x');
});

test('a 50 MB page is refused with TOO_LARGE before any parsing', () => {
  const big = new Uint8Array(50 * 1024 * 1024).fill(0x61);
  const { cpuMs } = withCpuMs(() => assert.throws(() => loadPage(big, {}, 'big.html'), isCode('TOO_LARGE')));
  assert.ok(cpuMs < 2000, `${cpuMs} ms of CPU: the page was read`);
});

test('empty and white-space-only documents give an empty page, not an error', () => {
  for (const s of ['', '   \n', '<html></html>', '<!doctype html>']) {
    const p = loadPage(enc(s));
    assert.equal(p.blocks.length, 0);
    assert.equal(p.tree.title, '');
  }
});

test('invalid UTF-8 gives replacement characters, never a throw', () => {
  const bytes = new Uint8Array([...enc('<meta charset="utf-8"><p>ok '), 0xc3, 0x28, 0xa0, 0xa1, ...enc(' still ok</p>')]);
  const p = loadPage(bytes);
  assert.match(p.blocks[0]!.text, /^ok .* still ok$/);
  assert.ok(p.replacements > 0);
});

test('binary files, truncated gzip, missing files and directories are clear errors naming the file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-bad-'));
  const png = join(dir, 'photo.html');
  await writeFile(png, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
  await assert.rejects(loadPageFile(png), (e: unknown) => isCode('NOT_HTML')(e) && (e as Error).message.includes(png));
  const gz = join(dir, 'cut.html.gz');
  const full = gzipSync(Buffer.from('<p>' + 'words '.repeat(1000) + '</p>'));
  await writeFile(gz, full.subarray(0, full.length >> 1));
  await assert.rejects(loadPageFile(gz), isCode('BAD_GZIP'));
  await assert.rejects(loadPageFile(join(dir, 'missing.html')), isCode('NOT_FOUND'));
  await mkdir(join(dir, 'sub'));
  await assert.rejects(loadPageFile(join(dir, 'sub')), isCode('IO'));
});

test('unclosed tags, stray end tags and garbage markup still give blocks', () => {
  const p = loadPage(enc('<p>one<div>two</span></b><p>three<table><td>cell</p></td><<<>>>& &amp; &#xZZ;'));
  // Text misplaced inside <table> is foster-parented before it, as browsers do.
  assert.deepEqual(p.blocks.map((b) => b.text), ['one', 'two', 'three<<<>>>& & &#xZZ;', 'cell']);
});
