import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Parser, parse, type DefaultTreeAdapterMap, type ParserError, type ParserOptions } from 'parse5';
import { parseDocument } from '../../src/dom/html-parser.js';
import { dumpParse5Tree } from '../../src/dom/parse5-dump.js';
import { PLAIN_TAG_MAX_ATTRS, RunParser, RunTokenizer, parseWithRuns } from '../../src/dom/run-tokenizer.js';
import { seededRandom } from '../../src/util/random.js';

/** Hand-made inputs on which a tokenizer that reads ahead could go wrong. */
const HOSTILE: readonly string[] = [
  // raw text and RCDATA elements
  '<style>p { a: "<b>" } </style><p>x</p>', '<style>a</style >b', '<style>a</stylex>b</style>c', '<STYLE>A</Style>B',
  '<textarea>a &amp; <b> &lt;\r\nb</textarea>c', '<title>T &copy &notanentity; <i>x</i></title>', '<xmp><b>&amp;</b></xmp>',
  '<noembed>a<b></noembed>c', '<noframes>a</noframes>', '<iframe>x<p>y</iframe>z', '<noscript><p>n</p></noscript>',
  // script data and its escapes
  '<script>if (a < b && c) {}</script>', '<script><!--<script>x</script>y--></script><p>z</p>',
  '<script><!-- a --></script>b', '<script><!--<script></script>--></script>', '<script><!--<SCRIPT >a</SCRIPT>b</script>c',
  '<script>a</script', '<script>a</scr', '<script><!--', '<script><!-- -', '<script type="application/ld+json">{"a":"<b>"}</script>',
  '<script>\0a\0</script>', '<script>a\r\n\r\nb</script>',
  // foreign content and CDATA
  '<svg viewBox="0 0 1 1"><foreignObject><p>x</p></foreignObject><desc>d</desc><text>t</text></svg>',
  '<svg><![CDATA[a<b>c]]>d</svg>', '<svg><![CDATA[a]]', '<svg><![CDATA[', '<math><mi>x</mi><annotation-xml encoding="text/html"><p>h</p></annotation-xml></math>',
  '<svg><style><!--</style><p>x</p>--></style></svg>', '<p><![CDATA[not foreign]]></p>', '<svg><title><b>t</b></title></svg>',
  '<svg xlink:href="a" xml:lang="en" XMLNS:xlink="x" definitionURL="u"></svg>', '<math definitionurl="d"><mtext>t</mtext></math>',
  // NULs, CR and LF, surrogates, controls, non-characters
  'a\0b\0\0c', '<p\0q a\0b="c\0d" e=f\0g>x</p\0q>', '<!--a\0b-->', 'a\r\nb\rc\n\rd\r\r\ne', '<p title="a\r\nb\rc">x\r</p>\r',
  '\r\n<pre>\r\nx</pre>', '<pre>\n\nx</pre>', '<textarea>\r\nx</textarea>', 'a\u{1F600}b\u{1F600}\u{1F600} c', '\uD800x\uDC00y\uDBFF',
  '<p title="\u{1F600}\uD800">x</p>', 'a\u0001b\u007fc\u0085d\uFDD0e\uFFFEf\uFFFF', '\uFEFFa\u00a0b\u2028c', 'tab\tff\fvt\u000b.',
  // character references in text and attributes, ambiguous ampersands
  'a &amp b &amp; c &ampx &#65; &#x41; &#0; &#xD800; &#1114112; &#x80; &notin &notit; &#', 'AT&T &x; & &; &#x;',
  '<a href="?a=1&b=2&amp;c=3&copy=4&copy;=5&notanentity;">x</a>', "<a title='&lt;&gt' alt=&amp;x&amp y=&copy=>x</a>",
  '<a title="&">x</a>', '<p>&', '<p title="&', '<a b=&c;d>e</a>',
  // attributes: quoting, duplicates, odd characters, case
  '<P CLASS="A b" ID=X Data-Y=\'z\'>x</P>', '<p a=1 a=2 A=3>x</p>', '<p a="1"b=2 c=`x` d=e"f g=<h i==j>x</p>',
  '<p "a"=b \'c\'=d <e=f>x</p>', '<dIV cLASS=x ID=y>a</Div>', '<Xy-Z:a Q:R=1>b</xY-z:A>', '<päx aéb=1 Ä=2>c</PÄX>', '<img src=a.png/><br/ ><hr / x>', '<p a=\n"b"\tc\f=\r\nd>x</p>', `<p ${'a'.repeat(70)} x=1 x=2>y</p>`,
  `<p ${Array.from({ length: 80 }, (_, i) => `n${i}=${i} n${i % 7}=d`).join(' ')}>x</p>`,
  // tags read in one step, and the shapes that leave it to parse5 (references, NUL, CR, odd quoting, errors)
  '<a href="x&amp;y" title=\'a"b\' alt="c\'d" rel=a&b>x</a>', '<p title="a\0b" c=\'\0\' d=e\0>x</p>', '<p title="a\rb" c="d\r\ne">x</p>',
  '<p title="a\nb"\nclass="c"\n>x\n</p>', '<p\ta="b"\fc=d\n>x</p>', '<p title="a>b<c" d=\'<e>\'>x</p>', '<a href=/x/y/>z</a><a href=/u/ >v</a>',
  '<p a="b"c="d">x</p>', '<p a="b"/x>y</p>', '<p a = "b" c= d e =f>x</p>', '<p a=>x</p>', '<p =a>x</p>', '<p a=b/>x</p>', '<br/><br /><br/ ><hr/x>',
  '<p a="b" ', '<p a="b"/', '<p a="b"', '<p a=b', '<p a b', '</p a', '<p title="abc', "<p title='abc", '<p a="b">', '<img src="x.png" alt="">',
  '<DIV CLASS="A" Id=B DATA-X>y</DIV>', '<P><B CLASS=x>y</B></P>', '<a<b c="d">x</a<b>', '<p a"b="c">x</p>', "<p a'b=c>x</p>", '<p a<b=c>x</p>',
  '<svg viewBox="0 0 1 1" preserveAspectRatio="none"><linearGradient gradientUnits="x"/><clipPath clipPathUnits=a></clipPath><foreignObject/></svg>',
  '<math definitionURL="x"><MI mathVariant=bold>y</MI><annotation-xml encoding=text/html><p>z</p></annotation-xml></math>',
  '<p a=1 A="2" a=\'3\' b b B>x</p>', `<p ${Array.from({ length: 70 }, (_, i) => `k${i % 66}="${i}"`).join(' ')}>x</p>`,
  '<p title="héllo wörld ©" data-ü=1 dätä="x">x</p>', '<p t="\u{1F600}" u=\u{1F600}>x</p>', '<p a="\u0001" b="\u0085" c="\uFDD0">x</p>',
  '</p class="x"></p/></P ></p a=1 a=2>', '<script type="text/javascript">a<b</script><style media=all>x</style><title lang=en>a</title>',
  '<textarea rows=2>a</textarea><xmp class=a>b</xmp><plaintext id=p><b>', '<p title="short" alt="a value of thirteen or more characters">x</p>',
  '<table class=t><tr id=r><td colspan="2">a</td></tr></table>', '<select name=s><option value="1" selected>a</select>',
  // misnesting, tables, formatting elements, the adoption agency
  '<b>1<i>2</b>3</i>4', '<a href=a>1<a href=b>2</a>3', '<table><tr><td>a</td>b<p>c</table>', '<table>x<tr>y<td>z',
  '<p><div>a</p>b</div>', '<b><b><b><b>x</b>', '<ul><li>a<li>b</ul><dl><dt>c<dd>d</dl>', '<select><option>a<option>b</select>c',
  '<table><caption>c<table>d', '<frameset><frame></frameset>x', '<template><td>a</td></template><p>b', '<h1><h2>x</h1>y</h2>',
  // unterminated tags, comments and doctypes at the end of the input
  '<p', '<p ', '<p a', '<p a=', '<p a="b', "<p a='b", '<p a=b', '<p/', '</p', '</', '<', '<!', '<!-', '<!--', '<!--a', '<!--a-', '<!--a--',
  '<!--a--!', '<!--a--!>b', '<!-->x', '<!--->x', '<!-- a -- b -->c', '<!--<!--a-->', '<!--a<!-->', '<?php echo "x" ?>y', '</ p>x', '<//>x',
  '<!DOCTYPE', '<!DOCTYPE html', '<!doctype html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">x',
  '<!DOCTYPE html SYSTEM "about:legacy-compat"><p>x', '<!DOCTYPE html PUBLIC "unterminated', '<!DOCTYPE \0>x', '<!DOCTYPE foo bar baz>',
  // plaintext swallows the rest
  '<plaintext><p>a</p>&amp;\0\r\nb', '<p>a<plaintext>b</plaintext>c',
  // white space and text in one token only where the insertion mode reads them alike
  ' \n <!DOCTYPE html> \n <html> \n <head> \n <title> a b </title> \n </head> \n <body> a b </body> \n </html> \n x y',
  ' a b', '\n\n a b <p> c d', '<html> a b', '<head> a b </head> c', '<head><noscript> a b </noscript></head>',
  '<table> a b <tr> c d <td> e f </td> g h </tr> </table>', '<table>\n  <tr>\n    <td> x y </td>\n  </tr>\n</table> z w',
  '<table><caption> a b </caption><colgroup> c d <col> e </colgroup> f g</table>', '<table><tr><td>a b</td></tr> c <!-- x --> d</table>',
  '<table><tbody> \n a b<tr><th> c d </th></tr></tbody></table>', '<table><select> a b <option> c d </select></table>',
  '<pre>\nline one\n two</pre>', '<pre>\n\n a b</pre>', '<listing>\n a b</listing>', '<textarea>\n a b\n c</textarea>',
  '<pre> \n a</pre>', '<pre>x\n y</pre>', '<pre>\r\n a b</pre>', '<pre><b>\n a</b></pre>', '<pre>&#10; a b</pre>',
  '<frameset> a b <frame> c </frameset> d e', '<frameset></frameset> \n x y', '<body></body></html> \n a b',
  '<select> a b <option> c d </option></select> e f', '<b>a b<p>c d</b>e f</p>', '<a href=x>a b<div>c d</a> e</div>',
  '<svg> a b <text> c d </text><desc> e f </desc></svg>', '<math><mi> x y </mi> z w</math>', '<template> a b <tr> c d </tr> e </template>',
  'a &amp; b &#32; c &Tab; d &nbsp; e', 'a b\r\nc d\re f', ' \0 a b \0c', '<p>a b<i> c d </i> e</p>',
  // text runs of every kind, long
  `<p>${'word '.repeat(500)}</p>`, `${'x'.repeat(70_000)}<p>${'\n'.repeat(70_000)}</p><p title="${'y'.repeat(70_000)}">z`,
  `<div class="${'a '.repeat(20_000)}">${'<i>t</i>'.repeat(2000)}</div>`,
];

type Document = DefaultTreeAdapterMap['document'];

/** Parses `html` with `parser` fed in chunks cut at `cuts`, collecting parse errors. */
function parseInChunks(parser: Parser<DefaultTreeAdapterMap>, html: string, cuts: readonly number[]): Document {
  let at = 0;
  for (const cut of cuts) {
    parser.tokenizer.write(html.slice(at, cut), false);
    at = cut;
  }
  parser.tokenizer.write(html.slice(at), true);
  return parser.document;
}

function withErrors(errors: string[]): ParserOptions<DefaultTreeAdapterMap> {
  return { onParseError: (e: ParserError) => errors.push(JSON.stringify(e)) };
}

/** Both tokenizers' trees and parse errors for `html`: stock parse5 against the run tokenizer. */
function assertSameParse(html: string, cuts: readonly number[] = []): void {
  const label = JSON.stringify(html.length > 200 ? `${html.slice(0, 200)}...` : html);
  assert.equal(dumpParse5Tree(parseWithRuns(html)), dumpParse5Tree(parse(html)), label);
  assert.equal(
    dumpParse5Tree(parseWithRuns(html, { sourceCodeLocationInfo: true })),
    dumpParse5Tree(parse(html, { sourceCodeLocationInfo: true })),
    `${label} with locations`,
  );
  const stockErrors: string[] = [];
  const runErrors: string[] = [];
  const stock = dumpParse5Tree(parseInChunks(new Parser(withErrors(stockErrors)), html, cuts));
  const runs = dumpParse5Tree(parseInChunks(new RunParser(withErrors(runErrors)), html, cuts));
  assert.equal(runs, stock, `${label} in chunks at ${cuts.join(',')}`);
  assert.deepEqual(runErrors, stockErrors, `${label}: the same parse errors at the same places`);
  // Without locations and error reports the run tokenizer reads plain tags in one step: in chunks too.
  const plainStock = dumpParse5Tree(parseInChunks(new Parser(), html, cuts));
  const plainRuns = dumpParse5Tree(parseInChunks(new RunParser(), html, cuts));
  assert.equal(plainRuns, plainStock, `${label} in chunks at ${cuts.join(',')}, no locations or errors`);
  for (const scriptingEnabled of [false, true]) {
    const stockPith = parseDocument(html, { scriptingEnabled }, undefined, false);
    const runPith = parseDocument(html, { scriptingEnabled }, undefined, true);
    assert.equal(dumpParse5Tree(runPith.document), dumpParse5Tree(stockPith.document), `${label} through pith's parser`);
    assert.deepEqual([runPith.truncated, runPith.dropped, runPith.nodesMade], [stockPith.truncated, stockPith.dropped, stockPith.nodesMade]);
  }
}

test('hostile inputs: the run tokenizer builds parse5 trees, locations and errors identical to parse5 own', () => {
  for (const html of HOSTILE) assertSameParse(html);
});

test('hostile inputs fed in two chunks, cut at every place: the same trees and errors', () => {
  for (const html of HOSTILE.filter((h) => h.length < 200)) {
    for (let cut = 0; cut <= html.length; cut++) assertSameParse(html, [cut]);
  }
});

test('token soups of the hostile pieces: the same trees and errors', () => {
  const random = seededRandom(60);
  const pieces = HOSTILE.filter((h) => h.length < 200);
  for (let i = 0; i < 400; i++) {
    let html = '';
    const n = 1 + Math.floor(random() * 8);
    for (let k = 0; k < n; k++) html += pieces[Math.floor(random() * pieces.length)]!;
    assertSameParse(html);
  }
});

test('a budget-truncated page reads the same with either tokenizer', () => {
  const html = `<div>${'<p>a b</p>'.repeat(400)}</div><p>after</p>`;
  const stock = parseDocument(html, {}, 300, false);
  const runs = parseDocument(html, {}, 300, true);
  assert.ok(stock.truncated);
  assert.equal(dumpParse5Tree(runs.document), dumpParse5Tree(stock.document));
});

/** A run tokenizer that counts the code points parse5's loop reads one at a time. */
class CountingRunTokenizer extends RunTokenizer {
  reads = 0;
  protected override _consume(): number {
    this.reads++;
    return super._consume();
  }
}

test('runs are read in one step: far fewer code points go through the state loop', () => {
  const html = `<html><body><p class="lead paragraph" data-x=unquoted>${'Several plain words of text, '.repeat(200)}</p><!-- a long comment here --></body></html>`;
  const parser = new Parser<DefaultTreeAdapterMap>();
  const tokenizer = new CountingRunTokenizer(parser.options, parser);
  parser.tokenizer = tokenizer;
  parser.tokenizer.write(html, true);
  assert.equal(dumpParse5Tree(parser.document), dumpParse5Tree(parse(html)));
  // parse5's own loop reads every code point; words and spaces are runs of about 5 and 1.
  assert.ok(tokenizer.reads < html.length / 2.5, `${tokenizer.reads} reads for ${html.length} characters`);
});

test('a plain tag is read in one step; with parse errors reported, one code point a turn as parse5 reads it', () => {
  const html = '<div class="card wide" id=c7 hidden><a href="/x/y" data-n=\'1\'>t</a><br/></div>'.repeat(100);
  const count = (options: ParserOptions<DefaultTreeAdapterMap>): number => {
    const parser = new Parser<DefaultTreeAdapterMap>(options);
    const tokenizer = new CountingRunTokenizer(parser.options, parser);
    parser.tokenizer = tokenizer;
    parser.tokenizer.write(html, true);
    assert.equal(dumpParse5Tree(parser.document), dumpParse5Tree(parse(html, options)));
    return tokenizer.reads;
  };
  // Five tags a repeat: the `<` of each, the text `t`, and the end of the input.
  assert.equal(count({}), 100 * 6 + 1);
  const errors: string[] = [];
  assert.ok(count(withErrors(errors)) > 100 * 30);
});

test('a tag with more attributes than the one-step buffer holds is left to parse5, its tree the same', () => {
  const tagWith = (count: number) => `<p ${Array.from({ length: count }, (_, i) => `a${i}="${i}"`).join(' ')}>x</p>`;
  const reads = (html: string): number => {
    const parser = new Parser<DefaultTreeAdapterMap>();
    const tokenizer = new CountingRunTokenizer(parser.options, parser);
    parser.tokenizer = tokenizer;
    parser.tokenizer.write(html, true);
    assert.equal(dumpParse5Tree(parser.document), dumpParse5Tree(parse(html)));
    return tokenizer.reads;
  };
  // At the bound: one step (the `<`s, the text, the end of the input).
  assert.equal(reads(tagWith(PLAIN_TAG_MAX_ATTRS)), 4);
  // Past it (a hostile tag of thousands): parse5's states read it, several turns an attribute,
  // and the buffer of tag parts is never grown for it.
  const many = 5000;
  assert.ok(reads(tagWith(many)) > many * 3);
  assert.ok(reads(tagWith(PLAIN_TAG_MAX_ATTRS + 1)) > (PLAIN_TAG_MAX_ATTRS + 1) * 3);
});

/** A parser that counts the character tokens it is given. */
class CountingParser extends RunParser {
  characterTokens = 0;
  override onCharacter(token: Parameters<Parser<DefaultTreeAdapterMap>['onCharacter']>[0]): void {
    this.characterTokens++;
    super.onCharacter(token);
  }
  override onWhitespaceCharacter(token: Parameters<Parser<DefaultTreeAdapterMap>['onWhitespaceCharacter']>[0]): void {
    this.characterTokens++;
    super.onWhitespaceCharacter(token);
  }
}

test('prose in the body is one character token; in a table, white space stays a token of its own', () => {
  const prose = 'Several plain words of text, '.repeat(200);
  const inBody = new CountingParser();
  inBody.tokenizer.write(`<p>\n ${prose}</p>`, true);
  assert.equal(inBody.characterTokens, 1);
  const inTable = new CountingParser();
  const table = `<table> a b <tr> c d </tr></table>`;
  inTable.tokenizer.write(table, true);
  assert.equal(dumpParse5Tree(inTable.document), dumpParse5Tree(parse(table)));
  assert.equal(inTable.characterTokens, 10); // each space and each letter
});

test('the dump tells trees apart by attribute, text, namespace and location', () => {
  const dump = (html: string, locations = false) => dumpParse5Tree(parse(html, { sourceCodeLocationInfo: locations }));
  assert.notEqual(dump('<p a="1">x</p>'), dump('<p a="2">x</p>'));
  assert.notEqual(dump('<p>x</p>'), dump('<p>y</p>'));
  assert.notEqual(dump('<svg><a></a></svg>'), dump('<a></a>'));
  assert.notEqual(dump('<p>x</p>', true), dump('<p>x</p>\n', true));
  assert.notEqual(dump('\n<p>x</p>', true), dump(' <p>x</p>', true));
});
