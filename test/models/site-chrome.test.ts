/** Sites recognised by their chrome (issue 58): navigation and footer lines that repeat whatever the article's template. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GoldLabel } from '../../src/labels.js';
import { loadPage, type Page } from '../../src/page.js';
import { CHROME_MAX_CHARS, CHROME_MAX_TEXTS, CHROME_VERSION, checkSiteTemplates, chromeLine, commonLineHash, TEMPLATE_MATCH_THRESHOLD, chromeOf, chromeShare, pageChromeTexts, sharedChromeTexts, siteTemplatesOfPages, textHash } from '../../src/models/site-template.js';
import { CHROME_MATCH_THRESHOLD, chromePick, withTemplates } from '../../src/models/site-pick.js';
import { COMMON_CHROME } from '../../src/models/common-chrome.js';
import { extractPage, extractionModelOf, loadExtractionModel, resultToJson, siteExplanation, siteLabelled, type LoadedModel } from '../../src/pipeline/extract.js';
import { toText } from '../../src/article/index.js';
import { decodeModelFile, encodeModelFile, withSiteEntries } from '../../src/models/model-file.js';
import type { ModelFile } from '../../src/models/labeler.js';
import { trainedSiteEntry, trainSiteModel, type LabelledPage } from '../../src/wrapper/index.js';
import { checkSites, formatSitesReport } from '../../src/wrapper/sites-check.js';
import { learnSites } from '../../src/wrapper/learn-sites.js';
import { sentence, siteCHtml, STORIES } from '../helpers/site-template-pages.js';
import { validate } from '../helpers/json-schema.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';

/** A site's chrome as lines: its navigation, section names and footer, the same on every page. */
const GAZETTE_CHROME = ['Harbour Gazette archive', 'Quayside property guide', 'Contact us', 'Gazette harbour cams', 'Terms of use', 'Gazette Media Group 2014'];
/** Lines every kind of site shows (COMMON_CHROME): never a site's own. */
const COMMON = ['Contact us', 'Terms of use'];
const OWN_GAZETTE = GAZETTE_CHROME.filter((l) => !COMMON.includes(l));
const POST_CHROME = ['Valley weather desk', 'Post farming pages', 'Contact us', 'Post sports pages', 'Terms of use', 'Valley Post Limited 2014'];

const links = (lines: readonly string[]) => lines.slice(0, 4).map((l) => `<div class="strip-item"><a href="/${l.length}">${l}</a></div>`).join("");

/** An article page of a site: its chrome around a story in the site's article template. */
function articleHtml(chrome: readonly string[], cls: string, topic: string): string {
  return `<html><head><title>${topic}</title></head><body><div class="${cls}-top"><nav class="${cls}-nav">${chrome.slice(0, 4).map((l) => `<p><a href="/${l.length}">${l}</a></p>`).join('')}</nav></div>
<div class="${cls}-main"><div class="${cls}-story"><h1 class="${cls}-head">The ${topic} question</h1>
${[1, 2, 3].map((k) => `<p class="${cls}-p">${sentence(topic, k)}</p>`).join('\n')}</div></div>
<div class="${cls}-foot">${chrome.slice(4).map((l) => `<p>${l}</p>`).join('')}</div></body></html>`;
}

/** The site's article page with a new block of many elements of their own (a ticker, a rail): the story where it was, but its skeleton fits no template. */
function redesignHtml(chrome: readonly string[], topic: string): string {
  const rail = Array.from({ length: 40 }, (_, k) => `<li class="rail-item-${k}"><span class="rail-n-${k}">${k}</span></li>`).join('');
  return articleHtml(chrome, 'gz', topic).replace('<div class="gz-foot">', `<aside class="rail"><ul class="rail-list">${rail}</ul></aside><div class="gz-foot">`);
}

/** The same site's page in a template no article page shows (a photo feature): other tags and classes, the same chrome lines. */
function featureHtml(chrome: readonly string[], topic: string): string {
  return `<html><head><title>${topic} in pictures</title></head><body><header id="feature-header"><section class="strip">${links(chrome)}</section></header>
<main class="feature-layout"><article class="photo-essay"><h2 class="essay-title">The ${topic} in pictures</h2>
${[1, 2, 3].map((k) => `<figure class="shot"><figcaption class="shot-text">${sentence(topic, k)}</figcaption></figure>`).join('\n')}</article></main>
<footer class="feature-footer"><div>${chrome.slice(4).join("</div><div>")}</div></footer></body></html>`;
}

const page = (html: string, id: string): Page => loadPage(Buffer.from(html), { id });

/** Article pages labelled by hand: the headline title, the story's paragraphs body, the rest other. */
function labelled(chrome: readonly string[], cls: string, topic: string): LabelledPage {
  const p = page(articleHtml(chrome, cls, topic), `${cls}-${topic}`);
  const labels: GoldLabel[] = p.blocks.map((b) => (b.text.startsWith('The ') && b.text.endsWith('question') ? 'title' : b.text.startsWith(`The ${topic} plan`) ? 'body' : 'other'));
  return { id: p.id, page: p, labels, found: 1 };
}

let general: LoadedModel | undefined;
const bundled = async (): Promise<LoadedModel> => (general ??= await loadExtractionModel());

function twoSites(g: LoadedModel): LoadedModel {
  const a = trainSiteModel('gazette.example', STORIES.slice(0, 3).map((t) => labelled(GAZETTE_CHROME, 'gz', t)));
  const b = trainSiteModel('post.example', STORIES.slice(0, 3).map((t) => labelled(POST_CHROME, 'vp', t)));
  return { ...g, sites: [withTemplates(a.model, a.template), withTemplates(b.model, b.template)] };
}

test('a page\'s chrome candidates: short lines of two words or more, never the article\'s; a site keeps those of most pages first', () => {
  const p = page(articleHtml(GAZETTE_CHROME, 'gz', 'harbour'), 'x');
  const texts = pageChromeTexts(p);
  for (const line of OWN_GAZETTE) assert.ok(texts.has(textHash(line)) && !COMMON_CHROME.has(commonLineHash(line)), line);
  for (const line of COMMON) assert.ok(COMMON_CHROME.has(commonLineHash(line)) && !texts.has(textHash(line)), `${line}: every site's`);
  assert.ok(COMMON_CHROME.has(commonLineHash('PRIVACY  policy')), 'looked up by its lower-case form');
  assert.ok(texts.has(textHash('The harbour question')), 'unlabelled: the headline is a short line too');
  assert.ok(!texts.has(textHash(sentence('harbour', 1))), 'a paragraph is too long');
  const one = page('<html><body><p>Home</p><p>Sport</p><p>Two words</p><p>2014 2015</p></body></html>', 'w');
  assert.deepEqual([...pageChromeTexts(one)], [textHash('Two words')], 'one word, or no letter: every site has those');
  const l = labelled(GAZETTE_CHROME, 'gz', 'harbour');
  assert.ok(!pageChromeTexts(l.page, l.labels).has(textHash('The harbour question')), 'labelled title: the article\'s');

  const pages = STORIES.slice(0, 3).map((t) => labelled(GAZETTE_CHROME, 'gz', t));
  const chrome = chromeOf(pages.map((x) => pageChromeTexts(x.page, x.labels)))!;
  assert.equal(chrome.version, CHROME_VERSION);
  assert.deepEqual(chrome.texts, [...OWN_GAZETTE.map(textHash)].sort((a, b) => a - b));
  assert.equal(chromeOf([]), undefined);
  const many = chromeOf([new Set(Array.from({ length: CHROME_MAX_TEXTS + 50 }, (_, i) => i + 1)), new Set([7, 9])])!;
  assert.equal(many.texts.length, CHROME_MAX_TEXTS);
  assert.ok(many.texts.includes(7) && many.texts.includes(9), 'the texts of two pages are kept first');
});

test('a chrome line: white space collapsed, short, two words or more, a letter', () => {
  assert.equal(chromeLine('  Harbour \n Gazette\tarchive '), 'Harbour Gazette archive');
  for (const no of ['Home', '2014 2015', '', `${'word '.repeat(CHROME_MAX_CHARS / 5)}end`]) assert.equal(chromeLine(no), undefined, JSON.stringify(no));
  assert.equal(chromeLine(`a ${'b'.repeat(CHROME_MAX_CHARS - 2)}`), `a ${'b'.repeat(CHROME_MAX_CHARS - 2)}`, 'at the limit');
});

test('site chrome of another version is left unused: not shared, not compared, not checked', () => {
  const gazette = chromeOf([new Set(OWN_GAZETTE.map(textHash))])!;
  const other = { version: CHROME_VERSION + 1, texts: gazette.texts };
  assert.deepEqual([...sharedChromeTexts([gazette, gazette])].sort((a, b) => a - b), gazette.texts);
  assert.deepEqual([...sharedChromeTexts([gazette, other, undefined])], [], 'another version\'s texts are no other site\'s');
  assert.equal(checkSiteTemplates({ templates: [], chrome: { version: CHROME_VERSION + 1, texts: 'hashed otherwise' } }), undefined);
  assert.match(checkSiteTemplates({ templates: [], chrome: { version: CHROME_VERSION, texts: 'hashed otherwise' } }) ?? '', /ascending/);
  const t = siteTemplatesOfPages([{ page: page(articleHtml(GAZETTE_CHROME, 'gz', 'harbour'), 'a') }]);
  assert.ok(t.chrome && t.templates.length === 1);
  const bare = siteTemplatesOfPages([{ page: page(articleHtml(GAZETTE_CHROME, 'gz', 'harbour'), 'a') }], { chrome: false });
  assert.deepEqual([bare.chrome, bare.templates], [undefined, t.templates], 'templates only');
});

test('chrome share: the page\'s lines that are the site\'s, lines of several sites left out; another version\'s chrome is not compared', () => {
  const gazette = chromeOf([new Set(OWN_GAZETTE.map(textHash))]);
  const feature = pageChromeTexts(page(featureHtml(GAZETTE_CHROME, 'harbour'), 'f'));
  const all = chromeShare(gazette, feature);
  assert.equal(all.texts, OWN_GAZETTE.length);
  assert.ok(all.share > 0.5 && all.share < 1, String(all.share)); // the title line is the page's own
  const shared = new Set([textHash('Gazette harbour cams')]);
  assert.equal(chromeShare(gazette, feature, shared).texts, OWN_GAZETTE.length - 1, 'a line of two site models\' chrome is neither\'s');
  const post = pageChromeTexts(page(featureHtml(POST_CHROME, 'harbour'), 'p'));
  assert.equal(chromeShare(gazette, post).texts, 0, 'another site shares only lines every site has');
  assert.equal(chromeShare({ version: CHROME_VERSION + 1, texts: gazette!.texts }, feature).share, 0);
  assert.equal(chromeShare(undefined, feature).share, 0);
});

test('a page of a template no training page showed is picked by its site\'s chrome and labelled by its site model; another site\'s is not', async () => {
  const g = await bundled();
  const model = twoSites(g);
  const r = extractPage(page(redesignHtml(GAZETTE_CHROME, 'market'), 'redesign-market'), model);
  assert.equal(r.extractor, 'wrapper');
  assert.equal(r.site?.host, 'gazette.example');
  assert.equal(r.site?.by, 'chrome');
  assert.equal(r.siteDrift, undefined);
  assert.ok(r.site!.share! >= CHROME_MATCH_THRESHOLD);
  assert.ok(r.site!.fit! < TEMPLATE_MATCH_THRESHOLD, 'no template of the site fits it');
  assert.match(siteExplanation(r) ?? '', /^site model gazette\.example \(wrapper\), picked by its chrome \(\d+\.\d% of the page's navigation and footer lines are the site's; template fit 0\.\d+\)$/);
  const json = resultToJson(r) as { metadata: { site?: { by: string; share?: number } } };
  assert.equal(json.metadata.site?.by, 'chrome');
  assert.equal(json.metadata.site?.share, r.site!.share);
  const text = toText(r.article);
  assert.ok(text.includes(sentence('market', 3)) && !/Contact the newsroom|Terms of use/.test(text), text);

  // Recognised by chrome, but the site's rules find no article in the photo feature: the general model reads it, flagged.
  const f = extractPage(page(featureHtml(GAZETTE_CHROME, 'market'), 'feature-market'), model);
  assert.equal(f.site?.by, 'chrome');
  assert.equal(f.extractor, 'general');
  assert.deepEqual([f.siteDrift?.host, f.siteDrift?.reason], ['gazette.example', 'rules']);
  assert.deepEqual([siteLabelled(r), siteLabelled(f)], [true, false], 'named by chrome, yet not labelled by the site model');
  const schema = JSON.parse(readFileSync(join(repoRoot, 'schema', 'extraction.schema.json'), 'utf8')) as Parameters<typeof validate>[0];
  assert.deepEqual(validate(schema, json), [], 'metadata.site with its share is in the schema');
  assert.deepEqual(validate(schema, resultToJson(f)), [], 'and beside siteDrift');
  assert.match(siteExplanation(f) ?? '', /^site gazette\.example recognised by its chrome \(.*\), but its rules find no article on the page: the general model labelled the page$/);

  const post = extractPage(page(featureHtml(POST_CHROME, 'market'), 'post-feature'), model);
  assert.equal(post.site?.host, 'post.example', 'the Post\'s page is the Post\'s, not the Gazette\'s');
  const c = extractPage(page(siteCHtml('market'), 'c'), model);
  assert.equal(c.site, undefined);
  assert.equal(c.siteDrift, undefined);
  assert.equal(c.extractor, 'general');
  assert.equal(chromePick(model.sites!, page(siteCHtml('orchard'), 'c2')), undefined);
  // A page holding both sites' chrome in like shares has no clear margin: no site.
  const both = page(featureHtml(['Harbour Gazette archive', 'Quayside property guide', 'Valley weather desk', 'Post farming pages', 'Terms of use', 'An independent press 2014'], 'bridge'), 'both');
  assert.equal(chromePick(model.sites!, both), undefined);
});

test('chrome is stored in the model file and loads back; a file written before it (no chrome) loads and picks by template as before', async () => {
  const g = await bundled();
  const t = trainSiteModel('gazette.example', STORIES.slice(0, 3).map((s) => labelled(GAZETTE_CHROME, 'gz', s)));
  assert.ok(t.template.chrome && t.template.chrome.texts.length === OWN_GAZETTE.length);
  const entry = trainedSiteEntry(t);
  const file = withSiteEntries(g.file, [entry]);
  const loaded = extractionModelOf(decodeModelFile(encodeModelFile(file, { gzip: true }), 'm.json.gz'), 'm.json.gz');
  assert.deepEqual(loaded.sites![0]!.templates!.chrome, t.template.chrome);
  const feature = page(redesignHtml(GAZETTE_CHROME, 'theatre'), 'ft');
  assert.equal(extractPage(feature, loaded).site?.by, 'chrome');

  const { chrome: _dropped, ...old } = t.template;
  const oldFile = withSiteEntries(g.file, [{ ...entry, template: old }]) as ModelFile;
  const before = extractionModelOf(decodeModelFile(encodeModelFile(oldFile), 'old.json'), 'old.json');
  assert.equal(before.sites![0]!.templates!.chrome, undefined);
  assert.equal(extractPage(feature, before).site, undefined, 'no chrome: the page is the general model\'s, as before');
  assert.equal(extractPage(page(articleHtml(GAZETTE_CHROME, 'gz', 'bridge'), 'b'), before).site?.by, 'template');

  assert.match(checkSiteTemplates({ ...t.template, chrome: { version: 1, texts: [5, 3] } }) ?? '', /ascending/);
  assert.match(checkSiteTemplates({ ...t.template, chrome: { texts: [] } }) ?? '', /version/);
  assert.throws(() => decodeModelFile(encodeModelFile(withSiteEntries(g.file, [{ ...entry, template: { ...t.template, chrome: { version: 1, texts: [-1] } } }])), 'bad.json'), /chrome/);
  // A file of a later chrome version loads; its chrome is not compared: the page is the general model's.
  const later = withSiteEntries(g.file, [{ ...entry, template: { ...t.template, chrome: { version: CHROME_VERSION + 1, texts: [{ hashed: 'otherwise' }] as unknown as number[] } } }]) as ModelFile;
  const future = extractionModelOf(decodeModelFile(encodeModelFile(later), 'later.json'), 'later.json');
  assert.equal(chromePick(future.sites!, feature), undefined);
  assert.equal(extractPage(feature, future).site, undefined);
});


test('sites check counts the pages picked by chrome; --learn-sites learns a group recognised only by chrome as a site of its own', async () => {
  const g = await bundled();
  const model = twoSites(g);
  const report = checkSites(model, [
    { id: 'article', page: page(articleHtml(GAZETTE_CHROME, 'gz', 'bridge'), 'article') },
    { id: 'redesign', page: page(redesignHtml(GAZETTE_CHROME, 'bridge'), 'redesign') },
    { id: 'feature', page: page(featureHtml(GAZETTE_CHROME, 'bridge'), 'feature') },
  ]);
  const gz = report.sites.find((s) => s.host === 'gazette.example')!;
  assert.deepEqual([gz.byTemplate, gz.byChrome, gz.chromeDrift, gz.driftRules, gz.driftTemplate], [1, 1, 1, 1, 0]);
  assert.deepEqual(gz.drifted, ['feature']);
  assert.match(formatSitesReport(report), /gazette\.example \(wrapper\): drift on some pages: 2 page\(s\) labelled \(0 by host, 1 by template, 1 by chrome, lowest template fit [\d.]+\), 1 drifted \(0 template, 1 rules, 0 body far shorter; 1 of them recognised by its chrome\): feature/);

  // Photo features of the Gazette, no URL: recognised by its chrome, but its article site model stays for its articles.
  const features = STORIES.slice(0, 4).map((t) => ({ id: t, page: page(featureHtml(GAZETTE_CHROME, t), `feature-${t}`) }));
  const learned = learnSites(features, model, { minPages: 3 });
  assert.equal(learned.length, 1);
  assert.equal(learned[0]!.outcome, 'learned');
  assert.match(learned[0]!.name, /^template:[0-9a-f]{8}$/);
});
