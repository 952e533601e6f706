/** `pith extract`'s errors tell a newcomer what to do instead. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fixture, repoRoot } from '../../helpers/paths.js';

const pith = (args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8', timeout: 60_000 });

test('pith extract of a folder points at pith batch', () => {
  const run = pith(['extract', fixture('pages')]);
  assert.equal(run.status, 3);
  assert.match(run.stderr, /is a directory, expected a page file \(for a folder of pages: pith batch DIR --out results\.jsonl\)/);
  assert.equal(run.stdout, '');
});

test('pith extract --format csv without field rules says what gives CSV', () => {
  const run = pith(['extract', fixture('pages', 'news-article.html'), '--format', 'csv']);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /no field rules for this page; add --lists .* --model wrapper .* or use --format json/);
  const lists = pith(['extract', fixture('pages', 'news-article.html'), '--format', 'csv', '--lists']);
  assert.equal(lists.status, 0, lists.stderr);
  assert.match(lists.stdout, /^url,list,item,text,href\r?\n/);
});

test("pith --help's extract line names csv among the formats", () => {
  const line = pith(['--help']).stdout.split('\n').find((l) => /^\s+extract\s/.test(l));
  assert.match(line ?? '', /\bcsv\b/);
});

test('pith extract refuses --blocks and --explain where they would be ignored', () => {
  const page = fixture('pages', 'news-article.html');
  const blocks = pith(['extract', page, '--blocks']);
  assert.equal(blocks.status, 2);
  assert.match(blocks.stderr, /--blocks needs --format json/);
  assert.equal(blocks.stdout, '');
  const explain = pith(['extract', page, '--explain', '--format', 'json']);
  assert.equal(explain.status, 2);
  assert.match(explain.stderr, /--explain prints text; it does not go with --format json/);
  const json = JSON.parse(pith(['extract', page, '--format', 'json', '--blocks']).stdout) as { blocks?: unknown[] };
  assert.ok(Array.isArray(json.blocks) && json.blocks.length > 0);
  assert.equal(pith(['extract', page, '--explain', '--format', 'text']).status, 0);
});

test('pith extract --url must be absolute, as the library\'s url option', () => {
  const run = pith(['extract', fixture('pages', 'news-article.html'), '--url', 'news/mill']);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /--url must be an absolute URL such as https:\/\/example\.com\/page, got 'news\/mill'/);
  assert.equal(run.stdout, '');
  const ok = pith(['extract', fixture('pages', 'news-article.html'), '--url', 'https://saltmouth.example/news/mill', '--fields', 'url']);
  assert.equal(ok.stdout, 'https://saltmouth.example/news/mill\n');
});

test('pith extract -o into a missing folder or onto a folder says why in words, without a temporary file name', () => {
  const page = fixture('pages', 'news-article.html');
  const missing = pith(['extract', page, '-o', join(repoRoot, 'no-such-folder-here', 'a.md')]);
  assert.equal(missing.status, 3);
  assert.match(missing.stderr, /no-such-folder-here\/a\.md: cannot write the result \(its folder does not exist \(ENOENT\)\)/);
  assert.doesNotMatch(missing.stderr, /\.tmp/);
  const folder = pith(['extract', page, '-o', fixture('pages')]);
  assert.equal(folder.status, 3);
  assert.match(folder.stderr, /cannot write the result \(is a directory \(EISDIR\)\)/);
  assert.doesNotMatch(folder.stderr, /\.tmp/);
});
