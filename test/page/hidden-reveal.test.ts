import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from '../../src/page.js';
import { extractBytes, loadExtractionModel } from '../../src/pipeline/extract.js';
import { toText } from '../../src/article/index.js';

const enc = (html: string) => new TextEncoder().encode(html);
const story = Array.from({ length: 12 }, (_, k) => `<p>Paragraph ${k + 1}: the council met on Tuesday and voted to repair the old bridge before the winter floods arrive.</p>`).join('');

test('a page hidden whole until a script reveals it is read with its hidden text', async () => {
  const html = `<html><head><title>Bridge repairs approved</title></head><body><div id="app" style="visibility:hidden"><nav><a href="/">Home</a></nav><article><h1>Bridge repairs approved</h1>${story}</article></div></body></html>`;
  const page = loadPage(enc(html));
  assert.equal(page.includesHidden, true);
  assert.ok(page.blocks.some((b) => b.text.startsWith('Paragraph 3')));
  const result = extractBytes(enc(html), await loadExtractionModel());
  assert.match(toText(result.article), /Paragraph 3: the council met/);
});

test('a page that shows only its header and hides its listing is read with its hidden text', () => {
  const header = '<header><a href="/">Shop</a> <a href="/deals">Daily deals</a> <a href="/help">Help and contact</a></header><h1>Collectibles and art</h1>' +
    `<p>${'Shop by category, find what you love and save. '.repeat(7)}</p>`;
  const listing = Array.from({ length: 40 }, (_, k) => `<li><a href="/i/${k}">Vintage poster number ${k + 1}, framed</a> $${k + 10}.99 Free shipping</li>`).join('');
  const page = loadPage(enc(`<body>${header}<div style="display:none"><ul>${listing}</ul></div></body>`));
  assert.ok(page.blocks.reduce((n, b) => n + b.text.length, 0) > 1000);
  assert.equal(page.includesHidden, true);
  assert.ok(page.blocks.some((b) => b.text.startsWith('Vintage poster number 12')));
});

test('hidden boxes on a page with visible content stay hidden', () => {
  const html = `<html><body><article>${story}</article><div style="display:none"><p>${'Secret newsletter pitch. '.repeat(60)}</p></div></body></html>`;
  const page = loadPage(enc(html));
  assert.equal(page.includesHidden, false);
  assert.ok(!page.blocks.some((b) => b.text.includes('Secret newsletter')));
  const tiny = loadPage(enc('<body><p>Short page.</p><div hidden>x</div></body>'));
  assert.equal(tiny.includesHidden, false, 'little hidden text: nothing to reveal');
});
