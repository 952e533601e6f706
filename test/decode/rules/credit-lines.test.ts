import { test } from 'node:test';
import assert from 'node:assert/strict';
import { creditLines, isCreditLine } from '../../../src/decode/rules/credit-lines.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

test('credit-lines: picture credits and source lines are credit lines; prose citing a source is not', () => {
  for (const line of ['Foto: www.k-einbruch.de', 'Quelle: Deutscher Jagdverband (DJV)', '(Foto: Getty)', 'Titelbild:', 'Beitragsbild', 'Bild via Flickr',
    'Überblick. (Foto: Getty)', 'Photo: A. Walker', 'Image by Jane Doe']) assert.ok(isCreditLine(line), line);
  for (const line of ['', 'Fotografie ist ihre Leidenschaft, sagt sie.', 'The source of the river lies in the Alps, two days from here.',
    `Quelle: ${'eine sehr lange Aufzählung von Quellen, '.repeat(4)}`, 'Our photos of the trip']) assert.ok(!isCreditLine(line), line);
});

test('credit-lines: a kept credit line becomes other, the article around it stays', () => {
  const doc = new BlockBuilder().text(para(40), 'body').text('Foto: dpa', 'body').text(para(30), 'body').text('Quelle: Landesregierung', 'body').build();
  const s = runRule(creditLines, doc);
  assert.deepEqual(s.labels, ['body', 'other', 'body', 'other']);
  assert.deepEqual(noteRows(s).map((r) => [r[0], r[4]]), [[1, 'a picture credit or source line'], [3, 'a picture credit or source line']]);
});

test('credit-lines: table cells, documentation pages and creditLines 0 are left alone', () => {
  const cell = new BlockBuilder().text(para(40), 'body').text('Source: CSV export', 'body').atPath('html/body/table/tbody/tr/td').build();
  assert.deepEqual(runRule(creditLines, cell).notes, []);
  const doc = new BlockBuilder().text(para(40), 'body').text('Source: src/index.ts', 'body').build();
  assert.deepEqual(runRule(creditLines, doc, { pageType: 'docs' }).notes, []);
  assert.deepEqual(runRule(creditLines, doc, { creditLines: 0 }).notes, []);
});
