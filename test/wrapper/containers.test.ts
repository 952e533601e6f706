/**
 * Container rules (wrapper induction's article element): blocks inside the article that the training
 * pages never showed (a list) are body on a new page; what the pages labelled other inside it
 * (a byline) stays out, as do link lists, figure captions, asides and <noscript> text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from '../../src/page.js';
import type { GoldLabel } from '../../src/labels.js';
import { toText } from '../../src/article/index.js';
import { extractPage, loadExtractionModel } from '../../src/pipeline/extract.js';
import { articleContainer, containedBlocks, trainSiteModel, type LabelledPage } from '../../src/wrapper/index.js';

const HOST = 'ledger.example';
const para = (k: number) => `Paragraph ${k} of the story tells how the new bridge was planned, paid for and finally opened to traffic.`;
const item = (k: number) => `Point ${k}: the toll will stay at one pound for cars and nothing for bicycles until the loan is repaid.`;
const BYLINE = 'By Ann Lee, city reporter';
const NOSCRIPT = 'Please turn on JavaScript to watch the video of the opening.';
const CAPTION = 'The mayor cuts the ribbon on the new bridge on a cold Monday morning in March.';
const ASIDE = 'Read more: how the old ferry served the town for more than one hundred years.';

interface Spec { id: string; title: string; paras: number[]; items?: number[]; links?: boolean; noscript?: boolean; asides?: boolean }

function page(s: Spec): LabelledPage {
  const list = s.items ? `<ul>${s.items.map((k) => `<li>${item(k)}</li>`).join('')}</ul>` : '';
  const html = `<html><head><title>${s.title} - Ledger</title></head><body>
<div class="nav"><a href="/">Home</a> <a href="/city">City</a></div>
<div class="page"><div class="story"><h1>${s.title}</h1><p class="byline">${BYLINE}</p>
${s.paras.slice(0, 1).map((k) => `<p>${para(k)}</p>`).join('')}${list}${s.paras.slice(1).map((k) => `<p>${para(k)}</p>`).join('')}
${s.noscript ? `<noscript><p>${NOSCRIPT}</p></noscript>` : ''}
${s.asides ? `<figure><img src="/bridge.jpg" alt=""><figcaption>${CAPTION}</figcaption></figure><aside><p>${ASIDE}</p></aside>` : ''}
${s.links ? '<ul class="more"><li><a href="/a">Bridge closed for repairs last winter</a></li><li><a href="/b">Ferry service to end next year</a></li></ul>' : ''}
</div><div class="side"><p>Most read this week in the city and beyond it</p></div></div>
<div class="footer"><p>Copyright the Ledger</p></div></body></html>`;
  const p = loadPage(Buffer.from(html), { id: s.id, url: `https://${HOST}/city/${s.id}` });
  const labels: GoldLabel[] = p.blocks.map((b) => (b.text === s.title ? 'title' : /^(Paragraph|Point)/.test(b.text) ? 'body' : 'other'));
  return { id: s.id, page: p, labels, found: 1, goldTitle: s.title };
}

test('the article container: the deepest element holding nearly all the body, and none when the body is all over the page', () => {
  const a = page({ id: 'a', title: 'Bridge opens', paras: [1, 2, 3] });
  const id = articleContainer(a);
  assert.ok(id !== undefined);
  assert.equal(a.page.tree.nodes[id]!.kind === 'element' && a.page.tree.nodes[id]!.attrs['class'], 'story');
  const outside = new Set(['Home', 'City', 'Most read this week in the city and beyond it', 'Copyright the Ledger']);
  const spread: LabelledPage = { ...a, labels: a.page.blocks.map((b): GoldLabel => (outside.has(b.text) ? 'body' : 'other')) };
  assert.equal(articleContainer(spread), undefined, 'a body spread from nav to footer has no container narrower than <body>');
});

test('a list the training pages never showed is body on a new page; the byline, link lists, captions, asides and <noscript> text are not', async () => {
  const t = trainSiteModel(HOST, [page({ id: 'a', title: 'Bridge opens', paras: [1, 2, 3] }), page({ id: 'b', title: 'Tolls agreed', paras: [4, 5] })]);
  assert.equal(t.model.body.containers?.length, 1, t.model.describe());
  assert.match(t.model.describe(), /article .*div\.story|article .*div\[/);
  const general = await loadExtractionModel();
  const c = page({ id: 'c', title: 'Bridge loan repaid early', paras: [6, 7], items: [1, 2, 3], links: true, noscript: true, asides: true });
  const r = extractPage(c.page, { ...general, sites: [t.model] });
  assert.equal(r.extractor, 'wrapper');
  const text = toText(r.article);
  for (const k of [1, 2, 3]) assert.ok(text.includes(item(k)), `list item ${k} is body:\n${text}`);
  for (const k of [6, 7]) assert.ok(text.includes(para(k)));
  assert.ok(!text.includes(BYLINE), 'the byline the training pages labelled other stays out');
  assert.ok(!text.includes('Bridge closed for repairs'), 'a list of links stays out');
  assert.ok(!text.includes(NOSCRIPT), '<noscript> text stays out');
  assert.ok(!text.includes('Most read'), 'outside the container nothing is added');
  // What the container offers before the general model reads it: the list, not links or <noscript>.
  const offered = containedBlocks(c.page, t.model.body.containers!).map((i) => c.page.blocks[i]!.text);
  assert.ok(offered.includes(item(1)), offered.join('\n'));
  for (const no of [NOSCRIPT, CAPTION, ASIDE, BYLINE, 'Bridge closed for repairs last winter']) assert.ok(!offered.includes(no), `not offered: ${no}`);
  // The rules alone, without the general model's reading: the container adds nothing.
  const ruled = t.model.ruleLabels(c.page);
  assert.ok(c.page.blocks.every((b, i) => !b.text.startsWith('Point') || ruled.labels[i] === 'other'));
});
