/** buildArticle over small pages: grouping, policies, bad input, hostile nesting, no mutation. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage, type Page } from '../../src/page.js';
import type { Label } from '../../src/labels.js';
import { isPithError } from '../../src/errors.js';
import { buildArticle } from '../../src/article/build-article.js';
import { toText } from '../../src/article/to-text.js';
import { toMarkdown } from '../../src/article/to-markdown.js';
import { toHtml } from '../../src/article/to-html.js';
import type { ArticleNode } from '../../src/article/types.js';
import { BlockBuilder } from '../helpers/block-builder.js';
import { htmlProblems } from './html-safety.js';
import { withCpuMs } from '../helpers/cpu.js';

const page = (html: string, url = 'https://e.com/a/'): Page => loadPage(new TextEncoder().encode(html), { url });
const all = (p: Page, l: Label = 'body'): Label[] => p.blocks.map(() => l);

/** Depth of the article tree (lists, items, quotes), iteratively. */
function depth(nodes: readonly ArticleNode[]): number {
  let max = 0;
  const stack: Array<[readonly ArticleNode[], number]> = [[nodes, 1]];
  while (stack.length > 0) {
    const [ns, d] = stack.pop()!;
    max = Math.max(max, d);
    for (const n of ns) {
      if (n.kind === 'quote') stack.push([n.children, d + 1]);
      if (n.kind === 'list') for (const it of n.items) stack.push([it.children, d + 1]);
    }
  }
  return max;
}

test('labels must match the blocks one to one', () => {
  const p = page('<p>a</p><p>b</p>');
  assert.throws(() => buildArticle(p, ['body']), (e) => isPithError(e) && e.code === 'BAD_OPTION');
  assert.throws(() => buildArticle(p, ['body', 'junk' as Label]), (e) => isPithError(e) && e.code === 'BAD_OPTION');
  assert.throws(() => buildArticle(p, all(p), { images: 'some' as 'none' }), (e) => isPithError(e) && e.code === 'BAD_OPTION');
  assert.throws(() => buildArticle(p, all(p), { maxNesting: 0 }), (e) => isPithError(e) && e.code === 'BAD_OPTION');
});

test('title is the first title block; later ones and other blocks are dropped', () => {
  const p = page('<h1>One</h1><h1>Two</h1><p>Body</p><p>Nav</p>');
  const a = buildArticle(p, ['title', 'title', 'body', 'other']);
  assert.equal(a.title, 'One');
  assert.equal(toText(a), 'Body');
  assert.equal(buildArticle(p, ['other', 'other', 'body', 'other'], { fallbackTitle: 'Fallback' }).title, 'Fallback');
  // No title block and no fallback given: the title the page declares, else nothing.
  assert.equal(buildArticle(p, ['other', 'other', 'body', 'other']).title, '');
  const declared = page('<title>Declared Story Headline Here Today - Site</title><h1>One</h1><p>Body</p>');
  assert.equal(buildArticle(declared, ['other', 'body']).title, 'Declared Story Headline Here Today');
  assert.equal(buildArticle(declared, ['other', 'body'], { fallbackTitle: '' }).title, '');
  // A documentation generator's permalink glyph is not part of the title.
  const sphinx = page('<h1>Monitoring Guide<a class="headerlink" href="#guide">\u00b6</a></h1><p>Body</p>');
  assert.equal(buildArticle(sphinx, ['title', 'body']).title, 'Monitoring Guide');
});

test("the site's name is cut from either end of the title, shown or declared", () => {
  const t = (html: string, labels: Label[], url = 'https://www.wral.com/story/1/') => buildArticle(page(html, url), labels).title;
  // Named by the host, by og:site_name (any case and spacing), and at the front.
  assert.equal(t('<h1>Storm closes schools | WRAL</h1><p>Body</p>', ['title', 'body']), 'Storm closes schools');
  assert.equal(t('<meta property="og:site_name" content="Bridgestone Tires"><h1>The Car Checklist – BRIDGESTONE TIRES</h1><p>Body</p>', ['title', 'body'], 'https://x.example/'), 'The Car Checklist');
  assert.equal(t('<h1>Render | The cloud for builders</h1><p>Body</p>', ['title', 'body'], 'https://render.com/'), 'The cloud for builders');
  assert.equal(t('<h1>Sofa sale - Move.org</h1><p>Body</p>', ['title', 'body'], 'https://www.move.org/a'), 'Sofa sale');
  // A part that merely starts like the site, or a lone part, stays.
  assert.equal(t('<h1>UN talks in Glasgow - DRK: more people need help</h1><p>Body</p>', ['title', 'body'], 'https://www.drk.de/a'), 'UN talks in Glasgow - DRK: more people need help');
  assert.equal(t('<h1>WRAL</h1><p>Body</p>', ['title', 'body']), 'WRAL');
  assert.equal(t('<h1>Apples - and pears</h1><p>Body</p>', ['title', 'body']), 'Apples - and pears');
  // An address host names no site, so a part that is just a number stays; a numeric host name still counts.
  assert.equal(t('<h1>Top stories - 127</h1><p>Body</p>', ['title', 'body'], 'http://127.0.0.1:8080/a'), 'Top stories - 127');
  assert.equal(t('<h1>Top stories - 127</h1><p>Body</p>', ['title', 'body'], 'http://[::127]/a'), 'Top stories - 127');
  assert.equal(t('<h1>Mail news - 163</h1><p>Body</p>', ['title', 'body'], 'https://www.163.com/a'), 'Mail news');
  // No title block: the declared title, without the site and cut at its first " | ".
  assert.equal(t('<meta property="og:title" content="Residential Movers in NYC | Top 19 Companies | WRAL"><p>Body</p>', ['body']), 'Residential Movers in NYC');
  assert.equal(t('<title>jobs - Hacker News</title><p>Body</p>', ['body'], 'https://news.ycombinator.com/jobs'), 'jobs - Hacker News');
});

test('heading level comes from h1-h6 of the block or its ancestors, else 2', () => {
  const p = page('<h4><a href="/x"><span>Deep</span></a></h4><div class="t">Styled</div><h1>Top</h1><p>x</p>');
  const a = buildArticle(p, ['heading', 'heading', 'heading', 'body']);
  assert.deepEqual(a.content.map((n) => (n.kind === 'heading' ? n.level : 0)), [4, 2, 1, 0]);
});

test('synthetic blocks without tree nodes still make paragraphs', () => {
  const { blocks } = new BlockBuilder().text('Headline', 'title').text('Line one\nline two', 'body').image('body').build();
  const p = { ...page('<p>x</p>'), blocks };
  const a = buildArticle(p, ['title', 'body', 'body']);
  assert.equal(a.title, 'Headline');
  assert.equal(toMarkdown(a), '# Headline\n\nLine one\\\nline two\n');
});

test('image policy: labelled keeps body images, region adds those between kept text, none drops all', () => {
  const p = page('<p>first</p><img src="a.jpg" alt="A"><p>noise</p><img src="b.jpg" alt="B"><p>last</p><img src="c.jpg" alt="C">');
  const labels: Label[] = p.blocks.map((b) => (b.text === 'noise' ? 'other' : b.kind === 'image' ? (b.alt === 'A' ? 'body' : 'other') : 'body'));
  const srcs = (o: object) => (toMarkdown(buildArticle(p, labels, o)).match(/\(https:[^)]+\)/g) ?? []).join(' ');
  assert.equal(srcs({}), '(https://e.com/a/a.jpg)');
  assert.equal(srcs({ images: 'region' }), '(https://e.com/a/a.jpg) (https://e.com/a/b.jpg)');
  assert.equal(srcs({ images: 'none' }), '');
});

test('blocks of one list are grouped even when a dropped block sits between them', () => {
  const p = page('<ul><li>one</li><li><a href="/ad">ad</a></li><li>three</li></ul><p>after</p>');
  const labels: Label[] = p.blocks.map((b) => (b.text === 'ad' ? 'other' : 'body'));
  const a = buildArticle(p, labels);
  assert.equal(a.content.length, 2);
  assert.equal(toMarkdown(a), '- one\n- three\n\nafter\n');
});

test('added paragraphs (text no block holds) go after their block, outside any open list, escaped like any text', () => {
  const p = page('<h1>Jacket</h1><ul><li>Waterproof</li><li>Hooded</li></ul><p>Free returns</p>');
  const labels: Label[] = p.blocks.map((_, i) => (i === 0 ? 'title' : 'body'));
  const paragraphs = ['Built for <rain> & wind.', 'Folds away.'];
  assert.equal(toMarkdown(buildArticle(p, labels, {}, { after: 0, paragraphs })), '# Jacket\n\nBuilt for \\<rain\\> & wind.\n\nFolds away.\n\n- Waterproof\n- Hooded\n\nFree returns\n');
  assert.equal(toText(buildArticle(p, labels, {}, { after: 2, paragraphs })), 'Waterproof\nHooded\n\nBuilt for <rain> & wind.\n\nFolds away.\n\nFree returns',
    'after the list\'s last item: the list closes first');
  assert.equal(toText(buildArticle(p, labels, {}, { after: 1, paragraphs })), 'Waterproof\n\nBuilt for <rain> & wind.\n\nFolds away.\n\nHooded\n\nFree returns',
    'after its first item: the list is cut there');
  assert.equal(toText(buildArticle(p, labels, {}, { after: -1, paragraphs })), 'Built for <rain> & wind.\n\nFolds away.\n\nWaterproof\nHooded\n\nFree returns');
  assert.equal(toText(buildArticle(p, labels, {}, { after: 99, paragraphs })), 'Waterproof\nHooded\n\nFree returns\n\nBuilt for <rain> & wind.\n\nFolds away.');
  assert.ok(toHtml(buildArticle(p, labels, {}, { after: 0, paragraphs })).includes('<p>Built for &lt;rain&gt; &amp; wind.</p>'));
  assert.deepEqual(buildArticle(p, labels, {}, { after: 0, paragraphs: [] }), buildArticle(p, labels));
  const none = p.blocks.map((): Label => 'other');
  assert.equal(toText(buildArticle(p, none, {}, { after: -1, paragraphs })), 'Built for <rain> & wind.\n\nFolds away.', 'a page with nothing kept still gets them');
});

test('the caller\'s page and labels are not changed', () => {
  const p = page('<h1>T</h1><ul><li>a<ul><li>b</li></ul></li></ul><table><tr><th>h</th></tr><tr><td>c</td></tr></table><figure><img src="i.png"><figcaption>cap</figcaption></figure>');
  const labels: Label[] = p.blocks.map((_, i) => (i === 0 ? 'title' : 'body'));
  const before = JSON.stringify(p);
  const frozen = Object.freeze([...labels]);
  buildArticle(p, frozen);
  assert.equal(JSON.stringify(p), before);
});

test('hostile nesting: 20 000 nested lists, quotes and inline tags neither crash nor nest without bound', () => {
  const n = 20_000;
  const html = '<ul><li>'.repeat(n) + 'deep' + '</li></ul>'.repeat(n) + '<blockquote>'.repeat(n) + 'q' + '</blockquote>'.repeat(n) +
    '<p>' + '<b><i><a href="/x">'.repeat(n / 4) + 'fmt' + '</a></i></b>'.repeat(n / 4) + '</p>';
  const p = page(html);
  const a = buildArticle(p, all(p), { maxNesting: 6 });
  assert.ok(depth(a.content) <= 2 * 6 + 1, `depth ${depth(a.content)}`);
  const md = toMarkdown(a);
  assert.ok(md.includes('deep') && md.includes('q') && md.includes('***[fmt](https://e.com/x)***'), md.slice(-200));
  assert.deepEqual(htmlProblems(toHtml(a)), []);
});

test('a huge flat page builds quickly and keeps every kept block', () => {
  const rows = Array.from({ length: 5000 }, (_, i) => `<p>para ${i} <b>bold</b> <a href="/l${i}">link</a></p>`).join('');
  const p = page(rows);
  const { value: [a, text], cpuMs } = withCpuMs(() => {
    const article = buildArticle(p, all(p));
    return [article, toText(article)] as const;
  });
  assert.equal(a.content.length, 5000);
  assert.ok(text.includes('para 4999 bold link'));
  assert.ok(cpuMs < 2000, `took ${cpuMs} ms of CPU`);
});

test('permalink glyph links beside headings are dropped; links and text that merely contain the glyphs stay', () => {
  const p = page('<h1>Guide<a class="headerlink" href="#guide">\u00b6</a></h1><h2>Install <a href="#install">#</a></h2>'
    + '<p>Use C# <a href="#x">here</a> now.</p><p>Tag <a href="/t">#</a></p>');
  const a = buildArticle(p, ['title', 'heading', 'body', 'body']);
  assert.equal(a.title, 'Guide');
  assert.equal(toMarkdown(a), '# Guide\n\n## Install\n\nUse C# [here](https://e.com/a/#x) now.\n\nTag [#](https://e.com/t)\n');
});
