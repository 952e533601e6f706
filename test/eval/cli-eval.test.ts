import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { command } from '../../src/cli/commands/eval.js';
import { isPithError } from '../../src/errors.js';
import { fixture, haveSharedCorpora, sharedCorpora } from '../helpers/paths.js';

// Runs the command itself (not main(), which loads every command: a colleague's half-written
// command must not fail these tests); errors map to exit codes as main() maps them.
async function pith(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += String(d)));
  stderr.on('data', (d) => (err += String(d)));
  assert.equal(argv[0], 'eval');
  let code: number;
  try {
    code = await command.run(argv.slice(1), { stdout, stderr, stdin: new PassThrough() });
  } catch (e) {
    if (!isPithError(e)) throw e;
    err += `pith eval: ${e.message}\n`;
    code = e.code === 'BAD_OPTION' ? 2 : 3;
  }
  return { code, out, err };
}

const corpus = fixture('eval', 'pith-corpus');

test('pith eval prints both tables and reports the unloadable page', async () => {
  const r = await pith('eval', corpus, '--extractor', 'all-text,oracle');
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /## Text metrics/);
  assert.match(r.out, /\| eval-fixture \| oracle \| 2 \| 1 \| 1\.000 \| 1\.000 \| 1\.000 \| 1\.000 \| 1\.000 \| 1\.000 \|/);
  assert.match(r.out, /\| eval-fixture \| all-text \| 2 \| 1 \| 0\.000 \|/);
  assert.match(r.out, /## Block metrics/);
  assert.match(r.out, /1 page\(s\) could not be loaded, e\.g\. broken \(.*gzip/);
  assert.match(r.err, /eval eval-fixture: 3\/3/);
});

test('pith eval --json --limit and --out (written atomically, no temp file left)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-eval-'));
  try {
    const out = join(dir, 'report.md');
    const r = await pith('eval', corpus, '--extractor', 'oracle', '--limit', '1', '--json', '--out', out);
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as { corpora: { pages: number; runs: { extractor: string; summary: { pages: number } }[] }[] };
    assert.equal(j.corpora[0]!.pages, 1);
    assert.equal(j.corpora[0]!.runs[0]!.extractor, 'oracle');
    assert.match(readFileSync(out, 'utf8'), /## Text metrics/);
    assert.deepEqual(readdirSync(dir), ['report.md']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('pith eval: bad usage and bad input give clear errors and exit codes', async () => {
  assert.equal((await pith('eval')).code, 2);
  const unknown = await pith('eval', corpus, '--extractor', 'magic');
  assert.equal(unknown.code, 2);
  assert.match(unknown.err, /unknown extractor 'magic'/);
  assert.equal((await pith('eval', corpus, '--limit', 'x')).code, 2);
  const missing = await pith('eval', join(corpus, 'nope'));
  assert.equal(missing.code, 3);
  assert.match(missing.err, /no such corpus/);
  const badOut = await pith('eval', corpus, '--extractor', 'all-text', '--out', join(corpus, 'no', 'such', 'dir', 'r.md'));
  assert.equal(badOut.code, 3);
  assert.match(badOut.err, /cannot write the report/);
});

// Every shared corpus is scored the same way, by the library, where test/corpus/shared-smoke.test.ts
// opens it anyway: here the command on one of them.
test('pith eval on two pages of a shared corpus', { skip: !haveSharedCorpora && 'no ../shared/corpora' }, async () => {
  const c = join(sharedCorpora, 'trafilatura-eval');
  const r = await pith('eval', c, '--extractor', 'all-text,oracle', '--limit', '2', '--json');
  assert.equal(r.code, 0, `${c}: ${r.err}`);
  const j = JSON.parse(r.out) as { corpora: { pages: number; loadErrors: number; runs: { errors: number; summary: { pages: number } }[] }[] };
  assert.equal(j.corpora[0]!.pages, 2, c);
  assert.equal(j.corpora[0]!.runs.length, 2);
  for (const run of j.corpora[0]!.runs) assert.equal(run.errors, 0, c);
});

test('pith eval --model scores a model file beside the peers; a missing model is a clear error', async () => {
  const r = await pith('eval', corpus, '--model', 'bundled', '--extractor', 'all-text');
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /\| eval-fixture \| all-text \|/);
  assert.match(r.out, /\| eval-fixture \| model:[^|]*default\.model\.json\.gz \| 2 \|/);
  const missing = await pith('eval', corpus, '--model', join(tmpdir(), 'no-such-model.json.gz'));
  assert.equal(missing.code, 3);
  assert.match(missing.err, /no-such-model\.json\.gz: no such model file/);
});
