import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evidenceFrom, NO_EVIDENCE, pageEvidence } from '../../src/decode/evidence.js';
import { DEFAULT_DECODE_SETTINGS, resolveDecodeSettings } from '../../src/decode/settings.js';
import { loadPage } from '../../src/page.js';
import { comparableText } from '../../src/util/comparable-text.js';

const page = (html: string) => loadPage(new TextEncoder().encode(html));

const PRODUCT = `<head><title>Trail Jacket | Shop</title><meta property="og:site_name" content="Shop">
  <script type="application/ld+json">{"@type":"Product","name":"Trail Jacket","description":"<p>Keeps the rain out and lets the heat through on long climbs.</p>"}</script></head>
  <body><main><h1>Trail Jacket</h1><p>Keeps the rain out.</p></main>
  <div id="reviews"><p>Great jacket, wore it all winter.</p></div>
  <div id="comments"><p>A reader's comment.</p></div>
  <footer><p>Legal lines.</p></footer></body>`;

/** Which blocks (by text) a mark flags. */
function flagged(texts: readonly string[], marks: ArrayLike<number> | undefined): string[] {
  return marks === undefined ? [] : texts.filter((_, i) => marks[i]);
}

test("pageEvidence: the page's kind, declared texts and per-block marks, read from its tree", () => {
  const p = page(PRODUCT);
  const texts = p.blocks.map((b) => b.text);
  const e = pageEvidence(p, DEFAULT_DECODE_SETTINGS, 'https://shop.example/trail-jacket');
  assert.equal(e.pageType, 'product');
  assert.equal(e.pageKind, 'product');
  assert.ok(e.declaredTitleKeys.size > 0);
  assert.ok(e.siteKeys.includes('shop'));
  assert.equal(e.productDescriptions.length, 1);
  assert.deepEqual(flagged(texts, e.reviewBlocks), ['Great jacket, wore it all winter.']);
  assert.deepEqual(flagged(texts, e.commentBlocks), ["A reader's comment."]);
  assert.deepEqual(flagged(texts, e.footerBlocks), ['Legal lines.']);
  assert.equal(e.blockContainers?.length, p.blocks.length);
  assert.equal(e.blockRoles?.length, p.blocks.length);
});

test('pageEvidence: what the settings switch off is not looked for', () => {
  const p = page(PRODUCT);
  const e = pageEvidence(p, resolveDecodeSettings({ commentBody: 1, adBody: 1, containerShare: 0 }));
  assert.deepEqual([e.commentBlocks, e.reviewBlocks, e.adBlocks, e.blockContainers], [undefined, undefined, undefined, undefined]);
  const article = pageEvidence(page('<head><meta property="og:type" content="article"></head><body><p>Text.</p><div id="reviews"><p>A review.</p></div></body>'), DEFAULT_DECODE_SETTINGS);
  assert.equal(article.pageType, 'article');
  assert.equal(article.pageTypeByOpenGraph, true);
  assert.equal(article.reviewBlocks, undefined, 'reviews are looked for on products and undeclared pages only');
  assert.deepEqual(article.productDescriptions, []);
});

test('evidenceFrom: given facts, the rest unknown', () => {
  assert.equal(NO_EVIDENCE.pageType, 'unknown');
  assert.equal(NO_EVIDENCE.commentBlocks, undefined);
  const e = evidenceFrom({ pageType: 'unknown', website: true, declaredTitles: ['Rain at last', '  '] });
  assert.equal(e.pageKind, 'website');
  assert.deepEqual([...e.declaredTitleKeys], [comparableText('Rain at last')]);
  assert.equal(e.declaredTitleKeys.size, 1, 'an empty title is left out');
});
