import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { extract, extractWith, loadModel, FAVORS, PithError, type Extraction } from '../../src/index.js';
import { extractBytes, KEEP_COMMENTS, resultExtraction } from '../../src/pipeline/extract.js';
import { fixture } from '../helpers/paths.js';

const STORY = `<html lang="en"><head><title>Rain returns to the valley | Valley News</title>
<meta name="description" content="After months of drought, the valley's farmers welcome the rain.">
<meta property="og:image" content="/img/rain.jpg"></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
<article><h1>Rain returns to the valley</h1>
<p>After months of drought the first heavy rain of the season fell on the valley on Tuesday, filling the reservoirs that farmers had watched shrink all summer long.</p>
<figure><img src="/img/fields.jpg" alt="Wet fields"><figcaption>Fields near the river after the storm.</figcaption></figure>
<h2>What the farmers say</h2>
<p>"We had almost given up on this year's harvest," said one grower, who has worked the same land for thirty years and has <a href="/archive/drought">seen dry spells before</a>.</p>
<table><caption>Rainfall in millimetres</caption><tr><th>Day</th><th>Rain</th></tr><tr><td>Monday</td><td>0</td></tr><tr><td>Tuesday</td><td>42</td></tr></table>
<p>Forecasters expect more showers through the weekend, though they warn that a single wet week will not end a drought that has lasted since the spring.</p>
</article>
<aside><h3>Most read</h3><ul><li><a href="/a">Council votes on budget</a></li><li><a href="/b">New bridge opens</a></li></ul></aside>
<footer>© 2026 Valley News. All rights reserved.</footer></body></html>`;

const words = (s: string): number => s.split(/\s+/).filter(Boolean).length;

test('extract: an HTML string to title, headings, body, renderings and metadata', async () => {
  const a = await extract(STORY, { url: 'https://news.example/valley/rain' });
  assert.equal(a.found, true);
  assert.equal(a.title, 'Rain returns to the valley');
  assert.match(a.body, /first heavy rain of the season/);
  assert.match(a.body, /Forecasters expect more showers/);
  assert.ok(!a.body.includes('Most read') && !a.body.includes('All rights reserved'), a.body);
  assert.match(a.markdown, /^# Rain returns to the valley/);
  assert.match(a.html, /<p>After months of drought/);
  assert.equal(a.metadata.excerpt, "After months of drought, the valley's farmers welcome the rain.");
  assert.equal(a.metadata.image, 'https://news.example/img/rain.jpg');
  assert.equal(a.metadata.dir, 'ltr');
  assert.equal(a.metadata.lang, 'en');
  assert.ok(a.confidence > 0 && a.confidence <= 1);
  assert.equal(JSON.parse(JSON.stringify(a)).markdown, a.markdown, 'lazy renderings serialise');
});

test('extract: bytes in a legacy encoding, gzip, and the server charset', async () => {
  const latin1 = Buffer.from(STORY.replace('Tuesday', 'Tuesday (café)'), 'latin1');
  const a = await extract(latin1, { charset: 'iso-8859-1' });
  assert.match(a.body, /café/);
  const b = await extract(gzipSync(Buffer.from(STORY)));
  assert.equal(b.title, 'Rain returns to the valley');
});

test('include* options leave out tables, links, images; comments can be kept', async () => {
  const model = await loadModel();
  const full = extractWith(model, STORY, { url: 'https://news.example/r' });
  const bare = extractWith(model, STORY, { url: 'https://news.example/r', includeTables: false, includeLinks: false, includeImages: false });
  assert.ok(!/<table|<a |<img/.test(bare.html), bare.html);
  assert.match(bare.body, /seen dry spells before/, 'link text stays');
  if (full.html.includes('<table')) assert.ok(!bare.html.includes('<table'));
  assert.ok(full.html.includes('<a ') || !full.body.includes('dry spells'));
  const withComments = extractWith(model, STORY, { includeComments: true });
  assert.equal(withComments.found, true);
});

test('keepComments leaves comment sections to the model, as pith extract --keep-comments; a value that is no boolean is BAD_OPTION', async () => {
  const model = await loadModel();
  const blog = readFileSync(fixture('pages', 'blog-with-comments.html'));
  const kept = extractWith(model, blog, { keepComments: true });
  assert.equal(kept.body, resultExtraction(extractBytes(blog, model, {}, KEEP_COMMENTS)).body);
  assert.match(kept.body, /white noise machine/, 'a comment kept');
  assert.doesNotMatch(extractWith(model, blog).body, /white noise machine/, 'discounted by default');
  assert.throws(() => extractWith(model, blog, { keepComments: 'yes' as unknown as boolean }), /keepComments: must be true or false/);
});

test('favor: precision keeps no more text than balanced, recall no less', async () => {
  const model = await loadModel();
  const noisy = STORY.replace('<aside>', '<div class="related"><p>Read more: the long history of droughts in the valley and how farmers adapted over the decades.</p></div><aside>');
  const size = (favor: (typeof FAVORS)[number]): number => words(extractWith(model, noisy, { favor }).body);
  const [p, b, r] = [size('precision'), size('balanced'), size('recall')];
  assert.ok(p <= b && b <= r, `precision ${p}, balanced ${b}, recall ${r}`);
  assert.ok(p > 0);
});

test('no article: empty, whitespace and text-less pages say found: false', async () => {
  for (const html of ['', '   ', '<html><body><script>render()</script><img src="a.png"></body></html>']) {
    const a: Extraction = await extract(html);
    assert.equal(a.found, false, JSON.stringify(html));
    assert.equal(a.body.trim(), '');
    assert.equal(a.metadata.dir, 'ltr');
  }
});

test('bad input and options are PithErrors with a code', async () => {
  await assert.rejects(extract(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3])), (e) => e instanceof PithError && e.code === 'NOT_HTML');
  await assert.rejects(extract(STORY, { favor: 'loud' as never }), (e) => e instanceof PithError && e.code === 'BAD_OPTION');
  await assert.rejects(extract(42 as never), (e) => e instanceof PithError && e.code === 'BAD_OPTION');
  await assert.rejects(extract(STORY, { model: '/no/such/model.json.gz' }), (e) => e instanceof PithError && e.code === 'BAD_MODEL');
  assert.equal(await loadModel(), await loadModel(), 'the bundled model is loaded once');
});

test('unknown options and bad values are BAD_OPTION PithErrors naming the option', async () => {
  const bad = async (options: unknown, pattern: RegExp): Promise<void> => {
    await assert.rejects(extract(STORY, options as never), (e) => e instanceof PithError && e.code === 'BAD_OPTION' && pattern.test(e.message), JSON.stringify(options));
    const model = await loadModel();
    assert.throws(() => extractWith(model, STORY, options as never), (e) => e instanceof PithError && e.code === 'BAD_OPTION' && pattern.test(e.message));
  };
  await bad({ foo: 1 }, /unknown option 'foo'; known: url, model, favor/);
  await bad({ url: 'not a url' }, /^url: must be an absolute URL/);
  await bad({ url: 42 }, /^url: must be a string/);
  await bad({ includeTables: 'no' }, /^includeTables: must be true or false/);
  await bad({ charset: '' }, /^charset: must be a charset name/);
  await bad({ model: 7 }, /^model: must be a model/);
  await bad(null, /options must be an object/);
  await bad([], /options must be an object/);
  // Undefined values are absent options; a good URL passes.
  const a = await extract(STORY, { url: 'https://valley.example/rain', includeTables: undefined });
  assert.equal(a.found, true);
});
