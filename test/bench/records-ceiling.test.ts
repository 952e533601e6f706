/** The records bench's page ceiling (bench/records-ceiling.ts): what a page shows of its declared items, read from the page alone. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../src/dom/parse.js';
import { elementText } from '../../src/models/wrapper/fields.js';
import type { ElementNode } from '../../src/dom/tree.js';
import { atWordBoundaries, ceilingF1, pageShows, pageValues, showsAsUnit } from '../../bench/records-ceiling.js';

const html = '<html><body><ul>'
  + '<li><a href="/ghost">Brooks Ghost 17</a></li>'
  + '<li><img alt="Clifton 10" src="/c.jpg"><a href="/clifton">Hoka Clifton 10 (wide)</a></li>'
  + '<li><a href="/elsewhere">Novablast 5</a></li>'
  + '<li><a href="/ran">Rank</a> <span>$129.00</span></li>'
  + '<li><img data-src="/p/tempo.jpg" alt=""><meta itemprop="price" content="149.00"><blockquote cite="/q/1">Fast</blockquote></li>'
  + '</ul></body></html>';
const tree = parseHtml(html, { url: 'https://shop.example/list' });
const text = elementText(tree, tree.nodes[0] as ElementNode);
const shows = pageShows(tree, text);
const values = pageValues(tree, text);

test('shown: a unit\'s whole text or a text node at word boundaries; never inside a longer word or a longer declared name', () => {
  assert.ok(showsAsUnit(shows, 'Ghost 17', []), 'after a brand, at word boundaries');
  assert.ok(showsAsUnit(shows, 'Novablast 5', []), 'a whole text');
  assert.ok(!showsAsUnit(shows, 'Ran', []), 'not inside "Rank"');
  assert.ok(!atWordBoundaries('Scream 7 tonight', 'Scream', ['Scream 7']), 'not inside a longer declared name');
});

test('ceiling: recall over the shown items whose every other given field stands on the page, precision 1', () => {
  const items = [
    { url: 'https://shop.example/ghost' },
    { url: 'https://shop.example/clifton' },
    { url: 'https://shop.example/novablast' },
    { url: 'https://shop.example/ran' },
  ];
  // Names alone: every shown item is reachable.
  assert.equal(ceilingF1(values, items, { withUrl: false, withPrice: false }), 1);
  // With URLs: Novablast 5's declared URL is linked nowhere (3 of 4).
  assert.equal(ceilingF1(values, items, { withUrl: true, withPrice: false }), (2 * 0.75) / 1.75);
  // With prices: only a price the page's text holds.
  assert.equal(ceilingF1(values, [{ price: '129.00' }, { price: '99.00' }], { withUrl: false, withPrice: true }), (2 * 0.5) / 1.5);
  assert.equal(ceilingF1(values, [], { withUrl: false, withPrice: false }), 0);
});

test('ceiling: a URL in any link attribute a rule reads (`data-src`, `cite`) and a price in a text attribute (`content`) stand on the page', () => {
  const given = { withUrl: true, withPrice: true };
  assert.equal(ceilingF1(values, [{ url: 'https://shop.example/p/tempo.jpg', price: '149.00' }, { url: 'https://shop.example/q/1', price: '129.00' }], given), 1);
  assert.equal(ceilingF1(values, [{ url: 'https://shop.example/q/2', price: '149.00' }], given), 0);
});

test('ceiling: an item the bench counts as shown is not judged by name again (`--shown substring`: "Ran" inside "Rank" is reachable, so the ceiling stays an upper bound)', () => {
  assert.equal(ceilingF1(values, [{ url: 'https://shop.example/ran' }], { withUrl: true, withPrice: false }), 1);
});
