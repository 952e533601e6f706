/** The declared headlines the decoder's title tie-break may use. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from '../../src/page.js';
import { declaredSiteKeys, declaredTitles } from '../../src/pipeline/extract.js';

const page = (html: string) => loadPage(new TextEncoder().encode(html));

test('declared titles: og and twitter titles, every JSON-LD headline (also inside @graph), then <title>', () => {
  const ld = '{"@graph":[{"@type":"WebSite","name":"Site"},{"@type":"NewsArticle","headline":"Rain \\"at last\\""}]}';
  const html = `<head><title>Rain at last | Daily</title><meta property="og:title" content="Rain at last">
    <script type="application/ld+json">${ld}</script><script type="application/ld+json">{"headline":"Second"}</script></head><body><p>x</p></body>`;
  assert.deepEqual(declaredTitles(page(html)), ['Rain at last', 'Rain "at last"', 'Second', 'Rain at last | Daily']);
});

test('malformed JSON-LD and non-string headlines are ignored, not fatal', () => {
  const html = '<head><script type="application/ld+json">{"headline": </script><script type="application/ld+json">{"headline":{"x":1}}</script></head><body><p>x</p></body>';
  assert.deepEqual(declaredTitles(page(html)), []);
});

test("declared site keys: og:site_name and the page's URL (given, or its og:url), letters only", () => {
  const html = `<head><meta property="og:site_name" content="I Geek for Creativity"><meta property="og:url" content="http://tweetrightbrain.posterous.com/creative-food"></head><body><p>x</p></body>`;
  assert.deepEqual(declaredSiteKeys(page(html)), ['igeekforcreativity', 'tweetrightbrain', 'posterous']);
  assert.deepEqual(declaredSiteKeys(loadPage(new TextEncoder().encode('<body><p>x</p></body>'), { url: 'https://www.example.org/a' })), ['example']);
  assert.deepEqual(declaredSiteKeys(page('<body><p>x</p></body>')), []);
});
