/** Wrapper induction: example paths, generalisation, extraction, fallback, site models end to end. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';
import { loadPage, type Page } from '../../src/page.js';
import type { GoldLabel } from '../../src/labels.js';
import { examplePath, formatRule, generalize, matchRule, trainSiteModel, WrapperSiteModel, type LabelledPage } from '../../src/wrapper/index.js';
import { extractPage, loadExtractionModel, pickSiteModel } from '../../src/pipeline/extract.js';
import { extract as extractByLibrary, extractWith } from '../../src/pipeline/library.js';
import { siteOfUrl } from '../../src/util/site.js';
import { toText } from '../../src/article/index.js';
import { loadModel, siteModelsOf } from '../../src/models/model-file.js';

const fixtures = join(repoRoot, 'test', 'fixtures', 'wrapper');
const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8' });

interface Spec { title: string; paras: string[]; ad?: boolean; image?: boolean; other?: string; wrap?: boolean }
const para = (k: number) => `Paragraph ${k} of the story tells what happened at the meeting and why it matters to the readers of the paper.`;

/** A page of one hand-made template, with its gold labels (title, body, other). */
function makePage(s: Spec, id = 'p'): LabelledPage {
  const html = `<html><head><title>${s.title} | Site</title></head><body>
<div class="nav"><a href="/">Home</a> <a href="/news">News</a></div>
${s.ad ? '<div class="ad"><p>Advertisement: buy the weekly edition today</p></div>' : ''}
<div class="main">${s.wrap ? '<section>' : ''}<div class="story"><h1>${s.title}</h1>${s.image ? '<div class="fig"><img src="/x.jpg"></div>' : ''}
<p class="byline">By a reporter</p><div class="text">${s.paras.map((p) => `<p>${p}</p>`).join('')}</div></div>${s.wrap ? '</section>' : ''}
<div class="related"><p>Related: other stories you may like</p></div></div>
<div class="footer"><p>Copyright the site, all rights reserved</p></div></body></html>`;
  const page = loadPage(Buffer.from(html), { id, url: 'http://news.example.com/a' });
  const labels: GoldLabel[] = page.blocks.map((b) => {
    if (b.text === s.title) return 'title';
    if (s.paras.includes(b.text)) return 'body';
    return 'other';
  });
  return { id, page, labels, found: 1 };
}

const bodyOf = (page: Page, labels: readonly string[]) => page.blocks.filter((_, i) => labels[i] === 'body').map((b) => b.text);
const titleOf = (page: Page, labels: readonly string[]) => page.blocks.filter((_, i) => labels[i] === 'title').map((b) => b.text);

test('two pages differing by an ad block, a missing image and more paragraphs: one rule per part, a third page extracted right', () => {
  const a = makePage({ title: 'First story', paras: [para(1), para(2), para(3)], image: true }, 'a');
  const b = makePage({ title: 'Second story', paras: [para(4), para(5), para(6), para(7), para(8)], ad: true }, 'b');
  const { model } = trainSiteModel('news.example.com', [a, b]);
  const rules = model.body.rules;
  assert.equal(rules.filter((r) => r.label === 'title').length, 1, model.describe());
  assert.equal(rules.filter((r) => r.label === 'body').length, 1, model.describe());
  assert.ok(rules.every((r) => r.pages === 2), 'each rule covers the examples of both pages');
  const c = makePage({ title: 'Third story', paras: [para(9), para(10), para(11), para(12), para(13), para(14), para(15)], ad: true, image: true }, 'c');
  const m = model.match(c.page);
  assert.ok(m, 'the rules recognise the third page');
  assert.deepEqual(bodyOf(c.page, m.prediction.labels), [para(9), para(10), para(11), para(12), para(13), para(14), para(15)]);
  assert.deepEqual(titleOf(c.page, m.prediction.labels), ['Third story']);
  assert.ok(m.prediction.labels.every((l, i) => l === c.labels[i]), 'byline, ad, related and footer stay other');
});

test('generalisation: positions kept from the start, from the end (wrapper induction negative locations) or *', () => {
  const a = makePage({ title: 'T one', paras: [para(1), para(2)] });
  const b = makePage({ title: 'T two', paras: [para(3)], ad: true });
  const h1 = (p: LabelledPage) => examplePath(p.page.tree, p.page.blocks.find((x) => x.text.startsWith('T '))!.elementId);
  const rule = generalize([h1(a), h1(b)]);
  // body > div.main is the 2nd div on page a, the 3rd on page b (after the ad): 2nd from the end on both.
  const main = rule[2]!;
  assert.equal(main.tag, 'div');
  assert.equal(main.first, undefined);
  assert.equal(main.last, 2);
  assert.match(formatRule(rule), /^html\[1\|-1\]\/body\[1\|-1\]\/div\[-2\]\/div\[1\|-2\]\/h1\[1\|-1\]$/);
  // The negative location finds the title on a page with an extra block at the start.
  const c = makePage({ title: 'T three', paras: [para(4)], ad: true });
  const hits = matchRule(c.page.tree, rule);
  assert.equal(hits.length, 1);
  assert.equal(c.page.blocks.find((x) => x.elementId === hits[0])!.text, 'T three');
  // Paragraphs of one page: the varying position becomes *.
  const ps = a.page.blocks.filter((x) => a.labels[x.index] === 'body').map((x) => examplePath(a.page.tree, x.elementId));
  const pRule = generalize(ps);
  assert.deepEqual(pRule[pRule.length - 1], { tag: 'p' });
});

test('several rules: pages of two templates mixed keep a rule per template, each page extracted right', () => {
  const a = makePage({ title: 'Plain one', paras: [para(1), para(2)] }, 'a');
  const b = makePage({ title: 'Wrapped one', paras: [para(3), para(4)], wrap: true }, 'b');
  const c = makePage({ title: 'Plain two', paras: [para(5)], ad: true }, 'c');
  const { model } = trainSiteModel('news.example.com', [a, b, c]);
  const titles = model.body.rules.filter((r) => r.label === 'title');
  assert.equal(titles.length, 2, model.describe());
  assert.match(model.body.notes.join('\n'), /2 templates/);
  for (const spec of [{ title: 'Plain three', paras: [para(6), para(7)] }, { title: 'Wrapped two', paras: [para(8)], wrap: true, ad: true }]) {
    const p = makePage(spec);
    const m = model.match(p.page)!;
    assert.deepEqual(titleOf(p.page, m.prediction.labels), [spec.title]);
    assert.deepEqual(bodyOf(p.page, m.prediction.labels), spec.paras);
  }
});

test('one labelled page only: learns what the page allows and says so', () => {
  const a = makePage({ title: 'Only page', paras: [para(1), para(2), para(3)] });
  const t = trainSiteModel('news.example.com', [a]);
  assert.match(t.model.body.notes.join('\n'), /one page only/);
  const p = makePage({ title: 'Next page', paras: [para(4), para(5), para(6), para(7)] });
  const m = t.model.match(p.page)!;
  assert.deepEqual(bodyOf(p.page, m.prediction.labels), [para(4), para(5), para(6), para(7)]);
});

test('a labelled page whose gold is not on the page is reported and skipped', () => {
  const a = makePage({ title: 'Good page', paras: [para(1), para(2)] }, 'good');
  const bad: LabelledPage = { ...makePage({ title: 'Bad page', paras: [para(3)] }, 'bad'), found: 0.1 };
  const t = trainSiteModel('news.example.com', [a, bad]);
  assert.deepEqual(t.used, ['good']);
  assert.deepEqual(t.skipped.map((s) => s.id), ['bad']);
  assert.match(t.skipped[0]!.reason, /gold text not found/);
});

test('no rule matches (another template or site): extraction falls back to the general model, never an empty article', async () => {
  const general = await loadExtractionModel();
  const a = makePage({ title: 'First story', paras: [para(1), para(2)] });
  const b = makePage({ title: 'Second story', paras: [para(3)], ad: true });
  const { model } = trainSiteModel('news.example.com', [a, b]);
  const other = loadPage(readFileSync(join(fixtures, 'other-site.html')), { url: 'http://news.example.com/other' });
  assert.equal(model.match(other), undefined);
  const r = extractPage(other, { ...general, sites: [model] });
  assert.equal(r.extractor, 'general');
  assert.match(r.article.title, /Gardening/);
  assert.ok(toText(r.article).length > 100);
  // A page of the site: the wrapper.
  const own = makePage({ title: 'Third story', paras: [para(4), para(5)] });
  assert.equal(extractPage(own.page, { ...general, sites: [model] }).extractor, 'wrapper');
  // The library says the same in its metadata.
  const withSites = { ...general, sites: [model] };
  assert.equal(extractWith(withSites, readFileSync(join(fixtures, 'other-site.html')), { url: 'http://news.example.com/other' }).metadata.extractor, 'general');
  // Without site models nothing changes: no extractor reported.
  assert.equal(extractPage(own.page, general).extractor, undefined);
});

test('site hosts: www and archive captures, subdomains pick the site model', () => {
  assert.equal(siteOfUrl('https://www.BBC.co.uk/news/x'), 'bbc.co.uk');
  assert.equal(siteOfUrl('https://web.archive.org/web/20131031124246/http://www.bbc.co.uk/news/world'), 'bbc.co.uk');
  assert.equal(siteOfUrl('not a url'), undefined);
  const m = new WrapperSiteModel('bbc.co.uk', { version: 1, rules: [], trainingPages: 0, notes: [], minBodyChars: 1 });
  assert.equal(pickSiteModel([m], 'http://news.bbc.co.uk/a'), m);
  assert.equal(pickSiteModel([m], 'http://notbbc.co.uk/a'), undefined);
});

test('pith train FOLDER --model wrapper, then pith extract/batch --model: the site model for its host (--url or the page\'s canonical link), the general one elsewhere', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-wrapper-'));
  try {
    const out = join(dir, 'm.model.json.gz');
    const r = pith('train', join(fixtures, 'site'), '--model', 'wrapper', '-o', out);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /site news\.example\.com: wrapper/);
    const file = await loadModel(out);
    const sites = siteModelsOf(file);
    assert.deepEqual(sites.map((s) => [s.host, s.algorithm, s.pages]), [['news.example.com', 'wrapper', 3]]);
    const page = join(fixtures, 'new-page.html');
    const x = pith('extract', page, '--model', out, '--url', 'http://news.example.com/story/4', '--format', 'json');
    assert.equal(x.status, 0, x.stderr);
    const json = JSON.parse(x.stdout) as { title: string; body: string; metadata: { extractor?: string } };
    assert.equal(json.metadata.extractor, 'wrapper');
    const gold = readFileSync(join(fixtures, 'new-page.txt'), 'utf8').trim().split('\n');
    assert.equal(json.title, gold[0]);
    assert.deepEqual(json.body.split(/\n+/).filter(Boolean), gold.slice(1));
    // The next two through the library call `pith extract --model` makes (the command ran above).
    // Another host without a site model: the page fits the site's template, so that site model takes it (issue 58).
    const other = (await extractByLibrary(readFileSync(page), { model: out, url: 'http://elsewhere.org/a' })) as unknown as { body: string; metadata: { extractor?: string; site?: { host: string; by: string } } };
    assert.equal(other.metadata.extractor, 'wrapper');
    assert.deepEqual([other.metadata.site?.host, other.metadata.site?.by], ['news.example.com', 'template']);
    assert.ok(other.body.length > 0);
    // A saved page without --url: its canonical link names its host; pith batch over a folder picks the same.
    assert.equal((await extractByLibrary(readFileSync(page), { model: out })).metadata.extractor, 'wrapper');
    const lines = join(dir, 'out.jsonl');
    const pagesDir = join(dir, 'pages');
    mkdirSync(pagesDir);
    copyFileSync(page, join(pagesDir, 'new-page.html'));
    const b = pith('batch', pagesDir, '--model', out, '--out', lines, '--workers', '1');
    assert.equal(b.status, 0, b.stderr);
    const line = JSON.parse(readFileSync(lines, 'utf8').trim()) as { title: string; metadata: { extractor?: string } };
    assert.deepEqual([line.metadata.extractor, line.title], ['wrapper', gold[0]]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
