import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { MAX_TREE_NODES, parseDocument } from '../../src/dom/html-parser.js';
import { parseHtml } from '../../src/dom/parse.js';
import { segment } from '../../src/segment/segment.js';
import { seededRandom } from '../../src/util/random.js';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Element = DefaultTreeAdapterMap['element'];

const blocksOf = (html: string): string[] => segment(parseHtml(html)).blocks.map((b) => b.text);

/** Elements whose text the skipping parser leaves out (JSON-LD scripts excepted). */
const SKIPPED_BODIES = new Set(['script', 'style', 'noembed', 'noframes']);
const HTML_NS = 'http://www.w3.org/1999/xhtml';

/**
 * The tree as one line per node, with the bodies that the skipping parser may drop left out
 * of both sides: what remains must be identical, node for node.
 */
function describe(doc: P5Node): string[] {
  const lines: string[] = [];
  const stack: { node: P5Node; depth: number; inSkipped: boolean }[] = [{ node: doc, depth: 0, inSkipped: false }];
  while (stack.length > 0) {
    const { node, depth, inSkipped } = stack.pop()!;
    const pad = ' '.repeat(Math.min(depth, 200));
    if (node.nodeName === '#text') {
      if (!inSkipped) lines.push(`${pad}"${(node as DefaultTreeAdapterMap['textNode']).value}"`);
      continue;
    }
    if (node.nodeName === '#comment') {
      lines.push(`${pad}<!--${(node as DefaultTreeAdapterMap['commentNode']).data}-->`);
      continue;
    }
    let skipKids = inSkipped;
    if ('tagName' in node) {
      const el = node as P5Element;
      const attrs = el.attrs.map((a) => `${a.name}=${JSON.stringify(a.value)}`).join(' ');
      lines.push(`${pad}<${el.namespaceURI === HTML_NS ? '' : 'ns:'}${el.tagName} ${attrs}>`);
      const jsonLd = el.tagName === 'script' && el.attrs.some((a) => a.name === 'type' && a.value.toLowerCase().includes('ld+json'));
      if (el.namespaceURI === HTML_NS && SKIPPED_BODIES.has(el.tagName) && !jsonLd) skipKids = true;
    } else {
      lines.push(`${pad}${node.nodeName}`);
    }
    const kids = (node as { childNodes?: P5Node[] }).childNodes ?? [];
    const content = (node as { content?: P5Node }).content; // <template>
    if (content) stack.push({ node: content, depth: depth + 1, inSkipped: skipKids });
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i]!, depth: depth + 1, inSkipped: skipKids });
  }
  return lines;
}

function assertSameTree(html: string): void {
  const plain = describe(parse(html, { scriptingEnabled: false }) as unknown as P5Node);
  const skipped = describe(parseDocument(html, { scriptingEnabled: false }).document as unknown as P5Node);
  assert.deepEqual(skipped, plain, JSON.stringify(html));
}

/** Pieces from which token soups are drawn: the constructs on which tokenizer and tree builder disagree with naive scans. */
const PIECES = [
  '<svg>', '</svg>', '<math>', '</math>', '<foreignObject>', '</foreignObject>', '<desc>', '<mi>', '<mtext>',
  '<annotation-xml encoding="text/html">', '<style>', '</style>', '<STYLE media=x>', '</style ', '</style/', '</stylex>',
  '<script>', '</script>', '</SCRIPT >', '</script', '<script type="application/ld+json">', '<script type=module>',
  '<!--', '-->', '--!>', '<!-->', '<!-- c -->', '<![CDATA[', ']]>', '<p>', '</p>', '<div>', '</div>', 'ARTICLE', 'text',
  '<table>', '<td>', '<select>', '</select>', '<option>', '<frameset>', '<frame>', '<template>', '</template>',
  '<textarea>', '</textarea>', '<title>', '</title>', '<xmp>', '</xmp>', '<noembed>', '</noembed>', '<noframes>',
  '</noframes>', '<noscript>', '</noscript>', '<iframe>', '</iframe>', '<plaintext>', '<b>', '</b>', '<a href="<script>">',
  '<img alt="</style>">', '\r\n', '\r', '\0', '&amp;', '&lt;', '<', '</', '>', '"', "'", '/', '<scr', 'ipt>', '\u{1F600}',
  '<body>', '</body>', '</html>', '<html>', '<head>', '</head>', '<br/>', '<!DOCTYPE html>', '<?php x ?>',
];

function tokenSoup(random: () => number): string {
  const n = 1 + Math.floor(random() * 30);
  let s = '';
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(random() * PIECES.length)]!;
  return s;
}

test('the issue reproducers: foreign style, a comment split across a foreign style, escaped scripts', () => {
  assert.deepEqual(blocksOf('<svg><style><div>ARTICLE</div></style></svg>'), ['ARTICLE']);
  const injected = '<svg><style><!--</style><p>INJECTED</p>--></style></svg><p>real</p>';
  assertSameTree(injected);
  assert.ok(!blocksOf(injected).some((t) => t.includes('INJECTED')), 'comment text is not body text');
  const escaped = '<script><!--<script>document.write("x")</script><p>hidden</p>--></script><p>visible</p>';
  assertSameTree(escaped);
  assert.deepEqual(blocksOf(escaped), ['visible']);
  assert.deepEqual(blocksOf('<script><!-- x --></script><p>after</p>'), ['after']);
});

test('script and style bodies are left out; their elements, JSON-LD and everything else are kept', () => {
  const html = '<p>a</p><script src=x.js>var s = "<p>no</p>";</script><STYLE media="print">p { color: red }</STYLE ><p>b</p>';
  const doc = parseDocument(html).document;
  const body = (doc.childNodes[0] as P5Element).childNodes[1] as P5Element;
  const tags = body.childNodes.map((c) => c.nodeName);
  assert.deepEqual(tags, ['p', 'script', 'style', 'p']);
  assert.equal((body.childNodes[1] as P5Element).childNodes.length, 0, 'script body left out');
  assert.deepEqual(blocksOf(html), ['a', 'b']);
  for (const type of ['application/ld+json', 'application/ld&#x2B;json', 'application/LD+JSON']) {
    assert.deepEqual(parseHtml(`<script type="${type}">{"headline":"H"}</script>`).jsonLd, ['{"headline":"H"}'], type);
  }
});

test('"<script>" inside attribute values, comments and text elements is not a script; end tags need space, / or >', () => {
  const cases = [
    '<img alt="<script>"><p>kept one</p><p>kept two</p>',
    "<a title='</script><script>'>link</a><p>kept</p>",
    '<!-- <script> --><p>visible</p><p>also visible</p>',
    '<!--><script>x</script><p>y</p>',
    '<textarea><script></textarea><p>after the textarea</p>',
    '<title><style></title><p>body text</p>',
    '<script>a</scripty>b</script >c',
    '<script>never closed <p>x</p>',
    '<p>x</p><script>a</script',
    '<plaintext><script>x</script>',
    '<frameset><script>x</script><noframes><p>n</p></noframes>',
    '<select><style>s</style><script>t</script><option>o',
  ];
  for (const html of cases) assertSameTree(html);
  assert.deepEqual(blocksOf(cases[0]!), ['kept one', 'kept two']);
  assert.deepEqual(blocksOf(cases[6]!), ['c']);
});

test("a self-closed iframe in <noscript> (a tag manager's snippet written as JSX) does not swallow the page", () => {
  const gtm = '<body><noscript><iframe src="https://tags.example/ns.html?id=X" height="0" width="0" style="display:none" /></noscript><h1>Headline</h1><p>The story.</p></body>';
  assert.deepEqual(blocksOf(gtm), ['Headline', 'The story.']);
  // Closed properly, or outside <noscript>, it is parsed as a browser parses it.
  assertSameTree('<noscript><iframe src=x></iframe><p>in noscript</p></noscript><p>after</p>');
  assertSameTree('<iframe src=x /><p>raw text of the iframe, as in a browser</p>');
  assert.deepEqual(blocksOf('<body><noscript><style/></noscript><p>after a self-closed style</p>'), ['after a self-closed style']);
  // The <noscript> is looked for among the innermost open elements only: bounded work per tag.
  const deep = `<body><noscript>${'<div>'.repeat(100)}<iframe src=x /><p>past the reach: swallowed, as parse5 does</p>`;
  assertSameTree(deep);
  const many = `<body><noscript>${'<iframe src=x />'.repeat(20_000)}</noscript><p>end</p>`;
  assert.equal(blocksOf(many).at(-1), 'end');
});

test('differential: 5 000 seeded token soups give parse5\'s own tree', () => {
  const random = seededRandom(24);
  for (let i = 0; i < 5000; i++) assertSameTree(tokenSoup(random));
});

test('thousands of scripts, comments and stray < signs stay linear and exact', () => {
  const html = '<p>t</p>' + '<!-- c --><script>x</script><style>y</style>'.repeat(20_000) + '<p>end</p>';
  assertSameTree(html);
  assert.deepEqual(blocksOf(html), ['t', 'end']);
  for (const s of ['', '<', 'a < b <3 </ >', '<script>', '<style>']) assertSameTree(s);
});

test('the node limit counts text nodes, not runs of words: prose is read to its end, a soup of elements is cut', () => {
  const prose = `<p>${'a word and another, '.repeat(500)}</p><p>the end</p>`;
  const read = parseDocument(prose, {}, 20);
  assert.equal(read.truncated, false);
  assert.match(JSON.stringify(describe(read.document as unknown as P5Node)), /the end/);
  const soup = parseDocument('<p>x'.repeat(30) + '<p>beyond', {}, 20);
  assert.equal(soup.truncated, true);
  assert.doesNotMatch(JSON.stringify(describe(soup.document as unknown as P5Node)), /beyond/);
});
