/** Title block: the gold title's text first, then the page's own title, then the lone headline. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from '../../src/page.js';
import { alignGold } from '../../src/corpus/index.js';

const page = (head: string, body: string) =>
  loadPage(new TextEncoder().encode(`<!DOCTYPE html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`));
const story = '<p>The neon signs of the last century were a marvel of engineering and art.</p><p>They lit up every main street.</p>';
const gold = { mainText: 'The neon signs of the last century were a marvel of engineering and art.\nThey lit up every main street.' };

test('the gold title shown on the page wins', () => {
  const r = alignGold(page('<title>Neon | CityLab</title>', `<div>Menu</div><h1>The Modern Ambitions Behind Neon</h1>${story}`), { ...gold, title: 'The Modern Ambitions Behind Neon' });
  assert.equal(r.titleBlock, 1);
  assert.equal(r.titleSource, 'gold');
});

test('a metadata gold title not on the page: the headline matching the page <title> or og:title', () => {
  const body = `<div>Why Neon Is the Ultimate Symbol of the 20th Century</div><h1>Why Neon Is the Ultimate Symbol of the 20th Century</h1><h1>Most popular</h1>${story}`;
  const r = alignGold(page('<title>Why Neon Is the Ultimate Symbol of the 20th Century - CityLab</title>', body), { ...gold, title: 'The Modern Ambitions Behind Neon' });
  assert.equal(r.titleBlock, 1); // the h1, not the breadcrumb-like div
  assert.equal(r.titleSource, 'page-title');
  const og = alignGold(page('<meta property="og:title" content="Why Neon Is the Ultimate Symbol of the 20th Century">', body), { ...gold, title: 'Something else entirely' });
  assert.equal(og.titleBlock, 1);
});

test('else the one h1 right before the content; two h1s or a far one give no title', () => {
  const r = alignGold(page('<title>Test page</title>', `<div>Home</div><h1>Lorem</h1>${story}`), { ...gold, title: 'Basic tag cleaning test' });
  assert.equal(r.titleBlock, 1);
  assert.equal(r.titleSource, 'headline');
  assert.equal(r.labels[1], 'title');
  const two = alignGold(page('', `<h1>Site name</h1><h1>Lorem</h1>${story}`), { ...gold, title: 'Basic tag cleaning test' });
  assert.equal(two.titleBlock, undefined);
  const far = alignGold(page('', `<h1>Lorem</h1>${'<p>menu entry here</p>'.repeat(20)}${story}`), { ...gold, title: 'Basic tag cleaning test' });
  assert.equal(far.titleBlock, undefined);
});

test('without a gold title nothing is guessed', () => {
  const r = alignGold(page('<title>Lorem</title>', `<h1>Lorem</h1>${story}`), gold);
  assert.equal(r.titleBlock, undefined);
});
