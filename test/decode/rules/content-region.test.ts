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

test('content-region: on a forum thread or a product page a short far cluster is kept (a reply; a spec line); a caller\'s setting wins', () => {
  const b = new BlockBuilder().text(para(60), 'body');
  for (let i = 0; i < 20; i++) b.link(`Thread tool ${i}`, 'other');
  const reply = 'A reply of some eighty characters, short as replies go, far below the post.';
  b.text(reply, 'body');
  const at = b.build();
  const last = at.blocks.length - 1;
  for (const pageType of ['forum', 'product'] as const) assert.equal(runRule(contentRegion, at, { pageType }).labels[last], 'body', pageType);
  for (const pageType of ['article', 'unknown', 'docs'] as const) assert.equal(runRule(contentRegion, at, { pageType }).labels[last], 'other', pageType);
  assert.equal(runRule(contentRegion, at, { pageType: 'forum', minClusterChars: 400, minClusterShare: 0.5 }).labels[last], 'other');
});
