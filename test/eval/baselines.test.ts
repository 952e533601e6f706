import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadPage } from '../../src/page.js';
import { labelsToExtraction } from '../../src/eval/labels-to-extraction.js';
import { allTextExtractor } from '../../src/eval/baselines/all-text.js';
import { oracleExtractor } from '../../src/eval/baselines/oracle.js';
import { articleHtmlToExtraction, readabilityExtractor } from '../../src/eval/baselines/readability.js';
import { resolveExtractors } from '../../src/eval/extractor-spec.js';
import type { GoldLabel, Label } from '../../src/labels.js';
import { isPithError } from '../../src/errors.js';
import { fixture } from '../helpers/paths.js';

const html = '<html><head><title>Doc title</title></head><body><p>nav</p><h1>Head line</h1><p>Para one<br>still one</p><h2>Sub</h2><p>Para two</p><img src="x.jpg"><h1>Second title</h1></body></html>';
const page = loadPage(new TextEncoder().encode(html), { id: 'p' });

test('labels -> extraction: first title, headings, paragraphs separated by blank lines', () => {
  assert.deepEqual(page.blocks.map((b) => b.kind === 'text' ? b.text : b.kind), ['nav', 'Head line', 'Para one\nstill one', 'Sub', 'Para two', 'image', 'Second title']);
  const labels: Label[] = ['other', 'title', 'body', 'heading', 'body', 'body', 'title'];
  const e = labelsToExtraction(page.blocks, labels);
  assert.equal(e.title, 'Head line');
  assert.deepEqual(e.headings, ['Sub']);
  assert.equal(e.body, 'Para one\nstill one\n\nSub\n\nPara two');
  assert.deepEqual(e.blockLabels, labels);
  assert.equal(labelsToExtraction(page.blocks, labels.map(() => 'other')).title, '');
  assert.equal(labelsToExtraction(page.blocks, labels.map(() => 'other'), { fallbackTitle: 'F' }).title, 'F');
  assert.throws(() => labelsToExtraction(page.blocks, ['body']), RangeError);
});

test('all-text: everything is body, the title is <title>', async () => {
  const e = await allTextExtractor.extract({ page, html });
  assert.equal(e.title, 'Doc title');
  assert.equal(e.body.split('\n\n').length, 6);
  assert.deepEqual(e.blockLabels, ['body', 'body', 'body', 'body', 'body', 'other', 'body']);
});

test('oracle: gold labels, unknown as other; refuses to run without gold', async () => {
  const gold: GoldLabel[] = ['unknown', 'title', 'body', 'heading', 'body', 'other', 'other'];
  const e = await oracleExtractor.extract({ page, html, goldLabels: gold });
  assert.equal(e.title, 'Head line');
  assert.equal(e.body, 'Para one\nstill one\n\nSub\n\nPara two');
  assert.equal(e.blockLabels![0], 'other');
  assert.equal(oracleExtractor.needsGold, true);
  await assert.rejects(async () => oracleExtractor.extract({ page, html }), (err) => isPithError(err));
});

test('readability article html is segmented by pith: paragraphs and headings on their own lines', () => {
  const e = articleHtmlToExtraction('  A  title ', '<div><h2>Part</h2><p>One <b>bold</b> line.</p><ul><li>item</li></ul></div>');
  assert.equal(e.title, 'A title');
  assert.deepEqual(e.headings, ['Part']);
  assert.equal(e.body, 'Part\n\nOne bold line.\n\nitem');
});

test('readability extracts the article of a real-looking page, dropping navigation and footer', async () => {
  const src = readFileSync(fixture('eval', 'article.html'), 'utf8');
  const p = loadPage(new TextEncoder().encode(src), { id: 'article' });
  const e = await readabilityExtractor.extract({ page: p, html: src });
  assert.match(e.title, /Lighthouse keepers return to Skerry Point/);
  assert.match(e.body, /For the first time in forty years/);
  assert.match(e.body, /remembers the last keeper well/);
  assert.doesNotMatch(e.body, /Copyright|Ferry timetable|Weather/);
  assert.ok(e.headings.includes('A winter of repairs'));
  // Its text aligned back to pith's blocks: article blocks content, navigation and footer other.
  const byText = new Map(p.blocks.map((b, i) => [b.text, e.blockLabels![i]]));
  assert.equal(byText.get('Lighthouse keepers return to Skerry Point'), 'title');
  assert.equal(byText.get('A winter of repairs'), 'heading');
  assert.equal(byText.get('Home News Sport Weather'), 'other');
  assert.equal(byText.get('Copyright 2024 Harbour Gazette. All rights reserved.'), 'other');
  assert.match(String(byText.get(p.blocks.find((b) => b.text.startsWith('For the first'))!.text)), /body/);
  // Does not throw on junk either: no article is an empty extraction.
  const junk = await readabilityExtractor.extract({ page: p, html: '<html><body></body></html>' });
  assert.equal(junk.body, '');
  assert.ok(junk.blockLabels!.every((l) => l === 'other'));
});

test('extractor names resolve; unknown names and kinds are usage errors; kind:arg uses the factory', async () => {
  assert.deepEqual((await resolveExtractors('all-text, oracle,all-text')).map((e) => e.name), ['all-text', 'oracle']);
  await assert.rejects(resolveExtractors('nope'), (e) => isPithError(e) && e.code === 'BAD_OPTION' && /known: all-text/.test(e.message));
  await assert.rejects(resolveExtractors('model:x.json'), (e) => isPithError(e) && e.code === 'BAD_OPTION');
  await assert.rejects(resolveExtractors(' , '), (e) => isPithError(e) && e.code === 'BAD_OPTION');
  const got = await resolveExtractors('model:models/a:b.json', { model: (arg) => ({ name: `model:${arg}`, extract: () => ({ title: '', headings: [], body: '' }) }) });
  assert.equal(got[0]!.name, 'model:models/a:b.json');
});
