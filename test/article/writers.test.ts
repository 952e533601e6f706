/** Writers over hand-made articles: escaping, unsafe input, tables with spans, empty articles. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Article, ArticleNode, Inline } from '../../src/article/types.js';
import { toText } from '../../src/article/to-text.js';
import { toMarkdown } from '../../src/article/to-markdown.js';
import { toHtml } from '../../src/article/to-html.js';
import { toJson, articleHeadings } from '../../src/article/to-json.js';
import { htmlProblems } from './html-safety.js';

const t = (text: string): Inline => ({ kind: 'text', text });
const p = (...content: Inline[]): ArticleNode => ({ kind: 'paragraph', content });
const art = (content: ArticleNode[], title = 'Title'): Article => ({ title, content, metadata: {} });

test('an empty article writes empty text and markdown and a bare <article>', () => {
  const a = art([], '');
  assert.equal(toText(a), '');
  assert.equal(toMarkdown(a), '');
  assert.equal(toHtml(a), '<article></article>\n');
  const j = toJson(a, { confidence: 0.5 });
  assert.deepEqual(Object.keys(j), ['title', 'headings', 'body', 'markdown', 'html', 'metadata', 'confidence']);
  assert.deepEqual(j.metadata, { dir: 'ltr' }, 'no language is left out, not null');
});

test('hand-made unsafe URLs and markup are neutralised by every writer', () => {
  const a = art([
    p({ kind: 'link', href: 'javascript:alert(1)', children: [t('click')] }, t(' <script>alert(2)</script>')),
    { kind: 'figure', images: [{ src: 'data:image/svg+xml,<svg onload=alert(3)>', alt: 'x' }, { src: 'ok.png', alt: '"><script>' }] },
    { kind: 'embed', src: 'vbscript:x', media: 'iframe' },
    { kind: 'heading', level: 9 as 2, content: [t('Level <b>clamped</b>')] },
    { kind: 'code', text: '</code><script>alert(4)</script>', language: 'js"><script>' },
  ], '<img src=x onerror=alert(5)>');
  const html = toHtml(a);
  assert.deepEqual(htmlProblems(html), []);
  assert.ok(!html.includes('<script'));
  assert.ok(html.includes('<h6>Level &lt;b&gt;clamped&lt;/b&gt;</h6>'));
  const md = toMarkdown(a);
  assert.ok(!md.includes('javascript:') && !md.includes('vbscript:') && !md.includes('data:'));
  assert.ok(md.includes('```\n</code>'), 'an unsafe language is left out of the fence');
  assert.ok(md.startsWith('# \\<img src=x onerror=alert(5)\\>'));
});

test('markdown escapes page text that would become markup, keeps code literal', () => {
  const a = art([
    p(t('# hash'), { kind: 'break' }, t('> quote'), { kind: 'break' }, t('- dash 2. two'), { kind: 'break' }, t('12) twelve')),
    p(t('a*b_c [x](y) <z> `q` &copy; ~')),
    p({ kind: 'code', text: 'a `tick` b' }, t(' and '), { kind: 'code', text: '`edge`' }),
  ], '');
  const md = toMarkdown(a);
  assert.equal(md, [
    '\\# hash\\\n\\> quote\\\n\\- dash 2. two\\\n12\\) twelve',
    'a\\*b\\_c \\[x\\](y) \\<z\\> \\`q\\` \\&copy; \\~',
    '``a `tick` b`` and `` `edge` ``',
  ].join('\n\n') + '\n');
});

test('a heading ending in # keeps it', () => {
  const md = toMarkdown(art([{ kind: 'heading', level: 2, content: [t('Issue #')] }, { kind: 'heading', level: 3, content: [t('C#')] }], 'Tag ##'));
  assert.equal(md, '# Tag \\##\n\n## Issue \\#\n\n### C#\n');
});

test('fenced code uses a fence longer than any inside', () => {
  const md = toMarkdown(art([{ kind: 'code', text: '```\ninner\n````' }], ''));
  assert.equal(md, '`````\n```\ninner\n````\n`````\n');
});

test('tables with row and column spans stay aligned in markdown and text', () => {
  const cell = (s: string, extra: object = {}) => ({ header: false, content: [t(s)], ...extra });
  const a = art([{
    kind: 'table',
    rows: [
      { header: true, cells: [{ header: true, content: [t('A')] }, { header: true, content: [t('B')] }, { header: true, content: [t('C')] }] },
      { header: false, cells: [cell('r1', { rowspan: 3 }), cell('wide', { colspan: 2 })] },
      { header: false, cells: [cell('x'), cell('y')] },
      { header: false, cells: [cell('z')] },
    ],
  }], '');
  assert.equal(toMarkdown(a), '| A | B | C |\n| --- | --- | --- |\n| r1 | wide |  |\n|  | x | y |\n|  | z |  |\n');
  assert.equal(toText(a), 'A\tB\tC\nr1\twide\n\tx\ty\n\tz');
  const html = toHtml(a);
  assert.ok(html.includes('<td rowspan="3">r1</td><td colspan="2">wide</td>'));
});

test('emphasis markers hug their text; lists indent continuation blocks', () => {
  const a = art([
    p(t('a'), { kind: 'strong', children: [t(' b ')] }, t('c'), { kind: 'emphasis', children: [t(' ')] }),
    { kind: 'list', ordered: true, start: 9, items: [
      { children: [p(t('nine')), p(t('more'))] },
      { children: [p(t('ten')), { kind: 'list', ordered: false, items: [{ children: [p(t('sub'))] }] }] },
    ] },
  ], '');
  assert.equal(toMarkdown(a), 'a **b** c\n\n9. nine\n\n   more\n10. ten\n    - sub\n');
  assert.equal(toText(a), 'a b c\n\nnine\nmore\nten\n  sub');
});

test('json: body is the text writer, headings include nested ones, confidence is clamped', () => {
  const a: Article = {
    title: 'T',
    content: [{ kind: 'heading', level: 2, content: [t('H1')] }, { kind: 'quote', children: [{ kind: 'heading', level: 3, content: [t('H2')] }] }, p(t('body'))],
    metadata: { lang: 'en', author: 'A', url: 'https://e.com/' },
  };
  const j = toJson(a, { confidence: 7, blocks: [{ label: 'body', text: 'body', p: 0.9 }] });
  assert.deepEqual(articleHeadings(a), ['H1', 'H2']);
  assert.equal(j.body, toText(a));
  assert.equal(j.body, 'H1\n\nH2\n\nbody');
  assert.equal(j.confidence, 1);
  assert.deepEqual(j.metadata, { author: 'A', url: 'https://e.com/', lang: 'en', excerpt: 'body', dir: 'ltr' }, "the schema's order; the first paragraph is the excerpt");
  assert.deepEqual(j.blocks, [{ label: 'body', text: 'body', p: 0.9 }]);
});
