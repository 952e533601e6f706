import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CORPUS_SITE, siteOfHost, siteOfUrl } from '../../src/util/site.js';
import { isRecord } from '../../src/util/is-record.js';
import { siteOf } from '../../src/features/registry.js';
import { pickSiteModel } from '../../src/models/site-labeler.js';

test('siteOfUrl: lower-case host without www./www2. and a trailing dot; undefined without a usable URL', () => {
  assert.equal(siteOfUrl('https://www.BBC.co.uk/news/x'), 'bbc.co.uk');
  assert.equal(siteOfUrl('https://www1.folha.uol.com.br/esporte/'), 'folha.uol.com.br');
  assert.equal(siteOfUrl('http://example.org./a'), 'example.org');
  assert.equal(siteOfUrl('http://news.example.org/a'), 'news.example.org');
  assert.equal(siteOfUrl('not a url'), undefined);
  assert.equal(siteOfUrl(''), undefined);
  assert.equal(siteOfUrl(undefined), undefined);
});

test('siteOfUrl: a web.archive.org capture is the captured site, unless the corpus readers ask (CORPUS_SITE)', () => {
  const capture = 'https://web.archive.org/web/20131031124246/http://www.bbc.co.uk/news/world';
  assert.equal(siteOfUrl(capture), 'bbc.co.uk');
  assert.equal(siteOfUrl('https://web.archive.org/web/20130307194448/the-pain.net/2008/05/x.html'), 'the-pain.net');
  assert.equal(siteOfUrl('https://web.archive.org/web/2013/http:/example.com/a'), 'example.com');
  assert.equal(siteOfUrl(capture, CORPUS_SITE), 'web.archive.org');
  assert.equal(siteOfUrl('https://web.archive.org/about'), 'web.archive.org');
});

test('the feature registry and the site models derive sites with siteOfUrl', () => {
  assert.equal(siteOf({ url: 'https://www2.Example.com/a' } as Parameters<typeof siteOf>[0]), 'example.com');
  assert.equal(siteOf({} as Parameters<typeof siteOf>[0]), '');
  const site = { algorithm: 'wrapper', host: 'example.com', labelPage: () => undefined };
  assert.equal(pickSiteModel([site], 'https://web.archive.org/web/2020/https://www.example.com/x'), site);
  assert.equal(pickSiteModel([site], 'https://news.example.com/x'), site);
  assert.equal(pickSiteModel([site], 'https://example.org/x'), undefined);
});

test('isRecord: plain objects only', () => {
  assert.equal(isRecord({}), true);
  assert.equal(isRecord({ a: 1 }), true);
  assert.equal(isRecord([]), false);
  assert.equal(isRecord(null), false);
  assert.equal(isRecord('x'), false);
  assert.equal(isRecord(undefined), false);
});

test('siteOfHost: a host as a user types it (--site) in siteOfUrl form', () => {
  assert.equal(siteOfHost('www.News.Example.com'), 'news.example.com');
  assert.equal(siteOfHost('example.org.'), 'example.org');
});
