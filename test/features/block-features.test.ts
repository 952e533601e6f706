import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadPage, type Page } from '../../src/page.js';
import { computeFeatures, featureSchema, FEATURE_FAMILIES } from '../../src/features/registry.js';
import { DEFAULT_FAMILIES } from '../../src/features/config.js';
import type { ItemFeatures, SequenceInstance } from '../../src/features/types.js';
import { PithError } from '../../src/errors.js';
import { fixture } from '../helpers/paths.js';
import { withCpuMs } from '../helpers/cpu.js';

function pageOf(name: string, url?: string): Page {
  return loadPage(new Uint8Array(readFileSync(fixture('features', name))), { id: name, ...(url ? { url } : {}) });
}
function pageFromHtml(html: string): Page {
  return loadPage(new TextEncoder().encode(html), { id: 'inline' });
}
/** The item of the first block whose text starts with `prefix`. */
function itemFor(page: Page, seq: SequenceInstance, prefix: string): ItemFeatures {
  const i = page.blocks.findIndex((b) => b.text.startsWith(prefix));
  assert.ok(i >= 0, `no block starting with '${prefix}'`);
  return seq.items[i]!;
}
function has(item: ItemFeatures, attr: string): boolean {
  return item.attrs.includes(attr);
}
function value(item: ItemFeatures, attr: string): number | undefined {
  const k = item.attrs.indexOf(attr);
  if (k < 0) return undefined;
  return item.values ? item.values[k] : 1;
}
function column(item: ItemFeatures, name: string, schema = featureSchema()): string | number {
  const k = schema.columns.findIndex((c) => c.name === name);
  assert.ok(k >= 0, `no column ${name}`);
  return item.columns[k]!;
}

const article = pageOf('article.html', 'https://www.example.com/news/bridge');
const seq = computeFeatures(article);

test('one item per block, images included, with site and page id', () => {
  assert.equal(seq.items.length, article.blocks.length);
  assert.equal(seq.site, 'example.com');
  assert.equal(seq.pageId, 'article.html');
  const imageItems = article.blocks.filter((b) => b.kind === 'image').length;
  assert.equal(imageItems, 2);
  const logo = seq.items[article.blocks.findIndex((b) => b.kind === 'image')]!;
  assert.ok(has(logo, 'kind=image') && has(logo, 'img:link') && has(logo, 'in:header'));
});

test('every item: unique attribute names, finite values in [0,1], columns matching the schema', () => {
  const schema = featureSchema();
  for (const it of seq.items) {
    assert.equal(new Set(it.attrs).size, it.attrs.length, 'duplicate attribute');
    if (it.values) {
      assert.equal(it.values.length, it.attrs.length);
      for (const v of it.values) assert.ok(Number.isFinite(v) && v >= 0 && v <= 1, `value ${v}`);
    }
    assert.equal(it.columns.length, schema.columns.length);
    schema.columns.forEach((c, k) => {
      const v = it.columns[k];
      assert.equal(typeof v, c.kind === 'numeric' ? 'number' : 'string', `column ${c.name}`);
    });
  }
});

test('the headline matches every title source, is an h1 and the JSON-LD/microdata headline', () => {
  const h = itemFor(article, seq, 'Council Approves');
  for (const a of ['heading', 'heading=h1', 'tmatch:title', 'tmatch:og', 'tmatch:ld', 'tmatch=full', 'tmatch=exact', 'ld:headline', 'ip:headline', 'itemtype:article', 'in:article', 'in:main', 'tcase:all']) {
    assert.ok(has(h, a), a);
  }
  assert.equal(value(h, 'tmatch:og'), 1);
  // "<title>" has the site name too: five of its eight tokens are matched.
  assert.equal(value(h, 'tmatch:title'), 5 / 8);
  assert.equal(column(h, 'titleShare'), 1);
  assert.equal(column(h, 'heading'), 'h1');
  assert.equal(column(h, 'ldHeadline'), 'y');
});

test('navigation links: all anchor text, in nav, nav class hints, repeated path', () => {
  const nav = itemFor(article, seq, 'Sport');
  for (const a of ['anchor=all', 'linkd=9', 'region-linkd=9', 'in:nav', 'in:li', 'acls:nav', 'acls:menu', 'ahint:nav', 'desc:a-href', 'tag=a', 'box=li', 'parent=ul', 'gparent=nav']) {
    assert.ok(has(nav, a), a);
  }
  assert.equal(value(nav, 'anchor'), 1);
  assert.equal(column(nav, 'anchorShare'), 1);
  assert.equal(column(nav, 'ancestorHint'), 'nav');
  assert.equal(column(nav, 'prevSibling'), 'li');
  assert.equal(column(nav, 'nextSibling'), 'li');
  // Three of the page's blocks share the li/a path.
  assert.ok((column(nav, 'sameShare') as number) > 0.2);
  assert.ok(!has(nav, 'heading') && !has(nav, 'in:article'));
});

test('prose: stop words, JSON-LD body, article-body microdata, no heading or title match', () => {
  const p = itemFor(article, seq, 'The city council voted');
  for (const a of ['sw:the', 'sw:to', 'w:council', 'w:bridge', 'ld:body', 'ld:body=most', 'ip:articlebody', 'tcase:anylower', 'end=dot', 'anchor=none']) {
    assert.ok(has(p, a), a);
  }
  assert.ok((value(p, 'stop-ratio') ?? 0) > 0.25);
  assert.ok(!has(p, 'heading') && !has(p, 'tmatch=full') && !has(p, 'afterimg'));
  // Entity-like tokens stay out of the bag of words; "Tuesday" mid-sentence is a name.
  assert.ok(!has(p, 'w:tuesday'));
  assert.ok(has(p, 'ent:name'));
  assert.equal(column(p, 'ldBodyShare'), 1);
  assert.equal(column(p, 'microdata'), 'articlebody');
});

test('entities: the byline has a date, a time and a class hint; money and percent fire in prose', () => {
  const by = itemFor(article, seq, 'By Jane Smith');
  for (const a of ['ent:date', 'ent:time', 'cls:byline', 'hint:byline', 'beforeimg']) assert.ok(has(by, a), a);
  const cost = itemFor(article, seq, 'The project will cost');
  for (const a of ['ent:money', 'ent:percent', 'ent:date']) assert.ok(has(cost, a), a);
  assert.ok(!has(cost, 'ent:time'));
});

test('after image: the caption follows the figure image; inside figure and figcaption', () => {
  const cap = itemFor(article, seq, 'The old bridge, built');
  for (const a of ['afterimg', 'in:figure', 'in:figcaption']) assert.ok(has(cap, a), a);
  assert.equal(column(cap, 'afterImage'), 'image');
});

test('comments: class words split from camelCase and snake_case', () => {
  const c = itemFor(article, seq, 'great news');
  for (const a of ['cls:comment', 'cls:text', 'acls:comments', 'acls:user', 'hint:comment', 'ahint:comment', 'end=exclaim']) assert.ok(has(c, a), a);
  assert.equal(column(c, 'hint'), 'comment');
});

test('windows at the sequence edges: `_` past the ends, NaN lengths', () => {
  const first = seq.items[0]!;
  const last = seq.items[seq.items.length - 1]!;
  for (const d of [-5, -4, -3, -2, -1]) assert.ok(has(first, `w${d}:tag=_`), `first w${d}`);
  for (const d of [1, 2, 3, 4, 5]) assert.ok(has(last, `w+${d}:tag=_`), `last w+${d}`);
  assert.ok(has(first, 'w-1:len=_') && has(first, 'w-3:end=_') && has(first, 'first-item'));
  assert.ok(has(last, 'w+1:len=_') && has(last, 'w+3:end=_') && has(last, 'last-item'));
  assert.ok(Number.isNaN(column(first, 'len-1')));
  assert.ok(Number.isNaN(column(last, 'len+3')));
  assert.equal(column(first, 'tag-5'), '_');
  assert.equal(column(last, 'end+1'), '_');
  // Inside the sequence the windows see the neighbours.
  const second = seq.items[1]!;
  assert.ok(has(second, 'w-1:tag=img') && has(second, 'w+1:tag=a') && !has(second, 'w-1:tag=_'));
  assert.equal(column(second, 'tag-1'), 'img');
  assert.ok(has(second, 'w-2:tag=_'));
});

test('deterministic: the same page and options give identical output', () => {
  const again = computeFeatures(pageOf('article.html', 'https://www.example.com/news/bridge'));
  assert.deepEqual(again, seq);
});

test('the input page is not changed', () => {
  const page = pageOf('article.html');
  const before = JSON.stringify(page.blocks);
  computeFeatures(page);
  assert.equal(JSON.stringify(page.blocks), before);
});

test('schema: stable hash, independent of the order families are listed, changed by a switch-off', () => {
  const a = featureSchema();
  const b = featureSchema({});
  assert.equal(a.hash, b.hash);
  assert.match(a.hash, /^[0-9a-f]{64}$/);
  assert.deepEqual(a.families, DEFAULT_FAMILIES);
  assert.ok(!a.families.includes('visual'), 'the visual family is opt-in');
  const reversed = featureSchema({ families: [...DEFAULT_FAMILIES].reverse() });
  assert.equal(reversed.hash, a.hash);
  const noWords = featureSchema({ exclude: ['words'] });
  assert.notEqual(noWords.hash, a.hash);
  const noWindow = featureSchema({ exclude: ['window'] });
  assert.notEqual(noWindow.hash, a.hash);
  assert.ok(noWindow.columns.length < a.columns.length);
  assert.ok(!noWindow.columns.some((c) => c.family === 'window'));
  assert.notEqual(featureSchema({ words: 'hashed' }).hash, a.hash);
  // Every column names its family; every family is documented.
  for (const f of FEATURE_FAMILIES) assert.ok(f.doc.length > 40, f.name);
});

test('ablation: a switched-off family leaves no attributes and no columns', () => {
  const s = computeFeatures(article, { exclude: ['words', 'markup-tokens'] });
  const schema = featureSchema({ exclude: ['words', 'markup-tokens'] });
  for (const it of s.items) {
    assert.ok(!it.attrs.some((x) => x.startsWith('w:') || x.startsWith('cls:') || x.startsWith('acls:')));
    assert.equal(it.columns.length, schema.columns.length);
  }
  const only = computeFeatures(article, { families: ['heading'] });
  const h = itemFor(article, only, 'What it will cost');
  assert.deepEqual([...h.attrs], ['heading', 'heading=h2']);
});

test('hashed words: bounded bucket names instead of tokens', () => {
  const s = computeFeatures(article, { words: 'hashed', wordBuckets: 16, families: ['words'] });
  const names = new Set(s.items.flatMap((it) => [...it.attrs]));
  assert.ok(names.size > 0 && names.size <= 16);
  for (const n of names) assert.match(n, /^w#([0-9]|1[0-5])$/);
});

test('maxWordsPerBlock caps the bag of words', () => {
  const s = computeFeatures(article, { families: ['words'], maxWordsPerBlock: 3 });
  for (const it of s.items) assert.ok(it.attrs.length <= 3);
});

test('bad options are PithError BAD_OPTION', () => {
  const bad = (o: object): void => {
    assert.throws(() => featureSchema(o as never), (e: unknown) => e instanceof PithError && e.code === 'BAD_OPTION');
  };
  bad({ exclude: ['nope'] });
  bad({ families: ['words', 'colour'] });
  bad({ words: 'stemmed' });
  bad({ wordBuckets: 0 });
  bad({ maxWordsPerBlock: 1.5 });
});

test('stop words follow the page language: German and Chinese', () => {
  const de = pageOf('german.html');
  const sde = computeFeatures(de);
  const p = itemFor(de, sde, 'Der Stadtrat');
  assert.ok(has(p, 'sw:der') && has(p, 'sw:die') && has(p, 'sw:dass'));
  assert.ok((value(p, 'stop-ratio') ?? 0) > 0.2);
  assert.equal(value(itemFor(de, sde, 'Startseite'), 'stop-ratio'), undefined);

  const zh = pageOf('chinese.html');
  const szh = computeFeatures(zh);
  const body = itemFor(zh, szh, '市议会');
  assert.ok(has(body, 'sw:的') && has(body, 'sw:在'));
  assert.ok((value(body, 'stop-ratio') ?? 0) > 0.05);
  // CJK characters count half a word each; the headline matches the title character by character.
  const head = itemFor(zh, szh, '新桥计划');
  assert.ok(has(head, 'tmatch=exact') && has(head, 'heading=h1'));
  assert.equal(column(head, 'wordCount'), Math.log2(1 + 4));
});

test('no <title>, empty and whitespace pages: graceful', () => {
  const nt = computeFeatures(pageOf('no-title.html'));
  assert.equal(nt.items.length, 1);
  assert.ok(!nt.items[0]!.attrs.some((a) => a.startsWith('tmatch')));
  assert.equal(nt.site, '');
  for (const html of ['', '   ', '<html><head><title>T</title></head><body></body></html>', '<script>var x = 1;</script>']) {
    const s = computeFeatures(pageFromHtml(html));
    assert.equal(s.items.length, 0);
  }
});

test('malformed JSON-LD and odd attributes are ignored', () => {
  const page = pageFromHtml(
    '<html><head><script type="application/ld+json">{"headline": "Broken</script>' +
      '<script type="application/ld+json">[[[[{"articleBody": 5}]]]]</script></head>' +
      '<body><p class="   " id="__--__" itemprop="">Text here.</p></body></html>',
  );
  const s = computeFeatures(page);
  assert.equal(s.items.length, 1);
  assert.ok(!s.items[0]!.attrs.some((a) => a.startsWith('ld:') || a.startsWith('cls:')));
});

test('10 000 blocks and 10 000-deep nesting: linear time, no stack overflow', () => {
  const many = '<html><body>' + Array.from({ length: 10_000 }, (_, i) => `<p class="c${i % 7} item">Paragraph ${i}, a <a href="/x">link</a>.</p>`).join('') + '</body></html>';
  const page = pageFromHtml(many);
  assert.equal(page.blocks.length, 10_000);
  const { value: s, cpuMs } = withCpuMs(() => computeFeatures(page));
  assert.equal(s.items.length, 10_000);
  assert.ok(cpuMs < 20_000, `took ${cpuMs} ms of CPU`);
  const mid = s.items[5000]!;
  assert.ok(has(mid, 'cls:item') && has(mid, 'desc:a-href'));

  const deep = pageFromHtml('<div>'.repeat(10_000) + 'deep text' + '</div>'.repeat(10_000));
  const d = computeFeatures(deep);
  assert.equal(d.items.length, deep.blocks.length);
});

test('prose core: paragraphs inside the element holding most of the prose, comments and menus outside it', () => {
  const para = (k: number) => `<p>Paragraph ${k} of the story tells at some length what happened, who said what to whom, and why it matters to readers.</p>`;
  const page = pageFromHtml(`<html><body>
    <ul><li><a href="/a">Home</a></li><li><a href="/b">World</a></li></ul>
    <div class="main"><article><h1>Headline</h1>${[1, 2, 3, 4, 5, 6].map(para).join('')}</article></div>
    <div class="comments"><p>A reader replied with a comment that is long enough to count as a paragraph of prose here.</p></div>
  </body></html>`);
  const s = computeFeatures(page);
  const p1 = itemFor(page, s, 'Paragraph 1');
  for (const a of ['core50', 'core80', 'core50-depth=1']) assert.ok(has(p1, a), a);
  assert.ok((value(p1, 'prose-share') ?? 0) > 0.8, 'the article holds most of the prose');
  assert.equal(column(p1, 'core'), '80');
  const comment = itemFor(page, s, 'A reader replied');
  assert.ok(!has(comment, 'core50') && !has(comment, 'core80') && has(comment, 'core=none'), 'the article holds 6/7 of the prose: the comment is outside both cores');
  const menu = itemFor(page, s, 'Home');
  assert.ok(!has(menu, 'core50'));
  assert.equal(value(menu, 'prose-share'), undefined, 'a menu item in a list with no prose');
  const empty = computeFeatures(pageFromHtml('<p>Short.</p>'));
  assert.ok(has(empty.items[0]!, 'core=none'), 'a page without prose has no core');
  // The article holds 4/7 of the prose: the 50% core is the article, the 80% core the body.
  const reply = (k: number) => `<p>Reply ${k}: a reader answered with a comment long enough to count as a paragraph of prose on this page.</p>`;
  const split = pageFromHtml(`<html><body>
    <article><h1>Headline</h1>${[1, 2, 3, 4].map(para).join('')}</article>
    <div class="comments">${[1, 2, 3].map(reply).join('')}</div>
  </body></html>`);
  const t = computeFeatures(split);
  const p2 = itemFor(split, t, 'Paragraph 2');
  assert.ok(has(p2, 'core50') && has(p2, 'core80'));
  const r2 = itemFor(split, t, 'Reply 2');
  assert.ok(!has(r2, 'core50') && has(r2, 'core80') && !has(r2, 'core=none'), 'a comment outside the article is inside the body');
  assert.equal(column(r2, 'core'), '80');
});

test('title anchor: the headline matching <title>, blocks before it, and distance after it', () => {
  const page = pageFromHtml(`<html><head><title>Bridge reopens after two years of repairs | Daily Example</title></head><body>
    <nav><a href="/">Home</a></nav>
    <h1>Bridge reopens after two years of repairs</h1>
    <p>The bridge opened on Monday morning.</p><p>Traffic was light.</p><p>Officials were pleased.</p>
    <p>Comment: the bridge is ugly.</p>
  </body></html>`);
  const s = computeFeatures(page);
  assert.ok(has(itemFor(page, s, 'Home'), 'before-tanchor'));
  assert.ok(has(itemFor(page, s, 'Bridge reopens'), 'tanchor'));
  const first = itemFor(page, s, 'The bridge opened');
  assert.ok(has(first, 'after-tanchor') && has(first, 'tanchor-dist=1'));
  assert.equal(column(first, 'titleAnchorDistance'), 1);
  assert.ok(has(itemFor(page, s, 'Comment:'), 'tanchor-dist=4'), 'fourth text block after the headline');
  const untitled = computeFeatures(pageFromHtml('<h1>Headline</h1><p>Text of the story.</p>'));
  assert.ok(untitled.items.every((it) => it.attrs.includes('tanchor=none')));
});

test('page kind: an article and a listing get different kinds, crossed with the block link share and length', () => {
  const para = (k: number) => `<p>Paragraph ${k} of the story tells at some length what happened, who said what to whom, and why it matters to readers.</p>`;
  const articlePage = pageFromHtml(`<html><body>
    <nav><a href="/a">Home</a> <a href="/b">World</a></nav>
    <h1>Headline</h1>${[1, 2, 3, 4].map(para).join('')}</body></html>`);
  const teaser = (k: number) => `<li><h3><a href="/s${k}">Story number ${k} in the list of today's stories</a></h3><a href="/s${k}">Read more</a></li>`;
  const listing = pageFromHtml(`<html><body>
    <h1>Latest news</h1><ul>${[1, 2, 3, 4, 5, 6].map(teaser).join('')}</ul></body></html>`);
  const a = computeFeatures(articlePage);
  const l = computeFeatures(listing);
  // Article: 4 x ~125 prose characters of ~530: prose share >= 0.6 (P3), link share < 0.15 (L0).
  const p1 = itemFor(articlePage, a, 'Paragraph 1');
  assert.ok(has(p1, 'pk=L0P3'), p1.attrs.filter((x) => x.startsWith('pk=')).join(' '));
  assert.ok(has(p1, 'pk=L0P3&bl=0') && has(p1, 'pk=L0P3&bl=0&len=m'));
  assert.ok(has(itemFor(articlePage, a, 'Home'), 'pk=L0P3&bl=most&len=s'), 'the menu is all link text');
  // Listing: nearly all text is link text and none is prose: L3P0, the same kind on every block.
  const story = itemFor(listing, l, 'Story number 1');
  assert.ok(has(story, 'pk=L3P0&bl=most&len=m') && !has(story, 'pk=L3P0&bl=0'));
  assert.ok(l.items.every((it) => it.attrs.includes('pk=L3P0')));
  assert.ok(column(story, 'pageLinkShare') as number > 0.9 && column(story, 'pageProseShare') === 0);
  // No text: shares of 0, not NaN.
  const empty = computeFeatures(pageFromHtml('<p></p><img src="a.png">'));
  assert.ok(empty.items.every((it) => it.attrs.includes('pk=L0P0') && column(it, 'pageLinkShare') === 0));
});

test('prose span: lines before, between and after the prose, and their distance to it', () => {
  const para = (k: number) => `<p>Paragraph ${k} of the story tells at some length what happened, who said what to whom, and why it matters.</p>`;
  const page = pageFromHtml(`<html><body>
    <p>By A. Writer</p>
    ${[1, 2].map(para).join('')}<p>Advertisement</p>${[3, 4].map(para).join('')}
    <p>Filed under: bridges</p><p>Photo: Jane Doe. Licence CC BY 4.0</p>
  </body></html>`);
  const s = computeFeatures(page);
  const byline = itemFor(page, s, 'By A.');
  assert.ok(has(byline, 'pb=none') && has(byline, 'pa=most') && has(byline, 'pb=none&pa=most') && has(byline, 'pb=none&len=s'));
  assert.ok(has(byline, 'gap-prev=none') && has(byline, 'gap-next=0'), 'nothing before the byline; the first paragraph follows at once');
  const ad = itemFor(page, s, 'Advertisement');
  assert.ok(has(ad, 'pb=half') && has(ad, 'pa=half') && has(ad, 'pb=half&pa=half'), 'half the prose on each side of the ad');
  assert.equal(column(ad, 'proseBefore'), 0.5);
  const filed = itemFor(page, s, 'Filed under');
  assert.ok(has(filed, 'pb=most') && has(filed, 'pa=none') && has(filed, 'pa=none&len=s') && has(filed, 'gap-next=none'));
  assert.ok(has(filed, 'gap-prev=0'), 'right after the last paragraph');
  const credit = itemFor(page, s, 'Photo: Jane');
  assert.ok(has(credit, 'gap-prev=16'), `the filed-under line (19 characters) lies between: ${credit.attrs.filter((a) => a.startsWith('gap')).join(' ')}`);
  const p4 = itemFor(page, s, 'Paragraph 4');
  assert.ok(has(p4, 'pa=none') && has(p4, 'pa=none&len=m') && has(p4, 'pb=half'), 'a paragraph\'s own prose counts on neither side: 3 of 4 before');
  const none = computeFeatures(pageFromHtml('<p>Short.</p><p>Also short.</p>'));
  assert.ok(none.items.every((it) => it.attrs.includes('pb=none&pa=none') && it.attrs.includes('gap-prev=none') && column(it, 'proseAfter') === 0));
});

test('a block equal to the description, in other case and spacing, is meta:desc; one as long but different is not', () => {
  const page = pageFromHtml(`<html><head><meta name="description" content="The river rose  overnight, Officials SAID."></head><body>
<p>the River rose overnight — officials said!</p><p>The river rose overnight, officials sand.</p><p>The river rose.</p></body></html>`);
  const s = computeFeatures(page);
  assert.ok(has(itemFor(page, s, 'the River'), 'meta:desc'));
  assert.ok(!has(itemFor(page, s, 'The river rose overnight, officials sand'), 'meta:desc'));
  assert.ok(!has(itemFor(page, s, 'The river rose.'), 'meta:desc'));
});
