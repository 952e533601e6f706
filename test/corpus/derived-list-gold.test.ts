/** Derived list gold: a listing page's main list read from its main text's lines, menus and ties left out. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ElementNode } from '../../src/dom/tree.js';
import { DERIVED_SOURCE, derivedListGold, mainTextLines } from '../../src/corpus/derived-list-gold.js';
import { isDefaultSource } from '../../src/corpus/list-gold.js';

const STORIES = ['Rivers rise after a week of storms', 'The council votes on the new bridge', 'A bakery opens on the old market square', 'Schools plan for a longer summer term'];
const story = (t: string, k: number): string => `<li><a href="/news/${k}">${t}</a> <span>2 hours ago</span></li>`;

const LISTING = `<html><head><title>News</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a> <a href="/weather">Weather</a></nav>
<div class="topics"><a href="/t/a">Local</a> <a href="/t/b">Politics</a> <a href="/t/c">Food</a> <a href="/t/d">Schools</a></div>
<h1>Latest news</h1>
<ul class="stories">${STORIES.map(story).join('\n')}</ul>
<div class="about"><p>We report from the town.</p><p>Write to us.</p><p>Read more.</p></div>
</body></html>`;

// The main text names the menu's and the topics' links too (drafted gold often does), but their lines are short.
const LISTING_TEXT = ['Home', 'News', 'Sport', 'Weather', 'Local', 'Politics', 'Food', 'Schools', 'Latest news', ...STORIES, 'We report from the town.', 'Write to us.', 'Read more.'].join('\n');

test('main text lines are compared as names are: case, white space and end punctuation left out', () => {
  assert.deepEqual([...mainTextLines('  Rivers  RISE.\n\n## x\nA bakery')], ['rivers rise', 'x', 'a bakery']);
});

test('the listing\'s stories are the gold: linked lines outside the nav, more text than the topics\' row of short links', () => {
  const r = derivedListGold(LISTING, LISTING_TEXT, 'https://town.example/news');
  assert.ok('gold' in r, `no gold: ${'skip' in r ? r.skip : ''}`);
  const g = r.gold;
  assert.equal(g.declared.source, DERIVED_SOURCE);
  assert.equal(isDefaultSource(g.declared.source), false, 'derived gold is none of the declared sources');
  assert.deepEqual(g.items.map((i) => i.name), STORIES);
  assert.deepEqual(g.items.map((i) => i.url), ['/news/0', '/news/1', '/news/2', '/news/3']);
  // The li and its link cover the same lines: the link (the inner one) is taken.
  assert.deepEqual(g.nodes.map((id) => (g.tree.nodes[id] as ElementNode).tag), ['a', 'a', 'a', 'a']);
});

test('a page whose main list is two unrelated groups covering the same lines gives no gold', () => {
  const page = `<html><body>
<div class="carousel">${STORIES.slice(0, 3).map((t, k) => `<div class="slide"><a href="/s/${k}">${t}</a></div>`).join('')}</div>
<ul>${STORIES.slice(0, 3).map(story).join('')}</ul></body></html>`;
  assert.deepEqual(derivedListGold(page, STORIES.join('\n')), { skip: 'tie' });
});

test('paragraphs without links, a menu in the nav, and a page without main text give no gold', () => {
  const prose = `<html><body>${STORIES.map((t) => `<p>${t}</p>`).join('')}</body></html>`;
  assert.deepEqual(derivedListGold(prose, STORIES.join('\n')), { skip: 'no-group' });
  const menu = `<html><body><nav><ul>${STORIES.map(story).join('')}</ul></nav><p>Hello there.</p></body></html>`;
  assert.deepEqual(derivedListGold(menu, STORIES.join('\n')), { skip: 'no-group' });
  assert.deepEqual(derivedListGold(LISTING, undefined), { skip: 'no-main-text' });
  assert.deepEqual(derivedListGold(LISTING, ' \n '), { skip: 'no-main-text' });
});

test('a group counts only when most of its members are lines of the main text', () => {
  const many = `<html><body><ul>${[...STORIES, 'Five', 'Six', 'Seven', 'Eight', 'Nine'].map(story).join('')}</ul></body></html>`;
  // 4 of 9 members are lines: under half.
  assert.deepEqual(derivedListGold(many, STORIES.join('\n')), { skip: 'no-group' });
});

test('declarations are removed from the page the learner sees', () => {
  const ld = '<script type="application/ld+json">{"@type":"ItemList","itemListElement":[]}</script>';
  const r = derivedListGold(LISTING.replace('<title>', `${ld}<title>`), LISTING_TEXT);
  assert.ok('gold' in r);
  assert.doesNotMatch(r.gold.html, /ld\+json/);
});

test('a title inside its card\'s link takes the card\'s URL', () => {
  const cards = `<html><body><div class="grid">${STORIES.map((t, k) => `<a class="card" href="/c/${k}"><img src="i.jpg"><h3>${t}</h3><span>From £${k + 5}</span></a>`).join('')}</div></body></html>`;
  const r = derivedListGold(cards, STORIES.join('\n'));
  assert.ok('gold' in r);
  assert.deepEqual(r.gold.nodes.map((id) => (r.gold.tree.nodes[id] as ElementNode).tag), ['h3', 'h3', 'h3', 'h3']);
  assert.deepEqual(r.gold.items.map((i) => i.url), ['/c/0', '/c/1', '/c/2', '/c/3']);
});

test('asLinks: each item is its link element, as a declared item is matched to the link to its page', () => {
  const cards = `<html><body><div class="grid">${STORIES.map((t, k) => `<a class="card" href="/c/${k}"><img src="i.jpg"><h3>${t}</h3><span>From £${k + 5}</span></a>`).join('')}</div></body></html>`;
  const r = derivedListGold(cards, STORIES.join('\n'), undefined, { asLinks: true });
  assert.ok('gold' in r);
  assert.deepEqual(r.gold.nodes.map((id) => (r.gold.tree.nodes[id] as ElementNode).tag), ['a', 'a', 'a', 'a']);
  assert.deepEqual(r.gold.items.map((i) => i.name), STORIES);
});
