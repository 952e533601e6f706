/**
 * `pith batch` over WARC files written in the test (plain and .warc.gz, one gzip member per
 * record): which records become pages, with which id, url and date; which are skipped and why
 * (requests, non-HTML, non-2xx, truncated, a corrupt gzip member, over the size limit); resume;
 * --fields and --out-dir. Runs the real CLI.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { seededRandom } from '../../src/util/random.js';
import { repoRoot } from '../helpers/paths.js';
import { httpResponse, warcFile, warcRecord } from './warc-builder.js';
import { readWarcPages } from '../../src/batch/warc.js';

const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8', timeout: 60_000 });

function tempDir(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'pith-warc-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

type Line = Record<string, unknown> & { id: string; url: string | null; date?: string; title?: string; error?: { code: string } };
const jsonl = (path: string): Line[] => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);

const page = (t: string): string =>
  `<html><head><title>${t}</title></head><body><article><h1>${t}</h1><p>The council of the small harbour town met on Tuesday to discuss ${t.toLowerCase()}, and after a long debate the members agreed on a plan.</p></article></body></html>`;

/** The records every file here starts with: what is a page and what is not. */
function commonRecords(): Buffer[] {
  return [
    warcRecord({ type: 'warcinfo', block: 'software: pith test\r\nformat: WARC File Format 1.0\r\n' }),
    warcRecord({ type: 'request', id: 'urn:uuid:req-1', url: 'http://news.test/one', block: 'GET /one HTTP/1.1\r\nHost: news.test\r\n\r\n' }),
    warcRecord({ type: 'response', id: 'urn:uuid:page-1', url: 'http://news.test/one', date: '2024-05-01T10:00:00Z', block: httpResponse(page('Mill restoration')) }),
    warcRecord({ type: 'response', id: 'urn:uuid:img-1', url: 'http://news.test/a.png', block: httpResponse(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]), { 'Content-Type': 'image/png' }) }),
    // No Content-Type at all: sniffed as HTML.
    warcRecord({ type: 'response', id: 'urn:uuid:page-2', url: 'http://news.test/two', date: '2024-05-02T11:00:00Z', block: httpResponse(`<!DOCTYPE html>${page('Ferry timetable')}`, {}) }),
    warcRecord({ type: 'response', id: 'urn:uuid:gone', url: 'http://news.test/gone', block: httpResponse(page('Not found'), { 'Content-Type': 'text/html' }, '404 Not Found') }),
    // Gzip content-encoding and a Latin-1 charset passed on from HTTP.
    warcRecord({
      type: 'response', id: 'urn:uuid:page-3', url: 'http://news.test/three', date: '2024-05-03T12:00:00Z',
      block: httpResponse(gzipSync(Buffer.from(page('Caf\u00e9 reopens'), 'latin1')), { 'Content-Type': 'text/html; charset=iso-8859-1', 'Content-Encoding': 'gzip' }),
    }),
    warcRecord({ type: 'metadata', id: 'urn:uuid:meta-1', url: 'http://news.test/one', block: 'outlinks: http://news.test/two\r\n' }),
    // No WARC-Record-ID: the id falls back to <file>:<offset>.
    warcRecord({ type: 'response', url: 'http://news.test/four', date: '2024-05-04T13:00:00Z', block: httpResponse(page('Harbour fees')) }),
  ];
}

const PAGES = new Map([
  ['urn:uuid:page-1', { url: 'http://news.test/one', date: '2024-05-01T10:00:00Z', title: 'Mill restoration' }],
  ['urn:uuid:page-2', { url: 'http://news.test/two', date: '2024-05-02T11:00:00Z', title: 'Ferry timetable' }],
  ['urn:uuid:page-3', { url: 'http://news.test/three', date: '2024-05-03T12:00:00Z', title: 'Caf\u00e9 reopens' }],
]);

function checkPages(lines: Line[], file: string): void {
  const byId = new Map(lines.map((l) => [l.id, l]));
  for (const [id, want] of PAGES) {
    const l = byId.get(id);
    assert.ok(l, `${id} in the output`);
    assert.equal(l.url, want.url);
    assert.equal(l.date, want.date);
    assert.equal(l.title, want.title);
  }
  const fallback = lines.find((l) => l.url === 'http://news.test/four');
  assert.ok(fallback, 'the record without an id is a page');
  assert.match(fallback.id, new RegExp(`^${file.replace(/\./g, '\\.')}:\\d+$`));
  assert.equal(fallback.title, 'Harbour fees');
}

for (const gz of [false, true]) {
  const name = gz ? 'pages.warc.gz' : 'pages.warc';
  test(`pith batch ${name}: HTML responses become lines with id, url and date; the rest is skipped and counted; a truncated last record is reported`, (t) => {
    const dir = tempDir(t);
    const cut = warcRecord({ type: 'response', id: 'urn:uuid:cut', url: 'http://news.test/cut', block: httpResponse(page('Cut short')) });
    const tail = gz ? gzipSync(cut).subarray(0, 150) : cut.subarray(0, cut.length - 80);
    writeFileSync(join(dir, name), Buffer.concat([warcFile(commonRecords(), gz), tail]));
    const out = join(dir, 'out.jsonl');
    // Two workers once (each costs a model load): the pages of one WARC shared between them.
    const r = pith('batch', join(dir, name), '--out', out, '--workers', gz ? '2' : '1');
    assert.equal(r.status, 4, `a damaged WARC: exit 4\n${r.stderr}`);
    const lines = jsonl(out);
    assert.equal(lines.length, 4, JSON.stringify(lines.map((l) => l.id)));
    checkPages(lines, name);
    assert.match(r.stderr, /records skipped: NOT_RESPONSE 3, NOT_HTML 1, HTTP_STATUS 1, TRUNCATED 1\n/);
    assert.match(r.stderr, new RegExp(`skipped TRUNCATED: ${name.replace(/\./g, '\\.')}: the file ends inside`));
    assert.match(r.stderr, /4 extracted, 0 failed, 0 already done/);
    assert.ok(!lines.some((l) => l.id === 'urn:uuid:cut'));
  });
}

test('pith batch on a .warc.gz with a corrupt gzip member: that record is skipped (BAD_GZIP), the reader goes on at the next member', (t) => {
  const dir = tempDir(t);
  const members = commonRecords().map((r) => gzipSync(r));
  const bad = Buffer.from(members[2]!); // page-1
  bad.fill(0x41, 20, 80);
  const file = join(dir, 'bad.warc.gz');
  writeFileSync(file, Buffer.concat([members[0]!, members[1]!, bad, ...members.slice(3)]));
  const out = join(dir, 'out.jsonl');
  const r = pith('batch', file, '--out', out, '--workers', '1');
  assert.equal(r.status, 4, r.stderr);
  assert.match(r.stderr, /skipped BAD_GZIP: bad\.warc\.gz: a gzip member at offset \d+ does not inflate/);
  assert.match(r.stderr, /BAD_GZIP 1/);
  const ids = jsonl(out).map((l) => l.id);
  assert.ok(!ids.includes('urn:uuid:page-1'));
  for (const id of ['urn:uuid:page-2', 'urn:uuid:page-3']) assert.ok(ids.includes(id), `${id} after the bad member`);
  assert.equal(ids.length, 3);
});

test('a record over the 16 MiB page limit is skipped as TOO_LARGE without reading it whole; the next record is still read', async (t) => {
  const dir = tempDir(t);
  const huge = Buffer.alloc(17 * 1024 * 1024, 0x61);
  const file = join(dir, 'big.warc.gz');
  writeFileSync(file, warcFile([
    warcRecord({ type: 'response', id: 'urn:uuid:huge', url: 'http://news.test/huge', block: httpResponse(Buffer.concat([Buffer.from('<html><body><p>'), huge])) }),
    warcRecord({ type: 'response', id: 'urn:uuid:page-1', url: 'http://news.test/one', block: httpResponse(page('After the giant')) }),
  ], true));
  const skipped: string[] = [];
  const got: string[] = [];
  for await (const p of readWarcPages(file, { onSkip: (why) => skipped.push(why) })) got.push(p.id);
  assert.deepEqual(skipped, ['TOO_LARGE']);
  assert.deepEqual(got, ['urn:uuid:page-1']);
});

test('pith batch resumes a WARC: ids already in the output are skipped, nothing is written twice', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'clean.warc.gz');
  writeFileSync(file, warcFile(commonRecords(), true));
  const out = join(dir, 'out.jsonl');
  // A first run cut short, as a crash would leave it: one line whole, one torn.
  writeFileSync(out, JSON.stringify({ id: 'urn:uuid:page-2', url: 'http://news.test/two', title: 'from before' }) + '\n{"id":"urn:uuid:page-3","ti');
  const r = pith('batch', file, '--out', out, '--workers', '1');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /3 extracted, 0 failed, 1 already done/);
  const again = pith('batch', file, '--out', out, '--workers', '1');
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stderr, /0 extracted, 0 failed, 4 already done/);
  const lines = jsonl(out);
  assert.equal(new Set(lines.map((l) => l.id)).size, lines.length, 'no id twice');
  assert.equal(lines.length, 4);
  assert.equal(lines.find((l) => l.id === 'urn:uuid:page-2')?.title, 'from before', 'done pages are not redone');
});

test('pith batch --fields: only the fields asked for (id and url always); the default line is the extract JSON with id and url', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'clean.warc');
  writeFileSync(file, warcFile(commonRecords(), false));
  const run = (out: string, ...args: string[]): Line[] => {
    const r = pith('batch', file, '--out', join(dir, out), '--workers', '1', ...args);
    assert.equal(r.status, 0, r.stderr);
    return jsonl(join(dir, out)).sort((a, b) => a.id.localeCompare(b.id));
  };
  const full = run('full.jsonl');
  for (const l of full) assert.deepEqual(Object.keys(l), ['id', 'url', 'date', 'found', ...(l['found'] ? [] : ['reason']), 'title', 'headings', 'body', 'markdown', 'html', 'metadata', 'confidence']);
  const lean = run('lean.jsonl', '--fields', 'id,url,title,body');
  for (const l of lean) assert.deepEqual(Object.keys(l), ['id', 'url', 'date', 'title', 'body']);
  const meta = run('meta.jsonl', '--fields', 'title,markdown,metadata');
  for (const l of meta) assert.deepEqual(Object.keys(l), ['id', 'url', 'date', 'title', 'markdown', 'metadata']);
  full.forEach((f, k) => {
    assert.equal(lean[k]!.body, f['body']);
    assert.equal(meta[k]!.markdown, f['markdown']);
    assert.deepEqual(meta[k]!['metadata'], f['metadata']);
  });
  const bad = pith('batch', file, '--out', join(dir, 'x.jsonl'), '--fields', 'id,summary');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--fields: unknown field 'summary'/);
});

test('pith batch --out-dir: one file per page, named from its id, the same record as its line', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'clean.warc.gz');
  writeFileSync(file, warcFile(commonRecords(), true));
  const out = join(dir, 'out.jsonl');
  const pagesDir = join(dir, 'pages');
  const r = pith('batch', file, '--out', out, '--out-dir', pagesDir, '--fields', 'title,body', '--workers', '1');
  assert.equal(r.status, 0, r.stderr);
  const names = readdirSync(pagesDir).sort();
  assert.equal(names.length, 4, names.join(' '));
  assert.ok(names.includes('urn%3Auuid%3Apage-1.json'));
  assert.ok(!names.some((n) => n.endsWith('.tmp')), 'no temp files left');
  for (const l of jsonl(out)) {
    const name = names.find((n) => decodeURIComponent(n.replace(/\.json$/, '')) === l.id);
    assert.ok(name, l.id);
    assert.deepEqual(JSON.parse(readFileSync(join(pagesDir, name), 'utf8')), l);
  }
  const md = pith('batch', file, '--out', join(dir, 'md.jsonl'), '--out-dir', join(dir, 'md'), '--format', 'markdown', '--workers', '1');
  assert.equal(md.status, 0, md.stderr);
  assert.match(readFileSync(join(dir, 'md', 'urn%3Auuid%3Apage-1.md'), 'utf8'), /^# Mill restoration/m);
});

/** The pages of a WARC and what was skipped, read directly. */
async function readAll(file: string): Promise<{ ids: string[]; skipped: Array<[string, string]> }> {
  const ids: string[] = [];
  const skipped: Array<[string, string]> = [];
  for await (const p of readWarcPages(file, { onSkip: (why, detail) => skipped.push([why, detail]) })) ids.push(p.id);
  return { ids, skipped };
}

for (const gz of [false, true]) {
  const kind = gz ? '.warc.gz' : '.warc';
  test(`${kind}: a record with a wrong Content-Length (past the file's end, or short) or a 20 MB header costs that record only; the ones after it are read`, async (t) => {
    const dir = tempDir(t);
    const good = (n: number): Buffer => warcRecord({ type: 'response', id: `urn:uuid:ok-${n}`, url: `http://news.test/${n}`, block: httpResponse(page(`Story ${n}`)) });
    const cases: Array<[string, Buffer, RegExp]> = [
      ['long', warcRecord({ type: 'response', id: 'urn:uuid:bad', block: httpResponse(page('Bad')), contentLength: '99999999' }), /record at offset \d+ does not end where its Content-Length says; going on at the next record/],
      ['short', warcRecord({ type: 'response', id: 'urn:uuid:bad', block: httpResponse(page('Bad')), contentLength: '40' }), /record at offset \d+ does not end where its Content-Length says/],
      ['huge-header', Buffer.concat([Buffer.from(`WARC/1.0\r\nWARC-Type: response\r\nX-Junk: ${'j'.repeat(20 * 1024 * 1024)}\r\n`), good(99)]), /headers (near offset \d+ run past|over) 1 MiB/],
    ];
    for (const [name, bad, why] of cases) {
      const file = join(dir, `${name}${kind}`);
      writeFileSync(file, warcFile([good(1), bad, good(2), good(3)], gz));
      const { ids, skipped } = await readAll(file);
      // ok-99 (after the junk header) may be read or lost with it; a cut 'bad' body may be a page.
      assert.deepEqual(ids.filter((id) => id !== 'urn:uuid:ok-99' && id !== 'urn:uuid:bad'), ['urn:uuid:ok-1', 'urn:uuid:ok-2', 'urn:uuid:ok-3'], `${name}: every good record`);
      const damage = skipped.filter(([r]) => r !== 'TOO_LARGE');
      assert.equal(damage.length, 1, `${name}: the bad record reported once: ${JSON.stringify(skipped.map(([r, d]) => [r, d.slice(0, 120)]))}`);
      assert.equal(damage[0]![0], gz && name === 'huge-header' ? damage[0]![0] : 'BAD_RECORD');
      if (!gz || name !== 'huge-header') assert.match(damage[0]![1], why, name);
    }
    // Short by a part of the body: the rest is passed over (warcio skips to the next WARC line); nothing after is lost.
    const shorter = join(dir, `shorter${kind}`);
    writeFileSync(shorter, warcFile([good(1), warcRecord({ type: 'response', id: 'urn:uuid:bad', block: httpResponse(page('Bad')), contentLength: '150' }), good(2), good(3)], gz));
    const short = await readAll(shorter);
    assert.deepEqual(short.ids.filter((id) => id !== 'urn:uuid:bad'), ['urn:uuid:ok-1', 'urn:uuid:ok-2', 'urn:uuid:ok-3']);
    // In a plain file the bytes passed over are reported (in a .warc.gz the record's own member ends it).
    if (!gz) assert.deepEqual(short.skipped.map(([r, d]) => [r, /longer than its Content-Length: \d+ bytes after it were passed over/.test(d)]), [['BAD_RECORD', true]]);
    // A file cut inside its last record is still TRUNCATED: nothing follows to go on to.
    const cut = join(dir, `cut${kind}`);
    const whole = warcFile([good(1), good(2)], false);
    writeFileSync(cut, gz ? Buffer.concat([gzipSync(good(1)), gzipSync(good(2)).subarray(0, 60)]) : whole.subarray(0, whole.length - 100));
    const tail = await readAll(cut);
    assert.deepEqual(tail.ids, ['urn:uuid:ok-1']);
    assert.deepEqual(tail.skipped.map(([r]) => r), ['TRUNCATED']);
  });
}

test('.warc.gz: many records whose Content-Length runs to the end of the file: going on after each is bounded (the file is read a few times over at most), then reported', async (t) => {
  const dir = tempDir(t);
  // Bodies that do not compress (seeded noise), so the file is large enough for the budget to matter.
  const rng = seededRandom(56);
  const noise = (): Buffer => Buffer.from(Array.from({ length: 30_000 }, () => Math.floor(rng() * 256)));
  const bad = (n: number): Buffer => warcRecord({ type: 'response', id: `urn:uuid:bad-${n}`, block: httpResponse(noise()), contentLength: '99999999' });
  const good = warcRecord({ type: 'response', id: 'urn:uuid:ok', url: 'http://news.test/ok', block: httpResponse(page('Good')) });
  const file = join(dir, 'bad-lengths.warc.gz');
  writeFileSync(file, warcFile([good, ...Array.from({ length: 60 }, (_, k) => bad(k)), good], true));
  const { ids, skipped } = await readAll(file);
  assert.equal(ids[0], 'urn:uuid:ok');
  const stop = skipped.filter(([, d]) => /too much damage/.test(d));
  assert.equal(stop.length, 1, JSON.stringify(skipped.map(([r, d]) => [r, d.slice(0, 100)])));
  assert.equal(stop[0]![0], 'BAD_RECORD');
  // Each pass after a bad record reads the rest of the file: the budget (4x the file) allows a handful, not 60.
  const passes = skipped.filter(([, d]) => /does not end where its Content-Length says/.test(d)).length;
  assert.ok(passes >= 2 && passes <= 10, `${passes} bad records gone past`);
});
