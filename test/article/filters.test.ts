import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toMarkdown, toHtml, type Article } from '../../src/article/index.js';
import { withoutLinks, withoutTables } from '../../src/article/filters.js';

const link = (text: string) => ({ kind: 'link' as const, href: `https://example.com/${text}`, children: [{ kind: 'text' as const, text }] });

const article: Article = {
  title: 'T',
  metadata: {},
  content: [
    { kind: 'paragraph', content: [{ kind: 'text', text: 'See ' }, link('here'), { kind: 'text', text: ' now.' }] },
    { kind: 'table', caption: [link('cap')], rows: [{ header: false, cells: [{ header: false, content: [link('cell')] }] }] },
    {
      kind: 'list', ordered: false, items: [{
        children: [
          { kind: 'paragraph', content: [{ kind: 'strong', children: [link('bold')] }] },
          { kind: 'table', rows: [{ header: true, cells: [{ header: true, content: [{ kind: 'text', text: 'nested' }] }] }] },
        ],
      }],
    },
    { kind: 'quote', children: [{ kind: 'table', rows: [] }, { kind: 'paragraph', content: [link('quoted')] }] },
    { kind: 'embed', src: 'https://video.example/v', media: 'video' },
  ],
};

test('withoutTables drops tables at any depth and keeps the rest in order', () => {
  const out = withoutTables(article);
  const md = toMarkdown(out);
  assert.ok(!md.includes('|'), md);
  assert.ok(!md.includes('nested'));
  assert.match(md, /See \[here\]\(https:\/\/example\.com\/here\) now\./);
  assert.match(md, /quoted/);
  assert.equal(out.content.length, 4);
  assert.equal(article.content.length, 5, 'the input is not changed');
});

test('withoutLinks keeps link text, drops the links and the embeds', () => {
  const out = withoutLinks(article);
  const html = toHtml(out);
  assert.ok(!html.includes('<a '), html);
  for (const t of ['here', 'cap', 'cell', 'bold', 'quoted']) assert.ok(html.includes(t), t);
  assert.match(html, /<strong>bold<\/strong>/);
  assert.ok(!out.content.some((n) => n.kind === 'embed'));
  assert.match(toHtml(article), /<a href="https:\/\/example.com\/here">/, 'the input is not changed');
});
