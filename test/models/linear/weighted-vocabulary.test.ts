/** A linear model's weighted vocabulary: the attributes with any nonzero weight, and predictions from it equal to the full one's. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadPage, type Page } from '../../../src/page.js';
import { computeEncodedFeatures, computeFeatures } from '../../../src/features/registry.js';
import { getTrainer } from '../../../src/models/registry.js';
import { resolveParams } from '../../../src/models/params.js';
import { predictPage } from '../../../src/models/page-prediction.js';
import { LinearLabeler } from '../../../src/models/linear/labeler-base.js';
import { extraLength } from '../../../src/models/linear/model.js';
import type { LabeledSequence } from '../../../src/models/labeler.js';
import type { Label } from '../../../src/labels.js';
import { fixture } from '../../helpers/paths.js';

const pages: Page[] = ['article.html', 'german.html', 'chinese.html', 'no-title.html'].map((name) =>
  loadPage(new Uint8Array(readFileSync(fixture('features', name))), { id: name, url: `https://example.com/${name}` }));
const named = pages.map((p) => computeFeatures(p));
const data: LabeledSequence[] = pages.map((page, k) => ({
  ...named[k]!,
  labels: page.blocks.map((b, i): Label => (i === 0 ? 'title' : b.kind === 'text' && b.text.split(' ').length > 12 ? 'body' : 'other')),
}));

/** Sets every weight of attribute k to 0: its own row, its history rows and its CRF edge block. */
function zeroAttribute(labeler: LinearLabeler, k: number): void {
  const { index, W, labels, algorithm, edges } = labeler.model;
  const L = labels.length;
  for (const row of [index.own[k]!, index.prev[k]!, index.next[k]!]) if (row >= 0) W.fill(0, row * L, row * L + L);
  if (edges) {
    const at = index.rows * L + extraLength(algorithm, L) + k * L * L;
    W.fill(0, at, at + L * L);
  }
}

const runs = [['crf', 'both', true], ['crf', 'none', false], ['maxent', 'prev', false], ['memm', 'next', false]] as const;
for (const [algorithm, history, edges] of runs) {
  test(`${algorithm} (history ${history}${edges ? ', edges' : ''}): attributes without weight leave the weighted vocabulary, and predictions do not change`, () => {
    const trainer = getTrainer(algorithm);
    const labeler = trainer.train(data, resolveParams(trainer.params, { maxIterations: 30, threads: 1, history, ...(edges ? { edges } : {}) }));
    assert.ok(labeler instanceof LinearLabeler);
    const full = labeler.vocabulary;
    assert.equal(labeler.weightedVocabulary, full, 'a model that weighs (nearly) every attribute it kept uses its whole vocabulary, no copy');
    // Zero a third of the attributes, among them the most frequent ones (numbered first).
    const zeroed = [...full.values()].filter((k) => k % 3 === 0);
    for (const k of zeroed) zeroAttribute(labeler, k);
    const fresh = trainer.fromJSON(labeler.toJSON()) as LinearLabeler;
    const weighted = fresh.weightedVocabulary;
    assert.equal(weighted.size, full.size - zeroed.length);
    for (const [name, k] of full) assert.equal(weighted.get(name), k % 3 === 0 ? undefined : k, name);
    pages.forEach((page, p) => {
      const want = fresh.predict(named[p]!);
      assert.deepEqual(predictPage(page, fresh, {}), want, page.id);
      const encoded = computeEncodedFeatures(page, {}, weighted);
      assert.ok(encoded.ids.length < computeEncodedFeatures(page, {}, full).ids.length, 'fewer attributes are encoded');
    });
  });
}
