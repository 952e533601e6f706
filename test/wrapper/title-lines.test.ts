/**
 * Headline conventions: a site that sets its headline as one line of a `<br>`-joined block
 * ("Section<br>Headline<br>Byline"), which no block-level rule isolates; the `<title>` pattern;
 * the model file's version 2 fields, and version 1 files still loading.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from '../../src/page.js';
import type { GoldLabel } from '../../src/labels.js';
import { toText } from '../../src/article/index.js';
import { extractPage, loadExtractionModel } from '../../src/pipeline/extract.js';
import {
  conventionalHeadline, declaredHeadline, learnDeclaredTitle, learnTitleLine, titlePlace, trainSiteModel, WrapperSiteModel, type LabelledPage,
} from '../../src/wrapper/index.js';

const HOST = 'gazette.example';
const para = (k: number) => `Paragraph ${k} of the report explains what the board decided and what it means for the town's budget.`;

interface Spec { id: string; headline: string; section?: string; byline?: string; paras: number[]; declares?: boolean }

/**
 * A page of the made-up Gazette: its headline block is section, headline and byline joined by
 * <br>; its <title> names the site only, or (`declares`) "Gazette: " and the headline.
 */
function page(s: Spec): LabelledPage {
  const lines = [s.section, `<b>${s.headline}</b>`, s.byline].filter((x): x is string => x !== undefined);
  const html = `<html><head><title>${s.declares ? `Gazette: ${s.headline}` : 'The Gazette'}</title></head><body>
<div class="nav"><a href="/">Home</a> <a href="/business">Business</a></div>
<table><tr><td class="story">${lines.join('<br>')}
<div class="text">${s.paras.map((k) => `<p>${para(k)}</p>`).join('')}</div></td>
<td class="side"><p>Most read: other stories of the week</p></td></tr></table>
<div class="footer"><p>Copyright the Gazette</p></div></body></html>`;
  const p = loadPage(Buffer.from(html), { id: s.id, url: `https://${HOST}/story/${s.id}` });
  // As the corpus aligner leaves it: the headline's block holds more than the gold headline, so it is not title.
  const labels: GoldLabel[] = p.blocks.map((b) => (b.text.startsWith('Paragraph') ? 'body' : 'other'));
  return { id: s.id, page: p, labels, found: 1, goldTitle: s.headline };
}

const A: Spec = { id: 'a', section: 'Business', headline: 'Mill reopens after ten years', byline: 'Ann Lee, 04.08.05', paras: [1, 2, 3] };
const B: Spec = { id: 'b', section: 'Harbour News', headline: 'Ferry fares to rise in May', byline: 'Tom Hart, 05.08.05', paras: [4, 5] };
const C: Spec = { id: 'c', section: 'Town Hall', headline: 'Council approves the new budget', byline: 'Ann Lee, 06.08.05', paras: [6, 7, 8, 9] };

test('a <br> headline block: the headline line is found, taught as the title, and only it is extracted', async () => {
  const a = page(A);
  const place = titlePlace(a);
  assert.ok(place, 'the block holding the headline as a line is found');
  assert.deepEqual({ line: place.line, lines: place.lines }, { line: 1, lines: 3 });
  const t = trainSiteModel(HOST, [a, page(B)]);
  assert.deepEqual(t.model.body.titleLine, { first: 2, last: 2 });
  assert.equal(t.model.body.rules.filter((r) => r.label === 'title').length, 1, t.model.describe());
  assert.match(t.model.describe(), /title: line 2\|-2 of a title block of several lines/);

  const general = await loadExtractionModel();
  const c = page(C);
  const r = extractPage(c.page, { ...general, sites: [t.model] });
  assert.equal(r.extractor, 'wrapper');
  assert.equal(r.article.title, C.headline);
  const text = toText(r.article);
  assert.ok(text.includes(para(6)) && text.includes(para(9)), text);
  assert.ok(!text.includes('Town Hall') && !text.includes('Ann Lee'), 'section and byline are neither title nor body');
});

test('pages disagree from the start (no section line on some): the position from the end is kept', async () => {
  const noSection = { ...B, section: undefined };
  const places = [page(A), page(noSection)].map(titlePlace);
  assert.deepEqual(learnTitleLine(places), { last: 2 });
  const t = trainSiteModel(HOST, [page(A), page(noSection)]);
  const general = await loadExtractionModel();
  const c = page({ ...C, section: undefined });
  assert.equal(extractPage(c.page, { ...general, sites: [t.model] }).article.title, C.headline);
  // No block of several lines anywhere: nothing to learn.
  assert.equal(learnTitleLine([undefined, { block: 3, line: 0, lines: 1 }]), undefined);
});

test('one labelled page only: its line is kept from both ends, and the next page comes out right', async () => {
  const t = trainSiteModel(HOST, [page(A)]);
  assert.match(t.model.body.notes.join('\n'), /one page only/);
  const general = await loadExtractionModel();
  assert.equal(extractPage(page(C).page, { ...general, sites: [t.model] }).article.title, C.headline);
});

test('<title> patterns: a shared prefix, else a part between separators (one page prefers the separators)', () => {
  assert.deepEqual(learnDeclaredTitle([page({ ...A, declares: true }), page({ ...B, declares: true })]), { prefix: 'Gazette: ', suffix: '' });
  assert.equal(learnDeclaredTitle([page(A), page(B)]), undefined, 'a <title> without the headline teaches nothing');
  const bbc = (id: string, title: string, headline: string): LabelledPage => {
    const p = loadPage(Buffer.from(`<html><head><title>${title}</title></head><body><h1>${headline}</h1><p>${para(1)}</p></body></html>`), { id });
    return { id, page: p, labels: p.blocks.map((): GoldLabel => 'other'), found: 1, goldTitle: headline };
  };
  const one = learnDeclaredTitle([bbc('x', 'NEWS | Science | Dracula fish shows its teeth', 'Dracula fish shows its teeth')]);
  assert.deepEqual(one, { separator: ' | ', part: { first: 3, last: 1 } });
  // One section more: the position nearer its end (the last part) wins.
  assert.equal(declaredHeadline(one!, 'NEWS | Europe | France | Nato rift ends'), 'Nato rift ends');
  assert.equal(declaredHeadline({ prefix: 'Gazette: ', suffix: '' }, 'Elsewhere: a headline'), undefined);
  assert.equal(learnDeclaredTitle([bbc('y', 'Unrelated words here', 'Dracula fish shows its teeth')]), undefined);
});

test('the declared headline picks the line of a title block, and a headline the page shows replaces a wrong title block', () => {
  const c = page({ ...C, declares: true });
  const conventions = { declaredTitle: { prefix: 'Gazette: ', suffix: '' } } as const;
  assert.equal(conventionalHeadline(c.page, conventions, 'Town Hall\nCouncil approves the new budget\nAnn Lee', false), C.headline);
  // The title block is another element (a masthead): the declared headline is shown on the page, so it wins.
  assert.equal(conventionalHeadline(c.page, conventions, 'The Gazette', true), C.headline);
  // Nothing declared or nothing shown: the extracted title stays.
  assert.equal(conventionalHeadline(c.page, {}, 'The Gazette', true), undefined);
  const unshown = loadPage(Buffer.from('<html><head><title>Gazette: Not on the page</title></head><body><h1>Masthead</h1></body></html>'));
  assert.equal(conventionalHeadline(unshown, conventions, 'Masthead', true), undefined);
});

test('model file: version 2 keeps the conventions; version 1 bodies still load; bad fields are refused by name', () => {
  const t = trainSiteModel(HOST, [page({ ...A, declares: true }), page({ ...B, declares: true })]);
  const json = JSON.parse(JSON.stringify(t.model.toJSON())) as Record<string, unknown>;
  assert.equal(json['version'], 2);
  const back = WrapperSiteModel.fromJSON(HOST, json);
  assert.deepEqual(back.body.titleLine, { first: 2, last: 2 });
  assert.deepEqual(back.body.declaredTitle, { prefix: 'Gazette: ', suffix: '' });
  const v1 = { version: 1, rules: t.model.body.rules.map((r) => ({ ...r, steps: r.steps.map(({ notCls: _n, ...s }) => s) })), trainingPages: 2, notes: [], minBodyChars: 1 };
  const old = WrapperSiteModel.fromJSON(HOST, v1);
  assert.ok(old.ruleLabels(page(C).page).recognised, 'a version 1 model still labels the site');
  assert.throws(() => WrapperSiteModel.fromJSON(HOST, { ...json, version: 4 }), /unsupported wrapper version 4/);
  assert.throws(() => WrapperSiteModel.fromJSON(HOST, { ...json, titleLine: { first: 0 } }), /titleLine's first must be a positive integer/);
  assert.throws(() => WrapperSiteModel.fromJSON(HOST, { ...json, declaredTitle: { separator: '' } }), /separator must be a non-empty string/);
  assert.throws(() => WrapperSiteModel.fromJSON(HOST, { ...json, containers: [{ steps: [], examples: 1, pages: 1, exceptions: [] }] }), /container rule needs steps/);
});
