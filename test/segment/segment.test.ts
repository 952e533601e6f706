import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../src/dom/parse.js';
import { segment } from '../../src/segment/segment.js';
import { textTailUnits } from '../../src/segment/text-tail.js';
import { domPath, resolveDomPath, subtreeText } from '../../src/dom/tree.js';

const blocksOf = (html: string, url?: string) => segment(parseHtml(html, url ? { url } : {})).blocks;
const texts = (html: string) => blocksOf(html).map((b) => b.text);

test('inline tags do not split blocks; other tags do', () => {
  assert.deepEqual(texts('<p>One <b>bold</b> and <a href="/x">link</a>.</p><div>Two<div>Three</div>Four</div>'), [
    'One bold and link.', 'Two', 'Three', 'Four',
  ]);
});

test('adjacent inline text joins as displayed; white space collapses', () => {
  assert.deepEqual(texts('<p>foo<b>bar</b>   baz\n\t qux&nbsp;&nbsp;end</p>'), ['foobar baz qux end']);
});

test('soft hyphens are dropped from text and the title; zero-width spaces count as space', () => {
  assert.deepEqual(texts('<p>Er&shy;in&shy;ne\u00adrung an <b>die</b> Op&shy;fer</p><p>a\u200bb</p>'), ['Erinnerung an die Opfer', 'a b']);
  assert.equal(parseHtml('<title>Er&shy;in&shy;ne&shy;rung</title>').title, 'Erinnerung');
});

test('one <br> is a line break inside a block; two end the block', () => {
  assert.deepEqual(texts('<p>line one<br>line two<br><br>  next para<br/>\n<br>third</p>'), [
    'line one\nline two', 'next para', 'third',
  ]);
});

test('script, style, template, comments, head and hidden elements give no blocks', () => {
  const html = `<html><head><title>T</title><style>p{}</style><noscript><link rel=x></noscript></head><body>
    <script>var x = "not text";</script><!-- comment --><template><p>tpl</p></template>
    <p>visible</p><p hidden>hidden attr</p><div style="display: none">no display</div><p style="visibility:hidden">invisible</p>
    <svg><text>svg text</text></svg><select><option>opt</option></select></body></html>`;
  assert.deepEqual(texts(html), ['visible', 'svg text'], 'an svg draws its <text>');
});

test('noscript in the body is parsed as markup (scripting off)', () => {
  const bs = blocksOf('<body><noscript><img src="a.jpg" alt="A"></noscript><p>x</p></body>', 'https://e.com/p/');
  assert.equal(bs[0]!.kind, 'image');
  assert.equal(bs[0]!.src, 'https://e.com/p/a.jpg');
  assert.equal(bs[0]!.alt, 'A');
});

test('images and media are items of their own, lazy sources preferred, data: URIs skipped', () => {
  const bs = blocksOf('<p>before <img src="data:image/gif;base64,R0" data-src="/big.jpg"> after</p><video><source src="v.mp4"></video><iframe src="https://yt/x"></iframe>', 'https://e.com/');
  assert.deepEqual(bs.map((b) => [b.kind, b.text || b.src]), [
    ['text', 'before'], ['image', 'https://e.com/big.jpg'], ['text', 'after'], ['media', 'https://e.com/v.mp4'], ['media', 'https://yt/x'],
  ]);
});

test('blocks keep tag path, nodes and link characters', () => {
  const bs = blocksOf('<body><div class="a"><p>Read <a href="/m">more here</a></p></div></body>');
  const b = bs[0]!;
  assert.equal(b.tagPath, 'html/body/div/p');
  assert.equal(b.linkChars, 'more here'.length);
  assert.equal(b.nodeIds.length, 2);
});

test('pre keeps its line breaks', () => {
  assert.deepEqual(texts('<pre>a = 1\nb = 2</pre>'), ['a = 1\nb = 2']);
});

test('domPath round-trips for elements and text nodes', () => {
  const tree = parseHtml('<body><div><p>a</p><p>b<i>c</i>d</p></div></body>');
  for (const n of tree.nodes.slice(1)) {
    assert.equal(resolveDomPath(tree, domPath(tree, n.id)), n.id, domPath(tree, n.id));
  }
  assert.equal(resolveDomPath(tree, '/html[1]/body[1]/div[9]'), undefined);
  const p2 = resolveDomPath(tree, '/html[1]/body[1]/div[1]/p[2]')!;
  assert.equal(subtreeText(tree, p2), 'b c d');
});

test('the memory-based study\'s text/tail units are derived from the same tree', () => {
  const tree = parseHtml('<body><div>lead<p>para <b>bold</b> tail of b</p>tail of p</div></body>');
  const units = textTailUnits(tree).filter((u) => u.text);
  assert.deepEqual(units.map((u) => `${tree.nodes[u.elementId]!.kind === 'element' ? (tree.nodes[u.elementId] as { tag: string }).tag : ''}.${u.part}=${u.text}`), [
    'div.text=lead', 'p.text=para', 'b.text=bold', 'b.tail=tail of b', 'p.tail=tail of p',
  ]);
});

test('an empty document has no blocks', () => {
  assert.deepEqual(texts(''), []);
  assert.deepEqual(texts('<html><body>   </body></html>'), []);
});

test('unrendered elements inside text (microdata <meta>, scripts) break no block: a product spec line stays whole', () => {
  const html = '<ul><li>Height: <meta itemprop="height" content="4"> 4 in.</li><li>Weight: <meta itemprop="weight" content="1.78">1.78 lbs.</li></ul>'
    + '<p>Before <script>track()</script>after, <link rel="x" href="/y">one <style>p{}</style>line.</p>';
  assert.deepEqual(segment(parseHtml(html)).blocks.map((b) => b.text), ['Height: 4 in.', 'Weight: 1.78 lbs.', 'Before after, one line.']);
});

test("a ruby's readings (<rt>) and fallback parentheses (<rp>) are not the text: furigana does not double the words", () => {
  const html = '<p><ruby>子<rp>(</rp><rt>こ</rt><rp>)</rp></ruby>どもへの<ruby>法律<rt>ほうりつ</rt></ruby>ができる</p><p><ruby>漢<rt>hàn</rt>字<rt>zì</rt></ruby> text</p>';
  assert.deepEqual(segment(parseHtml(html)).blocks.map((b) => b.text), ['子どもへの法律ができる', '漢字 text']);
});
