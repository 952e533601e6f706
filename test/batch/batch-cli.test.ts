/** `pith batch` as people run it: through bin/pith.js, which re-runs itself with a V8 flag. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fixture, repoRoot } from '../helpers/paths.js';
import { command as batchCommand } from '../../src/cli/commands/batch.js';
import { command as extractCommand } from '../../src/cli/commands/extract.js';
import { runInProcess } from '../helpers/command-io.js';

const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8' });

test('pith batch: every page once, in any order, with two pages in flight per worker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-batch-cli-'));
  try {
    const ids: string[] = [];
    for (let k = 0; k < 9; k++) {
      copyFileSync(fixture('pages', 'news-article.html'), join(dir, `story-${k}.html`));
      ids.push(`story-${k}`);
    }
    writeFileSync(join(dir, 'binary.html'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3, 0, 0]));
    ids.push('binary');
    const out = join(dir, 'out.jsonl');
    const run = pith('batch', dir, '--out', out, '--workers', '2');
    assert.equal(run.status, 4, `a failed page: exit 4\n${run.stderr}`);
    assert.match(run.stderr, /9 extracted, 1 failed/);
    const got = readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: string; title?: string; error?: { code: string } });
    assert.deepEqual(got.map((l) => l.id).sort(), ids.sort());
    for (const l of got) {
      if (l.id === 'binary') assert.equal(l.error?.code, 'NOT_HTML');
      else assert.equal(l.title, 'Harbour town votes to restore its tidal mill');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('pith batch: a missing input is a clear error and a non-zero exit, through the restart', () => {
  const run = pith('batch', join(tmpdir(), 'pith-no-such-dir'), '--out', join(tmpdir(), 'pith-never.jsonl'));
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /no such file or directory/);
});

test('pith batch --keep-comments reaches the workers: each line is what extract --keep-comments gives', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-batch-comments-'));
  try {
    copyFileSync(fixture('pages', 'blog-with-comments.html'), join(dir, 'blog.html'));
    const body = (args: string[]) => {
      const out = join(dir, `${args.length}.jsonl`);
      const run = pith('batch', dir, '--out', out, '--workers', '1', ...args);
      assert.equal(run.status, 0, run.stderr);
      return (JSON.parse(readFileSync(out, 'utf8').trim()) as { body: string }).body;
    };
    const single = (args: string[]) => (JSON.parse(pith('extract', join(dir, 'blog.html'), '--format', 'json', ...args).stdout) as { body: string }).body;
    const kept = body(['--keep-comments']);
    assert.equal(kept, single(['--keep-comments']));
    assert.equal(body([]), single([]));
    // Left to itself the bundled model takes the first reply for body; the rule drops it.
    assert.notEqual(kept, body([]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});


/** A folder with `n` copies of the news fixture (pages/p0.html ...), removed after `body`. */
async function withPages(n: number, body: (dir: string) => void | Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pith-batch-cmd-'));
  mkdirSync(join(dir, 'pages'));
  for (let k = 0; k < n; k++) copyFileSync(fixture('pages', 'news-article.html'), join(dir, 'pages', `p${k}.html`));
  try {
    await body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const PITH = join(repoRoot, 'bin', 'pith.js');

test('pith batch --out - writes the lines to standard output, and no file named -', () =>
  withPages(2, (dir) => {
    const run = spawnSync(process.execPath, [PITH, 'batch', join(dir, 'pages'), '--out', '-', '--fields', 'title'], { encoding: 'utf8', cwd: dir });
    assert.equal(run.status, 0, run.stderr);
    const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; title: string });
    assert.deepEqual(lines.map((l) => l.id).sort(), ['p0', 'p1']);
    for (const l of lines) assert.equal(l.title, 'Harbour town votes to restore its tidal mill');
    assert.ok(!existsSync(join(dir, '-')), 'no file named - in the working folder');
    assert.match(run.stderr, /2 extracted/, 'the summary stays on stderr');
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
  withPages(1, async (dir) => {
    const page = join(dir, 'pages', 'p0.html');
    const extracted = async (flags: string[]) => JSON.parse((await runInProcess(extractCommand, [page, '--format', 'json', ...flags])).stdout) as { markdown: string; body: string };
    const batchLine = async (flags: string[]) => {
      const out = join(dir, `${flags.join('')}.jsonl`);
      const run = await runInProcess(batchCommand, [page, '--out', out, ...flags]);
      assert.equal(run.code, 0, `${flags.join(' ')}: ${run.stderr}`);
      return JSON.parse(readFileSync(out, 'utf8').trim()) as { markdown: string; body: string };
    };
    // One page runs in this thread; --page-timeout makes it a worker thread's (all four there at once).
    for (const flags of [['--no-images'], ['--no-links', '--no-tables'], ['--favor', 'precision'], ['--favor', 'recall', '--no-images', '--no-links', '--no-tables', '--page-timeout', '30']]) {
      const line = await batchLine(flags);
      const single = await extracted(flags.filter((f, i) => f !== '--page-timeout' && flags[i - 1] !== '--page-timeout'));
      assert.equal(line.markdown, single.markdown, flags.join(' '));
      assert.equal(line.body, single.body, flags.join(' '));
      if (flags.includes('--no-images')) assert.doesNotMatch(line.markdown, /!\[/, flags.join(' '));
    }
    assert.match((await extracted([])).markdown, /!\[The tidal mill at low water\]/, 'the page has an image to leave out');
    await assert.rejects(runInProcess(batchCommand, [page, '--out', join(dir, 'bad.jsonl'), '--favor', 'most']), /--favor must be one of precision, balanced, recall, got 'most'/);
  }));

test('pith batch refuses --csv with --out - before any work; a folder with no pages is said on stderr', () =>
  withPages(0, async (dir) => {
    // --csv reads the lines back from --out.
    await assert.rejects(runInProcess(batchCommand, [join(dir, 'pages'), '--out', '-', '--csv', join(dir, 'x.csv')]), /--csv reads the batch's lines back from --out/);
    const run = await runInProcess(batchCommand, [join(dir, 'pages'), '--out', join(dir, 'out.jsonl')]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /no page files in the inputs given \(pages are \*\.html/);
  }));

test('pith batch refuses CSV before any page when the model has no field rules and no lists are asked for', () =>
  withPages(1, async (dir) => {
    const pages = join(dir, 'pages');
    for (const args of [['--csv', join(dir, 'x.csv')], ['--out-dir', join(dir, 'files'), '--format', 'csv']]) {
      const out = join(dir, `${args[0]!.slice(2)}.jsonl`);
      await assert.rejects(runInProcess(batchCommand, [pages, '--out', out, ...args]), /writes named fields or list items, and the model has no field rules for any site: add --lists/);
      assert.equal(existsSync(out), false, `${args[0]}: no page was extracted`);
      const withLists = await runInProcess(batchCommand, [pages, '--out', out, ...args, '--lists']);
      assert.equal(withLists.code, 0, `${args[0]} --lists: ${withLists.stderr}`);
    }
  }));

test('pith batch --out - run twice in one process on one stream leaves its error listeners as they were', () =>
  withPages(1, async (dir) => {
    let stdout = '';
    const out = new PassThrough().on('data', (d) => (stdout += String(d)));
    const before = out.listenerCount('error');
    for (let k = 0; k < 2; k++) {
      const code = await batchCommand.run([join(dir, 'pages'), '--out', '-', '--fields', 'title', '--workers', '1'], { stdout: out, stderr: new PassThrough(), stdin: new PassThrough() });
      assert.equal(code, 0);
    }
    assert.equal(out.listenerCount('error'), before);
    assert.equal(stdout.trim().split('\n').length, 2, 'each run wrote its line');
  }));
