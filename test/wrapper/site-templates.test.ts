/** Site models by template (issue 58): fingerprints and matching, learning without labels, drift. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GoldLabel } from '../../src/labels.js';
import { extractPage, loadExtractionModel, siteExplanation, type LoadedModel } from '../../src/pipeline/extract.js';
import { toText } from '../../src/article/index.js';
import { BODY_LENGTHS_KEPT, checkSiteTemplates, keptBodyLengths, TEMPLATE_MATCH_THRESHOLD } from '../../src/models/site-template.js';
import { MIN_LENGTHS_FOR_DRIFT, SHORT_BODY_SHARE, shortBodyDrift, withTemplates } from '../../src/models/site-pick.js';
import { loadPage, type Page } from '../../src/page.js';
import { siteLabelersOf } from '../../src/models/site-models.js';
import { groupPagesBySite } from '../../src/wrapper/site-groups.js';
import { siteTemplatesOfPages } from '../../src/models/site-template.js';
import { photoCaptions, selfLabel, trainSiteUnlabelled, type UnlabelledSignals } from '../../src/wrapper/unlabelled.js';
import { learnSites } from '../../src/wrapper/learn-sites.js';
import { checkSites, formatSitesReport, siteDrifted } from '../../src/wrapper/sites-check.js';
import { trainSiteModel, type LabelledPage } from '../../src/wrapper/index.js';
import { isPithError } from '../../src/errors.js';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';

import { sentence, siteA, siteAHtml, siteB, siteBHtml, siteCHtml, STORIES } from '../helpers/site-template-pages.js';

let general: LoadedModel | undefined;
const bundled = async (): Promise<LoadedModel> => (general ??= await loadExtractionModel());

/** Site A's pages labelled by hand (title, the paragraphs; the rest other). */
function labelledA(topic: string, url?: string): LabelledPage {
  const page = siteA(topic, url);
  const labels: GoldLabel[] = page.blocks.map((b) => (b.text.startsWith('Council debates') ? 'title' : b.text.startsWith(`The ${topic} plan`) ? 'body' : 'other'));
  return { id: topic, page, labels, found: 1 };
}

test('pages without a URL are grouped by template and named by it; with a URL by host', () => {
  const pages = [siteA('harbour'), siteB('harbour'), siteA('railway'), siteB('railway'), siteA('orchard', 'https://www.a.example/x')];
  const groups = groupPagesBySite(pages);
  // The URL-less site A pages fit the host's pages and join them; site B's are named by their template.
  assert.deepEqual(groups.map((g) => [g.by, g.members]), [['host', [4, 0, 2]], ['template', [1, 3]]]);
  assert.equal(groups[0]!.name, 'a.example');
  assert.match(groups[1]!.name, /^template:[0-9a-f]{8}$/);
  assert.deepEqual(groupPagesBySite(pages, 'www.Given.example').map((g) => [g.name, g.members.length]), [['given.example', 5]]);
});

test('a site model is picked by template for a page without URL, by host with one, forced by --site; never for another site', async () => {
  const g = await bundled();
  const t = trainSiteModel('a.example', STORIES.slice(0, 3).map((s) => labelledA(s)));
  const model: LoadedModel = { ...g, sites: [withTemplates(t.model, t.template)] };
  const r = extractPage(siteA('market'), model);
  assert.equal(r.extractor, 'wrapper');
  assert.equal(r.site?.host, 'a.example');
  assert.equal(r.site?.by, 'template');
  assert.ok(r.site!.fit! >= TEMPLATE_MATCH_THRESHOLD);
  assert.match(siteExplanation(r) ?? '', /picked by its template \(template fit/);
  assert.ok(toText(r.article).includes(sentence('market', 4)));
  assert.ok(!toText(r.article).includes('Subscribe'));
  const byHost = extractPage(siteA('market', 'http://www.a.example/m'), model);
  assert.equal(byHost.site?.by, 'host');
  const other = extractPage(siteB('market'), model);
  assert.equal(other.extractor, 'general');
  assert.equal(other.site, undefined);
  assert.equal(other.siteDrift, undefined);
  const forced = extractPage(siteA('theatre'), model, { site: 'www.a.example' });
  assert.equal(forced.site?.by, 'forced');
  assert.throws(() => extractPage(siteA('theatre'), model, { site: 'nowhere.example' }), (e: unknown) => isPithError(e) && e.code === 'BAD_OPTION' && /a\.example/.test(e.message));
});

test('learning without labels: repeated blocks are the template, the story is the body', async () => {
  const g = await bundled();
  const pages = STORIES.slice(0, 5).map((s) => ({ id: s, page: siteA(s) }));
  const labelled = selfLabel(pages, g);
  for (const p of labelled.pages) {
    p.page.blocks.forEach((b, i) => {
      if (/Subscribe|Copyright|daily paper/.test(b.text)) assert.equal(p.labels[i], 'other', b.text);
      if (b.text.startsWith('The ')) assert.equal(p.labels[i], 'body', b.text);
    });
  }
  assert.ok(labelled.boilerplate.length >= 3, 'tagline, promo and footer are boilerplate');
  const t = trainSiteUnlabelled('template:test', pages, g);
  assert.ok(t.model.body.rules.some((r) => r.label === 'body'));
  assert.match(t.model.body.notes[0]!, /learned without labels from 5 page/);
  const model: LoadedModel = { ...g, sites: [withTemplates(t.model, t.template)] };
  const r = extractPage(siteA('theatre'), model);
  assert.equal(r.site?.host, 'template:test');
  const text = toText(r.article);
  for (const k of [1, 2, 3, 4]) assert.ok(text.includes(sentence('theatre', k)));
  assert.ok(!/Subscribe|Copyright|daily paper|Sport/.test(text), text);
  assert.equal(r.article.title, 'Council debates the theatre plan');
});

test('drift: a page of the host in another template goes to the general model, flagged; sites check counts it; --learn-sites learns the site again', async () => {
  const g = await bundled();
  const t = trainSiteModel('a.example', STORIES.slice(0, 3).map((s) => labelledA(s, `http://a.example/${s}`)));
  const model: LoadedModel = { ...g, sites: [withTemplates(t.model, t.template)] };
  // Site A redesigned: its pages now look like site B's.
  const moved = extractPage(siteB('market', 'http://a.example/market'), model);
  assert.equal(moved.extractor, 'general');
  assert.equal(moved.siteDrift?.host, 'a.example');
  assert.equal(moved.siteDrift?.reason, 'template');
  assert.match(siteExplanation(moved) ?? '', /drift/);
  const redesigned = STORIES.map((s) => ({ id: s, page: siteB(s, `http://a.example/${s}`) }));
  const report = checkSites(model, [...redesigned, { id: 'old', page: siteA('old', 'http://a.example/old') }]);
  assert.deepEqual(report.sites.map((s) => [s.host, s.byHost, s.driftTemplate]), [['a.example', 1, STORIES.length]]);
  const learned = learnSites(redesigned, model, { minPages: 5 });
  assert.deepEqual(learned.map((s) => [s.name, s.outcome, s.drifted]), [['a.example', 'relearned', STORIES.length]]);
  const relearned: LoadedModel = { ...g, sites: siteLabelersOf([learned[0]!.entry!]) };
  const now = extractPage(siteB('market', 'http://a.example/market'), relearned);
  assert.equal(now.siteDrift, undefined);
  assert.equal(now.extractor, 'wrapper');
  assert.ok(toText(now.article).includes(sentence('market', 3)));
  // A site whose pages still fit is kept.
  assert.deepEqual(learnSites(STORIES.map((s) => ({ id: s, page: siteA(s, `http://a.example/${s}`) })), model).map((s) => s.outcome), ['kept']);
});

test('a labelled site model stores its templates with the pages\' body length', () => {
  const t = trainSiteModel('a.example', STORIES.slice(0, 3).map((s) => labelledA(s)));
  assert.equal(t.template.templates.length, 1);
  assert.ok((t.template.templates[0]!.bodyChars ?? 0) > 500);
  assert.deepEqual(siteTemplatesOfPages([]).templates, []);
});

const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8' });

test('pith batch --learn-sites on a folder mixing three sites without URLs learns and uses three site models; train --unlabelled and sites check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-learn-sites-'));
  try {
    const pages = join(dir, 'pages');
    mkdirSync(pages);
    for (const t of STORIES.slice(0, 6)) {
      writeFileSync(join(pages, `a-${t}.html`), siteAHtml(t));
      writeFileSync(join(pages, `b-${t}.html`), siteBHtml(t));
      writeFileSync(join(pages, `c-${t}.html`), siteCHtml(t));
    }
    const out = join(dir, 'out.jsonl');
    const r = pith('batch', pages, '--learn-sites', '--out', out, '--workers', '1', '--fields', 'id,title,body,metadata');
    assert.equal(r.status, 0, r.stderr);
    const learned = r.stderr.split('\n').filter((l) => /learned without labels from 6 page/.test(l));
    assert.equal(learned.length, 3, r.stderr);
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; body: string; metadata: { extractor: string; site?: { host: string; by: string } } });
    assert.equal(lines.length, 18);
    const hostOf = new Map<string, Set<string>>();
    for (const l of lines) {
      assert.equal(l.metadata.extractor, 'wrapper', l.id);
      assert.equal(l.metadata.site?.by, 'template');
      const site = l.id[0]!;
      if (!hostOf.has(site)) hostOf.set(site, new Set());
      hostOf.get(site)!.add(l.metadata.site!.host);
      assert.ok(!/Subscribe|Copyright|Most read|Weather warning|Valley Press|independent paper/.test(l.body), `${l.id}: ${l.body}`);
    }
    assert.deepEqual([...hostOf.values()].map((s) => s.size), [1, 1, 1], 'each site one model');
    assert.equal(new Set([...hostOf.values()].flatMap((s) => [...s])).size, 3);

    const model = join(dir, 'a.model.json.gz');
    const aPages = join(dir, 'a');
    mkdirSync(aPages);
    for (const t of STORIES.slice(0, 4)) writeFileSync(join(aPages, `${t}.html`), siteAHtml(t));
    const tr = pith('train', aPages, '--model', 'wrapper', '--unlabelled', '-o', model);
    assert.equal(tr.status, 0, tr.stderr);
    assert.match(tr.stderr, /site template:[0-9a-f]{8} \(named by its template: no page declares a URL\): learned without labels from 4 page/);
    const check = pith('sites', 'check', model, pages);
    assert.equal(check.status, 0, check.stderr);
    assert.match(check.stdout, /fits: 6 page\(s\) labelled \(0 by host, 6 by template/);
    assert.match(check.stdout, /no site model: 12 page/);
    const bad = pith('extract', join(pages, 'a-harbour.html'), '--model', model, '--site', 'nowhere.example');
    assert.equal(bad.status, 2, bad.stderr);
    assert.match(bad.stderr, /no site model of that name/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Site A's page as the site's template shows it, with the story cut to one line of about `chars` characters (a stub). */
const stubA = (topic: string, chars: number, url?: string) => {
  const line = 'Developing story, more soon. '.repeat(Math.ceil(chars / 29)).slice(0, chars).trim();
  return loadPage(Buffer.from(siteAHtml(topic).replace(/(<p class="para">[^<]*<\/p>\n?)+/, `<p class="para">${line}</p>\n`)), { id: `stub-${topic}`, ...(url ? { url } : {}) });
};

test('drift: a body far shorter than the site\'s learned pages goes to the general model, flagged short; sites check counts it', async () => {
  const g = await bundled();
  const t = trainSiteModel('a.example', STORIES.slice(0, 3).map((s) => labelledA(s)));
  const lengths = t.template.bodyLengths!;
  assert.equal(lengths.length, 3);
  assert.ok(lengths[0]! > 500 && lengths.every((n, i) => i === 0 || n >= lengths[i - 1]!));
  // Under a fifth of the shortest training body the wrapper's rules already find no article on the page.
  assert.equal(extractPage(stubA('market', 40), { ...g, sites: [withTemplates(t.model, t.template)] }).siteDrift?.reason, 'rules');
  // Its rules stop there at 500 characters at most: a site of longer pages (here: as if its pages were twice as long) drifts by length above that.
  const longer = { ...t.template, bodyLengths: lengths.map((n) => 2 * n) };
  const model: LoadedModel = { ...g, sites: [withTemplates(t.model, longer)] };
  const stubChars = Math.round(0.3 * lengths[0]!);
  for (const url of [undefined, 'http://a.example/stub']) {
    const r = extractPage(stubA('market', stubChars, url), model);
    assert.equal(r.extractor, 'general');
    assert.equal(r.site, undefined);
    assert.equal(r.siteDrift?.reason, 'short');
    assert.equal(r.siteDrift?.host, 'a.example');
    assert.equal(r.siteDrift?.usualChars, 2 * lengths[0]!);
    assert.ok(r.siteDrift!.bodyChars! < SHORT_BODY_SHARE * 2 * lengths[0]!);
    assert.match(siteExplanation(r) ?? '', /far shorter than the \d+ of the shortest page/);
  }
  // A page of the usual length is the site model's; without stored lengths (older files) no page drifts so.
  assert.equal(extractPage(siteA('market'), model).extractor, 'wrapper');
  const { bodyLengths: _, ...older } = t.template;
  assert.equal(extractPage(stubA('market', stubChars), { ...g, sites: [withTemplates(t.model, older)] }).extractor, 'wrapper');
  assert.equal(shortBodyDrift(older, 10), undefined);
  assert.equal(shortBodyDrift(t.template, lengths[0]!), undefined);
  assert.equal(shortBodyDrift(t.template, 10), lengths[0]);
  assert.equal(shortBodyDrift({ ...t.template, bodyLengths: lengths.slice(0, MIN_LENGTHS_FOR_DRIFT - 1) }, 10), undefined, 'too few pages say nothing of the usual');
  assert.equal(extractPage(stubA('market', stubChars), { ...g, sites: [withTemplates(t.model, t.template)] }).extractor, 'wrapper', 'not far shorter than its own pages');
  const report = checkSites(model, [{ id: 'stub', page: stubA('bridge', stubChars) }, { id: 'ok', page: siteA('bridge') }]);
  assert.deepEqual(report.sites.map((s) => [s.byTemplate, s.driftShort, s.driftTemplate, s.driftRules, s.drifted]), [[1, 1, 0, 0, ['stub']]]);
  assert.match(formatSitesReport(report), /1 body far shorter/);
  assert.equal(siteDrifted(report.sites[0]!), false, 'as many pages labelled as drifted');
  const stubs = checkSites(model, ['bridge', 'market'].map((s) => ({ id: s, page: stubA(s, stubChars) })));
  assert.equal(siteDrifted(stubs.sites[0]!), true);
  assert.match(formatSitesReport(stubs), /DRIFTED/);
});

test('stored body lengths are checked at load and kept to a bounded number', () => {
  assert.equal(checkSiteTemplates({ templates: [], bodyLengths: [3, 10, 10] }), undefined);
  assert.match(checkSiteTemplates({ templates: [], bodyLengths: [10, 3] }) ?? '', /ascending/);
  assert.match(checkSiteTemplates({ templates: [], bodyLengths: ['x'] }) ?? '', /ascending/);
  const many = keptBodyLengths(Array.from({ length: 500 }, (_, i) => 500 - i));
  assert.equal(many.length, BODY_LENGTHS_KEPT);
  assert.deepEqual([many[0], many.at(-1)], [1, 500]);
});

test('self-training rounds: the site model learned labels its pages again and is learned again from them, as good on a new page', async () => {
  const g = await bundled();
  const pages = STORIES.slice(0, 5).map((s) => ({ id: s, page: siteA(s) }));
  const once = trainSiteUnlabelled('template:test', pages, g);
  const twice = trainSiteUnlabelled('template:test', pages, g, { rounds: 2 });
  assert.deepEqual(twice.template.bodyLengths, once.template.bodyLengths, 'the story is the body in every round');
  const r = extractPage(siteA('theatre'), { ...g, sites: [withTemplates(twice.model, twice.template)] });
  assert.equal(r.extractor, 'wrapper');
  const text = toText(r.article);
  for (const k of [1, 2, 3, 4]) assert.ok(text.includes(sentence('theatre', k)));
  assert.ok(!/Subscribe|Copyright|daily paper/.test(text), text);
});

/** A page of "site D": the story runs on after a "Comments" heading in the same box (as forbes.com's did in 2009). */
function siteD(topic: string): LabelledPage {
  const html = `<html><head><title>${topic} | Site D</title></head><body><div class="nav"><a href="/">Home</a> <a href="/news">News</a></div>
<div class="story"><h1 class="headline">Notes on the ${topic}</h1>
<p class="para">${sentence(topic, 1)}</p><p class="para">${sentence(topic, 2)}</p>
<h3>Comments</h3>
<p class="para">${sentence(topic, 3)}</p><p class="para">${sentence(topic, 4)}</p></div>
<div class="foot"><p>Site D, printed and published in the county town</p></div></body></html>`;
  const page = loadPage(Buffer.from(html), { id: `d-${topic}` });
  const labels: GoldLabel[] = page.blocks.map((b) => (b.text.startsWith('Notes on') ? 'title' : b.text.startsWith(`The ${topic} plan`) ? 'body' : 'other'));
  return { id: topic, page, labels, found: 1 };
}

test('a site model learned without labels keeps the body its rules find inside a comment section; a labelled one leaves the section to the decoder', async () => {
  const g = await bundled();
  const t = trainSiteModel('d.example', STORIES.slice(0, 3).map(siteD));
  const page = siteD('theatre').page;
  const textWith = (selfTrained: boolean): string => {
    const r = extractPage(page, { ...g, sites: [withTemplates(t.model, { ...t.template, selfTrained })] });
    assert.equal(r.extractor, 'wrapper');
    return toText(r.article);
  };
  const selfTrained = textWith(true);
  for (const k of [1, 2, 3, 4]) assert.ok(selfTrained.includes(sentence('theatre', k)), selfTrained);
  const labelled = textWith(false);
  assert.ok(labelled.includes(sentence('theatre', 1)), labelled);
  assert.ok(!labelled.includes(sentence('theatre', 4)), 'the paragraphs after the comment heading are a comment section to the decoder');
  // A caller's own commentBody still holds.
  const r = extractPage(page, { ...g, sites: [withTemplates(t.model, { ...t.template, selfTrained: true })] }, { commentBody: 0 });
  assert.ok(!toText(r.article).includes(sentence('theatre', 4)));
});

/** A page of "site E": each story has a photo with a caption inside the story's box; `head` adds to its head (a declared kind). */
function siteE(topic: string, head = ''): Page {
  return loadPage(Buffer.from(`<html><head><title>${topic} | Site E</title>${head}</head><body><div class="nav"><a href="/">Home</a> <a href="/news">News</a></div>
<div class="story"><h1 class="headline">A day at the ${topic}</h1>
<p class="para">${sentence(topic, 1)}</p>
<figure class="photo"><img src="/${topic}.jpg" alt=""><figcaption>Visitors at the ${topic} said the council had listened to them, and that the new plan would bring more people into the town centre</figcaption></figure>
<p class="para">${sentence(topic, 2)}</p><p class="para">${sentence(topic, 3)}</p></div>
<div class="foot"><p>Site E, printed and published in the county town</p></div></body></html>`), { id: `e-${topic}` });
}

test('learning without labels: a photo\'s caption is not the article\'s text (captions signal), unless switched off', async () => {
  const g = await bundled();
  const pages = STORIES.slice(0, 5).map((s) => ({ id: s, page: siteE(s) }));
  const captionLabels = (signals: UnlabelledSignals): GoldLabel[] => selfLabel(pages, g, signals).pages.flatMap((p) => p.page.blocks.flatMap((b, i) => (b.text.startsWith('Visitors at') ? [p.labels[i]!] : [])));
  assert.deepEqual(captionLabels({ captions: false }), pages.map(() => 'body'), 'the general model reads the captions as body');
  assert.deepEqual(captionLabels({}), pages.map(() => 'other'));
  const on = selfLabel(pages, g);
  assert.equal(on.stats.captions, pages.length);
  for (const p of on.pages) p.page.blocks.forEach((b, i) => {
    if (b.text.startsWith('The ')) assert.equal(p.labels[i], 'body', b.text);
  });
  const t = trainSiteUnlabelled('template:e', pages, g);
  assert.match(t.model.body.notes[0]!, /, 5 photo caption\(s\)$/);
  const r = extractPage(siteE('theatre'), { ...g, sites: [withTemplates(t.model, t.template)] });
  assert.equal(r.extractor, 'wrapper');
  const text = toText(r.article);
  for (const k of [1, 2, 3]) assert.ok(text.includes(sentence('theatre', k)), text);
  assert.ok(!text.includes('Visitors at'), text);
});

test('photo captions: a caption box, or the only short line of a small box holding a photo; not a paragraph with an inline image, a spacer\'s line or a box of two lines', () => {
  const page = loadPage(Buffer.from(`<html><body><div class="story">
<p>${sentence('harbour', 1)}</p>
<figure><img src="/a.jpg"><figcaption>The harbour wall at dawn</figcaption></figure>
<table align="right" width="203"><tr><td><div><img src="/b.jpg" width="203" height="152"><div class="cap">The old quay seen from the water</div></div></td></tr></table>
<p><img src="/c.jpg" width="120" height="90">${sentence('harbour', 2)}</p>
<div><img src="/spacer.gif" width="416" height="1"><div>A line beside a spacer</div></div>
<div><img src="/d.jpg"><p>First line of a box</p><p>Second line of the box</p></div>
</div></body></html>`), { id: 'captions' });
  const captions = photoCaptions(page);
  const captioned = page.blocks.filter((b, i) => b.kind === 'text' && captions[i]).map((b) => b.text);
  assert.deepEqual(captioned, ['The harbour wall at dawn', 'The old quay seen from the water']);
});

/** A page of "site F": the story, then a teaser box after it whose line the site's labels call body. */
function siteF(topic: string): LabelledPage {
  const html = `<html><head><title>${topic} | Site F</title></head><body><div class="nav"><a href="/">Home</a> <a href="/news">News</a></div>
<div class="story"><h1 class="headline">Notes on the ${topic}</h1>
<p class="para">${sentence(topic, 1)}</p><p class="para">${sentence(topic, 2)}</p><p class="para">${sentence(topic, 3)}</p><p class="para">${sentence(topic, 4)}</p></div>
<div class="more"><p class="teaser">More on the ${topic} in our archive of council stories from the county</p></div>
<div class="foot"><p>Site F, printed and published in the county town</p></div></body></html>`;
  const page = loadPage(Buffer.from(html), { id: `f-${topic}` });
  const labels: GoldLabel[] = page.blocks.map((b) => (b.text.startsWith('Notes on') ? 'title' : b.text.startsWith(`The ${topic} plan`) || b.text.startsWith('More on') ? 'body' : 'other'));
  return { id: topic, page, labels, found: 1 };
}

test('a site model learned without labels still has its body after the article\'s container cut (article-end stays on)', async () => {
  const g = await bundled();
  const t = trainSiteModel('f.example', STORIES.slice(0, 3).map(siteF));
  const r = extractPage(siteF('theatre').page, { ...g, sites: [withTemplates(t.model, { ...t.template, selfTrained: true })] });
  assert.equal(r.extractor, 'wrapper');
  const text = toText(r.article);
  for (const k of [1, 2, 3, 4]) assert.ok(text.includes(sentence('theatre', k)), text);
  assert.ok(!text.includes('More on the theatre'), text);
  const teaser = r.page.blocks.findIndex((b) => b.text.startsWith('More on'));
  assert.equal(r.labels[teaser], 'other');
});

test('learning without labels: on pages the decoder reads as products the captions signal is off (a line beside a product photo is often its content)', async () => {
  const g = await bundled();
  const product = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"A day out","offers":{"@type":"Offer","price":"12.00","priceCurrency":"GBP"}}</script>';
  const pages = STORIES.slice(0, 5).map((s) => ({ id: s, page: siteE(s, product) }));
  const on = selfLabel(pages, g);
  assert.equal(on.stats.captions, 0);
  const offLabels = selfLabel(pages, g, { captions: false }).pages.map((p) => p.labels);
  assert.deepEqual(on.pages.map((p) => p.labels), offLabels, 'the same labels as with the signal switched off');
});
