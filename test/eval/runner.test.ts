import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from '../../src/page.js';
import { evaluateCorpora, evaluatePages, type LoadedPage, type PageRef } from '../../src/eval/runner.js';
import { crossValidate, type Fittable } from '../../src/eval/cross-validate.js';
import { toJSON, toMarkdown } from '../../src/eval/report.js';
import { allTextExtractor } from '../../src/eval/baselines/all-text.js';
import { oracleExtractor } from '../../src/eval/baselines/oracle.js';
import type { Corpus, CorpusPage } from '../../src/corpus/types.js';
import type { Extractor } from '../../src/eval/extractor.js';
import type { GoldLabel } from '../../src/labels.js';

// Synthetic pages: a nav block, a headline and N paragraphs; gold says nav is other.
function pageHtml(i: number): string {
  return `<html><head><title>Site - Story ${i}</title></head><body><div>Home News Sport</div><h1>Story ${i}</h1><p>Paragraph ${i} one.</p><p>Paragraph ${i} two.</p></body></html>`;
}
function makeCorpus(name: string, n: number, sites = n): Corpus {
  const pages: CorpusPage[] = Array.from({ length: n }, (_, i) => ({
    id: `${name}-${i}`, site: `site${i % sites}.com`, url: undefined, htmlPath: `/nowhere/${i}.html`,
    gold: { title: `Story ${i}`, mainText: `Paragraph ${i} one.\nParagraph ${i} two.` },
  }));
  return { name, format: 'pith', root: '/nowhere', use: 'train', pages };
}
/** The corpus cut to its first n pages, as `openCorpus(path, { limit })` reads it. */
function firstPages(corpus: Corpus, n: number): Corpus {
  return { ...corpus, pages: corpus.pages.slice(0, n) };
}
const loads: string[] = [];
async function loader(ref: PageRef): Promise<LoadedPage> {
  loads.push(ref.page.id);
  if (ref.page.id.endsWith('-broken')) throw new Error('cannot read');
  const i = Number(ref.page.id.split('-').pop());
  const html = pageHtml(i);
  const page = loadPage(new TextEncoder().encode(html), { id: ref.page.id });
  const blockLabels: GoldLabel[] = ['other', 'title', 'body', 'body'];
  return { page, html, gold: { blockLabels, title: ref.page.gold.title!, text: ref.page.gold.mainText! } };
}

test('each page loads once for all extractors; gold labels go only to extractors that need them', async () => {
  loads.length = 0;
  const seen: boolean[] = [];
  const spy: Extractor = { name: 'spy', extract: (input) => { seen.push(input.goldLabels !== undefined); return allTextExtractor.extract(input); } };
  const r = await evaluateCorpora([firstPages(makeCorpus('c', 4), 3)], [allTextExtractor, oracleExtractor, spy], { loader });
  assert.deepEqual(loads, ['c-0', 'c-1', 'c-2']);
  assert.deepEqual(seen, [false, false, false]);
  const [all, oracle] = r.corpora[0]!.runs;
  assert.equal(oracle!.summary.shingle!.f1, 1);
  assert.equal(oracle!.summary.title!.accuracy, 1);
  assert.equal(oracle!.summary.document!.all.accuracy, 1);
  assert.equal(all!.summary.title!.accuracy, 0);
  assert.ok(all!.summary.shingle!.precision < 1);
  assert.equal(all!.summary.shingle!.recall, 1);
  assert.equal(all!.summary.labels!.micro.body!.recall, 1);
});

test('an extractor failing on a page is counted, not fatal, and scored as finding nothing; unloadable pages are counted per corpus', async () => {
  const c = makeCorpus('c', 3);
  const broken: Corpus = { ...c, pages: [...c.pages, { ...c.pages[0]!, id: 'c-broken' }] };
  const flaky: Extractor = { name: 'flaky', extract: (input) => { if (input.page.id === 'c-1') throw new Error('boom'); return allTextExtractor.extract(input); } };
  const events: number[] = [];
  const r = await evaluatePages(broken.pages.map((page) => ({ corpus: broken, page })), [flaky, allTextExtractor], { loader, onProgress: (e) => events.push(e.done) });
  const cr = r.corpora[0]!;
  assert.equal(cr.pages, 4);
  assert.equal(cr.loadErrors, 1);
  assert.equal(cr.loadErrorSamples[0]!.pageId, 'c-broken');
  assert.equal(cr.runs[0]!.errors, 1);
  assert.deepEqual(cr.runs[0]!.errorSamples, [{ pageId: 'c-1', message: 'boom' }]);
  assert.equal(cr.runs[0]!.scores.length, 3);
  assert.equal(cr.runs[1]!.scores.length, 3);
  // The failed page counts as an empty extraction: left out, it would flatter the extractor.
  const failed = cr.runs[0]!.scores.find((s) => s.pageId === 'c-1')!;
  assert.equal(failed.shingle!.tp, 0);
  assert.ok(cr.runs[0]!.summary.shingle!.recall < cr.runs[1]!.summary.shingle!.recall);
  assert.deepEqual(events, [1, 2, 3, 4]);
  const md = toMarkdown(r);
  assert.match(md, /\| c \| flaky \| 3 \| 2 \|/);
  assert.match(md, /c \/ flaky: 1 error\(s\), e\.g\. c-1 \(boom\)/);
  assert.match(md, /## Block metrics/);
  const json = JSON.parse(JSON.stringify(toJSON(r))) as { corpora: { runs: { scores?: unknown }[] }[] };
  assert.equal(json.corpora[0]!.runs[0]!.scores, undefined);
});

test('results are grouped per corpus in order', async () => {
  const r = await evaluateCorpora([makeCorpus('a', 2), makeCorpus('b', 1)], [allTextExtractor], { loader });
  assert.deepEqual(r.corpora.map((c) => [c.corpus, c.pages]), [['a', 2], ['b', 1]]);
});

test('cross-validation never fits on a test page and pools every test page once', async () => {
  const c = makeCorpus('cv', 12, 6);
  const refs = c.pages.map((page) => ({ corpus: c, page }));
  const tested: string[] = [];
  const learner: Fittable = {
    name: 'memoriser',
    async fit(train) {
      const trained = new Set(train.map((r) => r.page.id));
      assert.ok(Object.isFrozen(train));
      return {
        name: 'memoriser',
        extract(input) {
          assert.ok(!trained.has(input.page.id), `${input.page.id} was trained on`);
          tested.push(input.page.id);
          return allTextExtractor.extract(input);
        },
      };
    },
  };
  const folds: number[] = [];
  const res = await crossValidate(refs, learner, { loader, folds: 3, strategy: 'cross-site', seed: 2, onFold: (e) => folds.push(e.fold) });
  assert.deepEqual(folds, [0, 1, 2]);
  assert.deepEqual([...tested].sort(), c.pages.map((p) => p.id).sort());
  assert.equal(res.scores.length, 12);
  assert.equal(res.summary.pages, 12);
  assert.equal(res.errors, 0);
  assert.equal(res.folds.reduce((a, f) => a + f.testPages, 0), 12);
  for (const f of res.folds) assert.equal(f.trainPages + f.testPages, 12);
  // Same seed, same folds.
  const again = await crossValidate(refs, learner, { loader, folds: 3, strategy: 'cross-site', seed: 2 });
  assert.deepEqual(again.split.folds, res.split.folds);
});
