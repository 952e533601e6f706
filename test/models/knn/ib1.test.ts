import { test } from 'node:test';
import assert from 'node:assert/strict';
import { trainKnn, Ib1Labeler, knnTrainer, resolveKnnParams, KNN_PARAMS } from '../../../src/models/knn/index.js';
import { encodeItem } from '../../../src/models/knn/table.js';
import { Searcher } from '../../../src/models/knn/search.js';
import { probsForEachK, voteProbs } from '../../../src/models/knn/voting.js';
import { LABELS, type Label } from '../../../src/labels.js';
import type { LabeledSequence } from '../../../src/models/labeler.js';
import { rng, synthetic } from './synthetic.js';
import { seqOf, unlabeled } from './helpers.js';

/**
 * Brute force over the deduplicated base, same distance function: the k smallest distinct
 * distances with label counts. The search must give exactly this.
 */
function brute(m: Ib1Labeler, q: Float64Array, k: number): { d: number[]; counts: number[][] } {
  const s = new Searcher(m.base, k);
  const all: { d: number; r: number }[] = [];
  for (let r = 0; r < m.base.rows; r++) all.push({ d: s.distanceTo(q, r), r });
  const ds = [...new Set(all.map((x) => x.d))].sort((a, b) => a - b).slice(0, k);
  const counts = ds.map((d) => {
    const c = [0, 0, 0, 0];
    for (const x of all) if (x.d === d) for (let l = 0; l < 4; l++) c[l]! += m.base.counts[x.r * 4 + l]!;
    return c;
  });
  return { d: ds, counts };
}

function checkExact(train: LabeledSequence[], queries: LabeledSequence[], params: Record<string, string | number>): number {
  const m = trainKnn(train, params) as Ib1Labeler;
  assert.ok(m instanceof Ib1Labeler);
  let n = 0;
  for (const seq of queries) {
    for (const item of seq.items) {
      const q = encodeItem(m.core.columns, item, new Float64Array(item.columns.length));
      const got = m.neighbours(q);
      const want = brute(m, q, m.core.config.k);
      assert.deepEqual(Array.from(got.distances), want.d, `distances, params ${JSON.stringify(params)}`);
      const gotCounts = Array.from({ length: got.ranks }, (_, r) => Array.from(got.counts.subarray(r * 4, r * 4 + 4)));
      assert.deepEqual(gotCounts, want.counts);
      n++;
    }
  }
  return n;
}

test('IB1 search equals brute force (symbolic + numeric, several k and weightings)', () => {
  const train = synthetic({ items: 2000, symbolic: 6, numeric: 4, cardinality: 12, seed: 7 });
  const queries = synthetic({ items: 60, symbolic: 6, numeric: 4, cardinality: 24, seed: 8 }); // many unseen values
  let n = 0;
  for (const weighting of ['gain-ratio', 'none', 'chi-square', 'information-gain', 'shared-variance']) {
    for (const k of [1, 4]) n += checkExact(train, queries, { weighting, k });
  }
  assert.ok(n > 500, String(n));
});

test('IB1 search equals brute force with missing values, constant and real-valued columns', () => {
  const mk = (count: number, seed: number): LabeledSequence[] => {
    const r = rng(seed);
    const rows: (string | number)[][] = [];
    const labels: Label[] = [];
    for (let i = 0; i < count; i++) {
      const a = Math.floor(r() * 3);
      rows.push([
        `s${a}`,
        r() < 0.2 ? NaN : r() * 10, // missing 20%
        5, // constant column (empty range)
        Math.floor(r() * 4),
        r() < 0.5 ? 'x' : 'y',
      ]);
      labels.push(LABELS[(a + (r() < 0.3 ? 1 : 0)) % 4]!);
    }
    return [seqOf(rows, labels)];
  };
  const train = mk(800, 11);
  const queries = [...mk(80, 12), seqOf([['unseen', NaN, 6, 99, 'z'], ['s1', NaN, 5, 2, 'x']], ['body', 'body'])];
  for (const k of [1, 2, 5]) checkExact(train, queries, { k, weighting: 'gain-ratio' });
  checkExact(train, queries, { k: 3, weighting: 'none' });
});

test('k counts distances: every instance tied at the nearest distance votes', () => {
  // Three identical training rows (2 x body, 1 x other) at distance 0, one title farther away.
  const train = [seqOf([['a', 'x'], ['a', 'x'], ['a', 'x'], ['b', 'y']], ['body', 'body', 'other', 'title'])];
  const m = trainKnn(train, { k: 1, weighting: 'none' }) as Ib1Labeler;
  const p = m.predict(unlabeled([['a', 'x']]));
  assert.equal(p.labels[0], 'body');
  assert.deepEqual(p.probs[0], [0, 0, 2 / 3, 1 / 3]);
  // k = 2 adds the whole next distance rank (the title at distance 2)
  const m2 = trainKnn(train, { k: 2, weighting: 'none' }) as Ib1Labeler;
  assert.deepEqual(m2.predict(unlabeled([['a', 'x']])).probs[0], [0.25, 0, 0.5, 0.25]);
  assert.equal(m.base.rows, 2, 'identical rows are merged');
});

test('voting variants weigh the ranks as documented', () => {
  const nb = { ranks: 3, distances: Float64Array.from([0, 1, 2]), counts: Float64Array.from([1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 4, 0]) };
  const prior = [1, 1, 1, 1];
  assert.deepEqual(voteProbs(nb, 'majority', 1, prior), [1 / 7, 2 / 7, 4 / 7, 0]);
  // inverse-linear: weights 1, 0.5, 0 -> votes 1, 1, 0
  assert.deepEqual(voteProbs(nb, 'inverse-linear', 1, prior), [0.5, 0.5, 0, 0]);
  // inverse-distance: 1/(d + 1e-6)
  const id = voteProbs(nb, 'inverse-distance', 1, prior);
  const v = [1 / 1e-6, 2 / (1 + 1e-6), 4 / (2 + 1e-6)];
  const sum = v[0]! + v[1]! + v[2]!;
  id.slice(0, 3).forEach((p, i) => assert.ok(Math.abs(p - v[i]! / sum) < 1e-12));
  // exponential decay: exp(-alpha d)
  const ed = voteProbs(nb, 'exponential-decay', 2, prior);
  const e = [1, 2 * Math.exp(-2), 4 * Math.exp(-4)];
  const es = e[0]! + e[1]! + e[2]!;
  ed.slice(0, 3).forEach((p, i) => assert.ok(Math.abs(p - e[i]! / es) < 1e-12));
  // nobody votes -> the prior
  assert.deepEqual(voteProbs({ ranks: 0, distances: new Float64Array(0), counts: new Float64Array(0) }, 'majority', 1, [1, 0, 3, 0]), [0.25, 0, 0.75, 0]);
});

test('voting changes predictions end to end', () => {
  // query (q, q, z) is at distance 1 from one title and at distance 2 from three bodies
  const train = [seqOf([['q', 'q', 'x'], ['m', 'q', 'w'], ['q', 'm', 'w'], ['m', 'q', 'v']], ['title', 'body', 'body', 'body'])];
  const q = unlabeled([['q', 'q', 'z']]);
  const majority = trainKnn(train, { k: 3, weighting: 'none', voting: 'majority' }).predict(q);
  const linear = trainKnn(train, { k: 3, weighting: 'none', voting: 'inverse-linear' }).predict(q);
  assert.equal(majority.labels[0], 'body');
  assert.equal(linear.labels[0], 'title');
  for (const p of [...majority.probs, ...linear.probs]) assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 1) < 1e-12);
});

test('explain names the columns shared with the nearest neighbours, strongest first', () => {
  const train = synthetic({ items: 2000, symbolic: 4, numeric: 2, seed: 5 });
  const m = trainKnn(train, { k: 3 });
  const seq = synthetic({ items: 5, symbolic: 4, numeric: 2, seed: 6 })[0]!;
  const ex = m.explain(seq, 0, 4);
  assert.ok(ex.length > 0 && ex.length <= 4);
  for (let i = 1; i < ex.length; i++) assert.ok(Math.abs(ex[i - 1]!.weight) >= Math.abs(ex[i]!.weight));
  assert.match(ex[0]!.feature, /^c\d+=/);
  assert.ok(ex.some((e) => /nearest: (title|heading|body|other) \d/.test(e.feature)));
  assert.throws(() => m.explain(seq, 99), { code: 'BAD_OPTION' });
});

test('parameters: defaults, validation, unknown names', () => {
  const c = resolveKnnParams({});
  assert.deepEqual({ ...c }, { algorithm: 'ib1', k: 1, weighting: 'gain-ratio', voting: 'majority', decay: 1, bins: 20 });
  assert.ok(Object.isFrozen(c));
  assert.equal(resolveKnnParams({ k: '5' }).k, 5);
  assert.throws(() => resolveKnnParams({ k: 0 }), { code: 'BAD_OPTION' });
  assert.throws(() => resolveKnnParams({ k: 1.5 }), { code: 'BAD_OPTION' });
  assert.throws(() => resolveKnnParams({ voting: 'loud' }), { code: 'BAD_OPTION' });
  assert.throws(() => resolveKnnParams({ kk: 1 }), { code: 'BAD_OPTION' });
  assert.deepEqual(KNN_PARAMS.map((p) => p.name), ['algorithm', 'k', 'weighting', 'voting', 'decay', 'bins']);
  assert.equal(knnTrainer.algorithm, 'knn');
});

test('bad training data and mismatched items give clear errors', () => {
  assert.throws(() => trainKnn([], {}), { code: 'BAD_CORPUS' });
  assert.throws(() => trainKnn([seqOf([['a'], ['b', 1]], ['body', 'other'])], {}), { code: 'BAD_CORPUS' });
  assert.throws(() => trainKnn([{ ...seqOf([['a']], ['body']), labels: [] }], {}), { code: 'BAD_CORPUS' });
  const m = trainKnn([seqOf([['a', 1], ['b', 2]], ['body', 'other'])], {});
  assert.throws(() => m.predict(unlabeled([['a']])), { code: 'BAD_OPTION' });
  // empty sequence: empty prediction
  assert.deepEqual(m.predict(unlabeled([])), { labels: [], probs: [] });
  // a number where a symbol was trained is just another (unseen) value; junk is missing
  assert.equal(m.predict(unlabeled([[3, 1]])).labels.length, 1);
  const junk = unlabeled([[null as never, {} as never], ['a', 'x'], ['b', Infinity]]);
  assert.equal(m.predict(junk).labels.length, 3);
  assert.equal(trainKnn([seqOf([['a', null as never], ['b', 2]], ['body', 'other'])], {}).predict(junk).labels.length, 3);
});

test('one search with the largest k serves a whole k sweep', () => {
  const train = synthetic({ items: 1500, symbolic: 5, numeric: 3, integers: false, seed: 41 });
  const queries = synthetic({ items: 40, symbolic: 5, numeric: 3, integers: false, seed: 42 });
  const big = trainKnn(train, { k: 6, voting: 'inverse-distance' }) as Ib1Labeler;
  const small = [1, 2, 3, 4, 5, 6].map((k) => trainKnn(train, { k, voting: 'inverse-distance' }) as Ib1Labeler);
  for (const item of queries[0]!.items) {
    const q = encodeItem(big.core.columns, item, new Float64Array(8));
    const sweep = probsForEachK(big.neighbours(q), 'inverse-distance', 1, big.core.prior);
    sweep.forEach((p, i) => assert.deepEqual(p, small[i]!.classify(q)));
  }
});
