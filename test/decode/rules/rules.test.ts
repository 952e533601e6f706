import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constrainLabels, DECODE_RULES } from '../../../src/decode/constrain.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { repoRoot } from '../../helpers/paths.js';

test('DECODE_RULES: the rules in their order, kebab-case names, each with a one-line doc', () => {
  assert.deepEqual(DECODE_RULES.map((r) => r.name), [
    'body-weight', 'comment-sections', 'product-reviews', 'ad-slots', 'dialog-boxes', 'page-footers', 'page-asides', 'no-content-marks', 'hidden-boxes', 'scrambled-text', 'page-furniture', 'one-title', 'prose-rescue', 'single-text-block', 'standfirst', 'declared-summary', 'lead-ins', 'credit-lines', 'date-lines', 'consent-notices', 'reader-appeals', 'widget-lines', 'site-notes', 'link-columns', 'noscript-markup', 'content-region', 'article-end', 'forum-posts', 'product-specs', 'code-in-region', 'link-tail',
    'listing-cards', 'teaser-cards', 'headings-in-region', 'heading-elements', 'media-in-region', 'repeated-text', 'main-fallback', 'card-slots',
    'bare-post', 'short-page', 'product-description',
  ]);
  for (const r of DECODE_RULES) {
    assert.match(r.name, /^[a-z]+(?:-[a-z]+)*$/);
    assert.ok(r.doc.length > 20 && !r.doc.includes('\n'), r.name);
  }
});

test('docs/decoder.md lists every rule with its doc line, in order', () => {
  const md = readFileSync(join(repoRoot, 'docs', 'decoder.md'), 'utf8');
  const listed = [...md.matchAll(/^\d+\. `([a-z-]+)`: (.*)$/gm)].map((m) => [m[1], m[2]]);
  assert.deepEqual(listed, DECODE_RULES.map((r) => [r.name, `${r.doc}.`]));
});

test('constrainLabels: each note names the rule that made it', () => {
  const b = new BlockBuilder().text('Site', 'title', 0.5).text('Headline', 'title', 0.8).text(para(40), 'body').text(para(40), 'body');
  for (let i = 0; i < 20; i++) b.link(`Related ${i}`, 'other');
  b.text('Teaser.', 'body').image('body');
  const { blocks, probs } = b.build();
  const r = constrainLabels(blocks, probs);
  assert.deepEqual(r.notes.map((n) => [n.block, n.rule]), [[0, 'one-title'], [24, 'content-region'], [25, 'media-in-region']]);
});
