/** List gold from declared items: JSON-LD and microdata read, matched to elements, declarations removed. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ElementNode } from '../../src/dom/tree.js';
import { comparableUrl, jsonLdLists, listGold, stripDeclarations } from '../../src/corpus/list-gold.js';

const LD = JSON.stringify({
  '@context': 'https://schema.org', '@type': 'ItemList',
  itemListElement: [
    { '@type': 'ListItem', position: 1, url: 'https://shop.example/p/red', name: 'Red kettle' },
    { '@type': 'ListItem', position: 2, item: { '@type': 'Product', name: 'Blue kettle', url: '/p/blue/' } },
    { '@type': 'ListItem', position: 3, url: 'https://www.shop.example/p/green#top' },
    { '@type': 'ListItem', position: 4, url: 'https://shop.example/p/not-on-page', name: 'Ghost' },
  ],
});
const CRUMBS = JSON.stringify({ '@type': 'BreadcrumbList', itemListElement: [{ name: 'Home', item: '/' }, { name: 'Kettles', item: '/k' }, { name: 'All', item: '/a' }] });

const PAGE = `<html><head><title>Kettles</title>
<script type="application/ld+json">${LD}</script>
<script type="application/ld+json">${CRUMBS}</script></head>
<body><nav><a href="/">Home</a> <a href="/k">Kettles</a> <a href="/a">All</a></nav>
<ul class="grid">
 <li><a href="/p/red"><img src="r.jpg"></a><a href="/p/red">Red kettle</a> <span>£20</span></li>
 <li><a href="/p/blue">Blue kettle</a> <span>£21</span></li>
 <li><a href="/p/green">Green kettle</a> <span>£22</span></li>
</ul></body></html>`;

test('JSON-LD ItemList entries give names and URLs; breadcrumbs are no list', () => {
  const lists = jsonLdLists([JSON.parse(LD), JSON.parse(CRUMBS)]);
  assert.equal(lists.length, 1);
  assert.equal(lists[0]!.source, 'json-ld:ItemList');
  assert.deepEqual(lists[0]!.items[1], { name: 'Blue kettle', url: '/p/blue/' });
});

test('declared items are matched to the links that carry them, and the declaration is gone from what the learner sees', () => {
  const g = listGold(PAGE, 'https://shop.example/kettles');
  assert.ok(g);
  assert.equal(g.items.length, 3, 'the item not on the page is not gold');
  const tags = g.nodes.map((id) => (g.tree.nodes[id] as ElementNode).tag);
  assert.deepEqual(tags, ['a', 'a', 'a']);
  assert.deepEqual(g.nodes.map((id) => g.rows.textOf(id)), ['Red kettle', 'Blue kettle', 'Green kettle'], 'the titled link, not the image link');
  assert.equal(g.tree.jsonLd.length, 0);
  assert.doesNotMatch(g.html, /ld\+json|itemListElement|Ghost/);
});

test('microdata lists are read, and their attributes stripped', () => {
  const html = `<html><body><div itemscope itemtype="https://schema.org/ItemList">
  <div itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a itemprop="url" href="/a"><span itemprop="name">Alpha story</span></a></div>
  <div itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a itemprop="url" href="/b"><span itemprop="name">Beta story</span></a></div>
  <div itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a itemprop="url" href="/c"><span itemprop="name">Gamma story</span></a></div>
  </div><p>Text that mentions itemprop="name" stays.</p></body></html>`;
  const g = listGold(html, 'https://news.example/');
  assert.ok(g);
  assert.equal(g.declared.source, 'microdata:ItemList');
  assert.equal(g.items.length, 3);
  assert.deepEqual(g.nodes.map((id) => g.rows.textOf(id)), ['Alpha story', 'Beta story', 'Gamma story']);
  assert.doesNotMatch(g.html.replace(/<p>.*<\/p>/, ''), /itemscope|itemprop|itemtype/);
  assert.match(g.html, /mentions itemprop="name" stays/, 'text is not touched');
  for (const n of g.tree.nodes) if (n.kind === 'element') assert.equal(n.attrs['itemprop'], undefined);
});

test('a page with no declaration, or too few items found, has no gold', () => {
  assert.equal(listGold('<html><body><ul><li><a href="/1">One</a></li></ul></body></html>'), undefined);
  const two = JSON.stringify({ '@type': 'ItemList', itemListElement: [{ url: '/x', name: 'X item' }, { url: '/y', name: 'Y item' }, { url: '/z', name: 'Z item' }] });
  assert.equal(listGold(`<html><head><script type="application/ld+json">${two}</script></head><body><a href="/x">X item</a><a href="/y">Y item</a></body></html>`, 'https://e.example/'), undefined);
});

test('stripDeclarations and comparableUrl', () => {
  assert.equal(stripDeclarations('<div itemscope itemtype="x" class="c"><script type="application/ld+json">{}</script>t</div>'), '<div class="c">t</div>');
  assert.equal(comparableUrl('https://www.A.example/p/1/#x', undefined), comparableUrl('http://a.example/p/1', undefined));
  assert.equal(comparableUrl('javascript:void(0)', 'https://a.example/'), undefined);
});

/** An events page: three JSON-LD Events side by side, and an FAQ whose questions are no list of items. */
const EVENTS = [
  { '@type': 'Event', name: 'Harbour jazz night', url: 'https://town.example/e/jazz' },
  { '@type': 'Event', name: 'Lantern walk', url: 'https://town.example/e/lanterns' },
  { '@type': 'Event', name: 'Oyster festival', url: 'https://town.example/e/oysters' },
];
const FAQ = { '@type': 'FAQPage', mainEntity: ['Is it free?', 'Is there parking?', 'Can dogs come?'].map((q) => ({ '@type': 'Question', name: q })) };
const EVENTS_PAGE = `<html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@graph': EVENTS })}</script>
<script type="application/ld+json">${JSON.stringify(FAQ)}</script></head><body>
<div class="events">${EVENTS.map((e) => `<article><h2><a href="${e.url}">${e.name}</a></h2><p>Saturday</p></article>`).join('')}</div>
<section>${FAQ.mainEntity.map((q) => `<h3>${q.name}</h3><p>Yes.</p>`).join('')}</section></body></html>`;

test('GoldSources.things: things of one type side by side are gold, FAQ questions are not; off by default', () => {
  assert.equal(listGold(EVENTS_PAGE), undefined, 'the default sources read ItemLists and products only');
  const gold = listGold(EVENTS_PAGE, 'https://town.example/', { things: true })!;
  assert.equal(gold.declared.source, 'json-ld:Event[]');
  assert.deepEqual(gold.nodes.map((id) => (gold.tree.nodes[id] as ElementNode).tag), ['a', 'a', 'a']);
  assert.ok(!gold.html.includes('ld+json'));
  assert.deepEqual(jsonLdLists([FAQ], { things: true }), []);
});

test('GoldSources.things never displaces a declared ItemList; microdata scopes of any item type', () => {
  const both = PAGE.replace('</head>', `<script type="application/ld+json">${JSON.stringify({ '@graph': EVENTS })}</script></head>`);
  assert.equal(listGold(both, 'https://shop.example/', { things: true })?.declared.source, 'json-ld:ItemList');
  const md = `<html><body><div>${['Tide tables explained', 'Mending a sail', 'Knots for beginners'].map((t, i) =>
    `<div itemscope itemtype="https://schema.org/BlogPosting"><a itemprop="url" href="/b/${i}"><span itemprop="name">${t}</span></a></div>`).join('')}</div></body></html>`;
  assert.equal(listGold(md, 'https://sea.example/'), undefined);
  const gold = listGold(md, 'https://sea.example/', { things: true })!;
  assert.equal(gold.declared.source, 'microdata:BlogPosting');
  assert.equal(gold.nodes.length, 3);
  assert.ok(!/itemscope|itemprop/.test(gold.html));
});

/** RDFa Lite as schema.org writes it: an ItemList whose ListItems hold a linked WebPage with its name. */
const RDFA_LIST = `<html><head><meta property="og:title" content="Tents"></head><body vocab="https://schema.org/">
<ol typeof="BreadcrumbList"><li property="itemListElement" typeof="ListItem"><a property="item" typeof="WebPage" href="/"><span property="name">Home</span></a></li>
<li property="itemListElement" typeof="ListItem"><a property="item" typeof="WebPage" href="/camp"><span property="name">Camping</span></a></li>
<li property="itemListElement" typeof="ListItem"><a property="item" typeof="WebPage" href="/camp/tents"><span property="name">Tents</span></a></li></ol>
<ul typeof="ItemList">${['Ridge tent', 'Dome tent', 'Tunnel tent'].map((t, i) =>
  `<li property="itemListElement" typeof="ListItem"><meta property="position" content="${i + 1}"><a property="item" typeof="Product" href="/t/${i}"><img src="${i}.jpg"><span property="name">${t}</span></a> <span>£${90 + i}</span></li>`).join('')}</ul>
<p>Text that mentions typeof="ItemList" stays.</p></body></html>`;

test('RDFa: an ItemList is read with its names and links, the breadcrumbs are not, and the declaration is removed', () => {
  const g = listGold(RDFA_LIST, 'https://outdoor.example/camp/tents');
  assert.ok(g);
  assert.equal(g.declared.source, 'rdfa:ItemList');
  assert.deepEqual(g.items, [{ name: 'Ridge tent', url: '/t/0' }, { name: 'Dome tent', url: '/t/1' }, { name: 'Tunnel tent', url: '/t/2' }]);
  assert.deepEqual(g.nodes.map((id) => (g.tree.nodes[id] as ElementNode).tag), ['a', 'a', 'a']);
  assert.doesNotMatch(g.html.replace(/<p>.*<\/p>/, ''), /typeof|property=|vocab/);
  assert.match(g.html, /mentions typeof="ItemList" stays/, 'text is not touched');
  for (const n of g.tree.nodes) if (n.kind === 'element') assert.deepEqual([n.attrs['typeof'], n.attrs['property'], n.attrs['vocab']], [undefined, undefined, undefined]);
  assert.equal(listGold(RDFA_LIST.replace(/<ul typeof="ItemList">[\s\S]*<\/ul>/, ''), 'https://outdoor.example/'), undefined, 'breadcrumbs alone are no list');
});

test('RDFa: repeated Products on one tag path are gold by default; teaser Articles only with GoldSources.things', () => {
  const rows = (type: string, names: readonly string[]): string => names.map((t, i) =>
    `<div class="views-row"><article about="/n/${i}" typeof="${type}"><h3><a href="/n/${i}"><span property="schema:name">${t}</span></a></h3><p>Teaser text.</p></article></div>`).join('');
  const page = (body: string): string => `<html><body prefix="schema: http://schema.org/"><main>${body}</main></body></html>`;
  const products = listGold(page(rows('schema:Product', ['Oak chair', 'Ash table', 'Elm stool'])), 'https://wood.example/');
  assert.equal(products?.declared.source, 'rdfa:Product');
  assert.equal(products.nodes.length, 3);
  const articles = page(rows('schema:Article', ['Council meets', 'Bridge reopens', 'Market moves']));
  assert.equal(listGold(articles, 'https://town.example/'), undefined, 'the default sources read ItemLists and products only');
  const g = listGold(articles, 'https://town.example/', { things: true })!;
  assert.equal(g.declared.source, 'rdfa:Article');
  assert.deepEqual(g.items.map((i) => i.url), ['/n/0', '/n/1', '/n/2'], 'the subject (`about`) is the URL');
  assert.doesNotMatch(g.html, /about=|typeof|property=|prefix=/);
});

test('RDFa that is no list of items gives no gold: images, comments, taxonomy terms, one article', () => {
  const html = `<html><body><article typeof="sioc:Item foaf:Document" about="/a/1"><h1 property="dc:title">One story</h1>
${[1, 2, 3].map((i) => `<img typeof="foaf:Image" src="/i/${i}.jpg" alt="Photo ${i}">`).join('')}
<ul>${['Politics', 'Weather', 'Sport'].map((t) => `<li><a href="/t/${t}" typeof="skos:Concept" property="rdfs:label skos:prefLabel">${t}</a></li>`).join('')}</ul>
${['Well said', 'I disagree', 'Thanks'].map((c, i) => `<div typeof="sioc:Post sioct:Comment" about="/c/${i}"><p property="content:encoded">${c}</p></div>`).join('')}
</article></body></html>`;
  assert.equal(listGold(html, 'https://news.example/a/1', { things: true }), undefined);
});
