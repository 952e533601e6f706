/** SMO (Fan, Chen & Lin's working-set selection) and Platt scaling on toy data: known solutions, KKT conditions, guards, calibration. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decisionValue, rbf, trainSmo, type SmoResult } from '../../../src/models/svm/smo.js';
import { fitPlatt, plattProbability } from '../../../src/models/svm/platt.js';
import { groupTop1, SvmClassifier, trainClassifier } from '../../../src/models/svm/classifier.js';
import { seededRandom } from '../../../src/util/random.js';
import { PithError } from '../../../src/errors.js';

const v = (...xs: number[]) => Float64Array.from(xs);

/** Brute-force check of the KKT conditions of the C-SVC dual at the returned solution. */
function assertKkt(x: Float64Array[], y: number[], r: SmoResult, C: number[], tol = 2e-3): void {
  const n = x.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += r.alpha[i]! * y[i]!;
  assert.ok(Math.abs(sum) < 1e-9, `sum a_i y_i = ${sum}`);
  // f(x_i) straight from the multipliers (not from the stored support vectors).
  for (let i = 0; i < n; i++) {
    let f = r.model.bias;
    for (let j = 0; j < n; j++) f += r.alpha[j]! * y[j]! * rbf(x[j]!, x[i]!, r.model.gamma);
    const margin = y[i]! * f;
    const a = r.alpha[i]!;
    assert.ok(a >= 0 && a <= C[i]! + 1e-12, `a_${i} = ${a} outside [0, ${C[i]}]`);
    if (a === 0) assert.ok(margin >= 1 - tol, `a_${i} = 0 but y f = ${margin}`);
    else if (a === C[i]) assert.ok(margin <= 1 + tol, `a_${i} = C but y f = ${margin}`);
    else assert.ok(Math.abs(margin - 1) <= tol, `free a_${i} = ${a} but y f = ${margin}`);
    // The stored model gives the same decision value.
    assert.ok(Math.abs(decisionValue(r.model, x[i]!) - f) < 1e-9);
  }
}

test('two points: the closed-form solution a = 1 / (1 - K12), bias 0', () => {
  const gamma = 0.7;
  const r = trainSmo([v(0), v(1)], [1, -1], { C: 100, gamma });
  const k12 = Math.exp(-gamma);
  const a = 1 / (1 - k12);
  assert.ok(r.converged);
  // Kernel rows are cached as float32 (as libsvm's): agreement to ~1e-7 relative.
  assert.ok(Math.abs(r.alpha[0]! - a) < 1e-6 * a && Math.abs(r.alpha[1]! - a) < 1e-6 * a, `alpha ${Array.from(r.alpha)}`);
  assert.ok(Math.abs(r.model.bias) < 1e-6);
  assert.ok(Math.abs(decisionValue(r.model, v(0)) - 1) < 1e-6);
  assert.ok(Math.abs(decisionValue(r.model, v(1)) + 1) < 1e-6);
  // Dual objective a^2 (1 - K12) - 2a at the optimum = -1 / (1 - K12).
  assert.ok(Math.abs(r.objective + a) < 1e-6 * a);
});

test('two points with a small C: both multipliers at the bound', () => {
  const r = trainSmo([v(0), v(1)], [1, -1], { C: 0.1, gamma: 0.7 });
  assert.deepEqual(Array.from(r.alpha), [0.1, 0.1]);
});

function clusters(n: number, spread: number, seed: number): { x: Float64Array[]; y: number[] } {
  const r = seededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const x: Float64Array[] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = i % 3 === 0 ? 1 : -1; // one positive in three: unbalanced, as subtrees are
    x.push(v(c + spread * gauss(), c * 0.5 + spread * gauss()));
    y.push(c);
  }
  return { x, y };
}

test('separable clusters: KKT conditions hold and every point is classified', () => {
  const { x, y } = clusters(60, 0.2, 3);
  const r = trainSmo(x, y, { C: 1000, gamma: 0.5 });
  assert.ok(r.converged);
  assertKkt(x, y, r, y.map(() => 1000));
  for (let i = 0; i < x.length; i++) assert.ok(y[i]! * decisionValue(r.model, x[i]!) > 0);
  assert.ok(r.model.supportVectors.length < x.length / 2, `${r.model.supportVectors.length} support vectors`);
});

test('overlapping clusters with class weights: KKT with per-class C, some multipliers at C', () => {
  const { x, y } = clusters(150, 0.9, 5);
  const C = 1;
  const wp = 2;
  const r = trainSmo(x, y, { C, gamma: 1, weightPositive: wp });
  assert.ok(r.converged);
  const caps = y.map((c) => (c === 1 ? C * wp : C));
  assertKkt(x, y, r, caps);
  assert.ok(Array.from(r.alpha).some((a, i) => a === caps[i]), 'expected bounded support vectors on overlapping data');
});

test('deterministic, and the iteration guard stops early without hanging', () => {
  const { x, y } = clusters(80, 0.9, 7);
  const a = trainSmo(x, y, { C: 1, gamma: 1 });
  const b = trainSmo(x, y, { C: 1, gamma: 1 });
  assert.deepEqual(Array.from(a.alpha), Array.from(b.alpha));
  assert.equal(a.model.bias, b.model.bias);
  const capped = trainSmo(x, y, { C: 1, gamma: 1, maxIterations: 3 });
  assert.equal(capped.iterations, 3);
  assert.equal(capped.converged, false);
  // A tiny cache (two rows) gives the same solution.
  const small = trainSmo(x, y, { C: 1, gamma: 1, cacheMiB: 1e-6 });
  assert.deepEqual(Array.from(small.alpha), Array.from(a.alpha));
});

test('one class only, or bad parameters: BAD_OPTION', () => {
  assert.throws(() => trainSmo([v(0), v(1)], [1, 1], { C: 1, gamma: 1 }), (e: unknown) => e instanceof PithError && e.code === 'BAD_OPTION');
  assert.throws(() => trainSmo([v(0), v(1)], [1, -1], { C: 0, gamma: 1 }), (e: unknown) => e instanceof PithError && e.code === 'BAD_OPTION');
});

test('Platt (Lin, Lin & Weng): recovers a known sigmoid, monotone and calibrated', () => {
  const r = seededRandom(11);
  const f: number[] = [];
  const y: number[] = [];
  for (let i = 0; i < 4000; i++) {
    const fi = -3 + 6 * r();
    const p = 1 / (1 + Math.exp(2 * fi - 0.5)); // A = 2, B = -0.5 in Platt's P = 1 / (1 + e^{A f + B})
    f.push(fi);
    y.push(r() < p ? 1 : -1);
  }
  // Labels flipped so that large f means positive: A = -2, B = 0.5.
  const yy = y.map((c) => -c);
  const s = fitPlatt(f, yy);
  assert.ok(Math.abs(s.A + 2) < 0.25, `A = ${s.A}`);
  assert.ok(Math.abs(s.B - 0.5) < 0.2, `B = ${s.B}`);
  let prev = -1;
  for (let z = -5; z <= 5; z += 0.5) {
    const p = plattProbability(s, z);
    assert.ok(p > prev);
    prev = p;
  }
  // Calibration: per bin of predicted probability, the observed positive rate is close.
  const bins = Array.from({ length: 5 }, () => ({ p: 0, pos: 0, n: 0 }));
  for (let i = 0; i < f.length; i++) {
    const p = plattProbability(s, f[i]!);
    const b = bins[Math.min(4, Math.floor(p * 5))]!;
    b.p += p;
    b.n++;
    if (yy[i]! > 0) b.pos++;
  }
  for (const b of bins) if (b.n > 100) assert.ok(Math.abs(b.p / b.n - b.pos / b.n) < 0.05, JSON.stringify(b));
});

test('Platt on separable values stays finite; extreme values give 0..1 without overflow', () => {
  const s = fitPlatt([-2, -1, -1.5, 1, 2, 1.5], [-1, -1, -1, 1, 1, 1]);
  assert.ok(Number.isFinite(s.A) && Number.isFinite(s.B) && s.A < 0);
  assert.ok(plattProbability(s, 1e6) <= 1 && plattProbability(s, 1e6) > 0.99);
  assert.ok(plattProbability(s, -1e6) >= 0 && plattProbability(s, -1e6) < 0.01);
});

test('classifier: scaling, grouped CV for Platt, grid, JSON round trip and corrupt bodies', () => {
  const r = seededRandom(2);
  const x: number[][] = [];
  const y: number[] = [];
  const group: number[] = [];
  for (let g = 0; g < 30; g++) {
    for (let k = 0; k < 6; k++) {
      const pos = k === g % 6;
      x.push([pos ? 500 + 100 * r() : 300 * r(), pos ? 0.1 * r() : 0.3 + 0.7 * r(), 7]);
      y.push(pos ? 1 : -1);
      group.push(g);
    }
  }
  const { classifier, report } = trainClassifier({ features: ['chars', 'links', 'const'], x, y, group }, { grid: true });
  assert.ok(report.plattCrossValidated);
  assert.equal(report.grid!.length, 9);
  const scores = x.map((row) => classifier.probability(row));
  assert.equal(groupTop1(scores, y, group), 1);
  const back = SvmClassifier.fromJSON(JSON.parse(JSON.stringify(classifier.toJSON())), 'body');
  for (const row of x) assert.equal(back.probability(row), classifier.probability(row));
  const body = classifier.toJSON();
  for (const broken of [null, { ...body, gamma: -1 }, { ...body, sv: [[1]] }, { ...body, min: [0] }, { ...body, platt: {} }, { ...body, coef: ['x'] }]) {
    assert.throws(() => SvmClassifier.fromJSON(broken, 'body'), (e: unknown) => e instanceof PithError && e.code === 'BAD_MODEL');
  }
});
