import { test } from 'node:test';
import assert from 'node:assert/strict';
import { maxentObjective, maxentTrainer } from '../../src/models/maxent/maxent.js';
import { memmObjective, memmTrainer, MemmLabeler } from '../../src/models/memm/memm.js';
import { buildFeatureIndex } from '../../src/models/linear/feature-index.js';
import { encodeGold, encodeSequences, labelsInData } from '../../src/models/linear/encode.js';
import { LABELS, type Label } from '../../src/labels.js';
import type { LabeledSequence } from '../../src/models/labeler.js';
import type { Objective } from '../../src/models/optim/types.js';
import { accuracy, markovData, randomData, rng } from './synthetic.js';

function checkGradient(fn: Objective, dim: number, seed: number): void {
  const r = rng(seed);
  const x = Float64Array.from({ length: dim }, () => (r() - 0.5) * 1.5);
  const g = new Float64Array(dim), gh = new Float64Array(dim);
  fn(x, g);
  const h = 1e-5;
  for (let j = 0; j < dim; j++) {
    const keep = x[j]!;
    x[j] = keep + h; const fp = fn(x, gh);
    x[j] = keep - h; const fm = fn(x, gh);
    x[j] = keep;
    const num = (fp - fm) / (2 * h);
    assert.ok(Math.abs(num - g[j]!) < 1e-5 * Math.max(1, Math.abs(num)), `coordinate ${j}: numeric ${num} vs analytic ${g[j]}`);
  }
}

function setup(data: LabeledSequence[], history: 'none' | 'prev' | 'both') {
  const labels = labelsInData(data, LABELS);
  const ix = buildFeatureIndex(data, 1, history);
  return { ix, enc: encodeSequences(ix, data), gold: encodeGold(data, labels), L: labels.length, labels };
}

test('MaxEnt gradient equals finite differences', () => {
  for (const [history, unknownRate, seed] of [['none', 0, 1], ['both', 0.3, 2]] as const) {
    const { ix, enc, gold, L } = setup(randomData(seed, { seqs: 5, vocab: 5, unknownRate }), history);
    checkGradient(maxentObjective(ix, enc, gold, L, 2), ix.rows * L + L, seed);
  }
});

test('MEMM gradient equals finite differences', () => {
  for (const [history, unknownRate, seed] of [['none', 0, 3], ['prev', 0.3, 4]] as const) {
    const { ix, enc, gold, L } = setup(randomData(seed, { seqs: 5, vocab: 5, unknownRate }), history);
    checkGradient(memmObjective(ix, enc, gold, L, 2), ix.rows * L + (L + 1) * L, seed);
  }
});

test('MaxEnt learns a per-item rule; unknown items are ignored', () => {
  const mk = (seed: number): LabeledSequence[] => {
    const r = rng(seed);
    return Array.from({ length: 30 }, (_, s) => {
      const labels: Label[] = [], items = [];
      for (let i = 0; i < 10; i++) {
        const y: Label = r() < 0.5 ? 'body' : 'other';
        labels.push(y);
        items.push({ attrs: [y === 'body' ? 'long' : 'short', `noise${Math.floor(r() * 5)}`], columns: [] });
      }
      return { pageId: `p${s}`, site: 's', items, labels };
    });
  };
  const train = mk(1).map((s) => ({ ...s, labels: s.labels.map((l, i) => (i % 4 === 0 ? 'unknown' as const : l)) }));
  const me = maxentTrainer.train(train, {});
  const testData = mk(2);
  assert.equal(accuracy(testData.map((s) => me.predict(s).labels), testData), 1);
});

test('MEMM marginals and Viterbi equal brute force over the product of local distributions', () => {
  const data = randomData(8, { seqs: 3, maxLen: 5, vocab: 4, labels: ['heading', 'body', 'other'] });
  const { ix, L, labels } = setup(data, 'prev');
  const r = rng(3);
  const W = Float64Array.from({ length: ix.rows * L + (L + 1) * L }, () => (r() - 0.5) * 3);
  const labeler = new MemmLabeler({ algorithm: 'memm', labels, index: ix, W });
  const T = ix.rows * L;
  for (const seq of data) {
    const n = seq.items.length;
    const S = labeler.scores(seq);
    const local = (i: number, prev: number, y: number) => {
      const s = (yy: number) => S[i * L + yy]! + W[T + prev * L + yy]!;
      let z = 0;
      for (let yy = 0; yy < L; yy++) z += Math.exp(s(yy));
      return Math.exp(s(y)) / z;
    };
    const marg = new Float64Array(n * L);
    let best = -1, arg: number[] = [];
    const p = new Array<number>(n).fill(0);
    for (;;) {
      let pr = 1;
      p.forEach((y, i) => { pr *= local(i, i === 0 ? L : p[i - 1]!, y); });
      p.forEach((y, i) => { marg[i * L + y] += pr; });
      if (pr > best) { best = pr; arg = [...p]; }
      let i = n - 1;
      while (i >= 0 && ++p[i]! === L) p[i--] = 0;
      if (i < 0) break;
    }
    const pred = labeler.predict(seq);
    assert.deepEqual(pred.labels, arg.map((y) => labels[y]));
    for (let i = 0; i < n; i++) {
      for (let y = 0; y < L; y++) assert.ok(Math.abs(pred.probs[i]![LABELS.indexOf(labels[y]!)]! - marg[i * L + y]!) < 1e-12);
    }
  }
});

test('MEMM uses transitions on the Markov toy problem; explain names them', () => {
  // Observations clear enough for a local model: with weak ones (clarity 0.6) the MEMM's
  // label bias makes it stick to its previous label and it falls below MaxEnt.
  const train = markovData(1, { seqs: 60, clarity: 0.8 });
  const testData = markovData(2, { seqs: 40, clarity: 0.8 });
  const memm = memmTrainer.train(train, {});
  const me = maxentTrainer.train(train, {});
  const accMemm = accuracy(testData.map((s) => memm.predict(s).labels), testData);
  const accMe = accuracy(testData.map((s) => me.predict(s).labels), testData);
  assert.ok(accMemm > accMe + 0.03, `MEMM ${accMemm.toFixed(3)} vs MaxEnt ${accMe.toFixed(3)}`);
  const ex = memm.explain(testData[0]!, 0);
  assert.ok(ex.some((c) => c.feature.startsWith('trans:START->')));
  assert.ok(maxentTrainer.train(train, {}).explain(testData[0]!, 2).some((c) => c.feature.startsWith('bias:')));
});
