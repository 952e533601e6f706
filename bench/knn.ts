/**
 * Speed of the memory-based learners on synthetic data of realistic size (not a test: run
 * by hand). Usage:
 *   node <build>/bench/knn.js [--train 300000] [--test 2000] [--columns 30] [--k 1]
 * Prints training time, ms per classified item for IB1 and IGTREE, how much of the instance
 * base the exact search touched, and a brute-force reference on a few items.
 */
import { parseArgs } from 'node:util';
import { trainKnn, Ib1Labeler, IgtreeLabeler } from '../src/models/knn/index.js';
import { encodeItem } from '../src/models/knn/table.js';
import { Searcher } from '../src/models/knn/search.js';
import { synthetic } from '../test/models/knn/synthetic.js';

const { values } = parseArgs({
  options: { train: { type: 'string' }, test: { type: 'string' }, columns: { type: 'string' }, k: { type: 'string' } },
});
const nTrain = Number(values.train ?? 300000);
const nTest = Number(values.test ?? 2000);
const width = Number(values.columns ?? 30);
const k = Number(values.k ?? 1);
const symbolic = Math.round(width * 0.6);
const shape = { symbolic, numeric: width - symbolic };

const train = synthetic({ items: nTrain, ...shape, seed: 1 });
const test = synthetic({ items: nTest, ...shape, seed: 2 });
const items = test.flatMap((s) => s.items.map((item, i) => ({ item, gold: s.labels[i] })));
console.log(`synthetic: ${nTrain} training items, ${nTest} test items, ${width} columns (${shape.symbolic} symbolic Zipf, ${shape.numeric} numeric skewed)`);

for (const algorithm of ['ib1', 'igtree'] as const) {
  let t = performance.now();
  const m = trainKnn(train, { algorithm, k });
  const trainMs = performance.now() - t;
  const q = new Float64Array(width);
  let ok = 0;
  let scanned = 0;
  let visited = 0;
  t = performance.now();
  for (const { item, gold } of items) {
    encodeItem(m.core.columns, item, q);
    const probs = m.classify(q);
    if (m instanceof Ib1Labeler) {
      scanned += m.lastSearchStats().scanned;
      visited += m.lastSearchStats().visited;
    }
    const best = probs.indexOf(Math.max(...probs));
    if (['title', 'heading', 'body', 'other'][best] === gold) ok++;
  }
  const ms = (performance.now() - t) / items.length;
  const size = m instanceof Ib1Labeler ? `${m.base.rows} distinct rows, ${m.base.tree.nodes} tree nodes` : `${(m as IgtreeLabeler).tree.nodes} tree nodes`;
  console.log(`${algorithm.padEnd(6)} train ${(trainMs / 1000).toFixed(1)} s (${size}); classify ${ms.toFixed(3)} ms/item; accuracy ${(ok / items.length).toFixed(3)}`);
  if (m instanceof Ib1Labeler) {
    console.log(`       exact search touched on average ${(scanned / items.length).toFixed(0)} rows (${((100 * scanned) / items.length / m.base.rows).toFixed(2)}%) and ${(visited / items.length).toFixed(0)} tree nodes`);
    const s = new Searcher(m.base, k);
    const few = Math.min(20, items.length);
    t = performance.now();
    let sink = 0;
    for (let i = 0; i < few; i++) {
      encodeItem(m.core.columns, items[i]!.item, q);
      for (let r = 0; r < m.base.rows; r++) sink += s.distanceTo(q, r);
    }
    console.log(`       brute force (distance to every row): ${((performance.now() - t) / few).toFixed(2)} ms/item${sink < 0 ? '' : ''}`);
  }
}
