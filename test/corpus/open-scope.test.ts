/**
 * A scoped `openCorpus` (the first N pages, or one page by id) reads only those pages' files:
 * the pages past the limit are made unreadable here, and the scoped open still succeeds with
 * exactly the pages the whole read gives first, in the same order.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fixture, repoRoot } from '../helpers/paths.js';
import { openCorpus } from '../../src/corpus/index.js';
import { isPithError } from '../../src/errors.js';

/** gzip's magic number and then nothing a gunzip can read: a file the readers refuse with BAD_CORPUS. */
const CORRUPT_GZIP = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3, 4]);

interface Layout {
  readonly fixture: string;
  /** The fixture page copied twice (with `b` and `c` appended, which sort after it). */
  readonly page: string;
  /** The third page's gold file, relative to the corpus, spoiled after the whole read. */
  readonly spoil: string;
  /** The id the reader gives the `c` copy. */
  readonly lastId: string;
}

const LAYOUTS: readonly Layout[] = [
  { fixture: 'dragnet', page: 'R1', spoil: 'GoldStandard/R1c.txt', lastId: 'R1c' },
  { fixture: 'wcxb', page: '0001', spoil: 'ground-truth/0001c.json', lastId: '0001c' },
  { fixture: 'l3s', page: '2f1c6c3e-1111-4222-8333-944455556666', spoil: 'annotated/2f1c6c3e-1111-4222-8333-944455556666c.html', lastId: '2f1c6c3e-1111-4222-8333-944455556666c' },
  { fixture: 'cleaneval', page: '1', spoil: 'dev/GoldStandard/1c.txt', lastId: 'dev-1c' },
  { fixture: 'readability', page: 'news-1', spoil: 'pages/news-1c/expected.html', lastId: 'news-1c' },
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? filesUnder(join(dir, n)) : [join(dir, n)]));
}

/** The fixture corpus with its page copied twice (suffixes `b`, `c`). */
function threePageCorpus(layout: Layout, into: string): string {
  const src = fixture('corpus', layout.fixture);
  const dir = join(into, layout.fixture);
  cpSync(src, dir, { recursive: true });
  for (const file of filesUnder(src)) {
    const rel = relative(src, file);
    if (!rel.includes(`/${layout.page}.`) && !rel.includes(`/${layout.page}/`)) continue;
    for (const suffix of ['b', 'c']) {
      const copy = join(dir, rel.replace(layout.page, layout.page + suffix));
      mkdirSync(dirname(copy), { recursive: true });
      writeFileSync(copy, readFileSync(file));
    }
  }
  return dir;
}

for (const layout of LAYOUTS) {
  test(`${layout.fixture}: --limit and --page read only the pages taken, the same pages in the same order`, async (t) => {
    const tmp = mkdtempSync(join(tmpdir(), 'pith-open-scope-'));
    t.after(() => rmSync(tmp, { recursive: true, force: true }));
    const dir = threePageCorpus(layout, tmp);
    const whole = await openCorpus(dir);
    assert.equal(whole.pages[2]!.id, layout.lastId, 'the copies come right after the page (cleaneval has a later part)');
    assert.deepEqual((await openCorpus(dir, { limit: 2 })).pages, whole.pages.slice(0, 2));
    assert.deepEqual((await openCorpus(dir, { id: layout.lastId })).pages, [whole.pages[2]]);

    writeFileSync(join(dir, layout.spoil), CORRUPT_GZIP);
    await assert.rejects(openCorpus(dir), (e) => isPithError(e) && e.code === 'BAD_CORPUS', 'the whole read reads the spoiled file');
    assert.deepEqual((await openCorpus(dir, { limit: 2 })).pages, whole.pages.slice(0, 2), 'the third page is listed, never read');
    assert.deepEqual((await openCorpus(dir, { id: whole.pages[1]!.id })).pages, [whole.pages[1]]);
  });
}

test('pith eval --limit, corpus show and blocks --corpus succeed on a corpus whose later pages are unreadable', (t) => {
  const tmp = mkdtempSync(join(tmpdir(), 'pith-open-scope-cli-'));
  t.after(() => rmSync(tmp, { recursive: true, force: true }));
  const dir = threePageCorpus(LAYOUTS[0]!, tmp);
  writeFileSync(join(dir, LAYOUTS[0]!.spoil), CORRUPT_GZIP);
  const pith = (args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8', timeout: 60_000 });
  const evaluated = pith(['eval', dir, '--limit', '2', '--extractor', 'all-text', '--json']);
  assert.equal(evaluated.status, 0, evaluated.stderr);
  assert.equal((JSON.parse(evaluated.stdout) as { corpora: { pages: number }[] }).corpora[0]!.pages, 2);
  const shown = pith(['corpus', 'show', dir, 'R1b', '--width', '20']);
  assert.equal(shown.status, 0, shown.stderr);
  assert.match(shown.stdout, /^# dragnet \/ R1b /);
  assert.equal(pith(['blocks', '--corpus', dir, '--page', 'R1']).status, 0);
  const whole = pith(['eval', dir, '--extractor', 'all-text', '--json']);
  assert.notEqual(whole.status, 0, 'without a limit the spoiled page is read (and refused)');
});
