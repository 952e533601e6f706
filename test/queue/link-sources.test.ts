/** `pith queue add --sitemap/--feed`: the listed pages are enqueued as URL pages, fetched by the workers. Real Redis, loopback. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loopbackServer } from '../helpers/loopback-server.js';
import { assertOnce, exported, haveRedis, NO_REDIS, pith, status, withRedis, worker } from './redis.js';

const skip = haveRedis ? false : NO_REDIS;
const article = (title: string): string => `<html lang="en"><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${'Words of the story about the harbour and its mill, told at length. '.repeat(8)}</p></article></body></html>`;

test('queue add --sitemap --feed enqueues the listed pages once; workers extract them', { skip, timeout: 120_000 }, async (t) => {
  const base = await loopbackServer(t, (req, res) => {
    const base = `http://${req.headers.host}`;
    if (req.url === '/sitemap.xml') return void res.writeHead(200, { 'content-type': 'text/xml' }).end(`<urlset><url><loc>${base}/p/1</loc></url><url><loc>${base}/p/2</loc></url></urlset>`);
    if (req.url === '/atom') return void res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(`<feed><entry><link href="${base}/p/2"/></entry><entry><link href="${base}/p/3"/></entry></feed>`);
    if (req.url === '/robots.txt') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end(article(`Page ${req.url}`));
  });
  await withRedis('sources', async (redis, dir) => {
    const refused = await pith('queue', 'add', '--redis', redis.url, '--sitemap', `${base}/sitemap.xml`).exit;
    assert.equal(refused.code, 0, refused.stderr);
    assert.match(refused.stderr, /sitemap\/feed: .*URL_NOT_ALLOWED/, 'the documents are read under the fetch policy');
    const added = await pith('queue', 'add', '--redis', redis.url, '--sitemap', `${base}/sitemap.xml`, '--feed', `${base}/atom`, '--allow-private-urls', '--host-delay-ms', '0').exit;
    assert.equal(added.code, 0, added.stderr);
    assert.match(added.stderr, /3 URL\(s\) from 1 sitemap\(s\) and 1 feed\(s\)/);
    assert.equal((await status(redis.url)).total, 3);
    const w = await worker(redis.url).exit;
    assert.equal(w.code, 0, w.stderr);
    const lines = await exported(redis.url, dir);
    const ids = [1, 2, 3].map((k) => `${base}/p/${k}`);
    assertOnce(lines, ids);
    for (const l of lines) assert.equal(l.title, `Page ${new URL(l.id).pathname}`);
  });
});
