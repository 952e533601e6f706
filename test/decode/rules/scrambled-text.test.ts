import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isScrambledText, scrambledText } from '../../../src/decode/rules/scrambled-text.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { BlockTag } from '../../../src/decode/rule.js';
import { noteRows, runRule, tagged } from './run-rule.js';

/** What eBay's "Sponsored" label reads as without its style sheet: letters between hidden identifiers. */
const SCRAMBLED = 'S19aea247-2e76-4905-9b83-15a5a5664cfaG661bd3c3-576f-4713-baee-9dc0dd7c3568p2e2c3720-cfa9-41e9-9571-b179b489e15fYb116df00-3333-431c-b9c0-c9dfc191290c o';

test('isScrambledText: identifiers run together; a log line or a note quoting one or two is not', () => {
  assert.ok(isScrambledText(SCRAMBLED));
  for (const t of [
    'Take note of the UUID - eg. ba5b7f3a-54d2-4325-80e5-e7a159900d3f',
    '$ celery -A proj result -t tasks.add 4e196aa4-0141-4601-8138-7aa33db0f577 && celery -A proj inspect query_task e9f6c8f0-fec9-4ae8-a8c6-cf8c8451d4f8',
    `Three ids in a long paragraph: 8524c7d9-f472-3890-a458-f28d5081d9c4, 8524c7d9-f472-3890-a458-f28d5081d9c5 and 8524c7d9-f472-3890-a458-f28d5081d9c6. ${para(40)}`,
    '',
  ]) assert.equal(isScrambledText(t), false, t);
});

test('scrambled-text: the scrambled block becomes other and is set aside; the article stays', () => {
  const doc = new BlockBuilder().text('A used clutch kit', 'title').text(para(40), 'body').text('Similar Items', 'heading').text(SCRAMBLED, 'body').build();
  const s = runRule(scrambledText, doc);
  assert.deepEqual(noteRows(s).map((r) => [r[0], r[1], r[2]]), [[3, 'body', 'other']]);
  assert.equal(s.labels[1], 'body');
  assert.equal(tagged(s, BlockTag.setAside)[3], 1);
});
