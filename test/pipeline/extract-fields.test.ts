/** `pith extract --fields`: only the named values, as lines or a JSON object, read from the JSON result. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, repoRoot } from '../helpers/paths.js';
import { extractBytes, loadExtractionModel, resultToJson } from '../../src/pipeline/extract.js';
import { fieldsText, parseExtractFields, pickFields } from '../../src/pipeline/extract-fields.js';
import { isPithError } from '../../src/errors.js';
import { parseBatchFields } from '../../src/batch/batch-fields.js';

const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8' });

test('parseExtractFields keeps the order given, drops repeats and blanks, refuses unknown names', () => {
  assert.deepEqual(parseExtractFields(' author,title,,author ,date'), ['author', 'title', 'date']);
  assert.throws(() => parseExtractFields('title,wordcount'), (e) => isPithError(e) && e.code === 'BAD_OPTION' && /unknown field 'wordcount'/.test(e.message));
  // A field model's own field named as if it were a key of the result: the message says where such values are.
  for (const parse of [parseExtractFields, parseBatchFields]) {
    assert.throws(() => parse('title,price'), (e) => isPithError(e) && /unknown field 'price'.*\(a field model's named fields \(a price, an author\) come together under fields and records; CSV \(extract --format csv, batch --csv\) gives each a column\)/.test(e.message));
  }
  assert.throws(() => parseExtractFields(' , '), (e) => isPithError(e) && e.code === 'BAD_OPTION');
});

test('pickFields reads top-level and metadata keys; fieldsText writes one value a line', () => {
  const json = { title: 'T', headings: ['A', 'B'], body: 'one\n\ntwo\n', confidence: 0.5, metadata: { author: 'Ann', lang: 'en' } };
  const picked = pickFields(json, ['author', 'title', 'date', 'headings', 'confidence', 'body']);
  assert.deepEqual(picked, { author: 'Ann', title: 'T', date: null, headings: ['A', 'B'], confidence: 0.5, body: 'one\n\ntwo\n' });
  assert.equal(fieldsText(picked), 'Ann\nT\n\nA\nB\n0.5\none\n\ntwo\n');
});

test('pith extract --fields prints the named values (text and JSON) as --format json has them', async () => {
  const file = fixture('pages', 'news-article.html');
  const url = 'https://news.example.com/story';
  const json = resultToJson(extractBytes(readFileSync(file), await loadExtractionModel(), { url }));
  const meta = json['metadata'] as Record<string, unknown>;
  assert.ok(typeof meta['author'] === 'string' && typeof meta['date'] === 'string', 'the fixture states an author and a date');
  const text = pith('extract', file, '--url', url, '--fields', 'title,author,date,url');
  assert.equal(text.status, 0, text.stderr);
  assert.equal(text.stdout, `${json['title']}\n${meta['author']}\n${meta['date']}\n${meta['url']}\n`);
  const asJson = pith('extract', file, '--url', url, '--fields', 'author,image,title', '--format', 'json');
  assert.equal(asJson.status, 0, asJson.stderr);
  assert.deepEqual(JSON.parse(asJson.stdout), { author: meta['author'], image: meta['image'] ?? null, title: json['title'] });
  assert.deepEqual(Object.keys(JSON.parse(asJson.stdout)), ['author', 'image', 'title']);
  for (const args of [['--fields', 'nope'], ['--fields', 'title', '--format', 'markdown'], ['--fields', 'title', '--explain']]) {
    const bad = pith('extract', file, ...args);
    assert.equal(bad.status, 2, `${args.join(' ')}: ${bad.stderr}`);
  }
});

test("--fields takes found, reason and fieldConfidence each by name (pith batch gives them with found and fields)", () => {
  assert.deepEqual(parseExtractFields('found,reason,fieldConfidence,title'), ['found', 'reason', 'fieldConfidence', 'title']);
  const picked = pickFields({ found: false, reason: 'empty', title: '', metadata: {} }, ['found', 'reason', 'fieldConfidence']);
  assert.deepEqual(picked, { found: false, reason: 'empty', fieldConfidence: null });
  assert.equal(fieldsText(picked), 'false\nempty\n\n');
  const run = pith('extract', fixture('pages', 'news-article.html'), '--fields', 'found,reason,title');
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, 'true\n\nHarbour town votes to restore its tidal mill\n');
});
