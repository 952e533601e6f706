import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { MAX_JSON_DEPTH, MAX_JSON_VALUES, MAX_JSON_WHITESPACE, inflateCap, scanJsonShape } from '../../src/models/model-text.js';
import { decodeModelFile } from '../../src/models/model-file.js';
import { repoRoot } from '../helpers/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'pith-model-bounds-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A model file's header with `body` spliced in as raw JSON text: every bomb sits where a learner's body goes. */
function modelWithBody(body: string): string {
  const header = JSON.stringify({
    format: 'pith-model', version: 1, algorithm: 'maxent', labels: ['title', 'heading', 'body', 'other'],
    featureSchema: { name: 'toy', version: 1, families: ['obs'], columns: [], hash: 'abc' },
    trainingCorpora: [], params: {}, createdAt: '2026-01-01T00:00:00.000Z', body: 0,
  });
  return header.replace('"body":0', `"body":${body}`);
}

const bombs: readonly (readonly [string, () => Uint8Array])[] = [
  ['a gzip holding a 12-million-element array', () => gzipSync(modelWithBody(`[${'0,'.repeat(12_000_000)}0]`), { level: 1 })],
  ['a 3-million-element array, uncompressed', () => Buffer.from(modelWithBody(`[${'0,'.repeat(3_000_000)}0]`))],
  ['a gzip holding 5 million nesting levels', () => gzipSync(modelWithBody(`${'['.repeat(5_000_000)}${']'.repeat(5_000_000)}`), { level: 1 })],
  ['a gzip holding 40 MiB of white space', () => gzipSync(modelWithBody(`${' '.repeat(40 * 1024 * 1024)}0`), { level: 1 })],
  ['17 MiB of white space, uncompressed', () => Buffer.from(modelWithBody(`${' '.repeat(17 * 1024 * 1024)}0`))],
  ['a gzip holding an object of 900 000 keys', () => gzipSync(modelWithBody(`{${Array.from({ length: 900_000 }, (_, i) => `"k${i}":0`).join(',')}}`), { level: 1 })],
  ['a gzip holding a 40 MiB string', () => gzipSync(modelWithBody(`"${'A'.repeat(40 * 1024 * 1024)}"`), { level: 1 })],
];

/** Loads `path` with pith's loader in a fresh process and reports the error code, its CPU time and its peak memory. */
function loadInChild(path: string): { code: string; cpuMs: number; maxRssMb: number } {
  const loader = pathToFileURL(join(repoRoot, 'dist', 'src', 'models', 'model-file.js')).href;
  const script = `
    const { loadModel } = await import(${JSON.stringify(loader)});
    const before = process.cpuUsage();
    let code = 'loaded';
    try { await loadModel(${JSON.stringify(path)}); } catch (e) { code = e.code ?? String(e); }
    const cpu = process.cpuUsage(before);
    // Linux keeps ru_maxrss across exec (the test process's own peak would show); VmHWM is this process's.
    const { readFileSync } = await import('node:fs');
    let peakKb = process.resourceUsage().maxRSS;
    try { peakKb = Number(/VmHWM:\\s*(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]); } catch {}
    console.log(JSON.stringify({ code, cpuMs: (cpu.user + cpu.system) / 1000, maxRssMb: peakKb / 1024 }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, `the loader process failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!);
}

test('every hostile model is BAD_MODEL, in a process that stays under 200 MB and a second of CPU', () => {
  for (const [what, make] of bombs) {
    const path = join(dir, 'bomb.model.json.gz');
    writeFileSync(path, make());
    const { code, cpuMs, maxRssMb } = loadInChild(path);
    assert.equal(code, 'BAD_MODEL', what);
    // The process's peak memory, start-up included (about 50 MB); the loader's own share is a few MB to tens of MB.
    assert.ok(maxRssMb < 200, `${what}: peak ${maxRssMb.toFixed(0)} MB`);
    // Process CPU time of the load alone (the refused bombs take a few to a hundred ms; 1 s is the bound).
    assert.ok(cpuMs < 1000, `${what}: ${cpuMs.toFixed(0)} ms of CPU`);
  }
});

test('the shape pass stops at the first bound crossed: the work is the bound, not the file', () => {
  const array = Buffer.from(`[${'0,'.repeat(3 * MAX_JSON_VALUES)}0]`);
  const a = scanJsonShape(array);
  assert.match(a.problem ?? '', /more than 1000000 values/);
  assert.ok(a.scanned <= 2 * MAX_JSON_VALUES + 2, `read ${a.scanned} of ${array.length} bytes`);

  const deep = Buffer.from('['.repeat(10 * MAX_JSON_DEPTH));
  const d = scanJsonShape(deep);
  assert.match(d.problem ?? '', /nested more than 128 levels/);
  assert.equal(d.scanned, MAX_JSON_DEPTH + 1);

  const padded = Buffer.from(`${' '.repeat(MAX_JSON_WHITESPACE + 10)}0`);
  assert.match(scanJsonShape(padded).problem ?? '', /white space/);
  assert.equal(scanJsonShape(padded).scanned, MAX_JSON_WHITESPACE + 1);
});

test('the shape pass counts values exactly and ignores what is inside strings', () => {
  assert.deepEqual(scanJsonShape(Buffer.from('{"a":[1,2,{"b":"[,{"}],"c":"\\"[["}')),
    { maxDepth: 3, values: 7, containers: 3, members: 3, whitespace: 0, scanned: 34 });
  assert.equal(scanJsonShape(Buffer.from('[[],{},[[]]]')).values, 5);
  assert.equal(scanJsonShape(Buffer.from('[ 1 ,\n 2 ]')).whitespace, 5);
});

test('pith-sized models pass: a pretty-printed file and a gzip at the inflate cap', () => {
  const body = JSON.stringify({ rows: Array.from({ length: 2000 }, (_, i) => ({ i, w: [i, -i, i / 3] })) }, null, 2);
  assert.equal(scanJsonShape(Buffer.from(modelWithBody(body))).problem, undefined);
  assert.equal(inflateCap(1_000_000), 16 * 1024 * 1024 + 32_000_000);
  const file = decodeModelFile(gzipSync(modelWithBody(body)), 'm');
  assert.equal(file.algorithm, 'maxent');
});
