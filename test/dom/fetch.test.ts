/**
 * fetchPage against a real HTTP server on 127.0.0.1: the failures a crawler meets (time-outs,
 * redirect loops, non-HTML types, oversize bodies, refused connections) are named errors;
 * gzip bodies inflated within the limit. The fetch policy's own tests: test/util/fetch-policy.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchPage } from '../../src/dom/fetch.js';
import { isPithError } from '../../src/errors.js';
import { allowAll } from '../../src/util/fetch-policy.js';
import { gzipSync } from 'node:zlib';

/** These servers are on loopback, which the fetch policy refuses by default. */
const open = { allowed: allowAll };

async function withServer(handler: Parameters<typeof createServer>[1], body: (base: string) => Promise<void>): Promise<void> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await body(base);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const failsWith = (code: string, message: RegExp) => (e: unknown): boolean => {
  assert.ok(isPithError(e), String(e));
  assert.equal(e.code, code);
  assert.match(e.message, message);
  return true;
};

test('fetchPage: an HTML page after a redirect, with its charset and final URL', async () => {
  await withServer((req, res) => {
    if (req.url === '/old') {
      res.writeHead(301, { location: '/new' }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' }).end(Buffer.from('<p>caf\u00e9</p>', 'latin1'));
  }, async (base) => {
    const got = await fetchPage(`${base}/old`, open);
    assert.equal(got.url, `${base}/new`);
    assert.equal(got.charset, 'ISO-8859-1');
    assert.deepEqual([...got.bytes], [...Buffer.from('<p>caf\u00e9</p>', 'latin1')]);
  });
});

test('fetchPage: a redirect loop, a non-HTML type, an HTTP error and an oversize body are named', async () => {
  await withServer((req, res) => {
    if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
    else if (req.url === '/image') res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10));
    else if (req.url === '/gone') res.writeHead(404).end('no');
    else if (req.url === '/big') res.writeHead(200, { 'content-type': 'text/html' }).end('x'.repeat(5000));
    else res.writeHead(500).end();
  }, async (base) => {
    await assert.rejects(fetchPage(`${base}/loop`, { ...open, maxRedirects: 3 }), failsWith('FETCH_FAILED', /more than 3 redirects/));
    await assert.rejects(fetchPage(`${base}/image`, open), failsWith('NOT_HTML', /not an HTML page \(Content-Type: image\/png\)/));
    await assert.rejects(fetchPage(`${base}/gone`, open), failsWith('FETCH_FAILED', /HTTP 404/));
    await assert.rejects(fetchPage(`${base}/big`, { ...open, maxBytes: 1000 }), failsWith('TOO_LARGE', /above the limit of 1000/));
  });
});

test('fetchPage: a server that never answers times out; a closed port and a bad URL fail clearly', async () => {
  await withServer(() => { /* never responds */ }, async (base) => {
    await assert.rejects(fetchPage(`${base}/slow`, { ...open, timeoutMs: 300 }), failsWith('FETCH_FAILED', /timed out after 300 ms/));
  });
  // A port that was just free: nothing listens there now.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  await assert.rejects(fetchPage(`http://127.0.0.1:${port}/`, open), failsWith('FETCH_FAILED', /unreachable/));
  await assert.rejects(fetchPage('not a url'), failsWith('FETCH_FAILED', /not a valid URL/));
  await assert.rejects(fetchPage('ftp://example.com/x'), failsWith('FETCH_FAILED', /unsupported URL scheme/));
});

test('fetchPage: a body that stalls half-way times out instead of hanging', async () => {
  await withServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.write('<p>start');
  }, async (base) => {
    await assert.rejects(fetchPage(`${base}/`, { ...open, timeoutMs: 300 }), failsWith('FETCH_FAILED', /timed out after 300 ms/));
  });
});

test("fetchPage crossHostRedirects 'return': a redirect to another host ends the call with its target and the hops taken; one to the same host is followed", async () => {
  await withServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>there</p>');
  }, async (other) => {
    await withServer((req, res) => {
      if (req.url === '/hop') res.writeHead(302, { location: '/away' }).end();
      else if (req.url === '/away') res.writeHead(301, { location: `${other}/page` }).end();
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<p>here</p>');
    }, async (base) => {
      const got = await fetchPage(`${base}/hop`, { ...open, crossHostRedirects: 'return' });
      assert.deepEqual({ url: got.url, redirectTo: got.redirectTo, redirects: got.redirects, bytes: got.bytes.length }, { url: `${base}/away`, redirectTo: `${other}/page`, redirects: 2, bytes: 0 });
      const followed = await fetchPage(`${base}/hop`, open);
      assert.equal(followed.url, `${other}/page`, 'by default the redirect is followed');
      assert.equal(followed.redirectTo, undefined);
      await assert.rejects(fetchPage(`${base}/hop`, { ...open, crossHostRedirects: 'return', maxRedirects: 1 }), failsWith('FETCH_FAILED', /more than 1 redirects/));
    });
  });
});

test('fetchPage: a gzip-encoded body is inflated within the limit, kept as it came with gzip: keep; a corrupt one is BAD_GZIP', async () => {
  const html = `<p>${'word '.repeat(400)}</p>`;
  const asked = new Set<string>();
  await withServer((req, res) => {
    asked.add(String(req.headers['accept-encoding']));
    if (req.url === '/bad') return void res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3]));
    if (req.url === '/br') return void res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' }).end('x');
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(html));
  }, async (base) => {
    const got = await fetchPage(`${base}/`, open);
    assert.equal(Buffer.from(got.bytes).toString(), html);
    const kept = await fetchPage(`${base}/`, { ...open, gzip: 'keep' });
    assert.deepEqual([...kept.bytes.subarray(0, 2)], [0x1f, 0x8b]);
    // The limit counts inflated bytes: 2 000 of them do not fit in 1 000, though the gzip does.
    assert.ok(gzipSync(html).length < 1000);
    await assert.rejects(fetchPage(`${base}/`, { ...open, maxBytes: 1000 }), failsWith('TOO_LARGE', /above the limit of 1000 bytes/));
    await assert.rejects(fetchPage(`${base}/bad`, open), failsWith('BAD_GZIP', /does not inflate/));
    await assert.rejects(fetchPage(`${base}/br`, open), failsWith('FETCH_FAILED', /unsupported Content-Encoding 'br'/));
  });
  assert.deepEqual([...asked], ['gzip'], 'only gzip is asked for');
});
