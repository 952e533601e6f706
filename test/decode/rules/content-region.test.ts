import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentRegion } from '../../../src/decode/rules/content-region.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

test('content-region: a small body cluster far from the article becomes other; the region spans the kept clusters', () => {
  const b = new BlockBuilder().text(para(60), 'body').text('Advertisement', 'other').text(para(50), 'body');
  for (let i = 0; i < 20; i++) b.link(`Related story ${i}`, 'other');
  b.text('Short teaser text.', 'body');
  const s = runRule(contentRegion, b.build());
  assert.deepEqual(s.region, [0, 2], 'the ad does not split the article');
  assert.equal(s.labels[23], 'other');
  assert.deepEqual(noteRows(s), [[23, 'body', 'other', 'content-region', 'body text outside the content region']]);
  // A far cluster of at least minClusterChars is kept.
  const kept = runRule(contentRegion, b.build(), { minClusterChars: 10 });
  assert.deepEqual([kept.notes, kept.region], [[], [0, 23]]);
});

test('content-region: no body, no region', () => {
  const s = runRule(contentRegion, new BlockBuilder().text('Menu', 'other').build());
  assert.deepEqual([s.region, s.notes], [undefined, []]);
});
