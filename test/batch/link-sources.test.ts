/** Sitemaps, sitemap indexes, RSS and Atom feeds as batch inputs: parsing, and `pith batch --sitemap/--feed` on loopback. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { parseLinkDocument, reportListed, xmlText } from '../../src/batch/link-sources.js';
import { repoRoot } from '../helpers/paths.js';

const B = 'https://ex.com/dir/feed.xml';

test('xmlText unwraps CDATA and decodes entities and character references', () => {
  assert.equal(xmlText(' <![CDATA[https://ex.com/a?b=1&c=2]]> '), 'https://ex.com/a?b=1&c=2');
  assert.equal(xmlText('https://ex.com/a?b=1&amp;c=&#50;&#x33;'), 'https://ex.com/a?b=1&c=23');
});

test('a sitemap and a sitemap index: <loc> values, resolved, http(s) only, each once', () => {
  const urlset = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- c --><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://ex.com/a</loc><lastmod>2024-01-01</lastmod></url>
  <url><loc> https://ex.com/b?x=1&amp;y=2 </loc></url><url><loc>https://ex.com/a</loc></url>
  <url><loc>javascript:alert(1)</loc></url><url><loc>/relative</loc></url></urlset>`;
  assert.deepEqual(parseLinkDocument(urlset, B), { kind: 'urlset', links: ['https://ex.com/a', 'https://ex.com/b?x=1&y=2', 'https://ex.com/relative'] });
  const index = '<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://ex.com/s1.xml</sm:loc></sm:sitemap><sm:sitemap><sm:loc>https://ex.com/s2.xml</sm:loc></sm:sitemap></sm:sitemapindex>';
  assert.deepEqual(parseLinkDocument(index, B), { kind: 'sitemapindex', links: ['https://ex.com/s1.xml', 'https://ex.com/s2.xml'] });
});

test('RSS 2.0 and 1.0 items and Atom entries give their article links', () => {
  const rss = `<rss version="2.0"><channel><title>T</title><link>https://ex.com/</link>
    <item><title>One</title><link><![CDATA[https://ex.com/1?a=1&b=2]]></link></item>
    <item><title>Two</title><guid>https://ex.com/2</guid></item>
    <item><title>Three</title><guid isPermaLink="false">tag:3</guid></item>
    <item><link>posts/4</link></item></channel></rss>`;
  assert.deepEqual(parseLinkDocument(rss, B), { kind: 'rss', links: ['https://ex.com/1?a=1&b=2', 'https://ex.com/2', 'https://ex.com/dir/posts/4'] });
  const rdf = '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel rdf:about="x"><link>https://ex.com/</link></channel><item rdf:about="https://ex.com/r1"><link>https://ex.com/r1</link></item></rdf:RDF>';
  assert.deepEqual(parseLinkDocument(rdf, B), { kind: 'rss', links: ['https://ex.com/r1'] });
  const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><link rel="self" href="https://ex.com/feed"/>
    <entry><link rel="self" href="https://ex.com/api/1"/><link rel="alternate" type="text/html" href="https://ex.com/e1"/></entry>
    <entry><link href='/e2'/></entry><entry><title>no link</title></entry></feed>`;
  assert.deepEqual(parseLinkDocument(atom, B), { kind: 'atom', links: ['https://ex.com/e1', 'https://ex.com/e2'] });
  assert.equal(parseLinkDocument('<html><body>hi</body></html>', B).kind, 'unknown');
});

test('a hostile document (thousands of unclosed elements) is read in one pass', () => {
  const xml = '<urlset>' + '<url><loc>https://ex.com/x'.repeat(50_000);
  assert.deepEqual(parseLinkDocument(xml, B), { kind: 'urlset', links: [] });
});

const article = (title: string): string => `<html lang="en"><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${'Words of the story about the harbour and its mill, told at length. '.repeat(8)}</p></article></body></html>`;

test('pith batch --sitemap (an index of two sitemaps) and --feed fetch the listed pages; the fetch policy holds for the documents', { timeout: 120_000 }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-link-sources-'));
  const hits: string[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.push(path);
    const base = `http://${req.headers.host}`;
    const xml = (body: string, type = 'application/xml'): void => void res.writeHead(200, { 'content-type': type }).end(body);
    if (path === '/robots.txt') return void res.writeHead(404).end();
    if (path === '/index.xml') return xml(`<sitemapindex><sitemap><loc>${base}/s1.xml</loc></sitemap><sitemap><loc>${base}/s2.xml</loc></sitemap></sitemapindex>`);
    if (path === '/s1.xml') return xml(`<urlset><url><loc>${base}/p/1</loc></url><url><loc>${base}/p/2</loc></url></urlset>`);
    if (path === '/s2.xml') return xml(`<urlset><url><loc>${base}/p/2</loc></url><url><loc>${base}/p/3</loc></url></urlset>`);
    if (path === '/feed') return xml(`<rss><channel><item><link>${base}/p/3</link></item><item><link>${base}/p/4</link></item></channel></rss>`, 'application/rss+xml; charset=utf-8');
    res.writeHead(200, { 'content-type': 'text/html' }).end(article(`Page ${path}`));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  t.after(() => {
    server.closeAllConnections();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const pith = async (...args: string[]): Promise<{ status: number | null; stderr: string }> => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin', 'pith.js'), 'batch', '--workers', '1', '--host-delay-ms', '0', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const [status] = (await once(child, 'close')) as [number | null];
    return { status, stderr };
  };
  const out = join(dir, 'out.jsonl');
  // s1.xml given as a feed too: read (once) as the sitemap it is, with a note that is no failure.
  const run = await pith('--sitemap', `${base}/index.xml`, '--feed', `${base}/feed`, '--feed', `${base}/s1.xml`, '--out', out, '--allow-private-urls');
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stderr, /4 URL\(s\) from 1 sitemap\(s\) and 2 feed\(s\)/);
  assert.match(run.stderr, /sitemap\/feed: http:\/\/127\.0\.0\.1:\d+\/s1\.xml: a sitemap given as --feed \(read as one\)/);
  const lines = readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: string; title?: string });
  assert.deepEqual(lines.map((l) => l.id).sort(), [1, 2, 3, 4].map((k) => `${base}/p/${k}`));
  for (const l of lines) assert.equal(l.title, `Page ${new URL(l.id).pathname}`);
  assert.deepEqual(hits.filter((h) => h.startsWith('/p/')).sort(), ['/p/1', '/p/2', '/p/3', '/p/4'], 'each page fetched once');
  hits.length = 0;
  // With a page file beside it: the sitemap is named on stderr, the page still done, and the
  // exit code is not success's.
  writeFileSync(join(dir, 'local.html'), article('A local page'));
  const refused = await pith(join(dir, 'local.html'), '--sitemap', `${base}/index.xml`, '--out', join(dir, 'refused.jsonl'));
  assert.equal(refused.status, 4, refused.stderr);
  assert.match(refused.stderr, /batch: sitemap\/feed: http:\/\/127\.0\.0\.1:\d+\/index\.xml: .*URL_NOT_ALLOWED/);
  assert.match(refused.stderr, /1 extracted, 0 failed/, 'the page file is still done');
  assert.doesNotMatch(refused.stderr, /no page files in the inputs/);
  assert.deepEqual(hits, [], 'the loopback server saw no request');
});

test('reportListed says the first 20 problems and notes, counts the rest, and returns the unread documents', () => {
  let said = '';
  const stderr = new PassThrough().on('data', (d) => (said += String(d)));
  const problems = Array.from({ length: 22 }, (_, k) => `https://ex.com/s${k}.xml: not found`);
  const unread = reportListed({ urls: ['https://ex.com/a'], problems, notes: ['https://ex.com/n.xml: a sitemap given as --feed (read as one)'] }, { sitemaps: 22, feeds: 1 }, 'queue', stderr);
  assert.equal(unread, 22);
  const lines = said.trim().split('\n');
  assert.equal(lines.length, 22);
  assert.equal(lines[0], 'queue: sitemap/feed: https://ex.com/s0.xml: not found');
  assert.equal(lines[20], 'queue: sitemap/feed: ... and 3 more');
  assert.equal(lines[21], 'queue: 1 URL(s) from 22 sitemap(s) and 1 feed(s)');
});
