import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crfTrainer, CrfLabeler } from '../../src/models/crf/crf.js';
import { accumulateMarginals, chainBuffers, chainPotentials, forwardBackward, viterbi } from '../../src/models/crf/chain.js';
import { crfObjective } from '../../src/models/crf/objective.js';
import { maxentTrainer } from '../../src/models/maxent/maxent.js';
import { buildFeatureIndex, type HistoryMode } from '../../src/models/linear/feature-index.js';
import { encodeGold, encodeSequences, labelsInData } from '../../src/models/linear/encode.js';
import { LABELS } from '../../src/labels.js';
import type { LabeledSequence } from '../../src/models/labeler.js';
import type { Objective } from '../../src/models/optim/types.js';
import { accuracy, markovData, randomData, rng } from './synthetic.js';

/** All L^n label paths. */
function* paths(n: number, L: number): Generator<number[]> {
  const p = new Array<number>(n).fill(0);
  for (;;) {
    yield [...p];
    let i = n - 1;
    while (i >= 0 && ++p[i]! === L) p[i--] = 0;
    if (i < 0) return;
  }
}

function pathScore(S: Float64Array, W: Float64Array, off: number, L: number, p: number[]): number {
  let s = W[off + L * L + p[0]!]! + W[off + L * L + L + p[p.length - 1]!]!;
  p.forEach((y, i) => { s += S[i * L + y]!; if (i > 0) s += W[off + p[i - 1]! * L + y]!; });
  return s;
}

function randomChain(seed: number, n: number, L: number, scale = 2) {
  const r = rng(seed);
  const S = Float64Array.from({ length: n * L }, () => (r() - 0.5) * 2 * scale);
  const W = Float64Array.from({ length: L * L + 2 * L }, () => (r() - 0.5) * 2 * scale);
  return { S, W };
}

const logSumExp = (xs: number[]) => { const m = Math.max(...xs); return m + Math.log(xs.reduce((a, x) => a + Math.exp(x - m), 0)); };

test('forward-backward: log Z, item and pair marginals equal brute-force enumeration', () => {
  for (const [n, L, seed] of [[1, 3, 1], [2, 2, 2], [4, 3, 3], [5, 4, 4]] as const) {
    const { S, W } = randomChain(seed, n, L);
    const cp = chainPotentials(W, 0, L);
    const buf = chainBuffers(n, L);
    const logZ = forwardBackward(S, n, cp, buf, null, 0, true);
    const all = [...paths(n, L)];
    const scores = all.map((p) => pathScore(S, W, 0, L, p));
    const bruteZ = logSumExp(scores);
    assert.ok(Math.abs(logZ - bruteZ) < 1e-10, `n=${n} L=${L}: ${logZ} vs ${bruteZ}`);
    const C = new Float64Array(n * L), G = new Float64Array(L * L + 2 * L);
    accumulateMarginals(cp, buf, n, 1, C, G, 0);
    const itemM = new Float64Array(n * L), pairM = new Float64Array(L * L), startM = new Float64Array(L), endM = new Float64Array(L);
    all.forEach((p, k) => {
      const pr = Math.exp(scores[k]! - bruteZ);
      p.forEach((y, i) => { itemM[i * L + y] += pr; if (i > 0) pairM[p[i - 1]! * L + y] += pr; });
      startM[p[0]!] += pr; endM[p[n - 1]!] += pr;
    });
    for (let j = 0; j < n * L; j++) assert.ok(Math.abs(C[j]! - itemM[j]!) < 1e-10);
    for (let j = 0; j < L * L; j++) assert.ok(Math.abs(G[j]! - pairM[j]!) < 1e-10, 'pair marginals summed over positions');
    for (let y = 0; y < L; y++) {
      assert.ok(Math.abs(G[L * L + y]! - startM[y]!) < 1e-10);
      assert.ok(Math.abs(G[L * L + L + y]! - endM[y]!) < 1e-10);
    }
  }
});

test('constrained forward-backward sums exactly the paths through the known labels', () => {
  const n = 5, L = 3;
  const { S, W } = randomChain(7, n, L);
  const gold = Int8Array.from([9, 2, -1, 0, -1, 1]); // offset 1: labels for items 0..4
  const cp = chainPotentials(W, 0, L);
  const buf = chainBuffers(n, L);
  const logZc = forwardBackward(S, n, cp, buf, gold, 1, true);
  const ok = [...paths(n, L)].filter((p) => p.every((y, i) => gold[1 + i]! < 0 || gold[1 + i] === y));
  const scores = ok.map((p) => pathScore(S, W, 0, L, p));
  const brute = logSumExp(scores);
  assert.ok(Math.abs(logZc - brute) < 1e-10);
  const C = new Float64Array(n * L);
  accumulateMarginals(cp, buf, n, 1, C, new Float64Array(L * L + 2 * L), 0);
  const m = new Float64Array(n * L);
  ok.forEach((p, k) => p.forEach((y, i) => { m[i * L + y] += Math.exp(scores[k]! - brute); }));
  for (let j = 0; j < n * L; j++) assert.ok(Math.abs(C[j]! - m[j]!) < 1e-10);
  assert.ok(Math.abs(C[0 * L + 2]! - 1) < 1e-12, "a known label has marginal 1");
});

test('Viterbi finds the brute-force best path', () => {
  for (let seed = 1; seed <= 20; seed++) {
    const n = 1 + (seed % 5), L = 2 + (seed % 3);
    const { S, W } = randomChain(seed * 31, n, L);
    let best = -Infinity, arg: number[] = [];
    for (const p of paths(n, L)) { const s = pathScore(S, W, 0, L, p); if (s > best) { best = s; arg = p; } }
    assert.deepEqual([...viterbi(S, n, L, W, 0)], arg);
  }
});

test('5 000 items with large scores: no underflow, marginals match log-space forward', () => {
  const n = 5000, L = 4;
  const { S, W } = randomChain(11, n, L, 40);
  const cp = chainPotentials(W, 0, L);
  const buf = chainBuffers(n, L);
  const logZ = forwardBackward(S, n, cp, buf, null, 0, true);
  // Reference: plain log-space forward recursion.
  let a = Array.from({ length: L }, (_, y) => W[L * L + y]! + S[y]!);
  for (let i = 1; i < n; i++) a = Array.from({ length: L }, (_, y) => S[i * L + y]! + logSumExp(a.map((v, yp) => v + W[yp * L + y]!)));
  const ref = logSumExp(a.map((v, y) => v + W[L * L + L + y]!));
  assert.ok(Number.isFinite(logZ));
  assert.ok(Math.abs(logZ - ref) / Math.abs(ref) < 1e-12, `${logZ} vs ${ref}`);
  for (let i = 0; i < n; i += 97) {
    let s = 0;
    for (let y = 0; y < L; y++) s += buf.alpha[i * L + y]! * buf.beta[i * L + y]!;
    assert.ok(Math.abs(s - 1) < 1e-9, `item ${i} marginals sum to ${s}`);
  }
  const gold = new Int8Array(n).fill(-1);
  for (let i = 0; i < n; i += 3) gold[i] = i % L;
  const logZc = forwardBackward(S, n, cp, buf, gold, 0, true);
  assert.ok(Number.isFinite(logZc) && logZc <= logZ);
});

/** Central finite differences of f against the analytic gradient, on a few coordinates. */
function checkGradient(fn: Objective, dim: number, seed: number): void {
  const r = rng(seed);
  const x = Float64Array.from({ length: dim }, () => (r() - 0.5) * 1.5);
  const g = new Float64Array(dim);
  fn(x, g);
  const h = 1e-5, gh = new Float64Array(dim);
  for (let j = 0; j < dim; j++) {
    const keep = x[j]!;
    x[j] = keep + h; const fp = fn(x, gh);
    x[j] = keep - h; const fm = fn(x, gh);
    x[j] = keep;
    const num = (fp - fm) / (2 * h);
    assert.ok(Math.abs(num - g[j]!) < 1e-5 * Math.max(1, Math.abs(num)), `coordinate ${j}: numeric ${num} vs analytic ${g[j]}`);
  }
}

function objectiveFor(data: LabeledSequence[], history: HistoryMode, make = crfObjective, sigma = 3) {
  const labels = labelsInData(data, LABELS);
  const ix = buildFeatureIndex(data, 1, history);
  const enc = encodeSequences(ix, data);
  const L = labels.length;
  return { fn: make(ix, enc, encodeGold(data, labels), L, sigma), ix, L };
}

test('CRF gradient equals finite differences (full and partial labels, history, real values)', () => {
  for (const [history, unknownRate, seed] of [['none', 0, 1], ['both', 0.3, 2], ['prev', 0.5, 3]] as const) {
    const data = randomData(seed, { seqs: 5, maxLen: 5, vocab: 5, unknownRate });
    const { fn, ix, L } = objectiveFor(data, history);
    checkGradient(fn, ix.rows * L + L * L + 2 * L, seed);
  }
});

test('CRF loss equals brute-force negative log-likelihood over partially labelled sequences', () => {
  const data = randomData(5, { seqs: 4, maxLen: 4, vocab: 4, unknownRate: 0.4, labels: ['heading', 'body', 'other'] });
  const { fn, ix, L } = objectiveFor(data, 'prev', crfObjective, 1e6);
  const r = rng(9);
  const dim = ix.rows * L + L * L + 2 * L;
  const W = Float64Array.from({ length: dim }, () => r() - 0.5);
  const f = fn(W, new Float64Array(dim));
  // Brute force with the labeler's own state scores.
  const labeler = new CrfLabeler({ algorithm: 'crf', labels: labelsInData(data, LABELS), index: ix, W });
  const labels = labelsInData(data, LABELS);
  let nll = 0;
  for (const seq of data) {
    const S = labeler.scores(seq);
    const n = seq.items.length;
    const all = [...paths(n, L)];
    const sc = all.map((p) => pathScore(S, W, ix.rows * L, L, p));
    const ok = sc.filter((_, k) => all[k]!.every((y, i) => seq.labels[i] === 'unknown' || labels[y] === seq.labels[i]));
    if (seq.labels.every((l) => l === 'unknown')) continue;
    nll += logSumExp(sc) - logSumExp(ok);
  }
  let prior = 0;
  for (const w of W) prior += w * w;
  assert.ok(Math.abs(f - (nll + prior / 2e12)) < 1e-9, `${f} vs ${nll}`);
});

test('history rows: prev:/next: copies reach the neighbouring items', () => {
  const data: LabeledSequence[] = [{ pageId: 'p', site: 's', labels: ['body', 'other', 'body'], items: [
    { attrs: ['x'], columns: [] }, { attrs: ['y'], columns: [] }, { attrs: ['z'], columns: [] },
  ] }];
  const ix = buildFeatureIndex(data, 1, 'both');
  assert.equal(ix.rows, 3 + 2 + 2); // x, y, z own; prev:x, prev:y; next:y, next:z
  assert.equal(ix.next[ix.lookup.get('x')!], -1, 'x is on the first item: nobody sees it as next:');
  assert.equal(ix.prev[ix.lookup.get('z')!], -1);
  const cut = buildFeatureIndex([...data, ...data], 3, 'none');
  assert.equal(cut.rows, 0, 'minFreq 3 drops attributes seen twice');
});

test('minSites keeps only attributes seen on that many distinct sites, whatever the page order', () => {
  const page = (site: string, attrs: string[]): LabeledSequence => ({ pageId: `${site}/${attrs.join('')}`, site, labels: attrs.map(() => 'body'), items: attrs.map((a) => ({ attrs: [a], columns: [] })) });
  // 'shared' is on sites a, b and c; 'tmpl' on many pages of site a only; 'pair' on a and c.
  const data = [page('a', ['shared', 'tmpl', 'pair']), page('b', ['shared']), page('a', ['tmpl', 'tmpl']), page('c', ['shared', 'pair']), page('a', ['tmpl'])];
  const names = (minSites: number) => [...buildFeatureIndex(data, 1, 'none', minSites).names].sort();
  assert.deepEqual(names(1), ['pair', 'shared', 'tmpl']);
  assert.deepEqual(names(2), ['pair', 'shared']);
  assert.deepEqual(names(3), ['shared']);
  assert.deepEqual(buildFeatureIndex(data, 3, 'none', 2).names, ['shared'], 'minFreq and minSites both apply');
});

test('CRF beats MaxEnt where only transitions carry the information', () => {
  const train = markovData(1, { seqs: 60 });
  const testData = markovData(2, { seqs: 40 });
  const crf = crfTrainer.train(train, { sigma: 10 });
  const me = maxentTrainer.train(train, { sigma: 10 });
  const accCrf = accuracy(testData.map((s) => crf.predict(s).labels), testData);
  const accMe = accuracy(testData.map((s) => me.predict(s).labels), testData);
  assert.ok(accCrf > accMe + 0.1, `CRF ${accCrf.toFixed(3)} vs MaxEnt ${accMe.toFixed(3)}`);
  assert.ok(accCrf > 0.8, `CRF accuracy ${accCrf}`);
});

test('partially labelled training data still learns the task', () => {
  const train = markovData(3, { seqs: 60 }).map((s, k) => ({
    ...s, labels: s.labels.map((l, i) => ((i + k) % 3 === 0 ? 'unknown' : l)),
  }));
  const testData = markovData(4, { seqs: 30 });
  const crf = crfTrainer.train(train, {});
  const acc = accuracy(testData.map((s) => crf.predict(s).labels), testData);
  assert.ok(acc > 0.8, `accuracy ${acc}`);
});

test('predict: probabilities in LABELS order sum to 1; labels follow Viterbi; empty sequence', () => {
  const train = markovData(5, { seqs: 20 });
  const crf = crfTrainer.train(train, { maxIterations: 50 });
  const p = crf.predict(train[0]!);
  assert.equal(p.labels.length, train[0]!.items.length);
  for (const row of p.probs) {
    assert.equal(row.length, 4);
    assert.equal(row[LABELS.indexOf('title')], 0, 'a label never seen in training gets probability 0');
    assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-9);
  }
  assert.deepEqual(crf.predict({ pageId: 'e', site: 's', items: [] }), { labels: [], probs: [] });
  const unseen = crf.predict({ pageId: 'u', site: 's', items: [{ attrs: ['never-seen'], columns: [] }] });
  assert.equal(unseen.labels.length, 1);
});

test('explain lists the strongest attributes and the transitions of the decoded path', () => {
  const train = markovData(6, { seqs: 30 });
  const crf = crfTrainer.train(train, {});
  const seq = train[0]!;
  const i = 3;
  const label = crf.predict(seq).labels[i]!;
  const ex = crf.explain(seq, i, 10);
  assert.ok(ex.length >= 3 && ex.length <= 10);
  assert.ok(ex.some((c) => c.feature.startsWith('trans-in:') || c.feature.startsWith('start->')));
  assert.ok(ex.some((c) => c.feature === seq.items[i]!.attrs[0]));
  for (let k = 1; k < ex.length; k++) assert.ok(Math.abs(ex[k - 1]!.weight) >= Math.abs(ex[k]!.weight));
  const obs = ex.find((c) => c.feature === `obs=${label}`);
  if (obs) assert.ok(obs.weight > 0, 'the matching observation supports the predicted label');
  assert.throws(() => crf.explain(seq, 999), { code: 'BAD_OPTION' });
});

test('bad training input is a clear error', () => {
  assert.throws(() => crfTrainer.train([], {}), { code: 'BAD_CORPUS' });
  assert.throws(() => crfTrainer.train([{ pageId: 'p', site: 's', items: [{ attrs: ['a'], columns: [] }], labels: ['unknown'] }], {}), { code: 'BAD_CORPUS' });
  assert.throws(() => crfTrainer.train([{ pageId: 'p', site: 's', items: [{ attrs: ['a'], values: [1, 2], columns: [] }], labels: ['body'] }], {}), { code: 'BAD_CORPUS' });
  assert.throws(() => crfTrainer.train([{ pageId: 'p', site: 's', items: [{ attrs: ['a'], values: [NaN], columns: [] }], labels: ['body'] }], {}), { code: 'BAD_CORPUS' });
  assert.throws(() => crfTrainer.train(markovData(1, { seqs: 2 }), { sigma: -1 }), { code: 'BAD_OPTION' });
});

test('state scores (unrolled 4-label and general paths) equal a direct sum over names', async () => {
  const { stateScores, addStateGradient } = await import('../../src/models/linear/scores.js');
  for (const history of ['none', 'prev', 'next', 'both'] as const) {
    for (const labels of [['title', 'heading', 'body', 'other'], ['body', 'other', 'heading']] as const) {
      for (const values of [true, false]) {
        const data = randomData(21, { seqs: 3, maxLen: 6, vocab: 5, labels, values });
        const ix = buildFeatureIndex(data, 1, history);
        const enc = encodeSequences(ix, data);
        const L = labels.length;
        const r = rng(4);
        const W = Float64Array.from({ length: ix.rows * L }, () => r() - 0.5);
        const rowOf = new Map<string, number>();
        ix.names.forEach((nm, k) => { rowOf.set(nm, k); if (ix.prev[k]! >= 0) rowOf.set(`prev:${nm}`, ix.prev[k]!); if (ix.next[k]! >= 0) rowOf.set(`next:${nm}`, ix.next[k]!); });
        const G = new Float64Array(W.length), Gref = new Float64Array(W.length);
        data.forEach((seq, s) => {
          const n = seq.items.length, from = enc.seqStart[s]!;
          const S = new Float64Array(n * L);
          stateScores(ix, enc, from, from + n, W, L, S);
          const C = Float64Array.from({ length: n * L }, () => r() - 0.5);
          addStateGradient(ix, enc, from, from + n, C, L, G);
          for (let i = 0; i < n; i++) {
            const feats: [string, number][] = [];
            const add = (j: number, prefix: string) => {
              if (j < 0 || j >= n) return;
              seq.items[j]!.attrs.forEach((a, t) => feats.push([prefix + a, seq.items[j]!.values?.[t] ?? 1]));
            };
            add(i, '');
            if (history === 'prev' || history === 'both') add(i - 1, 'prev:');
            if (history === 'next' || history === 'both') add(i + 1, 'next:');
            for (let y = 0; y < L; y++) {
              let ref = 0;
              for (const [f, v] of feats) {
                const row = rowOf.get(f);
                if (row === undefined) continue;
                ref += Math.fround(v) * W[row * L + y]!;
                Gref[row * L + y] += Math.fround(v) * C[i * L + y]!;
              }
              assert.ok(Math.abs(S[i * L + y]! - ref) < 1e-12, `${history} L=${L} item ${i}`);
            }
          }
        });
        for (let j = 0; j < G.length; j++) assert.ok(Math.abs(G[j]! - Gref[j]!) < 1e-12, `gradient ${history} L=${L}`);
      }
    }
  }
});

test('edge features: gradient equals finite differences', () => {
  for (const [history, unknownRate, seed, labels] of [['none', 0, 31, undefined], ['prev', 0.3, 32, ['heading', 'body', 'other'] as const]] as const) {
    const data = randomData(seed, { seqs: 4, maxLen: 5, vocab: 4, unknownRate, ...(labels ? { labels } : {}) });
    const L = labelsInData(data, LABELS).length;
    const ix = buildFeatureIndex(data, 1, history);
    const fn = crfObjective(ix, encodeSequences(ix, data), encodeGold(data, labelsInData(data, LABELS)), L, 3, { edges: true });
    checkGradient(fn, ix.rows * L + L * L + 2 * L + ix.names.length * L * L, seed);
  }
});

test('edge features: predictions equal brute force with per-item transitions', async () => {
  const { edgeScores } = await import('../../src/models/linear/scores.js');
  const data = randomData(41, { seqs: 4, maxLen: 5, vocab: 4, labels: ['heading', 'body', 'other'] });
  const labels = labelsInData(data, LABELS), L = labels.length;
  const ix = buildFeatureIndex(data, 1, 'none');
  const r = rng(5);
  const off = ix.rows * L, eoff = off + L * L + 2 * L;
  const W = Float64Array.from({ length: eoff + ix.names.length * L * L }, () => (r() - 0.5) * 3);
  const crf = new CrfLabeler({ algorithm: 'crf', labels, index: ix, W, edges: true });
  for (const seq of data) {
    const n = seq.items.length;
    const enc = encodeSequences(ix, [seq]);
    const S = crf.scores(seq);
    const TE = new Float64Array(n * L * L);
    edgeScores(enc, 0, n, W, L, eoff, TE);
    const all = [...paths(n, L)];
    const sc = all.map((p) => pathScore(S, W, off, L, p) + p.reduce((a, y, i) => a + (i > 0 ? TE[i * L * L + p[i - 1]! * L + y]! : 0), 0));
    const z = logSumExp(sc);
    const best = all[sc.indexOf(Math.max(...sc))]!;
    const pred = crf.predict(seq);
    assert.deepEqual(pred.labels, best.map((y) => labels[y]));
    for (let i = 0; i < n; i++) for (let y = 0; y < L; y++) {
      const m = all.reduce((a, p, k) => a + (p[i] === y ? Math.exp(sc[k]! - z) : 0), 0);
      assert.ok(Math.abs(pred.probs[i]![LABELS.indexOf(labels[y]!)]! - m) < 1e-10);
    }
  }
});

test('edge features learn observation-dependent transitions that plain transitions cannot', () => {
  // Runs of body/other; an item says `boundary` exactly where the label changes and
  // shows its label only 55% of the time otherwise.
  const mk = (seed: number): LabeledSequence[] => {
    const r = rng(seed);
    return Array.from({ length: 40 }, (_, s) => {
      let y = r() < 0.5 ? 'body' : 'other';
      const items = [], labels: ('body' | 'other')[] = [];
      for (let i = 0; i < 30; i++) {
        const change = i > 0 && r() < 0.2;
        if (change) y = y === 'body' ? 'other' : 'body';
        const shown = r() < 0.55 ? y : r() < 0.5 ? 'body' : 'other';
        items.push({ attrs: [`obs=${shown}`, ...(change ? ['boundary'] : [])], columns: [] });
        labels.push(y as 'body' | 'other');
      }
      return { pageId: `e${s}`, site: 's', items, labels };
    });
  };
  const train = mk(1), testData = mk(2);
  const plain = crfTrainer.train(train, {});
  const withEdges = crfTrainer.train(train, { edges: true });
  const accPlain = accuracy(testData.map((s) => plain.predict(s).labels), testData);
  const accEdges = accuracy(testData.map((s) => withEdges.predict(s).labels), testData);
  assert.ok(accEdges > accPlain + 0.05, `edges ${accEdges.toFixed(3)} vs plain ${accPlain.toFixed(3)}`);
  const ex = withEdges.explain(testData[0]!, testData[0]!.items.findIndex((it) => it.attrs.includes('boundary')), 20);
  assert.ok(ex.some((c) => c.feature.startsWith('edge:boundary:') && c.weight > 0));
});
