/**
 * Synthetic speed benchmark (all times are CPU time of this process) for the log-linear learners (CRF, MaxEnt, MEMM): training
 * items/s (per objective evaluation and end to end) and prediction time per page.
 *   node dist/bench/seq-learners.js [--items 500000] [--attrs 50] [--vocab 100000]
 *        [--page 500] [--algo crf] [--iters 100] [--history none] [--edges]
 * The data: pages of `page` items, labels from a sticky Markov chain over 4 labels, each
 * item `attrs` attributes drawn from a Zipf-like vocabulary, a third of them tied (noisily)
 * to the label, so the problem is learnable but not trivial.
 */
import { LABELS, type Label } from '../src/labels.js';
import type { LabeledSequence } from '../src/models/labeler.js';
import { getTrainer } from '../src/models/registry.js';
import { buildFeatureIndex, type HistoryMode } from '../src/models/linear/feature-index.js';
import { encodeGold, encodeSequences } from '../src/models/linear/encode.js';
import { weightLength, type LinearAlgorithm } from '../src/models/linear/model.js';
import { crfObjective } from '../src/models/crf/objective.js';
import { maxentObjective } from '../src/models/maxent/maxent.js';
import { memmObjective } from '../src/models/memm/memm.js';
import type { LinearLabeler } from '../src/models/linear/labeler-base.js';
import { cpuMsNow } from './cpu-time.js';
import { argValue as arg } from './args.js';
import { seededRandom } from '../src/util/random.js';

const items = Number(arg('items', '500000'));
const perItem = Number(arg('attrs', '50'));
const vocab = Number(arg('vocab', '100000'));
const pageLen = Number(arg('page', '500'));
const algo = arg('algo', 'crf') as LinearAlgorithm;
const iters = Number(arg('iters', '100'));
const history = arg('history', 'none') as HistoryMode;
const edges = process.argv.includes('--edges'); // CRF edge features

const rand = seededRandom(12345);
const names = Array.from({ length: vocab }, (_, i) => `f${i}`);
const zipf = () => names[Math.min(vocab - 1, Math.floor(Math.exp(rand() * Math.log(vocab))) - 1)]!;

function makeData(n: number): LabeledSequence[] {
  const out: LabeledSequence[] = [];
  for (let s = 0; s * pageLen < n; s++) {
    const len = Math.min(pageLen, n - s * pageLen);
    let y = 3;
    const seqItems = [], labels: Label[] = [];
    for (let i = 0; i < len; i++) {
      if (rand() > 0.9) y = Math.floor(rand() * 4);
      const attrs = new Set<string>();
      while (attrs.size < perItem) attrs.add(attrs.size < perItem / 3 ? `lab${rand() < 0.5 ? y : Math.floor(rand() * 4)}-${Math.floor(rand() * 200)}` : zipf());
      seqItems.push({ attrs: [...attrs], columns: [] });
      labels.push(LABELS[y]!);
    }
    out.push({ pageId: `p${s}`, site: `s${s % 50}`, items: seqItems, labels });
  }
  return out;
}

const mem = () => `${Math.round(process.memoryUsage().rss / 1048576)} MB rss`;
let t = cpuMsNow();
const lap = () => { const now = cpuMsNow(); const d = now - t; t = now; return d; };
const data = makeData(items);
console.log(`data: ${items} items, ${perItem} attrs each, vocab ${vocab}, pages of ${pageLen} (${lap().toFixed(0)} ms to generate, ${mem()})`);

// The pieces, timed separately.
const ix = buildFeatureIndex(data, 1, history);
const enc = encodeSequences(ix, data);
const gold = encodeGold(data, LABELS);
console.log(`index+encode: ${lap().toFixed(0)} ms, ${ix.names.length} attributes, ${ix.rows} rows, ${enc.ids.length} non-zeros (${mem()})`);
const make = { crf: crfObjective, maxent: maxentObjective, memm: memmObjective }[algo];
const dim = weightLength(algo, ix, 4, edges);
const fn = make(ix, enc, gold, 4, 10, { edges });
const W = new Float64Array(dim).map(() => (rand() - 0.5) * 0.1), G = new Float64Array(dim);
fn(W, G);
lap();
const reps = 3;
for (let r = 0; r < reps; r++) fn(W, G);
const perEval = lap() / reps;
console.log(`${algo}${edges ? ' (edges)' : ''}, history ${history}, objective+gradient: ${perEval.toFixed(0)} ms per evaluation = ${(items / perEval * 1000 / 1e6).toFixed(2)} M items/s`);

// End to end.
let evals = 0;
const labeler = getTrainer(algo).train(data, { maxIterations: iters, history, ...(edges ? { edges } : {}) }, (e) => {
  if (e.stage === 'lbfgs' && (e.done % 10 === 0 || e.done === 1)) console.log(`  iteration ${e.done}: ${e.message} (${(cpuMsNow() - t) / 1000 | 0} s cpu)`);
});
const trainMs = lap();
const summary = (labeler.toJSON() as { training: { iterations: number; evaluations: number; stop: string } }).training;
evals = summary.evaluations;
console.log(`train: ${(trainMs / 1000).toFixed(1)} s, ${summary.iterations} iterations, ${evals} evaluations (${summary.stop}), ${(items * evals / trainMs * 1000 / 1e6).toFixed(2)} M item-evaluations/s (${mem()})`);

// Prediction on fresh pages: whole predict, then its three parts.
const pages = makeData(pageLen * 40);
let ok = 0, total = 0;
for (const p of pages.slice(0, 5)) labeler.predict(p); // warm up
lap();
for (const p of pages) {
  const pr = labeler.predict(p);
  pr.labels.forEach((l, i) => { total++; if (l === p.labels[i]) ok++; });
}
const predMs = lap() / pages.length;
const lin = labeler as unknown as LinearLabeler;
const encs = pages.map((p) => lin.encode(p));
const encMs = lap() / pages.length;
const scores = encs.map((e) => lin.encodedScores(e));
const scoreMs = lap() / pages.length;
scores.forEach((S, k) => lin.decodeScores(S, encs[k]!));
const decMs = lap() / pages.length;
console.log(`predict: ${predMs.toFixed(3)} ms per ${pageLen}-item page (${(pageLen / predMs * 1000 / 1e6).toFixed(2)} M items/s): attribute lookup ${encMs.toFixed(3)} ms, linear scores ${scoreMs.toFixed(3)} ms, decoding ${decMs.toFixed(3)} ms; accuracy ${(ok / total).toFixed(3)}`);
