import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dateLines } from '../../../src/decode/rules/date-lines.js';
import { DATE_ONLY } from '../../../src/features/cue-words.js';
import { isDateLine } from '../../../src/decode/rules/shared/date-line.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

test('date-lines: the date formats a dateline takes, and lines that only mention a date', () => {
  for (const line of ['03.04.2020', 'Jun 18th 2018', 'Oct 9, 2019', '05. Februar 2020', '6 December 2019', '2020-04-03', '27.01.2022, 10:22 Uhr', 'am 13. Mai 2014'])
    assert.ok(DATE_ONLY.test(line), line);
  for (const line of ['On 3 April 2020 the council met.', 'Version 2.1.3', '12 of 20', 'Mai 2014 war ein guter Monat']) assert.ok(!DATE_ONLY.test(line), line);
});

test('isDateLine: a dateline may end its sentence with a full stop; an ellipsis is not one', () => {
  for (const line of ['Aktualisiert am 17.01.2021.', '03.04.2020.', 'Published on Jun 18th 2018.']) assert.ok(isDateLine(line), line);
  for (const line of ['03.04.2020..', 'Aktualisiert am Montag.']) assert.equal(isDateLine(line), false, line);
});

test('date-lines: a body line that is only a date becomes other', () => {
  const s = runRule(dateLines, new BlockBuilder().text('03.04.2020', 'body').text(para(40), 'body').text('Jun 18th 2018', 'body').build());
  assert.deepEqual(s.labels, ['other', 'body', 'other']);
  assert.deepEqual(noteRows(s).map((r) => [r[0], r[4]]), [[0, 'a dateline'], [2, 'a dateline']]);
});

test('date-lines: forum threads (a date heads each post), table cells and dateLines 0 are left alone', () => {
  const doc = () => new BlockBuilder().text('03.04.2020', 'body').text(para(40), 'body').build();
  assert.deepEqual(runRule(dateLines, doc(), { pageType: 'forum' }).notes, []);
  assert.deepEqual(runRule(dateLines, doc(), { dateLines: 0 }).notes, []);
  const cell = new BlockBuilder().text(para(40), 'body').text('03.04.2020', 'body').atPath('html/body/table/tbody/tr/td').build();
  assert.deepEqual(runRule(dateLines, cell).notes, []);
});

test('date-lines: a date after a dateline\'s label ("Publiziert: 03.04.2020, 12:35") is a dateline too; a label before other words is not', () => {
  for (const line of ['Publiziert: 03.04.2020, 12:35', 'Updated on Jun 18, 2018', 'Veröffentlicht am 5. Februar 2020', 'Publié le 6 December 2019', 'Published 2020-04-03'])
    assert.ok(isDateLine(line), line);
  for (const line of ['Published 3 books in 2019', 'Updated: see the note below', 'Stand der Technik 2020', 'Publiziert: 03.04.2020 in der Zeitung'])
    assert.ok(!isDateLine(line), line);
  const s = runRule(dateLines, new BlockBuilder().text(para(40), 'body').text('Publiziert: 03.04.2020, 12:35', 'body').build());
  assert.deepEqual(s.labels, ['body', 'other']);
});
