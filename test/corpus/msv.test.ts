/** msv-big9 layout: site-year folders of html/ + gold/, read alone or as a root of several. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture } from '../helpers/paths.js';
import { openCorpus, loadCorpusPage, alignGold, goldText, detectCorpusFormat, corpusPage } from '../../src/corpus/index.js';
import { msvSiteYear, parseMsvGold } from '../../src/corpus/readers/msv.js';
import { command as evalCommand } from '../../src/cli/commands/eval.js';
import { isPithError } from '../../src/errors.js';

const root = fixture('msv');

test('msv gold: the first non-empty line is the headline, the other lines the body', () => {
  assert.deepEqual(parseMsvGold('\nHeadline here\n\n\n First  paragraph.\r\nSecond.\n'), { title: 'Headline here', body: ['First paragraph.', 'Second.'] });
  assert.deepEqual(parseMsvGold('  \n'), { title: undefined, body: [] });
  assert.deepEqual(msvSiteYear('bbc-2013'), { site: 'bbc', year: 2013 });
  assert.deepEqual(msvSiteYear('Fox News_2009'), { site: 'fox-news', year: 2009 });
  assert.deepEqual(msvSiteYear('mysite'), { site: 'mysite' });
  assert.deepEqual(msvSiteYear('2013'), { site: '2013' });
});

test('msv: a site-year folder and a root of them are both detected', async () => {
  assert.equal(await detectCorpusFormat(join(root, 'bbc-2013')), 'msv');
  assert.equal(await detectCorpusFormat(root), 'msv');
  // Its html/ alone is no corpus.
  assert.equal(await detectCorpusFormat(join(root, 'bbc-2013', 'html')), undefined);
});

test('msv root: ids prefixed by the folder, site and year from the folder name, eval-only', async () => {
  const corpus = await openCorpus(root);
  assert.equal(corpus.format, 'msv');
  assert.equal(corpus.use, 'eval-only');
  assert.equal(corpus.name, 'msv');
  // notes/ (no html/ + gold/) is ignored; pages without gold are left out, the unreadable page is listed.
  assert.deepEqual(corpus.pages.map((p) => p.id), ['bbc-2013/cigarette (1)', 'bbc-2013/storm', 'cnn-2017/broken', 'cnn-2017/quake', 'cnn-2017/rates']);
  assert.deepEqual(corpus.pages.map((p) => p.site), ['bbc', 'bbc', 'cnn', 'cnn', 'cnn']);
  assert.deepEqual(corpus.pages.map((p) => `${p.template}:${p.year}`), ['bbc-2013:2013', 'bbc-2013:2013', 'cnn-2017:2017', 'cnn-2017:2017', 'cnn-2017:2017']);
  const quake = corpusPage(corpus, 'cnn-2017/quake');
  assert.equal(quake.url, 'http://edition.cnn.com/2017/04/04/us/quake/index.html'); // its canonical link
  assert.equal(quake.site, 'cnn'); // the folder's site, not the URL's host
  assert.equal(corpusPage(corpus, 'bbc-2013/storm').url, undefined);
  assert.equal(quake.gold.title, 'Quake shakes coastal towns');
  assert.match(goldText(quake.gold)!, /^A magnitude 6\.1 earthquake/);
  assert.doesNotMatch(goldText(quake.gold)!, /Quake shakes/);
  assert.deepEqual(corpus.skipped?.map((s) => [s.id, s.reason.replace(/ \(.*$/, '')]), [
    ['bbc-2013/lost', 'gold without its page'],
    ['cnn-2017/orphan', 'page without gold'],
  ]);
  assert.match(corpus.skipped![0]!.path, /gold[/\\]lost\.txt$/);
});

test('msv site-year folder: ids are the file names, same pages and sites', async () => {
  const corpus = await openCorpus(join(root, 'bbc-2013'));
  assert.equal(corpus.format, 'msv');
  assert.equal(corpus.name, 'bbc-2013');
  assert.deepEqual(corpus.pages.map((p) => [p.id, p.site, p.year]), [['cigarette (1)', 'bbc', 2013], ['storm', 'bbc', 2013]]);
  assert.deepEqual(corpus.skipped?.map((s) => s.id), ['lost']);
});

test('msv alignment: headline -> title (h1), body lines -> body, navigation and footer other', async () => {
  const corpus = await openCorpus(root);
  for (const id of ['bbc-2013/cigarette (1)', 'bbc-2013/storm', 'cnn-2017/quake', 'cnn-2017/rates']) {
    const cp = corpusPage(corpus, id);
    const page = await loadCorpusPage(corpus, cp);
    const r = alignGold(page, cp.gold);
    const texts = page.blocks.map((b) => b.text);
    const at = (start: string): string => {
      const i = texts.findIndex((t) => t.startsWith(start));
      assert.ok(i >= 0, `${id}: no block starting with ${start}`);
      return r.labels[i]!;
    };
    assert.equal(at(cp.gold.title!), 'title', id);
    assert.equal(r.titleSource, 'gold', id);
    assert.equal(r.titleInText, false, id); // the gold body does not repeat the headline
    for (const line of goldText(cp.gold)!.split('\n')) assert.equal(at(line.slice(0, 20)), 'body', `${id}: ${line}`);
    assert.equal(r.labels.filter((l) => l === 'body').length, 2, id);
    assert.equal(r.alignedGoldTokens, r.goldTokens, id);
    assert.equal(r.labels[0], 'other', id); // the navigation
    assert.equal(r.labels[r.labels.length - 1], 'other', id); // the footer
  }
  // The windows-1252 page is decoded by its declared charset: its text matches the UTF-8 gold.
  const cig = await loadCorpusPage(corpus, corpusPage(corpus, 'bbc-2013/cigarette (1)'));
  assert.ok(cig.blocks.some((b) => b.text.includes('\u201cliterally save many lives\u201d, at the caf\u00e9')));
});

test('msv: an unreadable page is listed but fails to load with a clear error; pith eval reports it and goes on', async () => {
  const corpus = await openCorpus(root);
  await assert.rejects(loadCorpusPage(corpus, corpusPage(corpus, 'cnn-2017/broken')), (e) => isPithError(e) && /gzip/.test(e.message));
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (d) => (out += String(d)));
  const code = await evalCommand.run([root, '--extractor', 'oracle', '--json'], { stdout, stderr: new PassThrough(), stdin: new PassThrough() });
  assert.equal(code, 0);
  const j = JSON.parse(out) as { corpora: { pages: number; loadErrors: number; runs: { errors: number; summary: { pages: number } }[] }[] };
  assert.equal(j.corpora[0]!.pages, 5);
  assert.equal(j.corpora[0]!.loadErrors, 1);
  assert.equal(j.corpora[0]!.runs[0]!.errors, 0);
  assert.equal(j.corpora[0]!.runs[0]!.summary.pages, 4);
});

test('msv: empty gold, headline-only gold and a binary page: left out or a load error, never a crash', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pith-msv-'));
  try {
    const site = join(dir, 'site-2020');
    await mkdir(join(site, 'html'), { recursive: true });
    await mkdir(join(site, 'gold'));
    await writeFile(join(site, 'html', 'empty.htm'), '<p>Some text.</p>');
    await writeFile(join(site, 'gold', 'empty.txt'), '\n \n');
    await writeFile(join(site, 'html', 'headline.htm'), '<h1>Only a headline</h1>');
    await writeFile(join(site, 'gold', 'headline.txt'), 'Only a headline\n');
    await writeFile(join(site, 'html', 'binary.htm'), Buffer.from([0x00, 0x01, 0x02, 0xff, 0x00, 0x10, 0x00, 0x3c, 0x70, 0x3e]));
    await writeFile(join(site, 'gold', 'binary.txt'), 'A headline\nA body line.\n');
    const corpus = await openCorpus(dir);
    assert.deepEqual(corpus.pages.map((p) => p.id), ['site-2020/binary']);
    assert.deepEqual(corpus.skipped?.map((s) => [s.id, s.reason]), [
      ['site-2020/empty', 'empty gold file'],
      ['site-2020/headline', 'gold has a headline but no body text'],
    ]);
    await assert.rejects(loadCorpusPage(corpus, corpus.pages[0]!), (e) => isPithError(e) && /not an HTML page/.test(e.message));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
