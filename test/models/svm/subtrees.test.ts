/**
 * Seed 002's subtree SVM on hand-made pages: candidates, pruning and the seed's features
 * (parser-only and with a hand-built layout), the gold subtrees, training on one "site" and
 * extracting a page of another layout, model-file round trips and `pith train --model svm`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPage, withLayout, type Page } from '../../../src/page.js';
import type { ElementNode } from '../../../src/dom/tree.js';
import { LAYOUT_COLUMNS, type LayoutColumn, type PageLayout } from '../../../src/render/layout.js';
import {
  BODY_FEATURES, TITLE_FEATURES, bodyCandidates, goldBodySubtree, goldTitleBlock, indexPage, titleCandidates,
} from '../../../src/models/svm/subtrees.js';
import { trainSvmOnPages } from '../../../src/models/svm/train.js';
import { svmLabelerFromJSON, svmReader, SvmLabeler } from '../../../src/models/svm/labeler.js';
import { createModelFile, decodeModelFile, encodeModelFile, saveModel } from '../../../src/models/model-file.js';
import { getLearner, getTrainer, labelerFromModel } from '../../../src/models/registry.js';
import { extractPage, loadExtractionModel } from '../../../src/pipeline/extract.js';
import { toText } from '../../../src/article/index.js';
import { featureSchema } from '../../../src/features/index.js';
import { LABELS } from '../../../src/labels.js';
import { PithError } from '../../../src/errors.js';
import { repoRoot } from '../../helpers/paths.js';
import { elementWithClass, labelled, sentence, siteA, siteB } from './fixtures.js';

test('body candidates, the seed\'s formatting features and the gold body subtree (parser only)', () => {
  const { page, labels } = labelled(siteA(1));
  const ix = indexPage(page);
  const cands = bodyCandidates(ix);
  const story = elementWithClass(page, 'story');
  const ids = cands.map((c) => c.id);
  assert.ok(ids.includes(story.id), 'div.story is a candidate');
  // Ancestors of the story are candidates too; the byline is too small (BigEnough).
  assert.ok(ids.includes(elementWithClass(page, 'main').id));
  assert.ok(!ids.includes(elementWithClass(page, 'byline').id));
  assert.equal(goldBodySubtree(ix, labels, cands), story.id);
  const c = cands.find((x) => x.id === story.id)!;
  const f = Object.fromEntries(BODY_FEATURES.map((n, i) => [n, c.features[i]!]));
  // FormattingElementsNum: the story's <p> children over every p/b/br/i/strong of the page (story's + the footer's <p>).
  const paras = siteA(1).paragraphs.length;
  assert.equal(f['formattingElementsNum'], paras / (paras + 1));
  assert.ok(f['formattedContentLen']! > 0.8 && f['formattedContentLen']! < 1);
  assert.equal(f['rendered'], 0);
  assert.equal(f['rectLeft'], 0);
  assert.equal(f['proseShare'], 1);
  assert.equal(f['directProse'], 1);
  // The story's blocks are exactly the paragraphs.
  assert.deepEqual(page.blocks.slice(c.blocks[0], c.blocks[1] + 1).map((b) => b.text), siteA(1).paragraphs);
});

test('title candidates: no anchors, near the body; the gold title block', () => {
  const { page, labels } = labelled(siteB(0));
  const ix = indexPage(page);
  const cands = bodyCandidates(ix);
  const article = page.tree.nodes.find((x) => x.kind === 'element' && x.tag === 'article')!;
  const body = cands.find((c) => c.id === article.id)!;
  const titles = titleCandidates(ix, body);
  const texts = titles.map((t) => page.blocks[t.block]!.text);
  assert.ok(texts.includes(siteB(0).title));
  assert.ok(!texts.includes('Transport'), 'a linked kicker is not a title candidate');
  assert.ok(!texts.includes('Home Local Opinion'));
  const gold = goldTitleBlock(ix, labels)!;
  const t = titles.find((x) => x.block === gold)!;
  const f = Object.fromEntries(TITLE_FEATURES.map((n, i) => [n, t.features[i]!]));
  assert.equal(f['inDeclared'], 1);
  assert.equal(f['heading'], 1);
  assert.equal(f['h1'], 0);
  assert.equal(f['endWithFullStop'], 0);
  assert.ok(Math.abs(f['wordNum']! - page.blocks[gold]!.text.split(' ').length / 60) < 1e-9);
});

/** A layout for `page`: every element gets a box from `boxOf(el)` (undefined: not drawn). */
function handLayout(page: Page, box: (el: ElementNode) => [number, number, number, number, number] | undefined): PageLayout {
  const n = page.tree.nodes.length;
  const cols = Object.fromEntries(LAYOUT_COLUMNS.map((c) => [c, new Float32Array(n).fill(Number.NaN)])) as Record<LayoutColumn, Float32Array>;
  for (const node of page.tree.nodes) {
    if (node.kind !== 'element') continue;
    const b = box(node);
    if (!b) continue;
    [cols.x[node.id], cols.y[node.id], cols.w[node.id], cols.h[node.id], cols.fontSize[node.id]] = b;
    cols.visible[node.id] = 1;
  }
  return { hash: 'test', viewport: { width: 1000, height: 800 }, page: { width: 1000, height: 5000 }, nodes: n, mapped: 1, scripts: false, cols };
}

test('with a layout: seed 002\'s normalised boxes, two-screen pruning, font size over the first screen', () => {
  const { page } = labelled(siteA(2));
  const layout = handLayout(page, (el) => {
    const cls = el.attrs['class'];
    if (el.tag === 'body') return [0, 0, 1000, 5000, 16];
    if (cls === 'wrap') return [0, 100, 1000, 2000, 16];
    if (cls === 'main') return [100, 100, 700, 1900, 16];
    if (el.tag === 'h1') return [100, 120, 700, 60, 40];
    if (cls === 'story') return [100, 300, 950, 1700, 16]; // right edge past the screen: clipped width
    if (cls === 'side') return [800, 1700, 200, 300, 14]; // top below two screens (1600): pruned
    return [0, 0, 10, 10, 12];
  });
  const rendered = withLayout(page, layout);
  const ix = indexPage(rendered);
  assert.equal(ix.maxFont, 40);
  const cands = bodyCandidates(ix);
  const story = elementWithClass(page, 'story');
  assert.ok(!cands.some((c) => c.id === elementWithClass(page, 'side').id), 'the sidebar starts below two screens');
  const c = cands.find((x) => x.id === story.id)!;
  const f = Object.fromEntries(BODY_FEATURES.map((n, i) => [n, c.features[i]!]));
  assert.equal(f['rendered'], 1);
  assert.equal(f['rectLeft'], 100 / 1000);
  assert.equal(f['rectTop'], 300 / 1600);
  assert.equal(f['rectWidth'], (1000 - 100) / 1000, 'RectRight >= ScreenWidth: (ScreenWidth - RectLeft) / ScreenWidth');
  assert.equal(f['rectHeight'], (1600 - 300) / 1600, 'RectBottom >= TwoScreensHeight: (TwoScreensHeight - RectTop) / TwoScreensHeight');
  const titles = titleCandidates(ix, c);
  const h1 = titles.find((t) => (page.tree.nodes[t.id] as ElementNode).tag === 'h1')!;
  const tf = Object.fromEntries(TITLE_FEATURES.map((n, i) => [n, h1.features[i]!]));
  assert.equal(tf['fontSize'], 1);
  assert.equal(tf['rectTop'], 120 / 800);
  assert.equal(tf['overlap'], 700 / 950);
  assert.equal(tf['distance'], (300 - 180) / 800);
  assert.equal(tf['flat'], 60 / 700);
});

const trainPages = () => Array.from({ length: 8 }, (_, i) => labelled(siteA(i)));

test('trained on one site, extracts the title and body of another layout; model file round trip', async () => {
  const { labeler, report } = trainSvmOnPages(trainPages(), { negatives: 12 });
  assert.equal(report.bodyPages, 8);
  assert.equal(report.titlePages, 8);
  for (const k of [0, 1, 2]) {
    const { page, fixture } = labelled(siteB(k));
    const choice = labeler.explainPage(page);
    assert.equal(page.blocks[choice.title!.block]!.text, fixture.title, `site B page ${k}: title`);
    const body = page.blocks.slice(choice.body!.blocks[0], choice.body!.blocks[1] + 1).map((b) => b.text);
    assert.deepEqual(body, fixture.paragraphs, `site B page ${k}: body`);
  }
  // Through the model file and the whole pipeline (decoder, article writers).
  const file = createModelFile(labeler, {
    labels: LABELS, featureSchema: featureSchema({}), trainingCorpora: [{ name: 'toy', pages: 8, hash: 'x' }], params: report.params,
  });
  const dir = mkdtempSync(join(tmpdir(), 'pith-svm-'));
  try {
    const path = join(dir, 'svm.model.json.gz');
    await saveModel(path, file);
    const model = await loadExtractionModel(path);
    assert.equal(model.labeler.algorithm, 'svm');
    const { page, fixture } = labelled(siteB(4));
    const r = extractPage(page, model);
    assert.equal(r.article.title, fixture.title);
    const text = toText(r.article);
    for (const p of fixture.paragraphs) assert.ok(text.includes(p), `body keeps "${p}"`);
    assert.ok(!text.includes('Great news'), 'comments left out');
    assert.ok(!text.includes('Related'), 'aside left out');
    // Same probabilities after a JSON round trip.
    const back = labelerFromModel(decodeModelFile(encodeModelFile(file)));
    assert.deepEqual(back.predictPage!(page), labeler.predictPage(page));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('sequence-only calls and corrupt bodies fail clearly', () => {
  const { labeler } = trainSvmOnPages(trainPages().slice(0, 4), { negatives: 6 });
  const body = JSON.parse(JSON.stringify(labeler.toJSON()));
  assert.ok(svmLabelerFromJSON(body) instanceof SvmLabeler);
  assert.equal(getLearner('svm'), svmReader);
  const badOption = (e: unknown) => e instanceof PithError && e.code === 'BAD_OPTION';
  const badModel = (e: unknown) => e instanceof PithError && e.code === 'BAD_MODEL';
  assert.throws(() => labeler.predict({ items: [] } as never), badOption);
  // It trains on whole pages (its page trainer), never on block sequences.
  assert.throws(() => getTrainer('svm'), (e: unknown) => badOption(e) && /trains on whole pages/.test((e as Error).message));
  for (const broken of [
    null, {}, { ...body, version: 99 }, { ...body, body: { ...body.body, sv: 'x' } },
    { ...body, title: { ...body.title, features: ['a'] , min: [0], max: [1], sv: [] , coef: [] } },
    { ...body, body: { ...body.body, coef: body.body.coef.slice(1) } },
  ]) {
    assert.throws(() => svmReader.fromJSON(broken), badModel, JSON.stringify(broken).slice(0, 80));
  }
});

test('pith train --model svm writes a model pith extract uses', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-svm-cli-'));
  const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), ...args], { encoding: 'utf8' });
  try {
    const model = join(dir, 'm.json.gz');
    const t = pith('train', join(repoRoot, 'test', 'fixtures', 'eval', 'pith-corpus'), '--model', 'svm', '--set', 'c=5', '-o', model);
    assert.equal(t.status, 0, t.stderr);
    assert.match(t.stderr, /train: svm on 2 pages/);
    const e = pith('extract', join(repoRoot, 'test', 'fixtures', 'eval', 'pith-corpus', 'pages', 'bakery.html'), '--model', model);
    assert.equal(e.status, 0, e.stderr);
    assert.match(e.stdout, /^Corner Bakery wins county prize\n/);
    assert.match(e.stdout, /Mill Street has won first prize/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A blog page: nav, many teaser lines, then the post whose headline links to its permalink; og:title declares it. */
function blogPage(teasers: number) {
  const title = 'Copy and paste from tmux to the system clipboard';
  const paragraphs = Array.from({ length: 4 }, (_, k) => sentence(40 + k, 20));
  const html = `<!doctype html><html><head><title>${title} | Flow</title><meta property="og:title" content="${title}"></head><body>
<ul class="nav"><li><a href="/">Home</a></li><li><a href="/about">About</a></li></ul>
<div class="teasers">${Array.from({ length: teasers }, (_, k) => `<div>Note ${k}: ${sentence(k, 6)}</div>`).join('\n')}</div>
<h1 class="site">Flow notes</h1>
<div class="post"><h2 class="entry-title"><a href="/tmux">${title}</a></h2>
<div class="entry">${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</div></div>
<h1 class="site-footer">Flow notes again</h1>
</body></html>`;
  const page = loadPage(Buffer.from(html), { url: 'https://flow.example/tmux' });
  return { page, title, paragraphs };
}

test('title candidates: the whole page, linked headlines in a heading, and the page-level title features', () => {
  const { page, title } = blogPage(80);
  const ix = indexPage(page);
  const cands = bodyCandidates(ix);
  const entry = elementWithClass(page, 'entry');
  const body = cands.find((c) => c.id === entry.id)!;
  const titles = titleCandidates(ix, body);
  const byText = new Map(titles.map((t) => [page.blocks[t.block]!.text, t]));
  // A teaser 80 blocks before the body is still a candidate (no window around the body).
  assert.ok(byText.has(`Note 0: ${sentence(0, 6)}`), 'far from the body, still a candidate');
  assert.ok(body.blocks[0] - titles[0]!.block > 60);
  // The linked headline inside an h2 is a candidate; the linked nav items are not.
  const head = byText.get(title);
  assert.ok(head, 'a linked headline in a heading is a candidate');
  assert.ok(!byText.has('Home') && !byText.has('About'), 'linked nav items are not');
  const f = (t: { features: readonly number[] }) => Object.fromEntries(TITLE_FEATURES.map((n, i) => [n, t.features[i]!]));
  const hf = f(head);
  assert.equal(hf['anchored'], 1);
  assert.equal(hf['declaredBest'], 1, 'the best match of og:title / <title> on the page');
  assert.equal(hf['inDeclared'], 1);
  assert.equal(hf['headingRank'], 5 / 6, 'h2');
  assert.equal(hf['firstH1'], 0);
  assert.equal(hf['pageH1s'], 2 / 5, 'two h1 blocks on the page');
  assert.equal(hf['fromBodyFar'], Math.log1p(1) / Math.log1p(1000), 'one block before the body');
  const site = f(byText.get('Flow notes')!);
  assert.equal(site['firstH1'], 1);
  assert.equal(site['headingRank'], 1);
  assert.equal(site['anchored'], 0);
  assert.equal(site['declaredBest'], 0);
  assert.equal(f(byText.get('Flow notes again')!)['firstH1'], 0);
  const teaser = f(byText.get(`Note 0: ${sentence(0, 6)}`)!);
  assert.equal(teaser['pagePosition'], titles[0]!.block / (page.blocks.length - 1));
  assert.ok(teaser['fromBodyFar']! > hf['fromBodyFar']!, 'further before the body');
});

test('a model of the old format (version 1) fails with BAD_MODEL and says to retrain', () => {
  const { labeler } = trainSvmOnPages(Array.from({ length: 4 }, (_, i) => labelled(siteA(i))), { negatives: 6 });
  const old = { ...JSON.parse(JSON.stringify(labeler.toJSON())), version: 1 };
  assert.throws(() => svmLabelerFromJSON(old), (e: unknown) => e instanceof PithError && e.code === 'BAD_MODEL' && /version 1.*retrain/.test(e.message));
  // A version 1 title model lists the 18 old features: refused by name too.
  const oldTitle = { ...JSON.parse(JSON.stringify(labeler.toJSON())) };
  const n = 18;
  oldTitle.title = { ...oldTitle.title, features: oldTitle.title.features.slice(0, n), min: oldTitle.title.min.slice(0, n), max: oldTitle.title.max.slice(0, n), sv: oldTitle.title.sv.map((v: number[]) => v.slice(0, n)) };
  assert.throws(() => svmLabelerFromJSON(oldTitle), (e: unknown) => e instanceof PithError && e.code === 'BAD_MODEL' && /retrain/.test(e.message));
});
