import { test } from 'node:test';
import assert from 'node:assert/strict';
import { repeatedText } from '../../../src/decode/rules/repeated-text.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

const quoted = 'I tried the firmware update last night and the fan noise is gone.';

test('repeated-text: a paragraph printed again elsewhere (a quoted post, a second variant) is kept once', () => {
  const doc = new BlockBuilder()
    .text(quoted, 'body').atPath('html/body/div/article/p')
    .text(para(30), 'body').atPath('html/body/div/article/p')
    .text(quoted, 'body').atPath('html/body/div/article/blockquote/p')
    .text(`${quoted}  `, 'body').atPath('html/body/div/aside/p')
    .build();
  assert.deepEqual(noteRows(runRule(repeatedText, doc)).map((r) => [r[0], r[1], r[2]]), [[2, 'body', 'other'], [3, 'body', 'other']]);
});

test('repeated-text: the same layout twice (a story printed twice), short lines and noise are left alone', () => {
  const doc = new BlockBuilder()
    .text(quoted, 'body').atPath('html/body/table/tr/td/p')
    .text(quoted, 'body').atPath('html/body/table/tr/td/p')
    .text('Read more about it', 'body').atPath('html/body/div/p')
    .text('Read more about it', 'body').atPath('html/body/aside/p')
    .text(quoted, 'other').atPath('html/body/footer/p')
    .build();
  assert.deepEqual(runRule(repeatedText, doc).notes, []);
});

test("repeated-text: on a product page a feature printed twice in the same layout (another screen size's copy) is kept once", () => {
  const feature = 'Waterproof and sweat resistant: the earbuds keep playing through a workout.';
  const doc = new BlockBuilder()
    .text(feature, 'body').atPath('html/body/div/ul/li/span')
    .text(para(20), 'body').atPath('html/body/div/p')
    .text(feature, 'body').atPath('html/body/div/ul/li/span')
    .build();
  assert.deepEqual(noteRows(runRule(repeatedText, doc, { pageType: 'product' })).map((r) => [r[0], r[2]]), [[2, 'other']]);
  assert.deepEqual(runRule(repeatedText, doc, { pageType: 'article' }).notes, [], 'an article keeps both copies');
});
