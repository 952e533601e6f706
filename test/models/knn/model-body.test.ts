import { test } from 'node:test';
import assert from 'node:assert/strict';
import { knnFromJSON, knnTrainer, igtreeTrainer, trainKnn, createKnnTrainer } from '../../../src/models/knn/index.js';
import type { FeatureSchema } from '../../../src/features/types.js';
import type { Labeler, Params } from '../../../src/models/labeler.js';
import { synthetic } from './synthetic.js';
import { seqOf } from './helpers.js';

const train = synthetic({ items: 1500, symbolic: 5, numeric: 3, integers: false, seed: 31 });
const queries = synthetic({ items: 200, symbolic: 5, numeric: 3, cardinality: 40, integers: false, seed: 32 });

function roundTrip(m: Labeler): Labeler {
  const text = JSON.stringify(m.toJSON());
  return knnTrainer.fromJSON(JSON.parse(text));
}

test('IB1 and IGTREE survive toJSON -> JSON text -> fromJSON with identical predictions', () => {
  const variants: Params[] = [{ k: 3, voting: 'inverse-distance' }, { algorithm: 'igtree' }, { k: 1, weighting: 'none' }];
  for (const params of variants) {
    const m = trainKnn(train, params);
    const back = roundTrip(m);
    assert.equal(back.algorithm, m.algorithm);
    for (const s of queries) assert.deepEqual(back.predict(s), m.predict(s));
    assert.deepEqual(back.toJSON(), JSON.parse(JSON.stringify(m.toJSON())));
  }
  // missing values and a schema's column names survive too
  const schema: FeatureSchema = {
    name: 't',
    version: 1,
    families: ['f'],
    columns: [
      { name: 'tag', kind: 'symbolic', family: 'f' },
      { name: 'len', kind: 'numeric', family: 'f' },
    ],
    hash: 'x',
  };
  const data = [seqOf([['p', NaN], ['p', 3], ['h1', 0.5], ['div', -2]], ['body', 'body', 'heading', 'other'])];
  const m = createKnnTrainer('knn', { schema }).train(data, {});
  // the schema may also come with the call (TrainContext); one of another width is ignored
  assert.match(knnTrainer.train(data, {}, undefined, { schema }).explain(data[0]!, 1)[0]!.feature, /^(tag|len)=/);
  const narrow: FeatureSchema = { ...schema, columns: schema.columns.slice(0, 1) };
  assert.match(igtreeTrainer.train(data, {}, undefined, { schema: narrow }).explain(data[0]!, 2)[0]!.feature, /^c[01]=/);
  const back = roundTrip(m);
  assert.deepEqual(back.predict(data[0]!), m.predict(data[0]!));
  assert.match(back.explain(data[0]!, 0)[0]!.feature, /^(tag|len)=/);
});

test('the body is compact: typed arrays as base64, symbolic values once in a dictionary', () => {
  const m = trainKnn(synthetic({ items: 5000, symbolic: 10, numeric: 5, seed: 33 }), {});
  const text = JSON.stringify(m.toJSON());
  // 5000 rows x 15 columns: at most ~ (4 or 8 bytes) x 4/3 per cell, plus counts
  assert.ok(text.length < 5000 * 15 * 6 + 5000 * 16 * 1.4 + 20000, `body ${text.length} chars`);
  const body = m.toJSON() as unknown as { ib1: { columns: { enc: string }[] } };
  assert.ok(body.ib1.columns.every((c) => c.enc === 'i32'), 'integer columns stored as int32');
});

test('malformed bodies are rejected with BAD_MODEL', () => {
  const ib1 = JSON.parse(JSON.stringify(trainKnn(train, { k: 2 }).toJSON()));
  const ig = JSON.parse(JSON.stringify(trainKnn(train, { algorithm: 'igtree' }).toJSON()));
  const mutate = (base: unknown, f: (b: any) => void): unknown => {
    const b = structuredClone(base);
    f(b);
    return b;
  };
  const bad: unknown[] = [
    null,
    42,
    'text',
    [],
    {},
    mutate(ib1, (b) => (b.format = 'other')),
    mutate(ib1, (b) => (b.version = 2)),
    mutate(ib1, (b) => (b.params.k = -1)),
    mutate(ib1, (b) => (b.params.bogus = 1)),
    mutate(ib1, (b) => (b.algorithm = 'igtree')),
    mutate(ib1, (b) => (b.columns = [])),
    mutate(ib1, (b) => (b.columns[0].kind = 'fuzzy')),
    mutate(ib1, (b) => (b.columns[0].values = ['a', 'a'])),
    mutate(ib1, (b) => b.weights.pop()),
    mutate(ib1, (b) => (b.weights[0] = -1)),
    mutate(ib1, (b) => (b.prior = [1, 2])),
    mutate(ib1, (b) => delete b.ib1),
    mutate(ib1, (b) => (b.ib1.rows = 0)),
    mutate(ib1, (b) => (b.ib1.rows += 1)),
    mutate(ib1, (b) => (b.ib1.columns[0].data = '!!!!')),
    mutate(ib1, (b) => (b.ib1.columns[0].data = b.ib1.columns[0].data.slice(8))),
    mutate(ib1, (b) => (b.ib1.columns[0].enc = 'u8')),
    mutate(ib1, (b) => (b.ib1.counts = Buffer.alloc(b.ib1.rows * 16).toString('base64'))),
    mutate(ib1, (b) => (b.ib1.columns[0].data = Buffer.from(new Int32Array(b.ib1.rows).fill(9999).buffer).toString('base64'))),
    mutate(ib1, (b) => b.ib1.order.reverse().push(999)),
    mutate(ig, (b) => (b.igtree.nodes = 1)),
    mutate(ig, (b) => (b.igtree.order = [0, 0, 1, 2, 3, 4, 5, 6])),
    mutate(ig, (b) => (b.igtree.childCount = Buffer.from(new Int32Array(b.igtree.nodes).fill(1).buffer).toString('base64'))),
    mutate(ig, (b) => (b.igtree.key = Buffer.from(new Int32Array(b.igtree.nodes).buffer).toString('base64'))),
    mutate(ig, (b) => delete b.igtree),
  ];
  bad.forEach((body, i) => {
    assert.throws(
      () => {
        const m = igtreeTrainer.fromJSON(body);
        m.predict(queries[0]!);
      },
      (e: unknown) => (e as { code?: string }).code === 'BAD_MODEL',
      `body #${i} should be rejected`,
    );
  });
  // the untouched bodies load
  assert.doesNotThrow(() => knnFromJSON(ib1));
  assert.doesNotThrow(() => knnFromJSON(ig));
});
