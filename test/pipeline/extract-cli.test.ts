/** `pith extract` options that change what the decoder does, as people run them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fixture, repoRoot } from '../helpers/paths.js';
import { command as extractCommand } from '../../src/cli/commands/extract.js';
import { extractBytes, KEEP_COMMENTS, loadExtractionModel, formatResult } from '../../src/pipeline/extract.js';

const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8' });

test('pith extract --keep-comments leaves comment sections to the model; without it they are discounted', async () => {
  const file = fixture('pages', 'blog-with-comments.html');
  const model = await loadExtractionModel();
  const bytes = readFileSync(file);
  const kept = pith('extract', file, '--keep-comments');
  assert.equal(kept.status, 0, kept.stderr);
  assert.equal(kept.stdout, formatResult(extractBytes(bytes, model, {}, KEEP_COMMENTS), 'text'));
  const plain = pith('extract', file);
  assert.equal(plain.stdout, formatResult(extractBytes(bytes, model), 'text'));
  assert.ok(!plain.stdout.includes('white noise machine'), 'no comment in the default output');
});

/** `pith extract ARGS` in this process: its exit code and stdout (a refusal rejects, as main turns it into exit 2 or 3). */
async function extractHere(argv: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const out = new PassThrough().on('data', (d) => (stdout += String(d)));
  const code = await extractCommand.run(argv, { stdout: out, stderr: new PassThrough().resume(), stdin: new PassThrough() });
  return { code, stdout };
}

const PAGE = fixture('pages', 'news-article.html');

test('pith extract of a folder points at pith batch', async () => {
  await assert.rejects(extractHere([fixture('pages')]), (e: Error & { code?: string }) => {
    assert.equal(e.code, 'IO');
    assert.match(e.message, /is a directory, expected a page file \(for a folder of pages: pith batch DIR --out results\.jsonl\)/);
    return true;
  });
});

test("pith --help's extract line names csv among the formats", () => {
  assert.match(extractCommand.summary, /\bcsv\b/);
});

test('pith extract refuses --blocks and --explain where they would be ignored; refuses a relative --url', async () => {
  await assert.rejects(extractHere([PAGE, '--blocks']), /--blocks needs --format json/);
  await assert.rejects(extractHere([PAGE, '--explain', '--format', 'json']), /--explain prints text; it does not go with --format json/);
  assert.equal((await extractHere([PAGE, '--explain', '--format', 'text'])).code, 0);
  await assert.rejects(extractHere([PAGE, '--url', 'news/mill']), /--url must be an absolute URL such as https:\/\/example\.com\/page, got 'news\/mill'/);
  assert.equal((await extractHere([PAGE, '--url', 'https://saltmouth.example/news/mill', '--fields', 'url'])).stdout, 'https://saltmouth.example/news/mill\n');
});

test('pith extract -o into a missing folder or onto a folder says why in words, without a temporary file name', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-extract-o-'));
  try {
    const missing = await extractHere([PAGE, '-o', join(dir, 'no-such-folder', 'a.md')]).catch((e: Error) => e);
    assert.match(String(missing), /no-such-folder\/a\.md: cannot write the result \(its folder does not exist \(ENOENT\)\)/);
    assert.doesNotMatch(String(missing), /\.tmp/);
    const folder = await extractHere([PAGE, '-o', dir]).catch((e: Error) => e);
    assert.match(String(folder), /cannot write the result \(is a directory \(EISDIR\)\)/);
    assert.doesNotMatch(String(folder), /\.tmp/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
