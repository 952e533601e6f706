/** `pith batch` as a newcomer uses it next to `pith extract`: lines on stdout, extract's switches, a reader that stops early. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, repoRoot } from '../../helpers/paths.js';

const PITH = join(repoRoot, 'bin', 'pith.js');
const pith = (args: string[], cwd = repoRoot) => spawnSync(process.execPath, [PITH, ...args], { encoding: 'utf8', cwd, timeout: 120_000 });

/** A folder with `n` copies of the news fixture (p0.html ...), removed after `body`. */
function withPages(n: number, body: (dir: string) => void | Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pith-batch-cmd-'));
  const pages = join(dir, 'pages');
  mkdirSync(pages);
  for (let k = 0; k < n; k++) copyFileSync(fixture('pages', 'news-article.html'), join(pages, `p${k}.html`));
  return Promise.resolve(body(dir)).finally(() => rmSync(dir, { recursive: true, force: true }));
}

test('pith batch --out - writes the lines to standard output, and no file named -', () =>
  withPages(2, (dir) => {
    const run = pith(['batch', join(dir, 'pages'), '--out', '-', '--fields', 'title'], dir);
    assert.equal(run.status, 0, run.stderr);
    const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; title: string });
    assert.deepEqual(lines.map((l) => l.id).sort(), ['p0', 'p1']);
    for (const l of lines) assert.equal(l.title, 'Harbour town votes to restore its tidal mill');
    assert.ok(!existsSync(join(dir, '-')), 'no file named - in the working folder');
    assert.match(run.stderr, /2 extracted/, 'the summary stays on stderr');
    // --csv reads the lines back from --out: refused up front with standard output.
    const csv = pith(['batch', join(dir, 'pages'), '--out', '-', '--csv', join(dir, 'x.csv')], dir);
    assert.equal(csv.status, 2);
    assert.match(csv.stderr, /--csv reads the batch's lines back from --out/);
    assert.equal(csv.stdout, '');
  }));

test('pith batch --out - | head: a reader that stops early ends the batch quietly (exit 0, no EPIPE error)', { timeout: 120_000 }, () =>
  withPages(40, async (dir) => {
    const child = spawn(process.execPath, [PITH, 'batch', join(dir, 'pages'), '--out', '-', '--workers', '1', '--page-timeout', '30'], { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // Take the first chunk, then close the pipe: 40 full lines are far more than a pipe holds.
    let first = '';
    child.stdout.once('data', (c: Buffer) => {
      first = c.toString();
      child.stdout.destroy();
    });
    const code = await new Promise<number | null>((done) => child.on('exit', (c) => done(c)));
    assert.equal(code, 0, stderr);
    assert.match(first, /^\{"id":"p\d+"/, 'the lines came on standard output');
    assert.doesNotMatch(stderr, /cannot write the output|EPIPE/);
  }));

test('pith batch --out /dev/stdout | head: the closed pipe is said once on stderr, exit 0', { timeout: 120_000 }, () =>
  withPages(40, (dir) => {
    const script = `"${process.execPath}" "${PITH}" batch "${join(dir, 'pages')}" --out /dev/stdout --workers 1 --page-timeout 30 | head -c 100 > /dev/null`;
    const run = spawnSync('bash', ['-o', 'pipefail', '-c', script], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /\/dev\/stdout was closed by its reader \(broken pipe\): batch stopped/);
    assert.doesNotMatch(run.stderr, /cannot write the output/);
  }));

test("pith batch takes pith extract's --favor, --no-images, --no-tables and --no-links: each line is extract's", () =>
  withPages(1, (dir) => {
    const page = join(dir, 'pages', 'p0.html');
    const extracted = (flags: string[]) => JSON.parse(pith(['extract', page, '--format', 'json', ...flags]).stdout) as { markdown: string; body: string };
    for (const flags of [['--no-images'], ['--no-links', '--no-tables'], ['--favor', 'precision'], ['--favor', 'recall', '--no-images']]) {
      // One page runs in the main thread; --page-timeout makes it a worker thread's.
      for (const where of [[], ['--page-timeout', '30']]) {
        const out = join(dir, `${flags.join('')}${where.length}.jsonl`);
        const run = pith(['batch', page, '--out', out, ...flags, ...where]);
        assert.equal(run.status, 0, `${flags.join(' ')}: ${run.stderr}`);
        const line = JSON.parse(readFileSync(out, 'utf8').trim()) as { markdown: string; body: string };
        const single = extracted(flags);
        assert.equal(line.markdown, single.markdown, flags.join(' '));
        assert.equal(line.body, single.body, flags.join(' '));
      }
    }
    const withImages = extracted([]).markdown;
    assert.match(withImages, /!\[The tidal mill at low water\]/);
    const out = join(dir, 'noimg.jsonl');
    assert.equal(pith(['batch', page, '--out', out, '--no-images']).status, 0);
    assert.doesNotMatch((JSON.parse(readFileSync(out, 'utf8').trim()) as { markdown: string }).markdown, /!\[/);
    const bad = pith(['batch', page, '--out', join(dir, 'bad.jsonl'), '--favor', 'most']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--favor must be one of precision, balanced, recall, got 'most'/);
  }));

test('pith batch of a folder with no pages says so on stderr', () =>
  withPages(0, (dir) => {
    const run = pith(['batch', join(dir, 'pages'), '--out', join(dir, 'out.jsonl')]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /no page files in the inputs given \(pages are \*\.html/);
  }));

test('pith batch --sitemap that cannot be read: named on stderr, the batch goes on, exit 4 (not 0)', () =>
  withPages(1, (dir) => {
    // A loopback sitemap is refused by the fetch policy before any connection: no server needed.
    const run = pith(['batch', join(dir, 'pages'), '--sitemap', 'http://127.0.0.1:9/sitemap.xml', '--out', join(dir, 'out.jsonl')]);
    assert.equal(run.status, 4, run.stderr);
    assert.match(run.stderr, /batch: sitemap\/feed: http:\/\/127\.0\.0\.1:9\/sitemap\.xml: .*URL_NOT_ALLOWED/);
    assert.match(run.stderr, /1 extracted, 0 failed/, 'the page files are still done');
    assert.doesNotMatch(run.stderr, /no page files in the inputs/);
  }));
