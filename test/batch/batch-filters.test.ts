/** `pith batch --target-lang` and `--dedup`: skipped lines that say why, counted, and no --out-dir file for them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBatch } from '../../src/batch/batch.js';
import { bundledModelPath } from '../../src/pipeline/extract.js';
import { repoRoot } from '../helpers/paths.js';

type Line = { id: string; title?: string; skipped?: { reason: string; lang?: string | null; of?: string } };
const jsonl = (path: string): Line[] => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);

const EN = 'The harbour town voted last night to restore its tidal mill, which has stood idle for forty years. Engineers say the wheel can turn again by spring. ';
const DE = 'Die Hafenstadt hat gestern Abend beschlossen, ihre Gezeitenmühle wieder herzurichten, die seit vierzig Jahren stillsteht. Die Ingenieure sagen, das Rad kann sich im Frühling wieder drehen. ';
const page = (lang: string, title: string, body: string, extra = ''): string =>
  `<html lang="${lang}"><head><title>${title}</title></head><body><nav><a href="/">Home</a> ${extra}</nav><article><h1>${title}</h1><p>${body.repeat(3)}</p><p>${body.repeat(2)}</p></article></body></html>`;

function pages(dir: string): string {
  const d = join(dir, 'pages');
  mkdirSync(d);
  writeFileSync(join(d, 'a-en.html'), page('en', 'Mill', EN));
  writeFileSync(join(d, 'b-de.html'), page('de', 'Mühle', DE));
  writeFileSync(join(d, 'c-en-copy.html'), page('en-GB', 'Mill', EN, 'a different menu'));
  writeFileSync(join(d, 'd-en-other.html'), page('en', 'Other', EN.replace('tidal mill', 'old lighthouse')));
  return d;
}

test('runBatch targetLang and dedup: skipped lines, counts, files only for kept pages', { timeout: 120_000 }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-batch-filters-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const input = pages(dir);
  const outDir = join(dir, 'files');
  const out = join(dir, 'out.jsonl');
  const s = await runBatch([join(input, 'a-en.html'), join(input, 'b-de.html'), join(input, 'c-en-copy.html'), join(input, 'd-en-other.html')],
    { out, workers: 1, modelPath: bundledModelPath(), targetLang: 'en', dedup: true, outDir });
  assert.deepEqual({ extracted: s.extracted, failed: s.failed, filtered: s.filtered }, { extracted: 2, failed: 0, filtered: { TARGET_LANG: 1, DUPLICATE_BODY: 1 } });
  const byId = new Map(jsonl(out).map((l) => [l.id, l]));
  assert.deepEqual(byId.get('b-de')?.skipped, { reason: 'TARGET_LANG', lang: 'de' });
  assert.deepEqual(byId.get('c-en-copy')?.skipped, { reason: 'DUPLICATE_BODY', of: 'a-en' }, 'same body, other page furniture: a duplicate');
  assert.equal(byId.get('a-en')?.title, 'Mill');
  assert.equal(byId.get('d-en-other')?.skipped, undefined, 'one word different: not a duplicate');
  assert.deepEqual(['a-en', 'b-de', 'c-en-copy', 'd-en-other'].map((id) => existsSync(join(outDir, `${id}.json`))), [true, false, false, true]);
  // Without the options every page is extracted.
  const plain = await runBatch([join(input, 'b-de.html'), join(input, 'c-en-copy.html')], { out: join(dir, 'plain.jsonl'), workers: 1, modelPath: bundledModelPath() });
  assert.deepEqual({ extracted: plain.extracted, filtered: plain.filtered }, { extracted: 2, filtered: undefined });
});

test('pith batch --target-lang --dedup reports the counts; a bad language code is refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-batch-filters-cli-'));
  try {
    const input = pages(dir);
    const run = spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), 'batch', input, '--out', join(dir, 'o.jsonl'), '--workers', '1', '--target-lang', 'de', '--dedup'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /pages skipped \(a line says so, no file\): TARGET_LANG 3/);
    assert.match(run.stderr, /1 extracted, 0 failed/);
    const bad = spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), 'batch', input, '--out', join(dir, 'p.jsonl'), '--target-lang', 'english!'], { encoding: 'utf8' });
    assert.equal(bad.status, 2, bad.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
