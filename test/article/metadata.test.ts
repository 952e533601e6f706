import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../src/dom/parse.js';
import { extractMetadata, normalizeLang } from '../../src/article/metadata.js';
import { detectLanguage } from '../../src/article/detect-language.js';

const meta = (html: string, url?: string) => extractMetadata(parseHtml(html, url ? { url } : {}), url);

test('html lang wins; og:locale and JSON-LD inLanguage are fallbacks', () => {
  assert.equal(meta('<html lang="fr-ca"><meta property="og:locale" content="de_DE">').lang, 'fr-CA');
  assert.equal(meta('<meta property="og:locale" content="de_DE">').lang, 'de-DE');
  assert.equal(meta('<script type="application/ld+json">{"@type":"Article","inLanguage":"es"}</script>').lang, 'es');
  assert.equal(normalizeLang('  '), undefined);
  assert.equal(normalizeLang('12'), undefined);
});

test('author: JSON-LD, then meta author (not a URL), then a byline element', () => {
  assert.equal(meta('<script type="application/ld+json">[{"@type":"NewsArticle","author":{"name":"Ann Lee"}}]</script><meta name="author" content="Site">').author, 'Ann Lee');
  assert.equal(meta('<meta name="author" content="Bo Chen">').author, 'Bo Chen');
  assert.equal(meta('<meta property="article:author" content="https://facebook.com/x"><span class="byline">By Cy Dee</span>').author, 'Cy Dee');
  assert.equal(meta('<a rel="author" href="/d">Di Eve</a>').author, 'Di Eve');
  assert.equal(meta('<div class="author-box">' + 'long '.repeat(50) + '</div>').author, undefined);
});

test('date, site name and canonical URL from their usual places', () => {
  const m = meta(`<head><link rel="canonical" href="/canon"><meta property="og:site_name" content="The Site">
    <script type="application/ld+json">{"@graph":[{"@type":"BlogPosting","datePublished":"2020-01-02","publisher":{"name":"Pub"}}]}</script></head>
    <body><time datetime="2019-09-09">then</time></body>`, 'https://e.com/x/y?z=1');
  assert.deepEqual({ date: m.date, siteName: m.siteName, url: m.url }, { date: '2020-01-02', siteName: 'The Site', url: 'https://e.com/canon' });
  const t = meta('<body><time datetime="2019-09-09">then</time></body>', 'https://e.com/p');
  assert.equal(t.date, '2019-09-09');
  assert.equal(t.url, 'https://e.com/p');
  assert.equal(meta('<script type="application/ld+json">{"publisher":{"@type":"Organization","name":"Org"}}</script>').siteName, 'Org');
});

test('broken, huge or hostile JSON-LD is ignored', () => {
  assert.deepEqual(meta('<script type="application/ld+json">{not json</script>'), {});
  const deep = '['.repeat(100_000) + ']'.repeat(100_000);
  assert.deepEqual(meta(`<script type="application/ld+json">${deep}</script>`), {});
  assert.equal(meta('<link rel="canonical" href="javascript:alert(1)">').url, undefined);
});

test('language detection from stop words, silent when unsure', () => {
  assert.equal(detectLanguage('The quick brown fox jumps over the lazy dog and it is not the first time that this was seen by the people in the town with the dog.'), 'en');
  assert.equal(detectLanguage('Der schnelle braune Fuchs springt über den faulen Hund, und das ist nicht das erste Mal, dass die Leute in der Stadt mit dem Hund das sehen.'), 'de');
  assert.equal(detectLanguage('Le renard brun rapide saute par-dessus le chien paresseux et ce n\'est pas la première fois que les gens de la ville le voient avec le chien.'), 'fr');
  assert.equal(detectLanguage('too short'), undefined);
  assert.equal(detectLanguage('1234 5678 '.repeat(30)), undefined);
});

test('pageTitle: JSON-LD article headline, then Dublin Core, Open Graph, meta title, Twitter, then <title> without the site name', () => {
  const head = '<title>Big Story Here Today Again | The Daily</title>';
  assert.equal(meta(`${head}<script type="application/ld+json">{"@type":"NewsArticle","headline":"LD headline"}</script><meta property="og:title" content="OG">`).pageTitle, 'LD headline');
  // A headline on a non-article object (an organisation, a product) is not the page's title.
  assert.equal(meta(`${head}<script type="application/ld+json">{"@type":"Organization","headline":"Org"}</script>`).pageTitle, 'Big Story Here Today Again');
  assert.equal(meta(`${head}<meta name="twitter:title" content="TW"><meta property="og:title" content="OG">`).pageTitle, 'OG');
  // Space-separated keys; the Dublin Core title beats Open Graph; a later tag overrides an earlier one.
  assert.equal(meta(`${head}<meta property="og:title twitter:title" content="OG"><meta property="x:title dc:title" content="DC">`).pageTitle, 'DC');
  assert.equal(meta(`${head}<meta property="og:title" content="first"><meta property="og:title" content="second">`).pageTitle, 'second');
  assert.equal(meta(`${head}<meta property="og:title" content="  ">`).pageTitle, 'Big Story Here Today Again');
  assert.equal(meta('<p>no title at all</p>').pageTitle, undefined);
});

test('pageTitle from <title>: the site-name part is cut, unless too little would remain', () => {
  const t = (title: string) => meta(`<title>${title}</title>`).pageTitle;
  assert.equal(t('Get your code covered | Code | Jane Doe'), 'Get your code covered | Code');
  assert.equal(t('A quite long headline for a story – Example News'), 'A quite long headline for a story');
  // Too short before the last separator: what follows the first one.
  assert.equal(t('Example - A quite long headline for a story'), 'A quite long headline for a story');
  // Four words or fewer left: the whole title.
  assert.equal(t('Mozilla - Wikipedia'), 'Mozilla - Wikipedia');
  assert.equal(t('Short Headline Here | The Daily'), 'Short Headline Here | The Daily');
  assert.equal(t('Daring Fireball: Colophon'), 'Daring Fireball: Colophon');
  assert.equal(t('well-known hyphen-words stay whole'), 'well-known hyphen-words stay whole');
});

test('JSON-LD wrapped in CDATA or comments, or with raw line breaks in strings, is still read', () => {
  assert.equal(meta('<script type="application/ld+json"><![CDATA[{"@type":"NewsArticle","headline":"In CDATA"}]]></script>').pageTitle, 'In CDATA');
  assert.equal(meta('<script type="application/ld+json">//<![CDATA[\n{"@type":"Article","author":{"name":"Ann"}}\n//]]></script>').author, 'Ann');
  assert.equal(meta('<script type="application/ld+json"><!-- {"@type":"Article","headline":"In a comment"} --></script>').pageTitle, 'In a comment');
  assert.equal(meta('<script type="application/ld+json">{"@type":"Article","headline":"Two\nlines",}</script>').pageTitle, 'Two lines');
  assert.equal(meta('<title>Fallback title here</title><script type="application/ld+json">{"@type":"Article","headline":</script>').pageTitle, 'Fallback title here');
});

test('excerpt, lead image and text direction come from what the page declares', () => {
  const long = 'word '.repeat(200);
  const tree = parseHtml(`<html dir="RTL" lang="en"><head><meta name="description" content="  A short   summary. ">
    <meta property="og:image" content="/lead.jpg"></head><body><p>x</p></body></html>`, { url: 'https://news.example/a/b' });
  const m = extractMetadata(tree, 'https://news.example/a/b');
  assert.equal(m.excerpt, 'A short summary.');
  assert.equal(m.image, 'https://news.example/lead.jpg');
  assert.equal(m.dir, 'rtl', 'an explicit dir wins over the language');
  const ld = parseHtml(`<html lang="ar"><script type="application/ld+json">{"@type":"NewsArticle","description":"${long}","image":[{"url":"https://cdn.example/i.png"}]}</script><p>x</p>`);
  const m2 = extractMetadata(ld, undefined);
  assert.equal(m2.dir, 'rtl');
  assert.equal(m2.image, 'https://cdn.example/i.png');
  assert.ok(m2.excerpt!.length <= 501 && m2.excerpt!.endsWith('…'), m2.excerpt);
  const unsafe = extractMetadata(parseHtml('<meta property="og:image" content="javascript:alert(1)"><p>x</p>'), undefined);
  assert.equal(unsafe.image, undefined);
  assert.equal(unsafe.dir, undefined, 'no dir and no language: unknown');
});

test('a commenter is never the author, nor a comment\'s time the date; a date line under the headline is the date', () => {
  const inComments = meta(`<body><h1>T</h1><p class="meta">October 23, 2012</p><p>Text.</p>
    <div id="comments"><div class="comment-author"><cite>Heather</cite> on October 24th, 2012</div><time datetime="2012-10-24">x</time></div></body>`);
  assert.equal(inComments.author, undefined);
  assert.equal(inComments.date, 'October 23, 2012');
  assert.equal(meta('<body><ol class="commentlist"><li><span class="byline">By Ann</span></li></ol><span class="byline">By Bo</span></body>').author, 'Bo');
  assert.equal(meta('<body><span class="entry-date">Posted on 3 March 2021, 10:15</span></body>').date, '3 March 2021, 10:15');
  assert.equal(meta('<body><time datetime="2019-09-09">x</time><span class="date">3 March 2021</span></body>').date, '2019-09-09', 'a time element wins');
  assert.equal(meta('<body><div class="meta">Filed under gardening, tomatoes</div></body>').date, undefined, 'no date in it');
});

test('a time or date line deep inside a comment section (or inside one nested in another) is a commenter\'s; one after the section is the page\'s', () => {
  const page = meta(`<body><h1>T</h1><p>Text.</p>
    <section id="comments"><div><ul><li><div class="comments"><span class="byline">By Ann</span><time datetime="2020-01-01">x</time></div></li></ul></div>
    <p class="date">January 2, 2020</p></section>
    <div><span class="byline">By Bo</span><time datetime="2021-05-06">y</time></div></body>`);
  assert.equal(page.author, 'Bo');
  assert.equal(page.date, '2021-05-06');
  const none = meta('<body><div id="comments"><time datetime="2020-01-01">x</time><p class="date">January 2, 2020</p></div></body>');
  assert.equal(none.date, undefined);
});

test('a declared date wins over the tree\'s <time> and date line, which are read only without one; the byline and canonical link are read either way', () => {
  const tree = '<link rel="canonical" href="https://example.com/story"><p class="date">12.03.2024</p><time datetime="2024-03-11">Monday</time><span class="byline">By Cy Dee</span>';
  const declared = meta(`<meta property="article:published_time" content="2024-03-10">${tree}`);
  assert.deepEqual([declared.date, declared.author, declared.url], ['2024-03-10', 'Cy Dee', 'https://example.com/story']);
  const undeclared = meta(tree);
  assert.deepEqual([undeclared.date, undeclared.author, undeclared.url], ['2024-03-11', 'Cy Dee', 'https://example.com/story']);
  const dateLineOnly = meta('<p class="date">12.03.2024</p><span class="byline">By Cy Dee</span>');
  assert.equal(dateLineOnly.author, 'Cy Dee');
  assert.ok(dateLineOnly.date !== undefined && dateLineOnly.date !== '2024-03-10', `the date line gives the date (${dateLineOnly.date})`);
});
