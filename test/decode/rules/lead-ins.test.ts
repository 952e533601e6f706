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

test('lead-ins: Spanish "Le puede interesar" leads in like "Te puede interesar"', () => {
  for (const phrase of ['Le puede interesar', 'Te puede interesar:']) {
    const s = runRule(leadIns, new BlockBuilder().text(para(60), 'body').text(phrase, 'body').link('Así serán los tres macroproyectos', 'body').text(para(40), 'body').build());
    assert.deepEqual(s.labels, ['body', 'other', 'other', 'body'], phrase);
  }
});
