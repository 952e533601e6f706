/** Each corpus reader on a tiny hand-made folder in that corpus' upstream layout. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture } from '../helpers/paths.js';
import { openCorpus, loadCorpusPage, goldBlockLabels, goldText, detectCorpusFormat, alignGold } from '../../src/corpus/index.js';
import { isPithError } from '../../src/errors.js';
import type { GoldLabel } from '../../src/labels.js';

async function labelled(layout: string, id?: string): Promise<{ labels: GoldLabel[]; texts: string[]; format: string; use: string; page: import('../../src/corpus/index.js').CorpusPage }> {
  const corpus = await openCorpus(fixture('corpus', layout));
  const cp = id ? corpus.pages.find((p) => p.id === id)! : corpus.pages[0]!;
  const page = await loadCorpusPage(corpus, cp);
  return { labels: goldBlockLabels(page, cp.gold), texts: page.blocks.map((b) => b.text || `[${b.kind}]`), format: corpus.format, use: corpus.use, page: cp };
}

function labelOf(r: { labels: GoldLabel[]; texts: string[] }, start: string): GoldLabel {
  const i = r.texts.findIndex((t) => t.startsWith(start));
  assert.ok(i >= 0, `no block starting with ${start}`);
  return r.labels[i]!;
}

test('readability-test-pages: expected.html -> body/heading, metadata title -> the h1, image inside content', async () => {
  const r = await labelled('readability');
  assert.equal(r.format, 'readability');
  assert.equal(r.use, 'train');
  assert.equal(r.page.id, 'news-1');
  assert.equal(r.page.site, 'gazette.example'); // from the page's canonical link, www. dropped
  assert.deepEqual(r.labels, ['other', 'title', 'body', 'heading', 'body', 'body', 'body', 'other']);
  assert.match(goldText(r.page.gold)!, /^The old harbour reopened/);
});

test('wcxb: main text aligned, markdown heading lines -> heading, title -> h1', async () => {
  const r = await labelled('wcxb');
  assert.equal(r.format, 'wcxb');
  assert.equal(r.page.site, 'lampshop.example');
  assert.deepEqual(r.page.gold.headings, ['Care']);
  assert.deepEqual(r.labels, ['other', 'title', 'body', 'heading', 'body', 'other', 'other']);
});

test('trafilatura-eval: with -> body, without -> other, the rest unknown', async () => {
  const r = await labelled('trafilatura');
  assert.equal(r.format, 'trafilatura');
  assert.equal(r.page.gold.partial, true);
  assert.equal(labelOf(r, 'Startseite'), 'other');
  assert.equal(labelOf(r, 'Mandelpl'), 'title');
  assert.equal(labelOf(r, '200 g Zucker'), 'body');
  assert.equal(labelOf(r, 'Ein Backblech'), 'body');
  assert.equal(labelOf(r, 'Sharen mit'), 'other');
  assert.equal(goldText(r.page.gold), undefined);
});

test('postlight-titles: only the headline block is labelled (h1 preferred over the same text in a link list)', async () => {
  const r = await labelled('postlight');
  assert.equal(r.format, 'postlight');
  assert.deepEqual(r.labels, ['unknown', 'unknown', 'title', 'unknown']);
});

test('l3s-gn1: labels from the mangled annotated page, text from the original', async () => {
  const r = await labelled('l3s');
  assert.equal(r.format, 'l3s-gn1');
  assert.equal(r.use, 'eval-only');
  assert.equal(r.page.url, 'http://www.town-news.example/story/42.html');
  assert.equal(r.page.site, 'town-news.example');
  assert.deepEqual(r.labels, ['other', 'title', 'body', 'body', 'other', 'other']);
});

test('cleaneval: dev- and final- ids, <h> -> heading, <p>/<l> -> body, URL from the gold or the pseudo-tag', async () => {
  const dev = await labelled('cleaneval', 'dev-1');
  assert.equal(dev.format, 'cleaneval');
  assert.equal(dev.use, 'eval-only');
  assert.equal(dev.page.site, 'garden-club.example');
  assert.deepEqual(dev.labels, ['other', 'heading', 'body', 'body', 'body', 'other']);
  const fin = await labelled('cleaneval', 'final-7');
  assert.equal(fin.page.url, 'http://recipes.example.org/soup');
  assert.deepEqual(fin.labels, ['other', 'heading', 'body']);
});

test('dragnet: main text -> body, comments after the separator -> other', async () => {
  const r = await labelled('dragnet');
  assert.equal(r.format, 'dragnet');
  assert.equal(r.page.site, 'moorwalker.example'); // og:url
  assert.equal(labelOf(r, 'We set off'), 'body');
  assert.equal(labelOf(r, 'Lovely photos'), 'other');
  assert.equal(labelOf(r, 'Powered by'), 'other');
  assert.doesNotMatch(goldText(r.page.gold)!, /Lovely photos/);
});

test('layout detection and errors: missing folder NOT_FOUND, unknown layout and files BAD_CORPUS', async () => {
  assert.equal(await detectCorpusFormat(fixture('corpus', 'unknown-layout')), undefined);
  await assert.rejects(openCorpus(fixture('corpus', 'no-such-corpus')), (e) => isPithError(e) && e.code === 'NOT_FOUND');
  await assert.rejects(openCorpus(fixture('corpus', 'unknown-layout')), (e) => isPithError(e) && e.code === 'BAD_CORPUS' && /unrecognised/.test(e.message));
  await assert.rejects(openCorpus(fixture('corpus', 'unknown-layout', 'readme.txt')), (e) => isPithError(e) && e.code === 'BAD_CORPUS');
});

test('alignment reports the title block and whether the gold text contains it', async () => {
  const corpus = await openCorpus(fixture('corpus', 'dragnet'));
  const cp = corpus.pages[0]!;
  const r = alignGold(await loadCorpusPage(corpus, cp), { ...cp.gold, title: 'A walk on the moor' });
  assert.equal(r.titleBlock, 1);
  assert.equal(r.titleInText, true);
});
