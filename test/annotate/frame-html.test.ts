import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { loadPage } from '../../src/page.js';
import { frameHtml, BLOCK_ATTR } from '../../src/annotate/frame-html.js';
import { normalizeSpace } from '../../src/dom/tree.js';
import { fixture } from '../helpers/paths.js';

function render(html: string | Uint8Array) {
  const bytes = typeof html === 'string' ? new TextEncoder().encode(html) : html;
  const page = loadPage(bytes, { id: 'p' });
  return { page, out: frameHtml(bytes, page) };
}

/** Text of each block as marked in the output, for comparison with pith's blocks. */
function markedTexts(out: string): Map<number, string> {
  const { document } = parseHTML(out);
  const m = new Map<number, string>();
  for (const el of document.querySelectorAll(`[${BLOCK_ATTR}]`)) {
    const i = Number(el.getAttribute(BLOCK_ATTR));
    m.set(i, ((m.get(i) ?? '') + ' ' + (el.textContent ?? '')).trim());
  }
  return m;
}

test('the rewritten page is inert: no script, handlers, refresh, base, remote loads, form actions or link targets', () => {
  const { out } = render(readFileSync(fixture('annotate', 'article.html')));
  assert.doesNotMatch(out, /<script/i);
  assert.doesNotMatch(out, /\son[a-z]+=/i);
  assert.doesNotMatch(out, /http-equiv|refresh/i);
  assert.doesNotMatch(out, /<base|<link|<iframe/i);
  assert.doesNotMatch(out, /\s(src|srcset|action|formaction|target)=/i);
  assert.doesNotMatch(out, /\shref="(?!#")/i, 'every href points nowhere');
  assert.match(out, /data-pith-href="javascript:alert\(1\)"/, 'the original target is kept, inert, for display');
  assert.match(out, /<style>body \{ font-family: serif; \}/, 'the page\'s own CSS stays');
});

test('every block is marked, with exactly its text', () => {
  const { page, out } = render(readFileSync(fixture('annotate', 'article.html')));
  const marked = markedTexts(out);
  for (const b of page.blocks) {
    assert.ok(marked.has(b.index), `block ${b.index} (${b.kind}) is marked`);
    if (b.kind === 'text') assert.equal(normalizeSpace(marked.get(b.index)!), normalizeSpace(b.text));
  }
  assert.equal(marked.size, page.blocks.length);
});

test('marks survive tables, pre, inline markup, noscript and entities', () => {
  const html = '<table><tr><td>Cell <i>one</i></td><td>Cell two &amp; &lt;three&gt;</td></tr></table>' +
    '<pre>line 1\nline 2</pre><noscript><p>No script text</p></noscript><p>a<br>b<br><br>c</p>' +
    '<svg><text>not a block</text></svg><textarea>x</textarea><p>after</p>';
  const { page, out } = render(html);
  const marked = markedTexts(out);
  for (const b of page.blocks) assert.equal(normalizeSpace(marked.get(b.index) ?? ''), normalizeSpace(b.text), `block ${b.index}`);
  assert.match(out, /&lt;three&gt;/);
});

test('deeply nested and empty pages render without recursion limits', () => {
  const deep = '<div>'.repeat(50_000) + 'deep text' + '</div>'.repeat(50_000);
  const { page, out } = render(deep);
  assert.equal(page.blocks.length, 1);
  assert.equal(markedTexts(out).get(0), 'deep text');
  assert.match(render('').out, /<html>/);
});

test('style text cannot close its element early', () => {
  const { out } = render('<style>a{}</stylex><img src=x onerror=alert(1)>{}</style><p>x</p>');
  assert.equal((out.match(/<\/style>/g) ?? []).length, 2, 'the frame style and the page style close once each');
  const { document } = parseHTML(out);
  assert.equal(document.querySelectorAll('img').length, 0, 'text inside style stays text');
});
