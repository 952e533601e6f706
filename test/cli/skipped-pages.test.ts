/** `pith eval` and `pith train` say which pages the corpus reader left out (Corpus.skipped), on stderr. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture } from '../helpers/paths.js';
import { command as evalCommand } from '../../src/cli/commands/eval.js';
import { command as trainCommand } from '../../src/cli/commands/train.js';
import { reportSkippedPages } from '../../src/cli/skipped-pages.js';
import type { Corpus } from '../../src/corpus/types.js';

function io(): { io: { stdout: PassThrough; stderr: PassThrough; stdin: PassThrough }; err: () => string } {
  const stderr = new PassThrough();
  let err = '';
  stderr.on('data', (d) => (err += String(d)));
  const stdout = new PassThrough();
  stdout.resume();
  return { io: { stdout, stderr, stdin: new PassThrough() }, err: () => err };
}

test('pith eval lists the pages the corpus reader left out: a count, then id, file and reason', async () => {
  const t = io();
  const code = await evalCommand.run([fixture('msv'), '--extractor', 'oracle', '--json'], t.io);
  assert.equal(code, 0);
  assert.match(t.err(), /eval: msv: 2 pages left out by the corpus reader\n/);
  assert.match(t.err(), /\n {2}bbc-2013\/lost \([^)]*gold[/\\]lost\.txt\): gold without its page/);
  assert.match(t.err(), /\n {2}cnn-2017\/orphan \([^)]*\): page without gold/);
});

test('pith train lists them too', { timeout: 120_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-train-skipped-'));
  try {
    const t = io();
    const code = await trainCommand.run([fixture('msv'), '--allow-eval-only', '--model', 'maxent', '--set', 'maxIterations=5', '-o', join(dir, 'm.json')], t.io);
    assert.equal(code, 0, t.err());
    assert.match(t.err(), /train: msv: 2 pages left out by the corpus reader\n {2}bbc-2013\/lost /);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('reportSkippedPages: nothing for a corpus without skipped pages; the first few, then a count of the rest', () => {
  const corpus = (name: string, n: number): Corpus => ({
    name, format: 'pith', root: '/c', use: 'train', pages: [],
    ...(n > 0 ? { skipped: Array.from({ length: n }, (_, i) => ({ id: `p${i}`, path: `/c/labels/p${i}.json`, reason: 'malformed JSON' })) } : {}),
  });
  let out = '';
  const sink = new PassThrough();
  sink.on('data', (d) => (out += String(d)));
  reportSkippedPages('eval', [corpus('clean', 0), corpus('one', 1), corpus('many', 8)], sink, 3);
  assert.equal(out, [
    'eval: one: 1 page left out by the corpus reader',
    '  p0 (/c/labels/p0.json): malformed JSON',
    'eval: many: 8 pages left out by the corpus reader',
    '  p0 (/c/labels/p0.json): malformed JSON',
    '  p1 (/c/labels/p1.json): malformed JSON',
    '  p2 (/c/labels/p2.json): malformed JSON',
    '  ... and 5 more',
    '',
  ].join('\n'));
});
