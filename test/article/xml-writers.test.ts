/** The XML and TEI writers: every output parses back as XML (saxes) and says what the article says, readers' comments included. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Article, ArticleNode, Inline } from '../../src/article/types.js';
import { escapeXml, toTei, toXml, TEI_NAMESPACE, xmlChars } from '../../src/article/to-xml.js';
import { allElements, at, childrenNamed, parseXml, textOf } from '../helpers/xml-tree.js';
import { extract } from '../../src/pipeline/library.js';
import { fixture, repoRoot } from '../helpers/paths.js';

const t = (text: string): Inline => ({ kind: 'text', text });
const p = (...content: Inline[]): ArticleNode => ({ kind: 'paragraph', content });

const everyKind: Article = {
  title: 'Fish & <Chips>',
  metadata: { author: 'Ann "A" O\'Neil', date: '2024-05-01', url: 'https://ex.com/a?b=1&c=2', siteName: 'Ex <News>', lang: 'en', excerpt: 'Short.' },
  content: [
    { kind: 'heading', level: 2, content: [t('Part <one>')] },
    p(t('Plain '), { kind: 'strong', children: [t('bold')] }, t(' '), { kind: 'emphasis', children: [t('it')] }, { kind: 'break' },
      { kind: 'link', href: 'https://ex.com/x?y=1&z=2', children: [t('link')] }, { kind: 'link', href: 'javascript:alert(1)', children: [t(' unsafe')] },
      { kind: 'sup', children: [t('2')] }, t(' '), { kind: 'code', text: 'a<b' }),
    { kind: 'list', ordered: true, start: 3, items: [
      { children: [p(t('first'))] },
      { children: [p(t('second')), { kind: 'list', ordered: false, items: [{ children: [p(t('nested'))] }] }] },
    ] },
    { kind: 'table', caption: [t('Cap')], rows: [
      { header: true, cells: [{ header: true, content: [t('h1')], colspan: 2 }] },
      { header: false, cells: [{ header: false, content: [t('c1')] }, { header: false, content: [t('c2')] }] },
    ] },
    { kind: 'quote', children: [p(t('quoted'))] },
    { kind: 'code', text: 'if (a < b && c) {}\n  return;', language: 'js' },
    { kind: 'figure', images: [{ src: 'https://ex.com/i.png', alt: 'an "image"' }, { src: 'data:image/png;base64,xx', alt: 'bad' }], caption: [t('Figure cap')] },
    { kind: 'embed', src: 'https://video.ex.com/v', media: 'video', title: 'Clip' },
  ],
};

test('escapeXml escapes markup characters and drops characters XML 1.0 forbids', () => {
  assert.equal(escapeXml(`a&b<c>d"e'f`), 'a&amp;b&lt;c&gt;d&quot;e&apos;f');
  assert.equal(xmlChars('a\u0000b\u0001c\u000bd\u001fe\ufffef\uffffg'), 'abcdefg');
  assert.equal(xmlChars('tab\tnl\ncr\r'), 'tab\tnl\ncr\r');
  assert.equal(xmlChars('lone \ud800 high, lone \udc00 low, pair \ud83d\ude00'), 'lone  high, lone  low, pair \ud83d\ude00');
});

test('toXml writes a well-formed <doc> with the metadata as attributes and the body mapped', () => {
  const xml = toXml(everyKind);
  assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n'));
  const doc = parseXml(xml);
  assert.equal(doc.name, 'doc');
  assert.deepEqual(doc.attrs, {
    title: 'Fish & <Chips>', author: 'Ann "A" O\'Neil', date: '2024-05-01', url: 'https://ex.com/a?b=1&c=2', hostname: 'ex.com',
    sitename: 'Ex <News>', lang: 'en', excerpt: 'Short.',
  });
  const main = at(doc, 'main')!;
  const kinds = main.children.filter((c) => typeof c !== 'string').map((c) => (c as { name: string }).name);
  assert.deepEqual(kinds, ['head', 'p', 'list', 'table', 'quote', 'code', 'figure', 'p']);
  const head = at(main, 'head')!;
  assert.deepEqual([head.attrs, textOf(head)], [{ rend: 'h2' }, 'Part <one>']);
  const para = at(main, 'p')!;
  assert.equal(textOf(para), 'Plain bold itlink unsafe2 a<b');
  assert.deepEqual(childrenNamed(para, 'hi').map((h) => h.attrs['rend']), ['#b', '#i', '#sup']);
  assert.deepEqual(childrenNamed(para, 'ref').map((r) => r.attrs['target']), ['https://ex.com/x?y=1&z=2'], 'the unsafe link keeps its text only');
  assert.equal(childrenNamed(para, 'lb').length, 1);
  const list = at(main, 'list')!;
  assert.deepEqual(list.attrs, { rend: 'ol', n: '3' });
  const items = childrenNamed(list, 'item');
  assert.equal(textOf(items[0]!), 'first');
  assert.deepEqual(childrenNamed(items[1]!, 'list').map((l) => [l.attrs['rend'], textOf(childrenNamed(l, 'item')[0]!)]), [['ul', 'nested']]);
  const table = at(main, 'table')!;
  assert.equal(textOf(at(table, 'head')!), 'Cap');
  const rows = childrenNamed(table, 'row');
  assert.deepEqual(rows.map((r) => r.attrs['role'] ?? ''), ['head', '']);
  assert.deepEqual(childrenNamed(rows[0]!, 'cell')[0]!.attrs, { role: 'head', cols: '2' });
  assert.deepEqual(childrenNamed(rows[1]!, 'cell').map(textOf), ['c1', 'c2']);
  assert.equal(textOf(at(main, 'quote', 'p')!), 'quoted');
  const code = at(main, 'code')!;
  assert.deepEqual([code.attrs, textOf(code)], [{ lang: 'js' }, 'if (a < b && c) {}\n  return;']);
  const figure = at(main, 'figure')!;
  assert.deepEqual(childrenNamed(figure, 'graphic').map((g) => g.attrs), [{ url: 'https://ex.com/i.png', desc: 'an "image"' }], 'the data: image is left out');
  assert.equal(textOf(at(figure, 'head')!), 'Figure cap');
  assert.equal(allElements(doc).filter((e) => e.name === 'ref' && e.attrs['type'] === 'video').map(textOf)[0], 'Video: Clip');
});

test('toTei writes a TEI document: header from the metadata, body in text/body/div', () => {
  const tei = parseXml(toTei(everyKind));
  assert.equal(tei.name, 'TEI');
  assert.ok(allElements(tei).every((e) => e.uri === TEI_NAMESPACE), 'every element is in the TEI namespace');
  const titleStmt = at(tei, 'teiHeader', 'fileDesc', 'titleStmt')!;
  assert.equal(textOf(at(titleStmt, 'title')!), 'Fish & <Chips>');
  assert.equal(textOf(at(titleStmt, 'author')!), 'Ann "A" O\'Neil');
  const pub = at(tei, 'teiHeader', 'fileDesc', 'publicationStmt')!;
  assert.equal(textOf(at(pub, 'publisher')!), 'Ex <News>');
  assert.equal(textOf(at(pub, 'date')!), '2024-05-01');
  assert.deepEqual(at(pub, 'ptr')!.attrs, { type: 'URL', target: 'https://ex.com/a?b=1&c=2' });
  assert.equal(textOf(at(tei, 'teiHeader', 'fileDesc', 'sourceDesc', 'bibl', 'title')!), 'Fish & <Chips>');
  assert.equal(at(tei, 'teiHeader', 'profileDesc', 'langUsage', 'language')!.attrs['ident'], 'en');
  const text = at(tei, 'text')!;
  assert.equal(text.attrs['xml:lang'], 'en');
  const div = at(text, 'body', 'div')!;
  assert.equal(textOf(at(div, 'head')!), 'Part <one>');
  assert.equal(textOf(at(div, 'quote', 'p')!), 'quoted');
  assert.equal(childrenNamed(at(div, 'list')!, 'item').length, 2);
});

test('an empty article, no metadata and hostile text still give well-formed XML and TEI', () => {
  const empty: Article = { title: '', content: [], metadata: {} };
  assert.equal(parseXml(toXml(empty)).name, 'doc');
  const tei = parseXml(toTei(empty));
  assert.ok(at(tei, 'teiHeader', 'fileDesc', 'publicationStmt', 'p'), 'an empty publicationStmt gets its required content');
  const hostile: Article = {
    title: 'x\u0000y]]><!--',
    metadata: { author: '\u0001\ud800', url: 'javascript:alert(1)', lang: 'en"><x' },
    content: [p(t('a ]]> b <!-- c --> &amp; \u0007 d \udfff')), { kind: 'code', text: '<![CDATA[ x ]]>', language: '"><x' }],
  };
  for (const xml of [toXml(hostile), toTei(hostile)]) {
    const root = parseXml(xml);
    assert.ok(!xml.includes('javascript:'), 'an unsafe page URL is left out');
    assert.ok(allElements(root).some((e) => textOf(e).includes('a ]]> b <!-- c --> &amp;  d ')));
  }
  assert.equal(parseXml(toXml(hostile)).attrs['title'], 'xy]]><!--');
});

const withComments: Article = {
  title: 'Post',
  metadata: {},
  content: [p(t('The post.'))],
  comments: [
    { author: 'Ann <&> "A"', date: 'May 1, 2024', text: 'First line\nsecond line\n\nA second paragraph with ]]> and \u0001.' },
    { text: 'No name, no date.' },
    { author: 'Bo', text: '' },
  ],
};

test('toXml writes comments after <main> as <comments> of <comment author= date=>, text as escaped <p>s', () => {
  const doc = parseXml(toXml(withComments));
  const kinds = doc.children.filter((c) => typeof c !== 'string').map((c) => (c as { name: string }).name);
  assert.deepEqual(kinds, ['main', 'comments']);
  const comments = childrenNamed(at(doc, 'comments')!, 'comment');
  assert.deepEqual(comments.map((c) => c.attrs), [{ author: 'Ann <&> "A"', date: 'May 1, 2024' }, {}, { author: 'Bo' }]);
  const paras = childrenNamed(comments[0]!, 'p');
  assert.deepEqual(paras.map(textOf), ['First linesecond line', 'A second paragraph with ]]> and .']);
  assert.equal(childrenNamed(paras[0]!, 'lb').length, 1, 'a line break in a comment is an <lb/>');
  assert.deepEqual(childrenNamed(comments[2]!, 'p').map(textOf), [''], 'a comment without text still has its <p/>');
  assert.ok(!toXml({ ...withComments, comments: [] }).includes('comments'), 'no <comments> for an empty list');
});

test('toTei writes comments as <div type="comments"> after the article: a <div type="comment"> each, byline/docAuthor and dateline/date', () => {
  const tei = parseXml(toTei(withComments));
  assert.ok(allElements(tei).every((e) => e.uri === TEI_NAMESPACE));
  const divs = childrenNamed(at(tei, 'text', 'body')!, 'div');
  assert.deepEqual(divs.map((d) => d.attrs['type'] ?? ''), ['', 'comments']);
  const comments = childrenNamed(divs[1]!, 'div');
  assert.deepEqual(comments.map((c) => c.attrs['type']), ['comment', 'comment', 'comment']);
  const first = comments[0]!;
  assert.deepEqual(first.children.filter((c) => typeof c !== 'string').map((c) => (c as { name: string }).name), ['byline', 'dateline', 'p', 'p']);
  assert.equal(textOf(at(first, 'byline', 'docAuthor')!), 'Ann <&> "A"');
  assert.equal(textOf(at(first, 'dateline', 'date')!), 'May 1, 2024');
  assert.deepEqual(comments[1]!.children.filter((c) => typeof c !== 'string').map((c) => (c as { name: string }).name), ['p']);
});

test('an article without comments is written exactly as one with no comments field', () => {
  const plain: Article = { title: withComments.title, metadata: withComments.metadata, content: withComments.content };
  for (const write of [toXml, toTei]) assert.equal(write({ ...plain, comments: [] }), write(plain));
});

test('blog-with-comments through the library and the CLI: 12 comments with their commenters in well-formed XML and TEI', async () => {
  const html = readFileSync(fixture('pages', 'blog-with-comments.html'), 'utf8');
  const e = await extract(html, { includeComments: true });
  const names = ['Heather', 'Kate', 'Marco', 'Priya', 'Jonas', 'Aiko', 'Sam', 'Lena', 'Olu', 'Rosa', 'Tom', 'Ines'];
  const xml = toXml(e.article);
  const doc = parseXml(xml);
  const comments = childrenNamed(at(doc, 'comments')!, 'comment');
  assert.deepEqual(comments.map((c) => c.attrs['author']), names);
  assert.equal(comments[0]!.attrs['date'], 'October 23rd, 2012 at 1:10 pm');
  assert.match(textOf(at(comments[0]!, 'p')!), /^I have used a white noise machine/);
  assert.ok(!textOf(at(doc, 'main')!).includes('white noise'), 'the comments are not in the main text');
  const tei = parseXml(toTei(e.article));
  const teiComments = childrenNamed(childrenNamed(at(tei, 'text', 'body')!, 'div')[1]!, 'div');
  assert.deepEqual(teiComments.map((c) => textOf(at(c, 'byline', 'docAuthor')!)), names);
  const cli = spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), 'extract', fixture('pages', 'blog-with-comments.html'), '--format', 'xml', '--include-comments'], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  assert.deepEqual(childrenNamed(at(parseXml(cli.stdout), 'comments')!, 'comment').map((c) => c.attrs['author']), names);
});
