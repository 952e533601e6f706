import { test } from 'node:test';
import assert from 'node:assert/strict';
import { leadIns } from '../../../src/decode/rules/lead-ins.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

const page = () => new BlockBuilder().text(para(60), 'body').text('Auch interessant:', 'body').link('Wie Banken Kredite vergeben', 'body')
  .text('3. Mai 2021', 'body').text(para(40), 'body').text('Schon gelesen?', 'heading').link('Der Flughafen Bremen wächst', 'body').build();

test('lead-ins: the lead-in line and the teasers after it, up to the next paragraph, become other', () => {
  const s = runRule(leadIns, page());
  assert.deepEqual(s.labels, ['body', 'other', 'other', 'other', 'body', 'other', 'other']);
  assert.deepEqual(noteRows(s).map((r) => [r[0], r[4]]), [
    [1, 'a lead-in to links or a newsletter'], [2, 'introduced by a lead-in'], [3, 'introduced by a lead-in'],
    [5, 'a lead-in to links or a newsletter'], [6, 'introduced by a lead-in'],
  ]);
});

test('lead-ins: a sentence that mentions related work, a teaser link reading "More on ...", documentation and listings are left alone; leadIns 0 is off', () => {
  const prose = new BlockBuilder().text('Read more about the related findings in the appendix of the report, which lists every site.', 'body').link('More on Postgres performance', 'body').build();
  assert.deepEqual(runRule(leadIns, prose).notes, []);
  const spec = new BlockBuilder().text(para(40), 'body').text('Recommended, if listing has variants', 'body').text('Recommended', 'body').atPath('html/body/table/tbody/tr/td')
    .text('String (UTF-8 text)', 'body').build();
  assert.deepEqual(runRule(leadIns, spec).notes, [], 'a line that only starts with the phrase, and a table cell, are no lead-ins');
  for (const pageType of ['docs', 'listing'] as const) assert.deepEqual(runRule(leadIns, page(), { pageType }).notes, []);
  assert.deepEqual(runRule(leadIns, page(), { leadIns: 0 }).notes, []);
});

test('lead-ins: the phrases of several languages lead in ("Le puede interesar", "Veja Também:", "Dowiedz się więcej")', () => {
  for (const phrase of ['Le puede interesar', 'Te puede interesar:', 'Veja Também:', 'Dowiedz się więcej', 'Lust auf mehr?']) {
    const s = runRule(leadIns, new BlockBuilder().text(para(60), 'body').text(phrase, 'body').link('Así serán los tres macroproyectos', 'body').text(para(40), 'body').build());
    assert.deepEqual(s.labels, ['body', 'other', 'other', 'body'], phrase);
  }
});

test('lead-ins: a lead-in and its teaser link on one line ("Lesen Sie auch: <a>...</a>") becomes other; the paragraphs around it stay', () => {
  const inline = (text: string, link: string) => new BlockBuilder().text(para(40), 'body').add('text', text, 'body', 0.9, link.length).text(para(40), 'body').build();
  for (const [text, link] of [
    ['Lesen Sie auch: Wie Banken Kredite vergeben', 'Wie Banken Kredite vergeben'],
    ['READ MORE: Ministers face revolt over food standards', 'Ministers face revolt over food standards'],
    ['Le puede interesar: JEP abrirá tres nuevos macrocasos', 'JEP abrirá tres nuevos macrocasos'],
    // Phrases that end or start in a letter outside ASCII.
    ['Czytaj też: Czy grozi nam wojna atomowa?', 'Czy grozi nam wojna atomowa?'],
    ['À lire : La réforme des retraites en dix questions', 'La réforme des retraites en dix questions'],
    ['À lire aussi » Ballonnements, lourdeurs : quel est votre profil digestif ?', 'Ballonnements, lourdeurs : quel est votre profil digestif ?'],
    ['Veja também: Pacheco diz que não vai pautar o projeto', 'Pacheco diz que não vai pautar o projeto'],
  ] as const) {
    const s = runRule(leadIns, inline(text, link));
    assert.deepEqual(s.labels, ['body', 'other', 'body'], text);
    assert.deepEqual(noteRows(s).map((r) => r[4]), ['a lead-in with its teaser link'], text);
  }
});

test('lead-ins: a sentence that starts with a lead-in phrase, or whose rest is not a link, is no inline teaser', () => {
  const cases: Array<[string, number]> = [
    ['Related: the council voted against the plan on Tuesday after a long debate.', 0],
    ['Read more about the related findings in the appendix: it lists every site.', 12],
    ['Newsletter: ' + para(40), 20],
  ];
  for (const [text, linkChars] of cases) {
    const s = runRule(leadIns, new BlockBuilder().text(para(40), 'body').add('text', text, 'body', 0.9, linkChars).text(para(40), 'body').build());
    assert.deepEqual(s.labels, ['body', 'body', 'body'], text);
  }
});

test('lead-ins: the box right after a lead-in line goes with it, its paragraphs too ("Also on HuffPost:" and a slideshow)', () => {
  const doc = new BlockBuilder().text(para(60), 'body').text('Also on HuffPost:', 'body').text('Loading Slideshow', 'body')
    .text('Death Panels', 'heading').text(para(50), 'body').text('Deem And Pass', 'heading').text(para(50), 'body').build();
  // article div 2 > p 3, p 4 (the lead-in), then the slideshow box 5 > ul 6 > li 7, li 8.
  const blockContainers = [[1, 2, 3], [1, 2, 4], [1, 2, 5, 9], [1, 2, 5, 6, 7, 10], [1, 2, 5, 6, 7, 11], [1, 2, 5, 6, 8, 12], [1, 2, 5, 6, 8, 13]];
  const s = runRule(leadIns, doc, { blockContainers });
  assert.deepEqual(s.labels, ['body', 'other', 'other', 'other', 'other', 'other', 'other']);
  assert.deepEqual(noteRows(s).map((r) => r[4]).slice(0, 3), ['a lead-in to links or a newsletter', 'in the box a lead-in introduces', 'in the box a lead-in introduces']);
  // The next paragraph in a sibling element of one block is no box: the scan stops at it as before.
  const flat = new BlockBuilder().text(para(60), 'body').text('Related', 'body').text(para(40), 'body').text(para(40), 'body').build();
  const flatChains = [[1, 2, 3], [1, 2, 4], [1, 2, 5], [1, 2, 6]];
  assert.deepEqual(runRule(leadIns, flat, { blockContainers: flatChains }).labels, ['body', 'other', 'body', 'body']);
});
