import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadPage, type Page } from '../../src/page.js';
import { computeEncodedFeatures, computeFeatures } from '../../src/features/registry.js';
import { buildFeatureIndex } from '../../src/models/linear/feature-index.js';
import { encodeSequences } from '../../src/models/linear/encode.js';
import { getTrainer } from '../../src/models/registry.js';
import { resolveParams } from '../../src/models/params.js';
import type { LabeledSequence } from '../../src/models/labeler.js';
import type { Label } from '../../src/labels.js';
import { fixture } from '../helpers/paths.js';

const pages: Page[] = ['article.html', 'german.html', 'chinese.html', 'no-title.html'].map((name) =>
  loadPage(new Uint8Array(readFileSync(fixture('features', name))), { id: name, url: `https://example.com/${name}` }));
const named = pages.map((p) => computeFeatures(p));

test('encoded features equal the named features encoded against the same vocabulary', () => {
  // A vocabulary that lacks every third name: dropped names must vanish from both paths alike.
  const all = buildFeatureIndex(named, 1, 'none').names;
  const vocab = new Map(all.filter((_, k) => k % 3 !== 1).map((n, k) => [n, k] as const));
  const index = { ...buildFeatureIndex(named, 1, 'none'), names: [...vocab.keys()], lookup: vocab };
  let realValues = 0;
  pages.forEach((page, k) => {
    const want = encodeSequences(index, [named[k]!]);
    const got = computeEncodedFeatures(page, {}, vocab);
    assert.equal(got.pageId, page.id);
    assert.equal(got.site, named[k]!.site);
    assert.deepEqual([...got.itemStart], [...want.itemStart], page.id);
    assert.deepEqual([...got.ids], [...want.ids], page.id);
    assert.deepEqual(got.vals && [...got.vals], want.vals && [...want.vals], page.id);
    if (got.vals) realValues++;
    assert.ok(got.ids.length < named[k]!.items.reduce((s, it) => s + it.attrs.length, 0), 'some names were dropped');
  });
  assert.ok(realValues > 0, 'the fixtures exercise real-valued attributes');
});

test('a page with more attributes than the shared scratch holds encodes the same, and so do the small pages after it', () => {
  const html = `<title>Long</title><body>${Array.from({ length: 400 }, (_, k) => `<div class="row r${k}"><p>Paragraph ${k} has several words in it, enough for many features.</p></div>`).join('')}</body>`;
  const big = loadPage(new TextEncoder().encode(html), { id: 'big', url: 'https://example.com/big' });
  const bigNamed = computeFeatures(big);
  assert.ok(bigNamed.items.reduce((s, it) => s + it.attrs.length, 0) > 1 << 14, 'the page outgrows the scratch arrays');
  const index = buildFeatureIndex([...named, bigNamed], 1, 'none');
  for (const [page, seq] of [[big, bigNamed], [pages[0]!, named[0]!], [big, bigNamed]] as const) {
    const want = encodeSequences(index, [seq]);
    const got = computeEncodedFeatures(page, {}, index.lookup);
    assert.deepEqual([...got.itemStart], [...want.itemStart], page.id);
    assert.deepEqual([...got.ids], [...want.ids], page.id);
  }
});

test('an empty vocabulary and a page without blocks give empty encodings', () => {
  const got = computeEncodedFeatures(pages[0]!, {}, new Map());
  assert.equal(got.itemStart.length, pages[0]!.blocks.length + 1);
  assert.equal(got.ids.length, 0);
  const empty = computeEncodedFeatures(loadPage(new Uint8Array(0), { id: 'empty' }), {}, new Map([['kind=text', 0]]));
  assert.deepEqual([...empty.itemStart], [0]);
});

test('log-linear labelers predict the same from encoded features as from named ones', () => {
  // Gold from the markup, enough for a model with non-trivial weights.
  const data: LabeledSequence[] = pages.map((page, k) => ({
    ...named[k]!,
    labels: page.blocks.map((b, i): Label => (i === 0 ? 'title' : b.kind === 'text' && b.text.split(' ').length > 12 ? 'body' : 'other')),
  }));
  const runs = [['crf', 'both'], ['crf', 'none'], ['maxent', 'prev'], ['memm', 'none']] as const;
  for (const [algorithm, history] of runs) {
    const trainer = getTrainer(algorithm);
    const labeler = trainer.train(data, resolveParams(trainer.params, { maxIterations: 30, threads: 1, history }));
    assert.ok(labeler.vocabulary && labeler.predictEncoded, `${algorithm} exposes the encoded path`);
    pages.forEach((page, k) => {
      const a = labeler.predict(named[k]!);
      const b = labeler.predictEncoded!(computeEncodedFeatures(page, {}, labeler.vocabulary!));
      assert.deepEqual(b.labels, a.labels, `${algorithm} ${page.id}`);
      assert.deepEqual(b.probs, a.probs, `${algorithm} ${page.id}`);
    });
  }
});
