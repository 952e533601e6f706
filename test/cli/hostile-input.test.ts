/**
 * Hostile input through the real CLI: devices, FIFOs, symbolic links out of the input folder,
 * unusable outputs, a second batch on the same output, a killed launcher, a page that never ends.
 * Every case must end promptly with a clear message and a documented exit code; the `timeout`
 * given to spawnSync is only a guard against the hangs these cases used to be.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fixture, repoRoot } from '../helpers/paths.js';

const bin = join(repoRoot, 'bin', 'pith.js');
const GUARD_MS = 20_000;
const pith = (args: string[], options: { stdin?: number } = {}): SpawnSyncReturns<string> =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: GUARD_MS, ...(options.stdin !== undefined ? { stdio: [options.stdin, 'pipe', 'pipe'] } : {}) });
/** One process, no re-run (the flag is already there): nothing can outlive the guard's kill. */
const pithOneProcess = (args: string[]): SpawnSyncReturns<string> =>
  spawnSync(process.execPath, ['--single-threaded-gc', bin, ...args], { encoding: 'utf8', timeout: GUARD_MS });

function tempDir(t: { after: (fn: () => void) => void }, name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `pith-hostile-${name}-`));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function mkfifo(path: string): boolean {
  return spawnSync('mkfifo', [path]).status === 0;
}

function jsonl(path: string): Array<{ id: string; title?: string; error?: { code: string; message: string } }> {
  return readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: string });
}

/** A clear message, not a crash: no "internal error", no stack frames. */
function assertNoStack(r: SpawnSyncReturns<string>): void {
  assert.doesNotMatch(r.stderr, /internal error|\n\s+at /, r.stderr);
}

const story = fixture('pages', 'news-article.html');
const TITLE = 'Harbour town votes to restore its tidal mill';

test('pith extract on a link to /dev/zero: refused at once as not a regular file (exit 3)', (t) => {
  const dir = tempDir(t, 'zero');
  symlinkSync('/dev/zero', join(dir, 'z.html'));
  const r = pith(['extract', join(dir, 'z.html')]);
  assert.equal(r.status, 3, r.stderr);
  assert.match(r.stderr, /z\.html: is a character device, not a regular file/);
  assertNoStack(r);
});

test('pith extract on a FIFO: refused without waiting for a writer (exit 3)', (t) => {
  const dir = tempDir(t, 'fifo');
  const fifo = join(dir, 'pipe.html');
  if (!mkfifo(fifo)) return t.skip('no mkfifo here');
  const r = pith(['extract', fifo]);
  assert.equal(r.status, 3, r.stderr);
  assert.match(r.stderr, /pipe\.html: is a FIFO \(named pipe\), not a regular file/);
});

test('pith extract - with endless stdin stops reading at the 16 MiB limit (exit 3)', () => {
  const zero = openSync('/dev/zero', 'r');
  try {
    const r = pith(['extract', '-'], { stdin: zero });
    assert.equal(r.status, 3, r.stderr);
    assert.match(r.stderr, /above the limit of 16777216 bytes/);
  } finally {
    closeSync(zero);
  }
});

test('pith batch: a FIFO in the folder is an error line, not a hang; failed pages make exit 4', (t) => {
  const dir = tempDir(t, 'batch-fifo');
  const input = join(dir, 'in');
  mkdirSync(input);
  copyFileSync(story, join(input, 'story.html'));
  if (!mkfifo(join(input, 'pipe.html'))) return t.skip('no mkfifo here');
  const out = join(dir, 'out.jsonl');
  const r = pithOneProcess(['batch', input, '--out', out, '--workers', '1']);
  assert.equal(r.status, 4, r.stderr);
  const byId = new Map(jsonl(out).map((l) => [l.id, l]));
  assert.equal(byId.get('story')?.title, TITLE);
  assert.equal(byId.get('pipe')?.error?.code, 'NOT_A_FILE');
});

test('pith batch: every page failing exits 4, not 0', (t) => {
  const dir = tempDir(t, 'all-failed');
  writeFileSync(join(dir, 'a.html'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]));
  writeFileSync(join(dir, 'b.html'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
  const r = pith(['batch', dir, '--out', join(dir, 'out.jsonl'), '--workers', '1']);
  assert.equal(r.status, 4, r.stderr);
  assert.match(r.stderr, /0 extracted, 2 failed/);
});

test('pith batch: links out of the input folder are skipped and reported, never read', (t) => {
  const dir = tempDir(t, 'links');
  const input = join(dir, 'in');
  mkdirSync(input);
  copyFileSync(story, join(input, 'story.html'));
  writeFileSync(join(dir, 'passwd'), '<p>root:x:0:0:root:/root:/bin/bash</p>');
  mkdirSync(join(dir, 'elsewhere'));
  copyFileSync(story, join(dir, 'elsewhere', 'far.html'));
  symlinkSync(join(dir, 'passwd'), join(input, 'p.html')); // absolute, outside
  symlinkSync('../passwd', join(input, 'q.html')); // relative, outside
  symlinkSync(join(dir, 'elsewhere'), join(input, 'sub')); // a folder outside
  symlinkSync(join(dir, 'nowhere.html'), join(input, 'broken.html'));
  symlinkSync('story.html', join(input, 'alias.html')); // inside: followed
  const out = join(dir, 'out.jsonl');
  const r = pith(['batch', input, '--out', out, '--workers', '1']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /skipped 4 symbolic link\(s\) leading outside the input folder/);
  const text = readFileSync(out, 'utf8');
  assert.doesNotMatch(text, /root:x:0:0/);
  assert.deepEqual(jsonl(out).map((l) => l.id).sort(), ['alias', 'story']);
});

test('pith batch: --out inside the input folder is never read back as a page', (t) => {
  const dir = tempDir(t, 'out-inside');
  copyFileSync(story, join(dir, 'story.html'));
  const out = join(dir, 'results.html');
  for (let run = 0; run < 2; run++) {
    const r = pith(['batch', dir, '--out', out, '--workers', '1']);
    assert.equal(r.status, 0, r.stderr);
  }
  assert.deepEqual(jsonl(out).map((l) => l.id), ['story']);
});

test('pith batch: an output that cannot be written is a clear message and exit 3', (t) => {
  const dir = tempDir(t, 'bad-out');
  copyFileSync(story, join(dir, 'story.html'));
  writeFileSync(join(dir, 'file.txt'), 'x');
  const notFolder = pith(['batch', join(dir, 'story.html'), '--out', join(dir, 'file.txt', 'out.jsonl')]);
  assert.equal(notFolder.status, 3, notFolder.stderr);
  assert.match(notFolder.stderr, /out\.jsonl: .*not a folder \(ENOTDIR\)/);
  assertNoStack(notFolder);
  mkdirSync(join(dir, 'outdir'));
  const isDir = pith(['batch', join(dir, 'story.html'), '--out', join(dir, 'outdir')]);
  assert.equal(isDir.status, 3, isDir.stderr);
  assert.match(isDir.stderr, /outdir: is a directory; the output must be a file/);
  assertNoStack(isDir);
  // A full disk, as near as a test gets: a file-size limit makes the first write fail (EFBIG).
  const full = spawnSync('sh', ['-c', `ulimit -f 1 && exec "${process.execPath}" "${bin}" batch "${join(dir, 'story.html')}" --out "${join(dir, 'full.jsonl')}"`], { encoding: 'utf8', timeout: GUARD_MS });
  assert.equal(full.status, 3, full.stderr);
  assert.match(full.stderr, /full\.jsonl: cannot write the output: file too large \(EFBIG\)/);
  assertNoStack(full);
});

test('standard output that cannot be written (a full device): a clear message and exit 3, no stack trace', { skip: existsSync('/dev/full') ? false : 'no /dev/full here' }, () => {
  const full = openSync('/dev/full', 'w');
  try {
    const run = spawnSync(process.execPath, [bin, 'extract', fixture('pages', 'news-article.html')], { encoding: 'utf8', timeout: GUARD_MS, stdio: ['ignore', full, 'pipe'] });
    assert.equal(run.status, 3, run.stderr);
    assert.match(run.stderr, /^pith: cannot write to standard output \(ENOSPC: no space left on device/);
    assert.doesNotMatch(run.stderr, /^\s+at /m, 'no stack trace');
  } finally {
    closeSync(full);
  }
});

test('pith batch: a lock held by a live process refuses the run (exit 3); a dead one is taken over', (t) => {
  const dir = tempDir(t, 'lock');
  copyFileSync(story, join(dir, 'story.html'));
  const out = join(dir, 'out.jsonl');
  writeFileSync(`${out}.lock`, `${process.pid}\n`);
  const refused = pith(['batch', join(dir, 'story.html'), '--out', out]);
  assert.equal(refused.status, 3, refused.stderr);
  assert.match(refused.stderr, new RegExp(`another pith batch \\(pid ${process.pid}\\) is writing to this file`));
  assert.equal(existsSync(out), false, 'nothing written');
  const dead = spawnSync(process.execPath, ['-e', '']).pid!;
  writeFileSync(`${out}.lock`, `${dead}\n`);
  const taken = pith(['batch', join(dir, 'story.html'), '--out', out]);
  assert.equal(taken.status, 0, taken.stderr);
  assert.deepEqual(jsonl(out).map((l) => l.id), ['story']);
  assert.equal(existsSync(`${out}.lock`), false, 'the lock is released at the end');
});

/** Processes (other than this one) whose command line mentions `needle`. */
function pidsWith(needle: string): number[] {
  const found: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d) || Number(d) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(needle)) found.push(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

async function until(cond: () => boolean, what: string): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > GUARD_MS) throw new Error(`gave up waiting for ${what}`);
    await sleep(20);
  }
}

for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
  test(`pith batch: ${signal} to the launcher stops the whole batch; the resume writes no id twice`, { skip: !existsSync('/proc/self/cmdline') && 'needs /proc' }, async (t) => {
    const dir = tempDir(t, `signal-${signal}`);
    const input = join(dir, 'in');
    mkdirSync(input);
    // Enough pages that the batch is still running when the signal comes: after its first line
    // the SIGTERM run also starts a second batch (refused by the lock), which takes the first
    // one a long way on; the SIGKILL run signals at once.
    const ids: string[] = [];
    for (let k = 0; k < (signal === 'SIGTERM' ? 150 : 60); k++) {
      copyFileSync(story, join(input, `story-${k}.html`));
      ids.push(`story-${k}`);
    }
    const out = join(dir, 'out.jsonl');
    t.after(() => { for (const pid of pidsWith(out)) process.kill(pid, 'SIGKILL'); });
    const launcher = spawn(process.execPath, [bin, 'batch', input, '--out', out, '--workers', '1'], { stdio: 'ignore' });
    const exited = once(launcher, 'exit');
    await until(() => existsSync(out) && readFileSync(out, 'utf8').includes('\n'), 'the first line');
    if (signal === 'SIGTERM') {
      // While it runs, the output is locked: a second batch on it is refused.
      const second = pith(['batch', input, '--out', out]);
      assert.equal(second.status, 3, second.stderr);
      assert.match(second.stderr, /another pith batch \(pid \d+\) is writing to this file/);
    }
    launcher.kill(signal);
    const [, how] = await exited;
    assert.equal(how, signal);
    // SIGTERM is passed on and waited for: nothing is left once the launcher is gone. After
    // SIGKILL the re-run notices its launcher is gone and stops itself.
    if (signal === 'SIGTERM') assert.deepEqual(pidsWith(out), [], 'the launcher exits after the batch it ran');
    await until(() => pidsWith(out).length === 0, 'no process left writing the output');
    const written = readFileSync(out, 'utf8').split('\n').length - 1;
    t.diagnostic(`${written} of ${ids.length} lines written before the signal took effect`);
    assert.ok(written < ids.length, `the batch was stopped, not left to finish (${written} of ${ids.length} lines)`);
    assert.equal(existsSync(`${out}.lock`), false, 'the stopped batch released its lock');
    const resume = pith(['batch', input, '--out', out, '--workers', '2']);
    assert.equal(resume.status, 0, resume.stderr);
    const got = jsonl(out).map((l) => l.id);
    assert.equal(new Set(got).size, got.length, 'no id twice');
    assert.deepEqual(got.sort(), ids.sort());
  });
}

test('pith batch --page-timeout: a page over the limit is a TIMEOUT line, its worker replaced, the rest done', (t) => {
  const dir = tempDir(t, 'timeout');
  // ~15 MB of lists of links (under the 16 MiB input limit): 2-3 s of work, twice the 1 s
  // limit or more; a tiny page takes about 0.1 s of CPU in a fresh worker, so the limit leaves
  // it room on a loaded machine.
  writeFileSync(join(dir, 'b-slow.html'), `<html><body>${'<ul><li><a href="/a">x</a></li><li><a href="/b">y</a></li></ul>'.repeat(240_000)}</body></html>`);
  const tiny = '<html><head><title>Tiny</title></head><body><h1>Tiny page</h1><p>One short paragraph of text.</p></body></html>';
  for (const id of ['a-tiny', 'c-tiny', 'd-tiny']) writeFileSync(join(dir, `${id}.html`), tiny);
  const out = join(dir, 'out.jsonl');
  const r = pith(['batch', dir, '--out', out, '--workers', '1', '--page-timeout', '1']);
  assert.equal(r.status, 4, r.stderr);
  assert.match(r.stderr, /3 extracted, 1 failed/);
  const byId = new Map(jsonl(out).map((l) => [l.id, l]));
  assert.equal(byId.get('b-slow')?.error?.code, 'TIMEOUT');
  assert.match(byId.get('b-slow')!.error!.message, /longer than the limit of 1 s/);
  for (const id of ['a-tiny', 'c-tiny', 'd-tiny']) assert.equal(byId.get(id)?.title, 'Tiny page', id);
  const bad = pith(['batch', dir, '--out', out, '--page-timeout', 'soon']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--page-timeout must be a number of seconds/);
});

test('a model or list model that is /dev/zero or a FIFO: exit 3 at once with what it is (it was read until memory ran out, or waited on)', (t) => {
  const dir = tempDir(t, 'models');
  const fifo = join(dir, 'model.fifo');
  const hasFifo = mkfifo(fifo);
  for (const args of [['extract', story, '--model', '/dev/zero'], ['model', 'show', '/dev/zero'], ['extract', story, '--lists', '--format', 'json', '--list-model', '/dev/zero'],
    ...(hasFifo ? [['extract', story, '--model', fifo], ['extract', story, '--lists', '--format', 'json', '--list-model', fifo]] : [])]) {
    const r = pith(args);
    assert.equal(r.status, 3, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /is a (character device|FIFO \(named pipe\)), not a regular file; a (list )?model is read from a regular file/, args.join(' '));
    assertNoStack(r);
  }
});
