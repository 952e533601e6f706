/** `pith batch --lists` (docs/lists.md): each line carries the lists `pith extract --lists` gives, and nothing else changes. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, repoRoot } from '../helpers/paths.js';

const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8' });

type Line = Record<string, unknown> & { id: string };
const lines = (path: string): Map<string, Line> =>
  new Map(readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line).map((l) => [l.id, l]));

/** A folder with a listing page and an article page. */
function pages(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pith-batch-lists-'));
  copyFileSync(fixture('pages', 'listing-cards.html'), join(dir, 'listing.html'));
  copyFileSync(fixture('pages', 'news-article.html'), join(dir, 'story.html'));
  return dir;
}

for (const [how, extra] of [['in the main thread', []], ['in worker threads', ['--page-timeout', '60']]] as const) {
  test(`pith batch --lists ${how}: lines carry extract --lists's lists, the rest as without the flag`, () => {
    const dir = pages();
    try {
      const run = (name: string, args: readonly string[]) => {
        const out = join(dir, `${name}.jsonl`);
        const r = pith('batch', join(dir, 'listing.html'), join(dir, 'story.html'), '--out', out, '--workers', '1', ...extra, ...args);
        assert.equal(r.status, 0, r.stderr);
        return lines(out);
      };
      const plain = run('plain', []), withLists = run('lists', ['--lists']);
      assert.equal(plain.size, 2);
      for (const [id, line] of withLists) {
        const { lists, ...rest } = line;
        assert.deepEqual(rest, plain.get(id), `${id}: the rest of the line is unchanged`);
        assert.equal('lists' in plain.get(id)!, false);
        const single = JSON.parse(pith('extract', join(dir, `${id}.html`), '--format', 'json', '--lists').stdout) as { lists: unknown };
        assert.deepEqual(lists, single.lists, `${id}: the same lists as pith extract --lists`);
      }
      assert.ok((withLists.get('listing')!['lists'] as { items: unknown[] }[])[0]!.items.length >= 3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('pith batch --fields id,lists: only the lists; a bad --list-model stops the batch before any page', () => {
  const dir = pages();
  try {
    const out = join(dir, 'f.jsonl');
    const r = pith('batch', dir, '--out', out, '--fields', 'id,lists', '--workers', '1');
    assert.equal(r.status, 0, r.stderr);
    for (const line of lines(out).values()) assert.deepEqual(Object.keys(line).sort(), ['id', 'lists', 'url']);
    const badModel = join(dir, 'bad.model.json');
    writeFileSync(badModel, '{"format": "pith-lists", "version": 99}');
    const bad = pith('batch', dir, '--out', join(dir, 'bad.jsonl'), '--lists', '--list-model', badModel);
    assert.notEqual(bad.status, 0);
    assert.match(bad.stderr, /unsupported list model version 99/);
    const lonely = pith('batch', dir, '--out', join(dir, 'lonely.jsonl'), '--list-model', badModel);
    assert.notEqual(lonely.status, 0);
    assert.match(lonely.stderr, /--list-model needs --lists/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** RFC 4180 rows of a CSV without quoted line breaks (the fixtures have none). */
const csvLines = (text: string): string[] => text.split('\r\n').slice(0, -1);

test('--format csv with --lists: extract and batch (--csv, --out-dir) write one row per list item; without --lists csv needs field rules', () => {
  const dir = pages();
  try {
    const single = JSON.parse(pith('extract', join(dir, 'listing.html'), '--format', 'json', '--lists').stdout) as { lists: { items: { text: string; href?: string }[] }[] };
    const items = single.lists[0]!.items;
    const csv = pith('extract', join(dir, 'listing.html'), '--format', 'csv', '--lists');
    assert.equal(csv.status, 0, csv.stderr);
    const rows = csvLines(csv.stdout);
    assert.equal(rows[0], 'url,list,item,text,href');
    assert.equal(rows.length, 1 + items.length);
    assert.match(rows[1]!, new RegExp(`^[^,]*,1,1,`));
    assert.ok(rows[1]!.includes(items[0]!.text.includes(',') ? `"${items[0]!.text}"` : items[0]!.text));
    const none = pith('extract', join(dir, 'listing.html'), '--format', 'csv');
    assert.notEqual(none.status, 0);
    assert.match(none.stderr, /csv writes named fields or list items: the model has no field rules for this page; add --lists .* --model wrapper .* or use --format json/);

    const out = join(dir, 'b.jsonl'), csvOut = join(dir, 'b.csv'), outDir = join(dir, 'files');
    const b = pith('batch', join(dir, 'listing.html'), join(dir, 'story.html'), '--out', out, '--workers', '1', '--lists', '--csv', csvOut, '--out-dir', outDir, '--format', 'csv');
    assert.equal(b.status, 0, b.stderr);
    const batchRows = csvLines(readFileSync(csvOut, 'utf8'));
    assert.equal(batchRows[0], 'id,url,list,item,text,href');
    const lineLists = [...lines(out).values()].flatMap((l) => (l['lists'] as { items: unknown[] }[]).map((x) => x.items.length));
    assert.equal(batchRows.length, 1 + lineLists.reduce((s, n) => s + n, 0));
    assert.equal(batchRows.filter((r) => r.startsWith('listing,')).length, items.length);
    const pageFile = csvLines(readFileSync(join(outDir, 'listing.csv'), 'utf8'));
    assert.deepEqual(pageFile, batchRows.filter((r, i) => i === 0 || r.startsWith('listing,')), 'a page file holds that page\'s rows');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
