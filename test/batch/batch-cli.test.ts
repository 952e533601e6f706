/** `pith batch` as people run it: through bin/pith.js, which re-runs itself with a V8 flag. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, repoRoot } from '../helpers/paths.js';

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
