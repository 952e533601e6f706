import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BlockRole, blockRoles } from '../../src/decode/roles.js';
import { blockContainers, tagsAlongChain } from '../../src/decode/containers.js';
import { detectPageType, detectPageTypeOf, kindBodyWeight, KIND_BODY_WEIGHTS } from '../../src/decode/page-type.js';
import { loadPage } from '../../src/page.js';

const enc = (s: string) => new TextEncoder().encode(s);
const ROLE_NAMES = Object.fromEntries(Object.entries(BlockRole).map(([k, v]) => [v, k]));

/** Each block's text (or image alt) with its role's name. */
function roles(html: string): Array<[string, string]> {
  const page = loadPage(enc(html));
  const r = blockRoles(page.tree, page.blocks);
  return page.blocks.map((b, i) => [b.kind === 'text' ? b.text : `[${b.alt ?? ''}]`, ROLE_NAMES[r[i]!]!]);
}

test('roles: controls, avatars, authors, attributions, a teaser inset, a photo with its caption and credit', () => {
  assert.deepEqual(roles(`<body><article>
    <div class="bucketwrap image"><img src="a.jpg" alt="photo"><div class="credit-caption"><div class="caption"><p>A caption.</p></div>
      <div class="hide-caption">hide caption</div><div class="credit">Ann Lee/AP</div></div></div>
    <p>Text of the story, long enough.</p>
    <aside class="internallink"><a href="/x"><img src="t.jpg" alt="thumb"></a><h3>Life Kit</h3><p><a href="/x">A teaser</a></p></aside>
    <div class="message"><div class="message-avatar"><img src="u.jpg" alt="dave"></div><h4 class="message-name"><a class="username" href="/u">dave</a></h4>
      <blockquote><div><a href="/p">anna said:</a></div><div>Quoted words.</div></blockquote><p>Reply text.</p>
      <a href="/like"><img src="like.png" alt="Like"></a></div>
  </article></body>`), [
    ['[photo]', 'captioned'], ['A caption.', 'caption'], ['hide caption', 'control'], ['Ann Lee/AP', 'none'],
    ['Text of the story, long enough.', 'none'],
    ['[thumb]', 'promo'], ['Life Kit', 'promo'], ['A teaser', 'promo'],
    ['[dave]', 'avatar'], ['dave', 'author'], ['anna said:', 'attribution'], ['Quoted words.', 'none'], ['Reply text.', 'none'], ['[Like]', 'control'],
  ]);
});

test("roles: a short line in an element named for the site's own name is the site's name, not a headline", () => {
  const r = roles(`<body><div id="banner"><h1 id="banner-header"><a href="/aws/">Amazon Web Services Blog</a></h1></div>
    <div class="site-branding"><p class="site-title"><a href="/">Ritzy Bee</a></p></div>
    <article><h3 class="entry-title">The AWS Report</h3><p>Text of the story, long enough.</p></article></body>`);
  assert.deepEqual(r, [['Amazon Web Services Blog', 'siteName'], ['Ritzy Bee', 'siteName'], ['The AWS Report', 'none'], ['Text of the story, long enough.', 'none']]);
});

test('roles: a large aside (a sidebar) is no teaser box; an image far from any caption is not captioned', () => {
  const many = Array.from({ length: 40 }, (_, i) => `<li><a href="/${i}">Link ${i}</a></li>`).join('');
  const r = roles(`<body><aside><ul>${many}</ul></aside><div><img src="a.jpg" alt="lone"></div><p>Text.</p></body>`);
  assert.equal(r.filter(([, role]) => role === 'promo').length, 0);
  assert.deepEqual(r.find(([t]) => t === '[lone]'), ['[lone]', 'none']);
});

test('roles: a small box named for the author is an author bio, its prose included; a byline is an author line; a large element so named is no box', () => {
  const r = roles(`<body><article><p>Text of the story, long enough.</p>
    <div class="row author-box"><img src="m.jpg" alt="Moritz"><div class="author-box__text"><p>Moritz Gathmann leitet das Ressort Außenpolitik.</p></div></div>
    <footer><div id="author-info"><div id="author-description"><p>Scholarch der Cogneon Akademie.</p></div></div></footer>
    <p class="author-name">By Anna</p></article></body>`);
  assert.deepEqual(r, [['Text of the story, long enough.', 'none'], ['[Moritz]', 'authorBio'], ['Moritz Gathmann leitet das Ressort Außenpolitik.', 'authorBio'],
    ['Scholarch der Cogneon Akademie.', 'authorBio'], ['By Anna', 'author']]);
  const many = Array.from({ length: 70 }, (_, i) => `<p>Paragraph ${i}.</p>`).join('');
  assert.ok(roles(`<body><div class="author-info-wrap">${many}</div></body>`).every(([, role]) => role === 'none'), 'a wrapper of 140 nodes is no author box');
});

test('page type: declared in JSON-LD, microdata or og:type; a thread of user names is a forum, a page of code blocks docs; else unknown', () => {
  const typeOf = (html: string) => {
    const page = loadPage(enc(html));
    return detectPageType(page.tree, blockRoles(page.tree, page.blocks));
  };
  const ld = (t: unknown) => `<head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': t })}</script></head><body><p>x</p></body>`;
  assert.equal(typeOf(ld('NewsArticle')), 'article');
  assert.equal(typeOf(ld(['Article', 'DiscussionForumPosting'])), 'forum', 'forum wins over article');
  assert.equal(typeOf(ld('Product')), 'product');
  assert.equal(typeOf(ld('CollectionPage')), 'listing');
  assert.equal(typeOf(ld('ItemList')), 'listing');
  assert.equal(typeOf(ld(['NewsArticle', 'ItemList'])), 'article', 'an article listing related items is an article');
  assert.equal(typeOf(ld(['Article', 'CollectionPage'])), 'listing', 'the page itself a collection');
  assert.equal(typeOf('<body itemscope itemtype="http://schema.org/Blog"><p>x</p></body>'), 'unknown', "a blog's every page says Blog");
  assert.equal(typeOf('<body itemscope itemtype="http://schema.org/Blog"><article itemscope itemtype="http://schema.org/BlogPosting"><p>x</p></article></body>'), 'article');
  assert.equal(typeOf(ld('TechArticle')), 'docs');
  const raw = (o: unknown) => `<head><script type="application/ld+json">${JSON.stringify(o)}</script></head><body><p>x</p></body>`;
  assert.equal(typeOf(raw({ '@type': 'BlogPosting', publisher: { '@type': 'Organization', owns: [{ '@type': 'Product' }] }, mainEntity: { '@type': 'Place', review: { '@type': 'Review' } } })), 'article', "the publisher's products are not the page's");
  assert.equal(typeOf(raw({ '@type': 'Review', itemReviewed: { '@type': 'Product' } })), 'article', 'a review of a product is an article');
  assert.equal(typeOf(raw({ '@graph': [{ '@type': 'WebPage', mainEntity: { '@type': 'Product' } }] })), 'product', 'the main entity of a graph member');
  assert.equal(typeOf('<body itemscope itemtype="https://schema.org/QAPage"><p>q</p></body>'), 'forum');
  assert.equal(typeOf('<head><meta property="og:type" content="product"></head><body><p>x</p></body>'), 'product');
  const posts = ['a', 'b', 'c'].map((u) => `<div class="post"><span class="username">${u}</span><p>Post by ${u}.</p></div>`).join('');
  assert.equal(typeOf(`<body>${posts}</body>`), 'forum');
  const typeWithBlocks = (html: string) => {
    const page = loadPage(enc(html));
    return detectPageType(page.tree, blockRoles(page.tree, page.blocks), page.blocks);
  };
  assert.equal(typeWithBlocks('<body><p>Use flex.</p><pre>a</pre><pre>b</pre><pre><code>c</code></pre></body>'), 'docs', 'three blocks of code');
  assert.equal(typeWithBlocks('<body><p>Use flex.</p><pre>a</pre><pre>b</pre></body>'), 'unknown');
  assert.equal(typeOf('<body><p>Nothing said.</p></body>'), 'unknown');
  assert.equal(typeOf(`<head><script type="application/ld+json">{broken</script></head><body><p>x</p></body>`), 'unknown');
});

test("page type: a page that declares many products is a catalogue: its products don't make it a product page", () => {
  const typeOf = (html: string) => {
    const page = loadPage(enc(html));
    return detectPageType(page.tree, blockRoles(page.tree, page.blocks), page.blocks);
  };
  const products = (n: number) => Array.from({ length: n }, (_, i) => ({ '@type': 'Product', name: `Shoe ${i}`, offers: { '@type': 'Offer', price: 80 + i } }));
  const ld = (o: unknown, og = '') => `<head>${og}<script type="application/ld+json">${JSON.stringify(o)}</script></head><body><p>x</p></body>`;
  assert.equal(typeOf(ld(products(7))), 'product', 'a product with a few related items');
  assert.equal(typeOf(ld(products(8))), 'unknown', 'a category of eight products declares no kind');
  assert.equal(typeOf(ld(products(8), '<meta property="og:type" content="product">')), 'unknown', "a site's og:type product on its category page");
  assert.equal(typeOf(ld([{ '@type': 'CollectionPage' }, ...products(20)])), 'listing', 'its own declaration still counts');
  const tiles = Array.from({ length: 8 }, (_, i) => `<li itemscope itemtype="https://schema.org/Product"><a href="/p/${i}">Lamp ${i}</a> <span>$${i}9</span></li>`).join('');
  assert.equal(typeOf(`<body><ul>${tiles}</ul></body>`), 'unknown', 'eight product tiles in microdata');
});

test('page type: an article on its og:type alone is marked so; declared in JSON-LD, it is not', () => {
  const detect = (html: string) => {
    const page = loadPage(enc(html));
    return detectPageTypeOf(page.tree, blockRoles(page.tree, page.blocks), page.blocks);
  };
  assert.deepEqual(detect('<head><meta property="og:type" content="article"></head><body><p>x</p></body>'), { type: 'article', byOpenGraph: true });
  const both = `<head><meta property="og:type" content="article"><script type="application/ld+json">${JSON.stringify({ '@type': 'NewsArticle' })}</script></head><body><p>x</p></body>`;
  assert.deepEqual(detect(both), { type: 'article', byOpenGraph: false });
  assert.deepEqual(detect('<body><p>x</p></body>'), { type: 'unknown', byOpenGraph: false });
});

test("page type: a page of unknown kind that declares og:type website, or is a site's front page, is marked a website; p(body) weighs more on websites, docs, forums and products", () => {
  const detect = (html: string, url?: string) => {
    const page = loadPage(enc(html));
    return detectPageTypeOf(page.tree, blockRoles(page.tree, page.blocks), page.blocks, url);
  };
  const og = (t: string) => `<head><meta property="og:type" content="${t}"></head><body><p>x</p></body>`;
  assert.deepEqual(detect(og('website')), { type: 'unknown', byOpenGraph: false, website: true });
  assert.deepEqual(detect(og(' Website ')), { type: 'unknown', byOpenGraph: false, website: true }, 'as sites write it');
  const product = `<head><meta property="og:type" content="website"><script type="application/ld+json">${JSON.stringify({ '@type': 'Product' })}</script></head><body><p>x</p></body>`;
  assert.deepEqual(detect(product), { type: 'product', byOpenGraph: false }, 'what it declares of itself wins');
  assert.equal(kindBodyWeight(detect(og('website'))), KIND_BODY_WEIGHTS.website);
  assert.equal(kindBodyWeight(detect(og('article'))), 1, 'an article is read as the model learned it');
  assert.equal(kindBodyWeight(detect('<body><p>x</p></body>')), 1, 'nor is a page that says nothing');
  assert.equal(kindBodyWeight(detect(product)), KIND_BODY_WEIGHTS.product);
  const front = (url: string) => detect('<body><p>x</p></body>', url).website === true;
  assert.ok(front('https://shop.example/') && front('https://shop.example') && front('http://shop.example/index.html'), 'a front page');
  assert.ok(!front('https://shop.example/?p=123'), 'a post asked for by query');
  assert.ok(!front('https://shop.example/news/rain') && !front('not a url') && !front(''), 'a page below the root, or no URL');
  for (const kind of ['website', 'docs', 'forum', 'product'] as const) assert.ok(KIND_BODY_WEIGHTS[kind] > 1, kind);
});

test('containers: each block with its elements, outermost first; blocks of one element share the chain', () => {
  const page = loadPage(enc('<body><article><div><p>One.</p><p>Two.</p></div></article><aside><p>Three.</p></aside></body>'));
  const chains = blockContainers(page.tree, page.blocks);
  const tags = chains.map((c) => c.map((id) => (page.tree.nodes[id] as { tag: string }).tag).join('/'));
  assert.deepEqual(tags, ['html/body/article/div/p', 'html/body/article/div/p', 'html/body/aside/p']);
  assert.equal(chains[0]![3], chains[1]![3], 'one div');
  const deep = loadPage(enc(`<body>${'<div>'.repeat(400)}<p>Deep.</p></body>`));
  assert.equal(blockContainers(deep.tree, deep.blocks, 256)[0]!.length, 256, 'cut to the innermost 256');
});

test("tagsAlongChain: a chain's tags read off the block's tag path from the inner end, on a page deeper than either keeps", () => {
  const page = loadPage(enc('<body><table><tr><td><a href="/x"><b>Card</b></a></td></tr></table></body>'));
  const chain = blockContainers(page.tree, page.blocks)[0]!;
  assert.deepEqual(tagsAlongChain(page.blocks[0]!.tagPath, chain), ['html', 'body', 'table', 'tbody', 'tr', 'td', 'a', 'b']);
  const deep = loadPage(enc(`<body>${'<div>'.repeat(300)}<a href="/y"><span>Deep</span></a></body>`));
  const deepChain = blockContainers(deep.tree, deep.blocks, 256)[0]!;
  const tags = tagsAlongChain(deep.blocks[0]!.tagPath, deepChain);
  assert.equal(tags.length, 256);
  assert.deepEqual(tags.slice(-3), ['div', 'a', 'span']);
  assert.equal(tags[0], undefined, 'above the tag path\'s cut');
  const link = deep.tree.nodes[deepChain[tags.lastIndexOf('a')]!] as { tag: string };
  assert.equal(link.tag, 'a', 'the position names the element on the chain');
});
