/** `--format xml|tei|txt` on `pith extract` and on `pith batch --out-dir`: the files parse back as XML. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, repoRoot } from '../helpers/paths.js';
import { extractBytes, loadExtractionModel, formatResult } from '../../src/pipeline/extract.js';
import { toTei, toXml } from '../../src/article/to-xml.js';
import { at, parseXml, textOf } from '../helpers/xml-tree.js';

const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8' });

test('pith extract --format xml and tei write the article tree as parseable XML; txt is text', async () => {
  const file = fixture('pages', 'news-article.html');
  const result = extractBytes(readFileSync(file), await loadExtractionModel(), { url: 'https://news.example.com/story' });
  const xml = pith('extract', file, '--url', 'https://news.example.com/story', '--format', 'xml');
  assert.equal(xml.status, 0, xml.stderr);
  assert.equal(xml.stdout, toXml(result.article));
  const doc = parseXml(xml.stdout);
  assert.equal(doc.attrs['title'], result.article.title);
  assert.ok(textOf(at(doc, 'main')!).length > 200, 'the body is there');
  const tei = pith('extract', file, '--url', 'https://news.example.com/story', '--format', 'tei');
  assert.equal(tei.status, 0, tei.stderr);
  assert.equal(tei.stdout, toTei(result.article));
  const teiDoc = parseXml(tei.stdout);
  assert.equal(textOf(at(teiDoc, 'teiHeader', 'fileDesc', 'titleStmt', 'title')!), result.article.title);
  assert.equal(at(teiDoc, 'teiHeader', 'fileDesc', 'publicationStmt', 'ptr')!.attrs['target'], result.article.metadata.url);
  const txt = pith('extract', file, '--format', 'txt');
  assert.equal(txt.status, 0, txt.stderr);
  assert.equal(txt.stdout, formatResult(extractBytes(readFileSync(file), await loadExtractionModel()), 'text'));
  const bad = pith('extract', file, '--format', 'yaml');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /xml, tei \(txt: text\)/);
});

test('pith batch --out-dir --format tei|xml|txt writes one parseable file per page', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-xml-batch-'));
  try {
    const pages = join(dir, 'pages');
    mkdirSync(pages);
    for (const name of ['news-article.html', 'photo-post.html']) copyFileSync(fixture('pages', name), join(pages, name));
    for (const [format, ext] of [['tei', '.tei.xml'], ['xml', '.xml'], ['txt', '.txt']] as const) {
      const outDir = join(dir, `out-${format}`);
      const run = pith('batch', pages, '--out', join(dir, `${format}.jsonl`), '--workers', '1', '--out-dir', outDir, '--format', format);
      assert.equal(run.status, 0, run.stderr);
      const files = readdirSync(outDir).sort();
      assert.deepEqual(files, [`news-article${ext}`, `photo-post${ext}`]);
      for (const f of files) {
        const text = readFileSync(join(outDir, f), 'utf8');
        if (format === 'txt') assert.ok(!text.startsWith('<'));
        else assert.equal(parseXml(text).name, format === 'tei' ? 'TEI' : 'doc');
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
