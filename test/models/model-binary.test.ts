import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createModelFile, decodeModelFile, encodeModelFile } from '../../src/models/model-file.js';
import { COMPILED_MODEL_MAGIC, decodeCompiledModel, encodeCompiledModel, sha256Hex } from '../../src/models/model-binary.js';
import { getTrainer, labelerFromModel } from '../../src/models/registry.js';
import type { Labeler, ModelFile } from '../../src/models/labeler.js';
import type { LinearLabeler } from '../../src/models/linear/labeler-base.js';
import { PithError } from '../../src/errors.js';
import { featureSchema } from '../../src/features/index.js';
import { computeEncodedFeatures } from '../../src/features/registry.js';
import { loadPage } from '../../src/page.js';
import { featureOptionsOf } from '../../src/models/page-prediction.js';
import { bundledModelPath, compiledModelPath, loadExtractionModel, loadExtractionModelFrom } from '../../src/pipeline/extract.js';
import { markovData } from './synthetic.js';

const dir = mkdtempSync(join(tmpdir(), 'pith-model-binary-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const data = markovData(2, { seqs: 12 });

function modelFile(labeler: Labeler): ModelFile {
  return createModelFile(labeler, {
    labels: ['heading', 'body', 'other'],
    featureSchema: featureSchema({ families: ['kind'] }),
    trainingCorpora: [{ name: 'markov', pages: data.length, hash: 'h1' }],
    params: { sigma: 10 },
  }, new Date('2026-11-28T00:00:00Z'));
}

const trained = (algo: 'crf' | 'maxent' | 'memm', extra: Record<string, unknown> = {}) =>
  encodeModelFile(modelFile(getTrainer(algo).train(data, { history: 'both', maxIterations: 30, ...extra })), { gzip: true });

const maxentJson = trained('maxent');
const maxentCompiled = encodeCompiledModel(maxentJson, 'maxent');

function isBadModel(pattern: RegExp): (e: unknown) => boolean {
  return (e: unknown) => e instanceof PithError && e.code === 'BAD_MODEL' && pattern.test(e.message);
}

test('a compiled model reads back as its JSON file: the same file, weights, names and predictions (every linear learner)', () => {
  for (const [algo, extra] of [['crf', {}], ['crf', { edges: true }], ['maxent', {}], ['memm', {}]] as const) {
    const json = algo === 'maxent' ? maxentJson : trained(algo, extra);
    const fromJson = decodeModelFile(json, algo);
    const compiled = decodeCompiledModel(encodeCompiledModel(json, algo), sha256Hex(json), algo);
    assert.ok(compiled, `${algo}: made from these bytes`);
    assert.equal(JSON.stringify(compiled.file), JSON.stringify(fromJson), `${algo}: the model file, body included, key for key`);
    const a = labelerFromModel(fromJson) as LinearLabeler;
    const b = compiled.labeler as LinearLabeler;
    assert.deepEqual(b.model.W, a.model.W);
    assert.deepEqual(b.model.index, a.model.index);
    assert.equal(b.everyAttributeWeighted, a.everyAttributeWeighted);
    assert.deepEqual([...b.weightedVocabulary.keys()], [...a.weightedVocabulary.keys()]);
    for (const seq of data.slice(0, 4)) assert.deepEqual(b.predict(seq), a.predict(seq), `${algo}: same labels and probabilities`);
  }
});

test('the body of a compiled model is rebuilt only when read, and survives a structured clone (batch workers)', () => {
  const compiled = decodeCompiledModel(maxentCompiled, sha256Hex(maxentJson))!;
  const cloned = structuredClone(compiled.file);
  assert.equal(JSON.stringify(cloned), JSON.stringify(decodeModelFile(maxentJson)));
  assert.deepEqual(labelerFromModel(cloned).predict(data[0]!), compiled.labeler.predict(data[0]!));
});

test('a compiled model made from other JSON bytes (stale, or another model of the same name) is ignored, not refused', () => {
  assert.equal(decodeCompiledModel(maxentCompiled, sha256Hex(trained('memm'))), undefined);
});

test('a damaged compiled model is refused with BAD_MODEL naming the damage', () => {
  const sha = sha256Hex(maxentJson);
  const altered = (at: number) => {
    const b = Buffer.from(maxentCompiled);
    b[at] = b[at]! ^ 0x40;
    return b;
  };
  const headerLength = maxentCompiled.readUInt32LE(12);
  const cases: [string, Uint8Array, RegExp][] = [
    ['empty', new Uint8Array(0), /shorter than its preamble/],
    ['preamble only', maxentCompiled.subarray(0, 10), /shorter than its preamble/],
    ['another magic', altered(0), /no PITHMODB magic/],
    ['another layout version', altered(8), /layout version/],
    ['header cut short', maxentCompiled.subarray(0, 16 + headerLength - 5), /truncated/],
    ['header bytes altered', altered(16 + 1), /header/],
    ['payload cut short', maxentCompiled.subarray(0, maxentCompiled.length - 7), /checksum/],
    ['a weight altered', altered(maxentCompiled.length - 3), /checksum/],
    ['a name altered', altered(16 + headerLength + 2), /checksum/],
  ];
  for (const [what, bytes, pattern] of cases) {
    assert.throws(() => decodeCompiledModel(bytes, sha), isBadModel(pattern), what);
  }
  assert.equal(Buffer.from(maxentCompiled.subarray(0, 8)).toString('latin1'), COMPILED_MODEL_MAGIC);
});

test('a compiled model whose header and payload agree but whose model is malformed is refused by the JSON path\'s own checks', () => {
  const headerLength = maxentCompiled.readUInt32LE(12);
  const header = JSON.parse(maxentCompiled.subarray(16, 16 + headerLength).toString('utf8')) as Record<string, any>;
  const rebuilt = (edit: (h: Record<string, any>) => void): Buffer => {
    const h = structuredClone(header);
    edit(h);
    const text = Buffer.from(JSON.stringify(h), 'utf8');
    const pre = Buffer.from(maxentCompiled.subarray(0, 16));
    pre.writeUInt32LE(text.length, 12);
    return Buffer.concat([pre, text, maxentCompiled.subarray(16 + headerLength)]);
  };
  const sha = sha256Hex(maxentJson);
  assert.throws(() => decodeCompiledModel(rebuilt((h) => { h['file']['body']['weightCount'] += 1; }), sha), isBadModel(/weightCount/));
  assert.throws(() => decodeCompiledModel(rebuilt((h) => { h['names']['count'] -= 1; }), sha), isBadModel(/attribute names/));
  assert.throws(() => decodeCompiledModel(rebuilt((h) => { h['file']['format'] = 'other'; }), sha), isBadModel(/not a pith model file/));
  assert.throws(() => decodeCompiledModel(rebuilt((h) => { h['weights']['offset'] += 8; }), sha), isBadModel(/ends past the payload/));
  assert.throws(() => decodeCompiledModel(rebuilt((h) => { delete h['payloadSha256']; }), sha), isBadModel(/header lacks/));
});

test('only linear models are compiled, and attribute names holding a newline are refused', () => {
  const knn = encodeModelFile({ ...decodeModelFile(maxentJson), algorithm: 'knn' });
  assert.throws(() => encodeCompiledModel(knn, 'knn'), isBadModel(/only crf, maxent and memm/));
  const file = decodeModelFile(maxentJson) as ModelFile & { body: { attributes: string[] } };
  file.body.attributes[0] = 'two\nlines';
  assert.throws(() => encodeCompiledModel(encodeModelFile(file), 'nl'), isBadModel(/newline/));
});

test('loadExtractionModelFrom reads the compiled form made from the file, and the JSON when the compiled form is damaged, stale or absent', async () => {
  const model = join(dir, 'm.model.json.gz');
  writeFileSync(model, maxentJson);
  const compiled = join(dir, 'm.model.bin');
  writeFileSync(compiled, maxentCompiled);
  const fromCompiled = await loadExtractionModelFrom(model, compiled);
  assert.equal(fromCompiled.fromCompiled, true);
  const expected = labelerFromModel(decodeModelFile(maxentJson));
  const check = async (what: string, askCompiled = true) => {
    const m = await loadExtractionModelFrom(model, askCompiled ? compiled : undefined);
    assert.equal(m.fromCompiled, undefined, `${what}: read from the JSON`);
    assert.equal(JSON.stringify(m.file), JSON.stringify(fromCompiled.file), what);
    assert.deepEqual(m.labeler.predict(data[1]!), expected.predict(data[1]!), what);
  };
  writeFileSync(compiled, maxentCompiled.subarray(0, maxentCompiled.length - 100));
  await check('truncated');
  writeFileSync(compiled, encodeCompiledModel(trained('maxent', { sigma: 3 })));
  await check('made from another file');
  rmSync(compiled);
  await check('absent');
  writeFileSync(compiled, maxentCompiled);
  await check('not asked for', false);
  assert.deepEqual(fromCompiled.labeler.predict(data[1]!), expected.predict(data[1]!));
  await assert.rejects(loadExtractionModelFrom(join(dir, 'none.json.gz'), compiled), isBadModel(/no such model file/));
});

test('the build compiles the bundled model, and loadExtractionModel reads it (PITH_COMPILED_MODELS=0: the JSON)', async () => {
  const path = compiledModelPath(bundledModelPath());
  assert.ok(path && existsSync(path), 'npm run build made dist/models/default.model.bin');
  const compiled = await loadExtractionModel();
  assert.equal(compiled.fromCompiled, true);
  process.env['PITH_COMPILED_MODELS'] = '0';
  try {
    assert.equal(compiledModelPath(bundledModelPath()), undefined);
    const json = await loadExtractionModel();
    assert.equal(json.fromCompiled, undefined);
    assert.equal(JSON.stringify(compiled.file), JSON.stringify(json.file));
    assert.deepEqual(compiled.featureOptions, json.featureOptions);
  } finally {
    delete process.env['PITH_COMPILED_MODELS'];
  }
  // A model file of the bundled one's name but other bytes is read as JSON.
  const other = join(dir, 'default.model.json.gz');
  copyFileSync(bundledModelPath(), other);
  assert.equal((await loadExtractionModel(other)).fromCompiled, true, 'the same bytes elsewhere: compiled');
  writeFileSync(other, maxentJson);
  assert.equal((await loadExtractionModel(other)).fromCompiled, undefined, 'other bytes: JSON');
});

test('the families reached by the weighted attributes are stored, and used only under the same family patterns', () => {
  const json = readFileSync(bundledModelPath());
  const compiled = readFileSync(compiledModelPath(bundledModelPath())!);
  const headerLength = compiled.readUInt32LE(12);
  const header = JSON.parse(compiled.subarray(16, 16 + headerLength).toString('utf8')) as Record<string, any>;
  const withFamilies = (patterns: string, families: string[]): Buffer => {
    const text = Buffer.from(JSON.stringify({ ...header, familiesNamedIn: { patterns, families } }), 'utf8');
    const pre = Buffer.from(compiled.subarray(0, 16));
    pre.writeUInt32LE(text.length, 12);
    return Buffer.concat([pre, text, compiled.subarray(16 + headerLength)]);
  };
  const page = loadPage(Buffer.from('<html><head><title>A title</title></head><body><h1>A title</h1><p>Some body text of the page, long enough to count.</p><p>More.</p></body></html>'));
  const familiesRun = (bin: Buffer): string[] => {
    const { file, labeler } = decodeCompiledModel(bin, sha256Hex(json))!;
    const ran: string[] = [];
    computeEncodedFeatures(page, featureOptionsOf(file), labeler.weightedVocabulary!, (family, run) => { ran.push(family); run(); });
    return ran;
  };
  const fromJson = labelerFromModel(decodeModelFile(json));
  const all: string[] = [];
  computeEncodedFeatures(page, featureOptionsOf(decodeModelFile(json)), fromJson.weightedVocabulary!, (family, run) => { all.push(family); run(); });
  assert.ok(all.length > 5);
  assert.deepEqual(familiesRun(compiled), all, 'as stored: the families the JSON model runs');
  const patterns = header['familiesNamedIn']['patterns'] as string;
  assert.deepEqual(familiesRun(withFamilies(patterns, [all[0]!])), [all[0]], 'the stored answer is what runs');
  assert.deepEqual(familiesRun(withFamilies('0'.repeat(64), [all[0]!])), all, 'made under other patterns: found again');
});
