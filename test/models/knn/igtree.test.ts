import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IgtreeLabeler, igtreeTrainer, trainKnn } from '../../../src/models/knn/index.js';
import type { Label } from '../../../src/labels.js';
import { synthetic } from './synthetic.js';
import { seqOf, unlabeled } from './helpers.js';

// A (x|y|z) decides mostly; B (p|q) only matters when A = y.
const rows = [['x', 'p'], ['x', 'p'], ['x', 'q'], ['y', 'p'], ['y', 'p'], ['y', 'q'], ['y', 'q'], ['z', 'p']];
const labels: Label[] = ['title', 'title', 'title', 'body', 'body', 'other', 'other', 'body'];

test('IGTREE builds the known tree: columns by gain ratio, defaults, redundant leaves pruned', () => {
  const m = igtreeTrainer.train([seqOf(rows, labels)], {}) as IgtreeLabeler;
  assert.ok(m instanceof IgtreeLabeler);
  assert.equal(m.algorithm, 'igtree');
  const t = m.tree;
  // gain ratio A = 0.755 > B = 0.639 (hand-computed): A is tested first
  assert.deepEqual(Array.from(t.order), [0, 1]);
  // root (default title: tie with body broken by... equal prior -> LABELS order)
  //  ├ A=x  pure title = root default -> pruned
  //  ├ A=y  (body 2, other 2 -> body, more frequent overall)
  //  │   ├ B=p body = y's default -> pruned
  //  │   └ B=q other
  //  └ A=z  body
  assert.equal(t.nodes, 4);
  assert.deepEqual(Array.from(t.childCount), [2, 1, 0, 0]);
  assert.deepEqual(Array.from(t.key).slice(1), [1, 2, 1]); // codes: x=0 y=1 z=2, p=0 q=1
  assert.deepEqual(Array.from(t.counts.subarray(0, 4)), [3, 0, 3, 2]);
  const p = m.predict(unlabeled([['x', 'p'], ['y', 'p'], ['y', 'q'], ['z', 'q'], ['w', 'p']]));
  assert.deepEqual(p.labels, ['title', 'body', 'other', 'body', 'title']);
  // the probabilities are the class distribution of the node the walk ends at
  assert.deepEqual(p.probs[2], [0, 0, 0, 1]);
  assert.deepEqual(p.probs[1], [0, 0, 0.5, 0.5]);
  assert.deepEqual(p.probs[4], [3 / 8, 0, 3 / 8, 2 / 8]);
});

test('IGTREE with weighting none tests the columns in schema order', () => {
  const m = trainKnn([seqOf(rows, labels)], { algorithm: 'igtree', weighting: 'none' }) as IgtreeLabeler;
  assert.deepEqual(Array.from(m.tree.order), [0, 1]);
  const swapped = rows.map(([a, b]) => [b!, a!]);
  const m2 = trainKnn([seqOf(swapped, labels)], { algorithm: 'igtree' }) as IgtreeLabeler;
  assert.deepEqual(Array.from(m2.tree.order), [1, 0]);
  assert.equal(m2.predict(unlabeled([['q', 'y']])).labels[0], 'other');
});

test('IGTREE on realistic data: compact, accurate close to IB1, explains its path', () => {
  const train = synthetic({ items: 3000, symbolic: 8, numeric: 4, seed: 21 });
  const test = synthetic({ items: 400, symbolic: 8, numeric: 4, seed: 22 });
  const ig = trainKnn(train, { algorithm: 'igtree' }) as IgtreeLabeler;
  const ib = trainKnn(train, { k: 5 });
  const acc = (m: typeof ig | typeof ib) => {
    let ok = 0;
    let n = 0;
    for (const s of test) m.predict(s).labels.forEach((l, i) => ((n += 1), (ok += l === s.labels[i] ? 1 : 0)));
    return ok / n;
  };
  const a = acc(ig);
  const b = acc(ib);
  assert.ok(a > 0.8, `igtree accuracy ${a}`);
  assert.ok(b > 0.8, `ib1 accuracy ${b}`);
  assert.ok(ig.tree.nodes < 3000, `nodes ${ig.tree.nodes}`);
  const ex = ig.explain(test[0]!, 3);
  assert.ok(ex.length >= 1);
  assert.match(ex[0]!.feature, /^c\d+=.* \(node: /);
});
