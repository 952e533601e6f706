/**
 * Smoke test per shared corpus: open it in place, align the first 3 pages, and score the first 2
 * with the all-text and oracle extractors as `pith eval --limit 2` does (the command itself runs on
 * one shared corpus in test/eval/cli-eval.test.ts: opening a corpus is most of the cost, so each
 * is opened once, here). Skips without ../shared.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { haveSharedCorpora, sharedCorpora } from '../helpers/paths.js';
import { openCorpus, loadCorpusPage, goldBlockLabels } from '../../src/corpus/index.js';
import { isContent } from '../../src/labels.js';
import { evaluateCorpora } from '../../src/eval/runner.js';
import { allTextExtractor } from '../../src/eval/baselines/all-text.js';
import { oracleExtractor } from '../../src/eval/baselines/oracle.js';

const CORPORA: readonly [string, string, string][] = [
  ['readability-test-pages', 'readability', 'train'],
  ['wcxb-dev', 'wcxb', 'train'],
  ['trafilatura-eval', 'trafilatura', 'train'],
  ['postlight-titles', 'postlight', 'train'],
  ['l3s-gn1', 'l3s-gn1', 'eval-only'],
  ['cleaneval', 'cleaneval', 'eval-only'],
  ['dragnet', 'dragnet', 'eval-only'],
  ['msv-big9', 'msv', 'eval-only'],
  ['swde-book', 'swde', 'eval-only'],
];

for (const [folder, format, use] of CORPORA) {
  const dir = join(sharedCorpora, folder);
  test(`shared corpus ${folder}: opens and aligns its first pages; eval scores two`, { skip: !haveSharedCorpora || !existsSync(dir) ? `${dir} absent` : false }, async () => {
    const corpus = await openCorpus(dir);
    assert.equal(corpus.format, format);
    assert.equal(corpus.use, use);
    assert.ok(corpus.pages.length > 50);
    assert.equal(new Set(corpus.pages.map((p) => p.id)).size, corpus.pages.length, 'ids are unique');
    for (const cp of corpus.pages.slice(0, 3)) {
      assert.match(cp.site, /^[a-z0-9.-]+$/);
      const page = await loadCorpusPage(corpus, cp);
      const labels = goldBlockLabels(page, cp.gold);
      assert.equal(labels.length, page.blocks.length);
      assert.ok(labels.filter((l) => l === 'title').length <= 1);
      if (format === 'swde') {
        // A fields-only corpus: no body gold, every page carries its named fields and a URL.
        assert.ok(cp.gold.partial, `${cp.id} gold is partial`);
        assert.ok(Object.keys(cp.gold.fields ?? {}).length >= 5, `${cp.id} has its fields`);
        assert.match(cp.url ?? '', /^https?:\/\//);
        assert.ok(!labels.includes('body'), `${cp.id} has no body gold`);
      } else if (format !== 'postlight') assert.ok(labels.some(isContent), `${cp.id} has content`);
    }
    const scored = await evaluateCorpora([{ ...corpus, pages: corpus.pages.slice(0, 2) }], [allTextExtractor, oracleExtractor]);
    assert.equal(scored.corpora[0]!.pages, 2);
    for (const run of scored.corpora[0]!.runs) assert.equal(run.errors, 0, `${run.extractor}: ${JSON.stringify(run.errorSamples)}`);
  });
}
