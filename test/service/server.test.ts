/**
 * `pith serve` for real: the service on loopback (port 0), one worker thread with the bundled
 * model, plain HTTP requests and raw sockets from the test.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { fixture } from '../helpers/paths.js';
import { startService, type Service } from '../../src/service/server.js';
import { extract } from '../../src/pipeline/library.js';
import { toTei, toXml } from '../../src/article/index.js';
import { bigPage, heldPageServer, http, postJson, rawExchange, STORY, streamUntilAnswered, until } from './helpers.js';

const MAX_BODY = 8 * 1024 * 1024;
let svc: Service;

before(async () => {
  svc = await startService({ port: 0, workers: 1, maxBodyBytes: MAX_BODY, requestTimeoutMs: 1500, headersTimeoutMs: 1000, maxHeaderBytes: 8192 });
});
after(async () => {
  await svc.close(0);
});

test('POST /extract with text/html: the article as JSON; the Content-Type charset is honoured', async () => {
  assert.match(svc.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  const r = await http(svc.port, 'POST', '/extract', { headers: { 'content-type': 'text/html' }, body: STORY });
  assert.equal(r.status, 200, r.text);
  assert.match(String(r.headers['content-type']), /^application\/json/);
  const a = r.json();
  assert.equal(a.found, true);
  assert.equal(a.title, 'Rain returns to the valley');
  assert.deepEqual(a.headings, ['What the farmers say']);
  assert.match(a.body, /first heavy rain of the season/);
  assert.ok(!a.body.includes('All rights reserved'));
  assert.match(a.markdown, /^# Rain returns to the valley/);
  assert.match(a.html, /<p>After months of drought/);
  assert.equal(a.metadata.lang, 'en');
  assert.ok(a.confidence > 0 && a.confidence <= 1);
  assert.equal(a.article, undefined, 'the article tree is not sent');
  assert.equal(r.headers['x-pith-found'], 'true');

  // Latin-1 bytes: the header's charset decides (the page declares none).
  const latin = Buffer.from(STORY.replace('farmers say', 'fermiers disent: été'), 'latin1');
  const l = await http(svc.port, 'POST', '/extract?format=text', { headers: { 'content-type': 'text/html; charset=iso-8859-1' }, body: latin });
  assert.equal(l.status, 200, l.text);
  assert.match(String(l.headers['content-type']), /^text\/plain/);
  assert.match(l.text, /fermiers disent: été/);
  assert.match(l.text, /^Rain returns to the valley\n\n/);
});

test('POST /extract with JSON: options and formats', async () => {
  const md = await postJson(svc.port, { html: STORY, url: 'https://news.example/valley/rain', format: 'markdown' });
  assert.equal(md.status, 200, md.text);
  assert.match(String(md.headers['content-type']), /^text\/markdown/);
  assert.match(md.text, /\[seen dry spells before\]\(https:\/\/news\.example\/archive\/drought\)/, 'links resolved against url');
  const noLinks = await postJson(svc.port, { html: STORY, url: 'https://news.example/valley/rain', format: 'markdown', includeLinks: false });
  assert.equal(noLinks.status, 200);
  assert.ok(!noLinks.text.includes('](https://'), noLinks.text);
  assert.match(noLinks.text, /seen dry spells before/);
  const blog = readFileSync(fixture('pages', 'blog-with-comments.html'), 'utf8');
  const kept = await postJson(svc.port, { html: blog, keepComments: true, format: 'text' });
  assert.equal(kept.status, 200, kept.text);
  assert.match(kept.text, /white noise machine/, 'keepComments leaves the comment section to the model');
  assert.doesNotMatch((await postJson(svc.port, { html: blog, format: 'text' })).text, /white noise machine/);
  const j = await postJson(svc.port, { html: STORY, favor: 'precision', includeComments: true, includeImages: false, includeTables: false });
  assert.equal(j.status, 200);
  assert.equal(j.json().title, 'Rain returns to the valley');
  // Query options with a raw body.
  const q = await http(svc.port, 'POST', '/extract?format=html&favor=recall&includeLinks=false', { headers: { 'content-type': 'text/html' }, body: STORY });
  assert.equal(q.status, 200);
  assert.match(q.text, /<article>/);
  assert.ok(!q.text.includes('<a '), q.text);
  // A page with no article: found false, still 200.
  const empty = await postJson(svc.port, { html: '<html><head><title>x</title></head><body></body></html>' });
  assert.equal(empty.status, 200);
  assert.equal(empty.json().found, false);
});

test('format txt is text, as pith extract --format txt: in the query and in a JSON body', async () => {
  const text = await http(svc.port, 'POST', '/extract?format=text', { headers: { 'content-type': 'text/html' }, body: STORY });
  const txt = await http(svc.port, 'POST', '/extract?format=txt', { headers: { 'content-type': 'text/html' }, body: STORY });
  assert.equal(txt.status, 200, txt.text);
  assert.match(String(txt.headers['content-type']), /^text\/plain/);
  assert.equal(txt.text, text.text);
  const json = await postJson(svc.port, { html: STORY, format: 'txt' });
  assert.equal(json.status, 200, json.text);
  assert.equal(json.text, text.text);
  const doc = await http(svc.port, 'GET', '/openapi.json');
  assert.match(doc.text, /readers' comments apart/, 'includeComments is described as it behaves');
});

test('POST /extract format xml and tei: the CLI\'s renderings of the same article, with XML media types', async () => {
  const url = 'https://news.example/valley/rain';
  const article = (await extract(STORY, { url })).article;
  const xml = await postJson(svc.port, { html: STORY, url, format: 'xml' });
  assert.equal(xml.status, 200, xml.text);
  assert.match(String(xml.headers['content-type']), /^application\/xml/);
  assert.match(xml.text, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<doc [^>]*title="Rain returns to the valley"/);
  assert.equal(xml.text, toXml(article));
  const tei = await http(svc.port, 'POST', `/extract?format=tei&url=${encodeURIComponent(url)}`, { headers: { 'content-type': 'text/html' }, body: STORY });
  assert.equal(tei.status, 200, tei.text);
  assert.match(String(tei.headers['content-type']), /^application\/tei\+xml/);
  assert.match(tei.text, /<TEI xmlns="http:\/\/www\.tei-c\.org\/ns\/1\.0">/);
  assert.equal(tei.text, toTei(article));
});

test('bad requests: bad JSON, wrong shapes and options (400), media type (415), route (404), method (405)', async () => {
  const bad = await http(svc.port, 'POST', '/extract', { headers: { 'content-type': 'application/json' }, body: '{"html": "<p>x</p>",' });
  assert.equal(bad.status, 400);
  assert.equal(bad.json().error.code, 'BAD_REQUEST');
  assert.match(bad.json().error.message, /not valid JSON/);
  for (const [body, code, pattern] of [
    [[1, 2], 'BAD_REQUEST', /must be an object/],
    [{}, 'BAD_OPTION', /give the page as "html", or its "url"/],
    [{ html: 5 }, 'BAD_OPTION', /html must be a string/],
    [{ html: '<p>x</p>', favor: 'most' }, 'BAD_OPTION', /favor must be one of precision, balanced, recall/],
    [{ html: '<p>x</p>', includeImages: 'yes' }, 'BAD_OPTION', /includeImages must be true or false/],
    [{ html: '<p>x</p>', fomat: 'text' }, 'BAD_OPTION', /unknown field 'fomat'/],
    [{ html: '<p>x</p>', format: 'pdf' }, 'BAD_OPTION', /format must be one of/],
    [{ url: 'not a url' }, 'BAD_OPTION', /not a valid absolute URL/],
    [{ url: 'file:///etc/passwd' }, 'BAD_OPTION', /only http and https/],
  ] as const) {
    const r = await postJson(svc.port, body);
    assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
    assert.equal(r.json().error.code, code);
    assert.match(r.json().error.message, pattern);
  }
  const deep = await http(svc.port, 'POST', '/extract', { headers: { 'content-type': 'application/json' }, body: '['.repeat(1_000_000) + ']'.repeat(1_000_000) });
  assert.equal(deep.status, 400, 'a deeply nested JSON bomb is just not an object');
  const form = await http(svc.port, 'POST', '/extract', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' });
  assert.equal(form.status, 415);
  assert.equal(form.json().error.code, 'UNSUPPORTED_MEDIA_TYPE');
  const binary = await http(svc.port, 'POST', '/extract', { headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from([0, 1, 2, 3, 0, 0, 0xff, 0xfe, 0, 0, 0, 0]) });
  assert.equal(binary.status, 422);
  assert.equal(binary.json().error.code, 'NOT_HTML');
  const none = await http(svc.port, 'GET', '/nope');
  assert.equal(none.status, 404);
  assert.equal(none.json().error.code, 'NOT_FOUND');
  const wrong = await http(svc.port, 'GET', '/extract');
  assert.equal(wrong.status, 405);
  assert.equal(wrong.headers['allow'], 'POST');
  assert.equal(wrong.json().error.code, 'METHOD_NOT_ALLOWED');
  const put = await http(svc.port, 'PUT', '/healthz');
  assert.equal(put.status, 405);
  assert.equal(put.headers['allow'], 'GET, HEAD');
  assert.equal((await http(svc.port, 'GET', '/healthz')).status, 200, 'the server lives on');
});

test('413: a declared Content-Length above --max-body before any of it is read; a chunked body once past it', { timeout: 60_000 }, async () => {
  const declared = await streamUntilAnswered(svc.port, '/extract', 1024 * 1024, { 'content-type': 'text/html', 'content-length': String(200_000_000) });
  assert.equal(declared.status, 413);
  assert.equal(JSON.parse(declared.body).error.code, 'TOO_LARGE');
  assert.match(JSON.parse(declared.body).error.message, new RegExp(`above the limit of ${MAX_BODY} bytes`));
  const chunked = await streamUntilAnswered(svc.port, '/extract', 64 * 1024 * 1024, { 'content-type': 'text/html' });
  assert.equal(chunked.status, 413);
  assert.ok(chunked.sentBeforeAnswer < 64 * 1024 * 1024, `answered after ${chunked.sentBeforeAnswer} bytes, before the body ended`);
  assert.ok(chunked.sentBeforeAnswer >= MAX_BODY);
  assert.equal((await http(svc.port, 'GET', '/healthz')).status, 200, 'the server lives on');
});

test('slow clients: a stalled body and stalled headers are cut off (408); oversized headers are 431', { timeout: 30_000 }, async () => {
  // Headers, then 10 of the 1000 declared body bytes, then nothing.
  const stalledBody = await rawExchange(svc.port, 'POST /extract HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\nContent-Length: 1000\r\n\r\n<p>hello</p>');
  assert.match(stalledBody, /^HTTP\/1\.1 408 /);
  assert.match(stalledBody, /"code":"REQUEST_TIMEOUT"/);
  const stalledHeaders = await rawExchange(svc.port, 'POST /extract HTTP/1.1\r\nHost: x\r\nContent-Ty');
  assert.match(stalledHeaders, /^HTTP\/1\.1 408 /);
  const huge = await rawExchange(svc.port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  assert.match(huge, /^HTTP\/1\.1 431 /);
  assert.match(huge, /"code":"HEADERS_TOO_LARGE"/);
  const garbage = await rawExchange(svc.port, 'THIS IS NOT HTTP\r\n\r\n');
  assert.match(garbage, /^HTTP\/1\.1 400 /);
  await until(async () => (await http(svc.port, 'GET', '/healthz')).json().inFlight === 0, 'the stalled request to leave the in-flight count');
});

test('504 past the time limit: the worker on the page is replaced and the next request is fine', { timeout: 60_000 }, async () => {
  const before = (await http(svc.port, 'GET', '/healthz')).json().workers.restarts;
  const slow = await postJson(svc.port, { html: bigPage(), timeoutMs: 20 });
  assert.equal(slow.status, 504, slow.text.slice(0, 300));
  assert.equal(slow.json().error.code, 'TIMEOUT');
  assert.match(slow.json().error.message, /time limit of 20 ms; its worker was stopped and replaced/);
  await until(async () => {
    const h = (await http(svc.port, 'GET', '/healthz')).json();
    return h.workers.ready === 1 && h.workers.restarts === before + 1;
  }, 'the replacement worker');
  const next = await postJson(svc.port, { html: STORY });
  assert.equal(next.status, 200);
  assert.equal(next.json().title, 'Rain returns to the valley');
  const metrics = (await http(svc.port, 'GET', '/metrics')).text;
  assert.match(metrics, /^pith_worker_restarts_total\{reason="timeout"\} [1-9]/m);
  assert.match(metrics, /^pith_errors_total\{code="TIMEOUT"\} [1-9]/m);
});

test('GET /healthz, /metrics, /openapi.json', async () => {
  const h = await http(svc.port, 'GET', '/healthz');
  assert.equal(h.status, 200);
  const health = h.json();
  assert.equal(health.status, 'ready');
  assert.equal(health.workers.total, 1);
  assert.equal(health.model.algorithm.length > 0, true);
  assert.match(health.model.path, /default\.model\.json\.gz$/);
  assert.equal(health.maxInFlight, 4);

  await postJson(svc.port, { html: STORY });
  const m = await http(svc.port, 'GET', '/metrics');
  assert.equal(m.status, 200);
  assert.match(String(m.headers['content-type']), /^text\/plain; version=0\.0\.4/);
  assert.match(m.text, /^# TYPE pith_http_requests_total counter$/m);
  assert.match(m.text, /^pith_http_requests_total\{route="\/extract",method="POST",status="200"\} [1-9]\d*$/m);
  assert.match(m.text, /^pith_http_requests_total\{route="\/extract",method="POST",status="400"\} [1-9]\d*$/m);
  assert.match(m.text, /^# TYPE pith_http_request_duration_seconds histogram$/m);
  assert.match(m.text, /^pith_http_request_duration_seconds_bucket\{route="\/extract",le="\+Inf"\} [1-9]\d*$/m);
  assert.match(m.text, /^pith_http_request_duration_seconds_count\{route="\/extract"\} [1-9]\d*$/m);
  assert.match(m.text, /^pith_extract_in_flight 0$/m);
  assert.match(m.text, /^pith_pages_extracted_total\{found="true"\} [1-9]\d*$/m);
  assert.match(m.text, /^pith_errors_total\{code="BAD_OPTION"\} [1-9]\d*$/m);
  assert.match(m.text, /^pith_workers_ready 1$/m);
  // Every sample line is `name{labels} value`.
  for (const line of m.text.trim().split('\n')) assert.match(line, /^(# (HELP|TYPE) \w+ .+|\w+(\{[^}]*\})? [-+\d.eInfNa]+)$/, line);

  const o = await http(svc.port, 'GET', '/openapi.json');
  assert.equal(o.status, 200);
  const doc = o.json();
  assert.match(doc.openapi, /^3\.1\./);
  assert.deepEqual(Object.keys(doc.paths).sort(), ['/extract', '/healthz', '/metrics', '/openapi.json']);
  assert.ok(doc.paths['/extract'].post.requestBody.content['application/json']);
  assert.ok(doc.paths['/extract'].post.responses['503']);
  // Every $ref points at a schema that exists.
  for (const ref of JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)) assert.ok(doc.components.schemas[ref[1]!], ref[1]);
  const head = await http(svc.port, 'HEAD', '/healthz');
  assert.equal(head.status, 200);
  assert.equal(head.text, '');
});

/** A second local server serving a page, and redirecting `/hop` to it. */
async function pageServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    if (req.url === '/hop') {
      res.writeHead(302, { location: '/story' });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(STORY);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, port: (server.address() as AddressInfo).port };
}

test('{url}: a loopback page is refused without --allow-private-urls, and fetched with it', { timeout: 30_000 }, async () => {
  const page = await pageServer();
  let hits = 0;
  page.server.on('request', () => hits++);
  try {
    for (const url of [`http://127.0.0.1:${page.port}/story`, `http://localhost:${page.port}/story`, `http://[::1]:${page.port}/`, 'http://169.254.169.254/latest/meta-data/', 'http://10.1.2.3/', 'http://0.0.0.0/', `http://[::ffff:127.0.0.1]:${page.port}/`]) {
      const r = await postJson(svc.port, { url });
      assert.equal(r.status, 403, `${url}: ${r.text}`);
      assert.equal(r.json().error.code, 'URL_NOT_ALLOWED');
      assert.match(r.json().error.message, /--allow-private-urls/);
    }
    assert.equal(hits, 0, 'no request reached the page server');
    const open = await startService({ port: 0, workers: 1, allowPrivateUrls: true });
    try {
      const r = await postJson(open.port, { url: `http://127.0.0.1:${page.port}/hop` });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json().title, 'Rain returns to the valley');
      assert.equal(r.json().metadata.url, `http://127.0.0.1:${page.port}/story`, 'the redirect was followed');
      const gone = await postJson(open.port, { url: 'http://127.0.0.1:1/' });
      assert.equal(gone.status, 502);
      assert.equal(gone.json().error.code, 'FETCH_FAILED');
    } finally {
      await open.close(0);
    }
  } finally {
    page.server.close();
  }
});

test('over --max-inflight: 503 with Retry-After at once, and the admitted request still finishes', { timeout: 30_000 }, async () => {
  const page = await heldPageServer();
  const small = await startService({ port: 0, workers: 1, maxInflight: 1, allowPrivateUrls: true });
  try {
    // A {url} request whose page does not come holds the one slot (fetching).
    const held = postJson(small.port, { url: `http://127.0.0.1:${page.port}/story` });
    await until(async () => (await http(small.port, 'GET', '/healthz')).json().inFlight === 1, 'the held request to be admitted');
    const r = await postJson(small.port, { html: STORY });
    assert.equal(r.status, 503);
    assert.equal(r.headers['retry-after'], '1');
    assert.equal(r.json().error.code, 'OVERLOADED');
    page.release();
    const answer = await held;
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.json().title, 'Rain returns to the valley');
    assert.equal((await postJson(small.port, { html: STORY })).status, 200, 'admitted again once the slot is free');
    assert.match((await http(small.port, 'GET', '/metrics')).text, /^pith_errors_total\{code="OVERLOADED"\} 1$/m);
  } finally {
    await small.close(0);
    page.close();
  }
});
