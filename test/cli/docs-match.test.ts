/**
 * What the help and the README promise is what the commands do (issue 61, item 9): corpus
 * stats over a glob that matches a file, the learners `pith --help` names, `--render` without
 * a rendered model, and `pith label` starting from the bundled model's predictions.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { availableAlgorithms } from '../../src/models/registry.js';
import { fixture, repoRoot } from '../helpers/paths.js';

const PITH = join(repoRoot, 'bin', 'pith.js');
const pith = (args: string[], env: NodeJS.ProcessEnv = process.env): { status: number | null; stdout: string; stderr: string } =>
  spawnSync(process.execPath, [PITH, ...args], { encoding: 'utf8', env, timeout: 60_000 });

test('corpus stats passes over a file among the folders (corpora/* matches README.md) with a note', () => {
  const r = pith(['corpus', 'stats', '--quick', fixture('corpus', 'wcxb'), join(repoRoot, 'README.md'), fixture('corpus', 'dragnet')]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /skipping .*README\.md: a file, not a corpus folder/);
  assert.equal(r.stdout.trim().split('\n').length, 3, r.stdout); // the header and the two corpora
  const only = pith(['corpus', 'stats', join(repoRoot, 'README.md')]);
  assert.equal(only.status, 2);
  assert.match(only.stderr, /stats takes corpus folders; .*README\.md is a file/);
});

test("pith --help names every learner 'pith train --model' takes", () => {
  const r = pith(['--help']);
  const line = r.stdout.split('\n').find((l) => /^\s+train\s/.test(l));
  assert.ok(line, r.stdout);
  for (const learner of [...availableAlgorithms(), 'wrapper']) assert.match(line, new RegExp(`\\b${learner}\\b`), learner);
  assert.ok(availableAlgorithms().length >= 8);
});

test('extract --render without --model says on stderr that no rendered model is installed', () => {
  const page = fixture('pages', 'news-article.html');
  const help = pith(['extract', '--help']).stdout;
  assert.doesNotMatch(help, /the rendered model \(models\/rendered\.model\.json\.gz\) when no/);
  assert.match(help, /no such model is shipped/);
  // The note comes before any rendering, so a browser that exits at once (exit 3) is enough
  // here and costs no Chromium start; rendering itself is test/cli/render.test.ts's.
  const env: NodeJS.ProcessEnv = { ...process.env, PITH_CHROMIUM: '/bin/false' };
  delete env['PITH_RENDERED_MODEL'];
  const r = pith(['extract', page, '--render'], env);
  assert.match(r.stderr, /no rendered model is installed .* the text is what it would be without --render/);
  const chosen = pith(['extract', page, '--render', '--model', join(repoRoot, 'models', 'default.model.json.gz')], env);
  assert.doesNotMatch(chosen.stderr, /no rendered model/);
});

/** Starts `pith label`, returns its URL and token, runs `check`, then stops it. */
async function withLabelApp(args: string[], check: (base: string, token: string) => Promise<void>): Promise<void> {
  const child = spawn(process.execPath, [PITH, 'label', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  try {
    let url: URL | undefined;
    for await (const line of createInterface({ input: child.stdout })) {
      const m = /^open (\S+)/.exec(line);
      if (m) {
        url = new URL(m[1]!);
        break;
      }
    }
    assert.ok(url, `no URL printed; stderr: ${stderr}`);
    await check(url.origin, url.searchParams.get('token')!);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

test('pith label without --model pre-labels pages with the bundled model; --no-model leaves them other', { timeout: 60_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-label-'));
  try {
    const corpus = join(dir, 'corpus');
    const labelsOf = async (base: string, token: string): Promise<{ model: string | null; labels: string[] }> => {
      const headers = { 'x-pith-token': token };
      const q = (await (await fetch(`${base}/api/queue`, { headers })).json()) as { model: string | null; pages: Array<{ id: string }> };
      const page = (await (await fetch(`${base}/api/pages/${encodeURIComponent(q.pages[0]!.id)}`, { headers })).json()) as { blocks: Array<{ label: string }> };
      return { model: q.model, labels: page.blocks.map((b) => b.label) };
    };
    await withLabelApp([corpus, '--add', fixture('pages', 'news-article.html')], async (base, token) => {
      const { model, labels } = await labelsOf(base, token);
      assert.match(model ?? '', /default\.model\.json\.gz/);
      assert.ok(labels.includes('title') && labels.includes('body'), labels.join(','));
    });
    await withLabelApp([corpus, '--no-model'], async (base, token) => {
      const { model, labels } = await labelsOf(base, token);
      assert.equal(model, null);
      assert.ok(labels.every((l) => l === 'other'), labels.join(','));
    });
    const both = pith(['label', corpus, '--no-model', '--model', 'm.json.gz']);
    assert.equal(both.status, 2);
    assert.match(both.stderr, /--model and --no-model contradict/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
