import { test } from 'node:test';
import assert from 'node:assert/strict';
import { creditLines } from '../../../src/decode/rules/credit-lines.js';
import { isCreditLine, SIGNED_CAPTION, VIA } from '../../../src/decode/rules/shared/credit-line.js';
import { CREDIT_MARK } from '../../../src/features/cue-words.js';
import { CUE_LINES } from './cue-lines.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

test('credit-lines: picture credits and source lines are credit lines; prose citing a source is not', () => {
  for (const line of ['Foto: www.k-einbruch.de', 'Quelle: Deutscher Jagdverband (DJV)', '(Foto: Getty)', 'Titelbild:', 'Beitragsbild', 'Bild via Flickr',
    'Überblick. (Foto: Getty)', 'Photo: A. Walker', 'Image by Jane Doe']) assert.ok(isCreditLine(line), line);
  for (const line of ['', 'Fotografie ist ihre Leidenschaft, sagt sie.', 'The source of the river lies in the Alps, two days from here.',
    `Quelle: ${'eine sehr lange Aufzählung von Quellen, '.repeat(4)}`, 'Our photos of the trip']) assert.ok(!isCreditLine(line), line);
});

test('credit-lines: a caption signed at its end is a credit line; a quote citing its source, or prose about a photo, is not', () => {
  for (const line of [
    'Lee Elder war mit golferischem Talent und einem farbenfrohen Kleidungsstil gesegnet. | © Augusta National/Getty Images',
    'Marco Odermatt, Ski-Star aus der Schweiz. © AFP / MARCO BERTORELLO',
    'Roman Prymula, photo: Archives du Gouvernement tchèque',
    'Das FWR reagiert mit Entsetzen auf den Amoklauf und fordert eine schnelle Aufklärung der Hintergründe. (Quelle: Fleischmann/Unsplash/DJV)',
    'Große Beckenkreise (links) stabilisieren, kleine Beckenkreise (rechts) mobilisieren und lockern die Hüfte. © Pferderevue',
    'Paris Haute Couture SS14, Serkan Cura, Bild via',
    'Beitragsbild: Titelseite der FAZ vom 2.4.2019, Ausriss.',
  ]) assert.ok(isCreditLine(line), line);
  for (const line of [
    '“It is certainly a challenging environment out there, with a slowing global economy.” (Source: Financial Times, July 26, 2012.)',
    'Here is the full-sized version of the photo via President Obama’s tweet:',
    'We took the photo: a sunset over the bay, the boats coming home.',
    'Copyright © 2012 is what the old footer said, and nobody had changed it since. Then the redesign came.',
    `${'A long caption that goes on and on about the picture. '.repeat(5)}© AFP`,
  ]) assert.ok(!isCreditLine(line), line);
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
  const layout = new BlockBuilder().text(para(40), 'body').text('Foto: dpa', 'body').atPath('html/body/table/tbody/tr/td/div/div/p').build();
  assert.equal(runRule(creditLines, layout).notes.length, 1, "a layout table's cell holds the page's lines");
  const doc = new BlockBuilder().text(para(40), 'body').text('Source: src/index.ts', 'body').build();
  assert.deepEqual(runRule(creditLines, doc, { pageType: 'docs' }).notes, []);
  assert.deepEqual(runRule(creditLines, doc, { creditLines: 0 }).notes, []);
});

test('credit-lines: a photo post whose signed caption is all its body keeps it', () => {
  const caption = "No matter how long I stare at this, I still can't believe this is a pencil drawing. Mind...blown. Artwork and photos © DiegoKoi";
  const post = new BlockBuilder().text('This is Not a Photograph', 'title').image('body').text(caption, 'body').build();
  assert.deepEqual(runRule(creditLines, post).notes, []);
  const article = new BlockBuilder().text('Headline', 'title').text(para(40), 'body').text(caption, 'body').build();
  assert.deepEqual(noteRows(runRule(creditLines, article)).map((r) => r[0]), [2]);
});

test('isCreditLine pre-test: every signed caption and credit cue holds a colon, a copyright sign or (signed) "via" in any case, so lines without are read by the whole-line pattern alone', () => {
  let signed = 0;
  for (const line of CUE_LINES) {
    if (SIGNED_CAPTION.test(line)) {
      signed++;
      assert.ok(line.includes(':') || line.includes('©') || VIA.test(line), line);
    }
    if (CREDIT_MARK.test(line)) assert.ok(line.includes(':') || line.includes('©'), line);
  }
  assert.ok(signed >= 4, `${signed}`);
  for (const line of ['Ski-Star. © AFP / MARCO BERTORELLO', 'Roman Prymula, photo: Archives du Gouvernement tchèque', 'A sunset over the bay, Bild via',
    'A sunset over the bay | Foto VIA Unsplash', 'Titelbild', 'Image by Jane Doe', 'Credit: NASA', 'Überblick. (Foto: Getty)',
    'A long caption about the harbour at dusk with boats and gulls and a lighthouse far away (Foto: dpa)']) assert.ok(isCreditLine(line), line);
  for (const line of ['Our photos of the trip', 'A long caption about the harbour at dusk with boats and gulls and a lighthouse far away, and more']) {
    assert.equal(isCreditLine(line), false, line);
  }
});
