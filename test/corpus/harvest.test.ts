/** Harvesting labelled pages from JSON-LD articleBody (src/corpus/harvest.ts, `pith harvest`). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture } from '../helpers/paths.js';
import { harvestPageBytes, harvestToCorpus, type HarvestKept } from '../../src/corpus/harvest.js';
import { openCorpus, alignGold, loadCorpusPage } from '../../src/corpus/index.js';
import { command as harvestCommand } from '../../src/cli/commands/harvest.js';
import { command as corpusCommand } from '../../src/cli/commands/corpus.js';
import { command as trainCommand } from '../../src/cli/commands/train.js';

const site = fixture('harvest', 'site');

async function decide(name: string) {
  return harvestPageBytes(new Uint8Array(await readFile(join(site, name))), { id: name });
}

function io() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += String(d)));
  stderr.on('data', (d) => (err += String(d)));
  return { io: { stdout, stderr, stdin: new PassThrough() }, out: () => out, err: () => err };
}

test('a page whose articleBody is its visible text is kept: headline -> title, paragraphs -> body, nav/aside/footer -> other', async () => {
  const d = await decide('depot.html');
  assert.equal(d.kept, true, d.kept ? '' : `${d.reason}: ${d.detail}`);
  const k = d as HarvestKept;
  assert.ok(k.coverage >= 0.99 && k.precision >= 0.99);
  const byText = (re: RegExp) => k.page.blocks.filter((b) => b.kind === 'text' && re.test(b.text)).map((b) => k.labels[b.index]);
  assert.deepEqual(byText(/^Old railway depot to become the city library$/), ['title']);
  assert.deepEqual(byText(/^(The city council|Supporters said|Work is expected)/), ['body', 'body', 'body']);
  assert.deepEqual([...new Set(byText(/^(Home|News|Sport|Weather today)/))], ['other']);
  assert.deepEqual([...new Set(byText(/Copyright|Most read|Council budget|Heatwave/))], ['other']);
  assert.equal(k.article.headline, 'Old railway depot to become the city library');
  assert.equal(k.page.url, 'https://news.example.com/2024/depot-library', 'the canonical URL is sniffed for the site');
});

/** The harvested label of every text block, by its text. */
async function labelsByText(path: string): Promise<Map<string, string>> {
  const d = harvestPageBytes(new Uint8Array(await readFile(path)), { id: path });
  assert.equal(d.kept, true, d.kept ? '' : `${d.reason}: ${d.detail}`);
  const k = d as HarvestKept;
  return new Map(k.page.blocks.filter((b) => b.kind === 'text').map((b) => [b.text, k.labels[b.index]!]));
}

test('headings inside a flat articleBody: heading elements (h1-h6, role=heading) between the article\'s paragraphs are labelled heading', async () => {
  const labels = await labelsByText(fixture('harvest', 'headings', 'in-body.html'));
  assert.equal(labels.get('Tidal mill turns again after ten years of repairs'), 'title');
  assert.equal(labels.get('Why the mill stopped'), 'heading');
  assert.equal(labels.get('A grant from the county'), 'heading', 'role=heading');
  assert.equal(labels.get('What happens next'), 'heading', 'text inside an h2');
  assert.equal([...labels.values()].filter((l) => l === 'body').length, 4, 'the four paragraphs stay body');
  assert.equal(labels.get('Most read'), 'other', 'a heading after the article is not one of its headings');
});

test('headings the publisher left out of articleBody: labelled heading between two body paragraphs, not when they head links or follow the article', async () => {
  const labels = await labelsByText(fixture('harvest', 'headings', 'left-out.html'));
  assert.equal(labels.get('Why the mill stopped'), 'heading');
  assert.equal(labels.get('Background'), 'heading', 'two headings in a row, both between paragraphs');
  assert.equal(labels.get('The first repairs'), 'heading');
  assert.equal(labels.get('Related stories'), 'other', 'heads a list of links, not a paragraph');
  assert.equal(labels.get('Advertisement'), 'other', 'not a heading element');
  assert.equal(labels.get('Read more: council approves the harbour budget'), 'other', 'a heading element that is a link');
  assert.equal(labels.get('Comments'), 'other', 'after the article\'s last paragraph');
  assert.equal([...labels.values()].filter((l) => l === 'body').length, 5);
});

test('harvested headings are stored with the page and read back the same', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-harvest-headings-'));
  try {
    const out = join(dir, 'out');
    const report = await harvestToCorpus([fixture('harvest', 'headings')], out);
    assert.equal(report.kept, 2);
    const corpus = await openCorpus(out);
    for (const cp of corpus.pages) {
      const page = await loadCorpusPage(corpus, cp);
      const stored = alignGold(page, cp.gold).labels;
      assert.ok(stored.filter((l) => l === 'heading').length >= 3, `${cp.id}: headings stored`);
      const fresh = harvestPageBytes(new Uint8Array(await readFile(join(fixture('harvest', 'headings'), `${cp.id}.html`))), { id: cp.id }) as HarvestKept;
      assert.deepEqual([...stored], [...fresh.labels]);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('an articleBody the page does not show is rejected as poor alignment', async () => {
  const d = await decide('mismatch.html');
  assert.equal(d.kept, false);
  assert.equal(!d.kept && d.reason, 'poor-alignment');
  assert.ok(!d.kept && d.coverage !== undefined && d.coverage < 0.9);
});

test('a cut-off articleBody ("...") is rejected: its alignment would label the rest of the article other', async () => {
  const d = await decide('nested/truncated.html');
  assert.equal(!d.kept && d.reason, 'truncated-body');
});

test('no JSON-LD, malformed JSON-LD, binary data and short bodies are skipped with their reason', async () => {
  assert.equal((await decide('nested/no-json-ld.html') as { reason?: string }).reason, 'no-json-ld');
  const malformed = await decide('nested/malformed.html');
  assert.equal(!malformed.kept && malformed.reason, 'no-json-ld');
  assert.match(!malformed.kept ? malformed.detail : '', /parses/);
  assert.equal((await decide('notes.bin') as { reason?: string }).reason, 'not-html');
  const html = (await readFile(join(site, 'depot.html'), 'utf8')).replace(/"articleBody": "[^"]*"/, '"articleBody": "Only a few words here."');
  const short = harvestPageBytes(new TextEncoder().encode(html), { id: 'short' });
  assert.equal(!short.kept && short.reason, 'short-body');
  const noBody = harvestPageBytes(new TextEncoder().encode(html.replace(/"articleBody": "[^"]*",?/, '')), { id: 'nobody' });
  assert.equal(!noBody.kept && noBody.reason, 'no-article-body');
  const big = harvestPageBytes(new Uint8Array(2048), { id: 'big' }, { maxBytes: 1024 });
  assert.equal(!big.kept && big.reason, 'too-large');
});

test('a huge articleBody or hostile JSON-LD never throws', async () => {
  const html = (await readFile(join(site, 'depot.html'), 'utf8'));
  const huge = html.replace(/"articleBody": "/, `"articleBody": "${'lorem ipsum '.repeat(40_000)}`);
  const d = harvestPageBytes(new TextEncoder().encode(huge), { id: 'huge' });
  assert.equal(!d.kept && d.reason, 'poor-alignment');
  const nested = html.replace('</head>', `<script type="application/ld+json">${'['.repeat(50_000)}${']'.repeat(50_000)}</script></head>`);
  assert.equal(harvestPageBytes(new TextEncoder().encode(nested), { id: 'nested' }).kept, true);
});

test('harvestToCorpus walks folders and WARC files, writes a train corpus whose stored labels reproduce the harvest', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-harvest-'));
  try {
    // A WARC holding the kept page as an HTTP response, and a request record (not a page).
    const body = await readFile(join(site, 'depot.html'));
    const http = Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${body.length}\r\n\r\n`), body]);
    const rec = (type: string, payload: Buffer, extra = '') => Buffer.concat([
      Buffer.from(`WARC/1.0\r\nWARC-Type: ${type}\r\nWARC-Record-ID: <urn:uuid:${type}-1>\r\nWARC-Date: 2024-05-01T00:00:00Z\r\nWARC-Target-URI: https://crawl.example.org/depot\r\n${extra}Content-Length: ${payload.length}\r\n\r\n`),
      payload, Buffer.from('\r\n\r\n'),
    ]);
    const warcDir = join(dir, 'in');
    await import('node:fs/promises').then((fs) => fs.mkdir(warcDir));
    await writeFile(join(warcDir, 'crawl.warc'), Buffer.concat([
      rec('request', Buffer.from('GET /depot HTTP/1.1\r\nHost: crawl.example.org\r\n\r\n'), 'Content-Type: application/http; msgtype=request\r\n'),
      rec('response', http, 'Content-Type: application/http; msgtype=response\r\n'),
    ]));
    const out = join(dir, 'out');
    const report = await harvestToCorpus([site, join(warcDir, 'crawl.warc')], out);
    assert.equal(report.seen, 7);
    assert.equal(report.kept, 2);
    assert.equal(report.withArticleBody, 4);
    assert.deepEqual(report.rejected, { 'not-html': 1, 'too-large': 0, unreadable: 0, 'outside-root': 0, 'no-json-ld': 2, 'no-article-body': 0, 'short-body': 0, 'truncated-body': 1, 'poor-alignment': 1 });
    assert.equal(report.warcSkipped['NOT_RESPONSE'], 1);
    const corpus = await openCorpus(out);
    assert.equal(corpus.format, 'pith');
    assert.equal(corpus.use, 'train');
    assert.equal(corpus.pages.length, 2);
    const fromWarc = corpus.pages.find((p) => p.url === 'https://crawl.example.org/depot');
    assert.ok(fromWarc, 'the WARC page keeps its target URI');
    for (const cp of corpus.pages) {
      assert.equal(cp.gold.title, 'Old railway depot to become the city library');
      const page = await loadCorpusPage(corpus, cp);
      const labels = alignGold(page, cp.gold).labels;
      const harvested = (await decide('depot.html')) as HarvestKept;
      assert.deepEqual([...labels], [...harvested.labels]);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('pith harvest writes a corpus that pith corpus stats and pith train read', { timeout: 120_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-harvest-cli-'));
  try {
    const out = join(dir, 'harvested');
    const h = io();
    assert.equal(await harvestCommand.run([site, '-o', out], h.io), 0);
    assert.match(h.out(), /harvested 1 of 6 pages into .* \(3 with a JSON-LD articleBody\)/);
    assert.match(h.out(), /rejected no-json-ld: 2\n/);
    assert.match(h.out(), /rejected poor-alignment: 1\n/);
    const s = io();
    assert.equal(await corpusCommand.run(['stats', out, '--json'], s.io), 0);
    const stats = JSON.parse(s.out()) as Array<{ format: string; use: string; pages: number; blocks: Record<string, number> }>;
    const st = Array.isArray(stats) ? stats[0]! : (stats as unknown as { corpora: typeof stats }).corpora[0]!;
    assert.equal(st.format, 'pith');
    assert.equal(st.use, 'train');
    assert.equal(st.pages, 1);
    assert.equal(st.blocks['body'], 3);
    assert.equal(st.blocks['title'], 1);
    const t = io();
    assert.equal(await trainCommand.run([out, '--model', 'maxent', '--set', 'maxIterations=5', '-o', join(dir, 'm.json')], t.io), 0, t.err());
    const again = io();
    await assert.rejects(harvestCommand.run([site, '-o', out], again.io), /already exists/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('pith harvest: a symbolic link leading out of an input folder is not read (outside-root, with a warning); one inside is', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-harvest-links-'));
  try {
    // The secret is a page harvest would keep, so only the link check stops it.
    const outside = join(dir, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'secret.html'), await readFile(join(site, 'depot.html')));
    await writeFile(join(outside, 'crawl.warc'), 'WARC/1.0\r\n');
    const input = join(dir, 'input');
    await mkdir(join(input, 'sub'), { recursive: true });
    await symlink(join(outside, 'secret.html'), join(input, 'leak.html'));
    await symlink(join(outside, 'crawl.warc'), join(input, 'leak.warc'));
    await symlink('../../outside/secret.html', join(input, 'sub', 'relative-leak.html'));
    await writeFile(join(input, 'sub', 'real.html'), await readFile(join(site, 'depot.html')));
    await symlink(join(input, 'sub', 'real.html'), join(input, 'inside-link.html'));
    const out = join(dir, 'out');
    const h = io();
    assert.equal(await harvestCommand.run([input, '-o', out], h.io), 0, h.err());
    assert.match(h.out(), /harvested 2 of 5 pages/);
    assert.match(h.out(), /rejected outside-root: 3\n/);
    assert.match(h.err(), /3 symbolic links? leading outside their input folder, not read/);
    const report = await harvestToCorpus([input], join(dir, 'out2'));
    assert.equal(report.rejected['outside-root'], 3);
    assert.ok(report.examples.some((e) => e.reason === 'outside-root' && /leak\.html/.test(e.id)));
    const corpus = await openCorpus(out);
    assert.deepEqual(corpus.pages.map((p) => p.id).sort(), ['inside-link', 'sub_real'].sort(), 'only the pages inside the folder');
    for (const f of await readdir(out, { recursive: true })) assert.doesNotMatch(String(f), /leak|secret/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
