/**
 * A link inside other formatting (`<strong><a href>x</a></strong>`) is emitted once: the
 * teaser-card link must not wrap content that already carries a link (issue 61, item 1).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extract } from '../../src/index.js';

const PAGE = '<article><h1>T</h1><p>Intro paragraph with enough words to count as body text here.</p>' +
  '<ul><li><strong><a href="/x.html">Linked strong</a></strong></li></ul></article>';

test('a link inside strong is written once in Markdown', async () => {
  const a = await extract(PAGE);
  assert.match(a.markdown, /^- \*\*\[Linked strong\]\(\/x\.html\)\*\*$/m);
  assert.equal(a.markdown.split('(/x.html)').length - 1, 1, a.markdown);
});

test('a link inside strong is written once in HTML, never <a> in <a>', async () => {
  const a = await extract(PAGE);
  assert.ok(a.html.includes('<li><strong><a href="/x.html">Linked strong</a></strong></li>'), a.html);
  assert.equal(a.html.split('<a ').length - 1, 1, a.html);
});

test('a card wrapped whole in a link still gives its headline the link', async () => {
  const html = '<article><h1>T</h1><p>Intro paragraph with enough words to count as body text here.</p>' +
    '<ul><li><a href="/y.html"><strong>Card headline</strong></a></li></ul></article>';
  const a = await extract(html);
  assert.match(a.markdown, /^- \[\*\*Card headline\*\*\]\(\/y\.html\)$/m, a.markdown);
});
