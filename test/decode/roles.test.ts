import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BlockRole, blockRoles } from '../../src/decode/roles.js';
import { blockContainers, tagsAlongChain } from '../../src/decode/containers.js';
import { detectPageType, detectPageTypeOf, kindBodyWeight, KIND_BODY_WEIGHTS } from '../../src/decode/page-type.js';
import { loadPage } from '../../src/page.js';
import type { DomTree, ElementNode } from '../../src/dom/tree.js';
import type { Block } from '../../src/segment/segment.js';
import { AUTHOR_BOX_NAME, AUTHOR_NAME, AVATAR_NAME, USER_INFO_NAME, CONTROL_LABEL, PROMO_BOX_NAME, QUOTE_ATTRIBUTION, QUOTE_ATTRIBUTION_WORD, SITE_TITLE_NAME } from '../../src/features/cue-words.js';

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

/**
 * Block roles as first written, the slow path the memoised one replaces: each element's names
 * split and tested by every pattern, each block's ancestors gathered and read once per role.
 */
function rolesBySlowPath(tree: DomTree, blocks: readonly Block[]): number[] {
  const names = (el: ElementNode): string[] => {
    const out: string[] = [];
    if (el.attrs['id']) out.push(el.attrs['id']);
    const cls = el.attrs['class'];
    if (cls && cls.length <= 400) for (const c of cls.split(/\s+/)) if (c) out.push(c);
    return out;
  };
  const flags = (el: ElementNode): Record<string, boolean> => {
    const named = (re: RegExp): boolean => names(el).some((n) => re.test(n));
    const size = el.end - el.id;
    return {
      promo: size <= 60 && !['body', 'main', 'article'].includes(el.tag) && (el.tag === 'aside' || named(PROMO_BOX_NAME)),
      avatar: named(AVATAR_NAME),
      author: size <= 12 && (el.attrs['itemprop'] === 'author' || el.attrs['rel'] === 'author' || named(AUTHOR_NAME)),
      userInfo: named(USER_INFO_NAME),
      date: el.tag === 'time' || named(/(?:^|[-_])(?:date|timestamp|post-?time|time-?ago|relative-date)(?:[-_]|$)/i),
      caption: el.tag === 'figcaption' || named(/(?:^|[-_])caption(?:[-_]|$)/i),
      credit: named(/credit/i),
      authorBox: size <= 120 && named(AUTHOR_BOX_NAME),
      siteTitle: named(SITE_TITLE_NAME),
    };
  };
  const up = (id: number, levels: number): ElementNode[] => {
    const out: ElementNode[] = [];
    for (let cur = id, k = 0; k < levels && cur > 0; k++) {
      const n = tree.nodes[cur]!;
      if (n.kind !== 'element' || n.tag === 'body' || n.tag === 'html') break;
      out.push(n);
      cur = n.parent;
    }
    return out;
  };
  const any = (els: ElementNode[], flag: string, limit = els.length): boolean => els.slice(0, limit).some((el) => flags(el)[flag]);
  const holdsCaption = (el: ElementNode): boolean => el.end - el.id <= 200 && tree.nodes.slice(el.id + 1, el.end + 1).some((n) => n.kind === 'element' && flags(n).caption);
  return blocks.map((b) => {
    const els = up(b.elementId, 8);
    if (any(els, 'authorBox')) return BlockRole.authorBio;
    if (b.kind === 'image') {
      if (any(els, 'avatar')) return BlockRole.avatar;
      if (b.alt && CONTROL_LABEL.test(b.alt)) return BlockRole.control;
    } else if (b.kind === 'text' && b.text.length <= 300) {
      const text = b.text.trim();
      if (CONTROL_LABEL.test(text)) return BlockRole.control;
      if (text.length <= 80 && QUOTE_ATTRIBUTION.test(text)) return BlockRole.attribution;
      if (text.length <= 60 && any(els, 'author')) return BlockRole.author;
      if (text.length <= 60 && any(els, 'userInfo')) return BlockRole.userInfo;
      if (text.length <= 40 && /\d/.test(text) && any(els, 'date', 3)) return BlockRole.date;
      if (any(els, 'caption', 2) && !any(els, 'credit', 2)) return BlockRole.caption;
      if (text.length <= 80 && any(els, 'siteTitle', 3)) return BlockRole.siteName;
    }
    if (any(els, 'promo')) return BlockRole.promo;
    if (b.kind === 'image') for (const el of els.slice(0, 3)) if (holdsCaption(el)) return BlockRole.captioned;
    return BlockRole.none;
  });
}

test("roles: names read once per element and the ancestors' flags OR-ed in one walk give the roles the slow path gives", () => {
  const pages = [
    `<body><header class="site-header"><div class="site-title"><a href="/">My Blog</a></div><div class="logo"><img src="l.png" alt="Logo"></div></header>
      <article class="post"><h1 class="entry-title">A headline</h1><div class="post-date"><span>12 May 2021</span></div><time>3 days ago</time>
      <figure class="wp-caption"><img src="p.jpg" alt="p"><figcaption class="wp-caption-text">A caption <span class="photo-credit">AP</span></figcaption></figure>
      <div class="caption credit">Photo: AP</div><p>Prose of the post. ${'Words of the article go on. '.repeat(5)}</p>
      <div class="author-box"><img class="avatar" src="a.jpg" alt="ann"><span class="author-name">Ann</span><p>Ann writes about cities.</p></div>
      <aside class="related-posts"><h3>Related</h3><ul><li><a href="/1">One</a></li><li><a href="/2">Two</a></li></ul></aside></article>
      <div class="message"><div class="message-avatar"><img src="u.jpg" alt="dave"></div><span class="username">dave</span><span class="userTitle message-userTitle">Well-known member</span>
        <blockquote><div>anna said:</div><div>Quoted.</div></blockquote><p>Reply text.</p><div class="postbit_legacy">Posts: 12</div><a href="#"><img src="like.png" alt="Like"></a></div>
      <div id="about-the-author">Bio line of the author.</div><div id="" class="">Empty names.</div>
      <div class="${'x '.repeat(300)}author-box">A class string too long to name anything.</div></body>`,
    `<body>${'<div class="card promo-card"><div class="card-date">2021</div><a class="read-more" href="/x">Read more</a></div>'.repeat(6)}
      <main><section class="related"><p>Not a teaser: a main section.</p></section><p itemprop="author">Bob</p><a rel="author" href="/b">Bob B</a></main></body>`,
    // Images and the captions near them or too far from them (levels, a box too large), a gallery's, and captions around the image.
    `<body><div><div><img src="a.jpg" alt="a"></div><p class="caption">Two up.</p></div>
      <div><div><div><img src="b.jpg" alt="b"></div></div><figcaption>Three up.</figcaption></div>
      <div><div><div><div><img src="c.jpg" alt="c"></div></div></div><figcaption>Four up: too far.</figcaption></div>
      <div><div><img src="d.jpg" alt="d"></div>${'<span>filler</span>'.repeat(120)}<div class="caption">Past a large box.</div></div>
      <div class="gallery">${'<div class="item"><img src="g.jpg" alt="g"></div>'.repeat(5)}<div class="wp-caption-text">A gallery's caption.</div></div>
      <div class="caption"><img src="e.jpg" alt="e"></div><div><div class="caption"><img src="f.jpg" alt="f"></div></div>
      <p>Prose between the pictures. ${'More words. '.repeat(8)}</p><img src="h.jpg" alt="h"></body>`,
  ];
  let named = 0;
  for (const html of pages) {
    const page = loadPage(enc(html));
    const fast = Array.from(blockRoles(page.tree, page.blocks));
    assert.deepEqual(fast, rolesBySlowPath(page.tree, page.blocks));
    named += fast.filter((r) => r !== BlockRole.none).length;
  }
  assert.ok(named > 10, 'the pages give roles');
});

test('the attribution pre-test: every attribution holds its word, so asking it first changes no role', () => {
  const lines = ['velo_mike said:', 'Anna wrote:', 'Quote: Originally Posted by anna', 'Zitat von Peter', 'Originally posted by Mike', 'Jean a écrit :',
    'María escribió:', 'QUOTE from bob', 'Hans schrieb:', 'He SAID:', 'Nothing here', 'Reply'];
  let attributions = 0;
  for (const line of lines) {
    if (!QUOTE_ATTRIBUTION.test(line)) continue;
    attributions++;
    assert.ok(QUOTE_ATTRIBUTION_WORD.test(line), line);
  }
  assert.ok(attributions >= 8, `${attributions}`);
});
