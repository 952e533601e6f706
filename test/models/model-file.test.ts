import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createModelFile, decodeModelFile, loadModel, saveModel } from '../../src/models/model-file.js';
import { getTrainer, labelerFromModel } from '../../src/models/registry.js';
import type { Labeler, ModelFile } from '../../src/models/labeler.js';
import { main } from '../../src/cli/main.js';
import { markovData } from './synthetic.js';

const dir = mkdtempSync(join(tmpdir(), 'pith-model-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const data = markovData(1, { seqs: 15 });

function modelFile(labeler: Labeler, over: Partial<ModelFile> = {}): ModelFile {
  return {
    ...createModelFile(labeler, {
      labels: ['heading', 'body', 'other'],
      featureSchema: { name: 'toy', version: 1, families: ['obs'], columns: [], hash: 'abc123' },
      trainingCorpora: [{ name: 'markov', pages: data.length, hash: 'h1' }],
      params: { sigma: 10 },
    }),
    ...over,
  };
}

test('save and load round trip gives identical predictions (json and json.gz, every linear learner)', async () => {
  for (const [algo, extra] of [['crf', {}], ['crf', { edges: true }], ['maxent', {}], ['memm', {}]] as const) {
    const labeler = getTrainer(algo).train(data, { history: 'both', maxIterations: 40, ...extra });
    for (const name of [`${algo}.json`, `${algo}.json.gz`]) {
      const path = join(dir, name);
      await saveModel(path, modelFile(labeler));
      const bytes = readFileSync(path);
      assert.equal(bytes[0] === 0x1f && bytes[1] === 0x8b, name.endsWith('.gz'), 'gzip only for .gz');
      const file = await loadModel(path, { expectSchemaHash: 'abc123', expectAlgorithm: algo as 'crf' });
      const back = labelerFromModel(file);
      for (const seq of data.slice(0, 5)) {
        assert.deepEqual(back.predict(seq), labeler.predict(seq), `${name}: same labels and probabilities`);
        assert.deepEqual(back.explain(seq, 1, 5), labeler.explain(seq, 1, 5));
      }
    }
  }
  assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith('.tmp')), [], 'no temporary files left');
});

test('a model of 100k attributes x 4 labels stays a few MB', async () => {
  const names = Array.from({ length: 100_000 }, (_, i) => `attr-${i}`);
  const W = new Float64Array(names.length * 4 + 24).map((_, i) => Math.sin(i));
  const { indexFromFlags } = await import('../../src/models/linear/feature-index.js');
  const { CrfLabeler } = await import('../../src/models/crf/crf.js');
  const labeler = new CrfLabeler({ algorithm: 'crf', labels: ['title', 'heading', 'body', 'other'], index: indexFromFlags(names, new Uint8Array(names.length).fill(1), 'none'), W });
  const path = join(dir, 'big.json.gz');
  await saveModel(path, modelFile(labeler, { labels: ['title', 'heading', 'body', 'other'] }));
  const size = readFileSync(path).length;
  assert.ok(size < 4_000_000, `${size} bytes`);
  const back = labelerFromModel(await loadModel(path));
  assert.deepEqual((back as InstanceType<typeof CrfLabeler>).model.W, labeler.model.W.map(Math.fround));
});

test('corrupt, truncated, wrong-format, wrong-version and mismatched files are BAD_MODEL', async () => {
  const labeler = getTrainer('crf').train(data, { maxIterations: 10 });
  const good = Buffer.from(JSON.stringify(modelFile(labeler)));
  const mutate = (f: (m: any) => void) => { const m = JSON.parse(good.toString()); f(m); return Buffer.from(JSON.stringify(m)); };
  const cases: [string, Buffer, RegExp][] = [
    ['empty', Buffer.alloc(0), /empty/],
    ['binary', Buffer.from([0, 1, 2, 255, 254]), /not UTF-8|invalid JSON/],
    ['truncated json', good.subarray(0, good.length >> 1), /truncated: invalid JSON/],
    ['truncated gzip', gzipSync(good).subarray(0, 40), /corrupt or truncated gzip/],
    ['not an object', Buffer.from('[1,2]'), /not a JSON object/],
    ['other format', mutate((m) => { m.format = 'crfsuite'; }), /format is "crfsuite"/],
    ['newer version', mutate((m) => { m.version = 2; }), /version 2 is newer/],
    ['no version', mutate((m) => { delete m.version; }), /no version/],
    ['unknown algorithm', mutate((m) => { m.algorithm = 'xgboost'; }), /unknown algorithm "xgboost"/],
    ['bad labels', mutate((m) => { m.labels = ['body', 'nav']; }), /labels/],
    ['no schema', mutate((m) => { delete m.featureSchema; }), /featureSchema/],
    ['no body', mutate((m) => { delete m.body; }), /no body/],
    ['bad feature options', mutate((m) => { m.featureOptions = 3; }), /featureOptions/],
  ];
  for (const [what, bytes, re] of cases) {
    assert.throws(() => decodeModelFile(bytes, 'm.json'), (e: any) => e.code === 'BAD_MODEL' && re.test(e.message) && e.message.startsWith('m.json: '), what);
  }
  assert.throws(() => decodeModelFile(good, 'm', { expectSchemaHash: 'zzz' }), (e: any) => e.code === 'BAD_MODEL' && /feature schema toy v1 \(hash abc123\).*zzz.*retrain/.test(e.message));
  assert.throws(() => decodeModelFile(good, 'm', { expectAlgorithm: 'memm' }), { code: 'BAD_MODEL' });
  // Bodies are checked by the learner.
  const bodyCases: [string, (b: any) => void, RegExp][] = [
    ['truncated weights', (b) => { b.weights = b.weights.slice(0, 40); }, /weights holds/],
    ['weight count', (b) => { b.weightCount += 1; }, /weightCount/],
    ['flags', (b) => { b.rowFlags = Buffer.from([9]).toString('base64'); }, /rowFlags|flags/],
    ['algorithm', (b) => { b.algorithm = 'memm'; }, /for 'memm'/],
    ['history', (b) => { b.history = 'sideways'; }, /history/],
    ['labels', (b) => { b.labels = ['other', 'body']; }, /order|labels/],
    ['not linear', (b) => { b.kind = 'tree'; }, /not a linear model/],
    ['edges without weights', (b) => { b.edges = true; }, /weightCount/],
    ['edges flag', (b) => { b.edges = 'yes'; }, /edges/],
  ];
  for (const [what, f, re] of bodyCases) {
    const file = decodeModelFile(mutate((m) => f(m.body)));
    assert.throws(() => labelerFromModel(file), (e: any) => e.code === 'BAD_MODEL' && re.test(e.message), what);
  }
  await assert.rejects(loadModel(join(dir, 'missing.json')), { code: 'NOT_FOUND' });
  const nonsense = join(dir, 'nonsense.json');
  writeFileSync(nonsense, 'hello');
  await assert.rejects(loadModel(nonsense), { code: 'BAD_MODEL' });
});

test('saveModel refuses an invalid header and fails cleanly on an unwritable path', async () => {
  const labeler = getTrainer('maxent').train(data, { maxIterations: 5 });
  await assert.rejects(saveModel(join(dir, 'x.json'), { ...modelFile(labeler), version: 3 as 1 }), { code: 'BAD_MODEL' });
  await assert.rejects(saveModel(join(dir, 'no-such-dir', 'x.json'), modelFile(labeler)), { code: 'IO' });
});

test('pith model dump prints header, parameters, top attributes and transitions', async () => {
  const labeler = getTrainer('crf').train(data, { history: 'prev' });
  const path = join(dir, 'dump.json.gz');
  await saveModel(path, modelFile(labeler));
  let out = '', err = '';
  const io = { stdout: { write: (s: string) => { out += s; return true; } }, stderr: { write: (s: string) => { err += s; return true; } }, stdin: process.stdin } as any;
  assert.equal(await main(['model', 'dump', path, '--top', '3'], io), 0, err);
  assert.match(out, /algorithm  crf/);
  assert.match(out, /features   toy v1, hash abc123/);
  assert.match(out, /sigma = 10/);
  assert.match(out, /label body: strongest for\n  \+[0-9.]+  obs=body/);
  assert.match(out, /transitions \(row: label at i-1, column: label at i\)/);
  assert.match(out, /prev:obs=/);
  out = ''; err = '';
  assert.equal(await main(['model', 'dump', join(dir, 'missing.json')], io), 3);
  assert.match(err, /not found/);
  out = '';
  assert.equal(await main(['model', 'show', path], io), 0, err); // show is another name for dump
  assert.match(out, /algorithm  crf/);
  assert.equal(await main(['model', 'inspect', path], io), 2);
});
