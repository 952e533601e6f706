/**
 * The extraction path's attribute refs (families resolving names once per page, the encoding
 * sink's per-vocabulary cache) against the named path: on shared corpus pages with the
 * bundled model's vocabulary, and the keyed ref tables against the names they stand for.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadPage, type Page } from '../../src/page.js';
import { computeEncodedFeatures, computeFeatures } from '../../src/features/registry.js';
import { DecileRefs, KeyedRefs, Log2BucketRefs, ValueRefs, namedOutput } from '../../src/features/family.js';
import { decile, log2Bucket } from '../../src/features/text-stats.js';
import { bundledModelPath, loadExtractionModel } from '../../src/pipeline/extract.js';
import type { AttributeVocabulary, EncodedFeatures, SequenceInstance } from '../../src/features/types.js';
import { haveSharedCorpora, sharedCorpora } from '../helpers/paths.js';

/** The named features encoded against `vocab` as the encoding sink lays them out. */
function encodeNamed(seq: SequenceInstance, vocab: AttributeVocabulary): Pick<EncodedFeatures, 'itemStart' | 'ids' | 'vals'> {
  const itemStart = [0];
  const ids: number[] = [];
  const vals: number[] = [];
  for (const item of seq.items) {
    item.attrs.forEach((name, k) => {
      const id = vocab.get(name);
      if (id === undefined) return;
      ids.push(id);
      vals.push(item.values?.[k] ?? 1);
    });
    itemStart.push(ids.length);
  }
  const allOne = vals.every((v) => v === 1);
  return { itemStart: Int32Array.from(itemStart), ids: Int32Array.from(ids), vals: allOne ? null : Float32Array.from(vals) };
}

function assertSame(got: EncodedFeatures, want: Pick<EncodedFeatures, 'itemStart' | 'ids' | 'vals'>, what: string): void {
  assert.deepEqual([...got.itemStart], [...want.itemStart], what);
  assert.deepEqual([...got.ids], [...want.ids], what);
  assert.deepEqual(got.vals && [...got.vals], want.vals && [...want.vals], what);
}

function corpusPages(dir: string, every: number): Page[] {
  const root = join(sharedCorpora, dir, 'html');
  return readdirSync(root).sort().filter((_, i) => i % every === 0).map((name) => {
    const raw = readFileSync(join(root, name));
    return loadPage(new Uint8Array(name.endsWith('.gz') ? gunzipSync(raw) : raw), { id: `${dir}/${name}` });
  });
}

test('encoded features of shared corpus pages equal their named features, against the bundled model and twice over', { skip: !haveSharedCorpora && 'no ../shared/corpora' }, async () => {
  const model = await loadExtractionModel(bundledModelPath());
  const vocab = (model.labeler.weightedVocabulary ?? model.labeler.vocabulary)!;
  const pages = [...corpusPages('trafilatura-eval', 41), ...corpusPages('wcxb-dev', 271)];
  assert.ok(pages.length >= 20, 'enough pages');
  let attrs = 0;
  // The second round reads refs the first one left in the vocabulary's cache.
  for (const round of [1, 2]) {
    for (const page of pages) {
      const want = encodeNamed(computeFeatures(page, model.featureOptions), vocab);
      assertSame(computeEncodedFeatures(page, model.featureOptions, vocab), want, `${page.id} round ${round}`);
      attrs += want.ids.length;
    }
  }
  assert.ok(attrs > 10_000, 'the pages emit many weighted attributes');
});

test('the same page encodes the same against two vocabularies in turn (refs are kept per vocabulary)', () => {
  const html = '<title>T</title><body><nav class="menu"><a href="/">Home</a></nav><div class="post-body"><p>A paragraph with some words in it, long enough to be prose for the model here.</p></div></body>';
  const page = loadPage(new TextEncoder().encode(html), { id: 'two-vocabs' });
  const names = [...new Set(computeFeatures(page).items.flatMap((it) => it.attrs))];
  const a = new Map(names.map((n, k) => [n, k] as const));
  const b = new Map(names.filter((_, k) => k % 2 === 0).map((n, k) => [n, 1000 + k] as const));
  for (const vocab of [a, b, a, b]) assertSame(computeEncodedFeatures(page, {}, vocab), encodeNamed(computeFeatures(page), vocab), `vocabulary of ${vocab.size}`);
});

test('keyed ref tables stand for the names text-stats makes', () => {
  const names: string[] = [];
  const out = namedOutput((_i, name) => { names.push(name); }, () => {});
  const emit = (ref: number): string => {
    out.attrRef(0, ref);
    return names.pop()!;
  };
  const deciles = new DecileRefs(out, 'd=');
  for (const x of [-1, 0, 1e-9, 0.05, 0.1, 0.5, 0.999, 1, 7, Number.NaN]) assert.equal(emit(deciles.get(x)), `d=${decile(x)}`, String(x));
  const small = new Log2BucketRefs(out, 'b=', 64);
  const wide = new Log2BucketRefs(out, 'c=');
  for (const n of [-3, 0, 0.5, 1, 2, 3, 4, 63, 64, 65, 127, 128, 1000, 5000, 1 << 20]) {
    assert.equal(emit(small.get(n)), `b=${log2Bucket(n, 64)}`, String(n));
    assert.equal(emit(wide.get(n)), `c=${log2Bucket(n)}`, String(n));
  }
  const tags = new ValueRefs(out, 'tag=');
  assert.equal(emit(tags.get('p')), 'tag=p');
  assert.equal(tags.get('p'), tags.get('p'), 'one ref per value');
  let made = 0;
  const keyed = new KeyedRefs(out, (k) => { made++; return `k${k}`; });
  assert.equal(emit(keyed.get(3)), 'k3');
  keyed.get(3);
  assert.equal(made, 1, 'each key is named once');
});
