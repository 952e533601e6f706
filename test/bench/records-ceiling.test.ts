/** The records bench's page ceiling (bench/records-ceiling.ts): what a page shows of its declared items, read from the page alone. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../src/dom/parse.js';
import { elementText } from '../../src/models/wrapper/fields.js';
import type { ElementNode } from '../../src/dom/tree.js';
import { atWordBoundaries, ceilingF1, pageShows, showsAsUnit } from '../../bench/records-ceiling.js';

const html = '<html><body><ul>'
  + '<li><a href="/ghost">Brooks Ghost 17</a></li>'
  + '<li><img alt="Clifton 10" src="/c.jpg"><a href="/clifton">Hoka Clifton 10 (wide)</a></li>'
  + '<li><a href="/elsewhere">Novablast 5</a></li>'
  + '<li><a href="/ran">Rank</a></li>'
  + '</ul></body></html>';
const tree = parseHtml(html, { url: 'https://shop.example/list' });
const shows = pageShows(tree, elementText(tree, tree.nodes[0] as ElementNode));
const links = new Set(['https://shop.example/ghost', 'https://shop.example/clifton', 'https://shop.example/elsewhere', 'https://shop.example/ran']);
const none = (): string[] => [];

test('shown: a unit\'s whole text, a text node at word boundaries, or a text attribute; never inside a longer word', () => {
  assert.ok(showsAsUnit(shows, 'Ghost 17', []), 'after a brand, at word boundaries');
  assert.ok(shows.attrs.has('Clifton 10'), 'the image\'s alt');
  assert.ok(!showsAsUnit(shows, 'Ran', []), 'not inside "Rank"');
  assert.ok(!atWordBoundaries('Scream 7 tonight', 'Scream', ['Scream 7']), 'not inside a longer declared name');
});

test('ceiling: recall over the shown items whose every given field stands on the page, precision 1', () => {
  const items = [
    { name: 'Ghost 17', url: 'https://shop.example/ghost' },
    { name: 'Clifton 10', url: 'https://shop.example/clifton' },
    { name: 'Novablast 5', url: 'https://shop.example/novablast' },
    { name: 'Ran', url: 'https://shop.example/ran' },
  ];
  // Names alone: Ran is not shown (3 of 4 reachable).
  assert.equal(ceilingF1(shows, links, items, { withUrl: false, withPrice: false }, none), (2 * 0.75) / 1.75);
  // With URLs: Novablast 5's declared URL is linked nowhere (2 of 4).
  assert.equal(ceilingF1(shows, links, items, { withUrl: true, withPrice: false }, none), (2 * 0.5) / 1.5);
  // With prices: only a price the page's text holds.
  assert.equal(ceilingF1(shows, links, [{ name: 'Ghost 17', price: '129.00' }], { withUrl: false, withPrice: true }, none), 0);
  assert.equal(ceilingF1(shows, links, [], { withUrl: false, withPrice: false }, none), 0);
});
