/**
 * Issue 25's output defects: subscript and superscript survive (H2O, footnote markers), and a
 * heading's link to its own anchor (MDN, Sphinx, every docs generator) is not written as a link.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage, type Page } from '../../src/page.js';
import type { Label } from '../../src/labels.js';
import { buildArticle } from '../../src/article/build-article.js';
import { withoutLinks } from '../../src/article/filters.js';
import { toText } from '../../src/article/to-text.js';
import { toMarkdown } from '../../src/article/to-markdown.js';
import { toHtml } from '../../src/article/to-html.js';
import type { Article, Inline } from '../../src/article/types.js';
import { htmlProblems } from './html-safety.js';

const page = (html: string, url = 'https://e.com/docs/flexbox'): Page => loadPage(new TextEncoder().encode(html), { url });
/** Headings (h1-h6) labelled heading, everything else body. */
const labelled = (p: Page): Label[] => p.blocks.map((b) => (/(?:^|\/)h[1-6](?:\/|$)/.test(b.tagPath) ? 'heading' : 'body'));
const build = (html: string, url?: string): Article => {
  const p = page(html, url);
  return buildArticle(p, labelled(p));
};

test('sub and sup are inline kinds of the tree: <sub>/<sup> in HTML and Markdown, plain in text', () => {
  const a = build('<p>Water is H<sub>2</sub>O and E = mc<sup>2</sup>.</p>');
  const para = a.content[0]!;
  assert.equal(para.kind, 'paragraph');
  assert.deepEqual(para.kind === 'paragraph' ? para.content.map((c) => c.kind) : [], ['text', 'sub', 'text', 'sup', 'text']);
  assert.equal(toText(a), 'Water is H2O and E = mc2.');
  assert.equal(toMarkdown(a), 'Water is H<sub>2</sub>O and E = mc<sup>2</sup>.\n');
  const html = toHtml(a);
  assert.ok(html.includes('<p>Water is H<sub>2</sub>O and E = mc<sup>2</sup>.</p>'), html);
  assert.deepEqual(htmlProblems(html), []);
});

test('a footnote marker stays a readable superscript link; page text that looks like a tag stays escaped', () => {
  const a = build('<p>The claim<sup><a href="#fn1">1</a></sup> holds &lt;sup&gt;x&lt;/sup&gt;.</p>');
  assert.equal(toText(a), 'The claim1 holds <sup>x</sup>.');
  assert.equal(toMarkdown(a), 'The claim<sup>[1](https://e.com/docs/flexbox#fn1)</sup> holds \\<sup\\>x\\</sup\\>.\n');
  assert.ok(toHtml(a).includes('The claim<sup><a href="https://e.com/docs/flexbox#fn1">1</a></sup> holds &lt;sup&gt;x&lt;/sup&gt;.'));
  // Without links, the marker is still a superscript.
  assert.equal(toMarkdown(withoutLinks(a)), 'The claim<sup>1</sup> holds \\<sup\\>x\\</sup\\>.\n');
});

test('sub/sup: white space moves outside the tags, nesting is bounded, hand-made trees are written safely', () => {
  const t = (text: string): Inline => ({ kind: 'text', text });
  const a: Article = { title: '', metadata: {}, content: [{ kind: 'paragraph', content: [
    t('x'), { kind: 'sup', children: [t(' 2 ')] }, t('y'), { kind: 'sub', children: [t('<i>')] },
  ] }] };
  assert.equal(toMarkdown(a), 'x <sup>2</sup> y<sub>\\<i\\></sub>\n');
  assert.equal(toHtml(a), '<article>\n<p>x<sup> 2 </sup>y<sub>&lt;i&gt;</sub></p>\n</article>\n');
  const nested = build('<p>a<sup>b<sup>c<sub>d</sub></sup></sup></p>');
  assert.equal(toMarkdown(nested), 'a<sup>bc<sub>d</sub></sup>\n', 'a kind already open is transparent');
});

test('a heading that links to its own anchor is written as plain heading text', () => {
  const a = build('<h2 id="basic"><a href="#basic">Basic example</a></h2><p>Text one.</p>'
    + '<h3 id="x">The <a href="https://e.com/docs/flexbox#x"><em>flex</em> model</a></h3><p>Text two.</p>');
  assert.equal(toMarkdown(a), '## Basic example\n\nText one.\n\n### The *flex* model\n\nText two.\n');
  const html = toHtml(a);
  assert.ok(html.includes('<h2>Basic example</h2>') && html.includes('<h3>The <em>flex</em> model</h3>'), html);
  assert.deepEqual(a.content[0], { kind: 'heading', level: 2, content: [{ kind: 'text', text: 'Basic example' }] });
});

test('other links in headings stay; fragment links in paragraphs stay', () => {
  const a = build('<h2>See <a href="/docs/grid">the grid guide</a> or <a href="https://e.com/docs/flexbox?v=2#y">v2</a></h2>'
    + '<p>Jump to <a href="#notes">the notes</a>.</p>');
  assert.equal(toMarkdown(a), '## See [the grid guide](https://e.com/docs/grid) or [v2](https://e.com/docs/flexbox?v=2#y)\n\n'
    + 'Jump to [the notes](https://e.com/docs/flexbox#notes).\n');
  // With no page URL the fragment link is recognised as written.
  const p = loadPage(new TextEncoder().encode('<h2><a href="#a">Alpha</a> <a href="b.html">Beta</a></h2><p>x</p>'));
  assert.equal(toMarkdown(buildArticle(p, labelled(p))), '## Alpha [Beta](b.html)\n\nx\n');
});
