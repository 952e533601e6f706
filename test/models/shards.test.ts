import test from 'node:test';
import assert from 'node:assert/strict';
import { crfObjective } from '../../src/models/crf/objective.js';
import { maxentObjective } from '../../src/models/maxent/maxent.js';
import { memmObjective } from '../../src/models/memm/memm.js';
import { crfTrainer } from '../../src/models/crf/crf.js';
import { buildFeatureIndex } from '../../src/models/linear/feature-index.js';
import { encodeGold, encodeSequences, labelsInData } from '../../src/models/linear/encode.js';
import { weightLength, type LinearAlgorithm } from '../../src/models/linear/model.js';
import { shardBounds, shardedObjective, sliceEncoded, type ObjectiveFactory } from '../../src/models/linear/shards.js';
import { trainingThreads } from '../../src/models/linear/train.js';
import { resolveParams } from '../../src/models/params.js';
import { LABELS } from '../../src/labels.js';
import { randomData, rng } from './synthetic.js';

const FACTORIES: Array<[LinearAlgorithm, ObjectiveFactory]> = [['crf', crfObjective], ['maxent', maxentObjective], ['memm', memmObjective]];

test('shard bounds cover every sequence once, in order, with balanced work', () => {
  const data = randomData(3, { seqs: 40, maxLen: 12, vocab: 8 });
  const ix = buildFeatureIndex(data, 1, 'none');
  const enc = encodeSequences(ix, data);
  for (const parts of [1, 2, 3, 7]) {
    const b = shardBounds(enc, parts);
    assert.equal(b.length, parts + 1);
    assert.equal(b[0], 0);
    assert.equal(b[parts], data.length);
    for (let k = 1; k < b.length; k++) assert.ok(b[k]! >= b[k - 1]!);
  }
  const [, mid] = shardBounds(enc, 2);
  const total = enc.ids.length;
  const first = enc.itemStart[enc.seqStart[mid!]!]!;
  assert.ok(Math.abs(first - total / 2) < total / 4, `halves of ${total} split at ${first}`);
});

test('a sliced shard holds exactly its sequences, with offsets from zero', () => {
  const data = randomData(4, { seqs: 10, maxLen: 6, vocab: 5, unknownRate: 0.2 });
  const labels = labelsInData(data, LABELS);
  const ix = buildFeatureIndex(data, 1, 'none');
  const enc = encodeSequences(ix, data);
  const gold = encodeGold(data, labels);
  const { enc: part, gold: partGold } = sliceEncoded(enc, gold, 3, 7);
  const expected = encodeSequences(ix, data.slice(3, 7));
  assert.deepEqual([...part.seqStart], [...expected.seqStart]);
  assert.deepEqual([...part.itemStart], [...expected.itemStart]);
  assert.deepEqual([...part.ids], [...expected.ids]);
  assert.deepEqual([...partGold], [...encodeGold(data.slice(3, 7), labels)]);
});

test('the objective on worker threads equals the one-thread objective (CRF, MaxEnt, MEMM)', () => {
  const data = randomData(7, { seqs: 30, maxLen: 9, vocab: 7, unknownRate: 0.2 });
  const labels = labelsInData(data, LABELS);
  const L = labels.length;
  const ix = buildFeatureIndex(data, 1, 'none');
  const enc = encodeSequences(ix, data);
  const gold = encodeGold(data, labels);
  for (const [algorithm, make] of FACTORIES) {
    const dim = weightLength(algorithm, ix, L, false);
    const r = rng(11);
    const W = Float64Array.from({ length: dim }, () => r() - 0.5);
    const G1 = new Float64Array(dim);
    const f1 = make(ix, enc, gold, L, 2, {})(W, G1);
    for (const threads of [2, 3]) {
      const sharded = shardedObjective(algorithm, make, ix, enc, gold, L, 2, dim, { threads });
      try {
        assert.equal(sharded.threads, threads, `${algorithm}: ${threads} threads started`);
        const G = new Float64Array(dim);
        // Twice: the second evaluation must not see the first one's gradient.
        sharded.objective(W, G);
        const f = sharded.objective(W, G);
        assert.ok(Math.abs(f - f1) < 1e-9 * Math.max(1, Math.abs(f1)), `${algorithm}/${threads}: loss ${f} vs ${f1}`);
        for (let j = 0; j < dim; j++) assert.ok(Math.abs(G[j]! - G1[j]!) < 1e-9, `${algorithm}/${threads}: gradient ${j}`);
      } finally {
        sharded.close();
      }
    }
  }
});

test('a CRF trained on two threads matches the one-thread CRF', () => {
  const data = randomData(8, { seqs: 24, maxLen: 8, vocab: 6 });
  const one = crfTrainer.train(data, resolveParams(crfTrainer.params, { threads: 1, maxIterations: 30 }));
  const two = crfTrainer.train(data, resolveParams(crfTrainer.params, { threads: 2, maxIterations: 30 }));
  const trained = (m: typeof one) => (m.toJSON() as { training: { threads: number } }).training.threads;
  assert.equal(trained(one), 1);
  assert.equal(trained(two), 2);
  for (const seq of data) {
    const a = one.predict(seq), b = two.predict(seq);
    assert.deepEqual(b.labels, a.labels);
    a.probs.forEach((p, i) => p.forEach((v, y) => assert.ok(Math.abs(v - b.probs[i]![y]!) < 1e-4)));
  }
});

test('training threads: an explicit request is kept; automatic ones are capped by data size', () => {
  assert.equal(trainingThreads(4, 100), 4);
  assert.equal(trainingThreads(0, 100), 1);
  assert.ok(trainingThreads(0, 1e12) >= 1);
});
