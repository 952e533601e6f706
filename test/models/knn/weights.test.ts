import { test } from 'node:test';
import assert from 'node:assert/strict';
import { featureWeights, statsFromContingency } from '../../../src/models/knn/index.js';
import type { FeatureSchema } from '../../../src/features/types.js';
import type { Label } from '../../../src/labels.js';
import { seqOf } from './helpers.js';

const close = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 1e-6, `${what}: ${a} vs ${b}`);

function schema(kinds: ('symbolic' | 'numeric')[]): FeatureSchema {
  return { name: 't', version: 1, families: ['x'], columns: kinds.map((kind, i) => ({ name: `f${i}`, kind, family: 'x' })), hash: 'h' };
}

test('a perfectly predictive binary column: IG = GR = SV = 1, chi2 = N', () => {
  // values a,a,b,b with classes x,x,y,y: H(C) = 1, H(C|v) = 0, si = 1; chi2 = 4 x (1^2 / 1)
  const s = statsFromContingency([2, 0, 0, 2], 2);
  close(s.informationGain, 1, 'IG');
  close(s.splitInfo, 1, 'si');
  close(s.gainRatio, 1, 'GR');
  close(s.chiSquare, 4, 'chi2');
  close(s.sharedVariance, 1, 'SV');
  assert.equal(s.values, 2);
});

test('a partly predictive column: hand-computed IG, GR, chi2, SV', () => {
  // a: (x 2, y 1), b: (x 0, y 1); N = 4
  // H(C) = 1; H(C|a) = H(2/3, 1/3) = 0.9182958; IG = 1 - 3/4 * 0.9182958 = 0.3112781
  // si = H(3/4, 1/4) = 0.8112781; GR = 0.3836885
  // E(a,x) = E(a,y) = 1.5, E(b,x) = E(b,y) = 0.5: chi2 = 2 * 0.25/1.5 + 2 * 0.25/0.5 = 1.3333333
  // SV = chi2 / (4 * (min(2, 2) - 1)) = 0.3333333
  const s = statsFromContingency([2, 1, 0, 1], 2);
  close(s.informationGain, 0.3112781, 'IG');
  close(s.splitInfo, 0.8112781, 'si');
  close(s.gainRatio, 0.3836885, 'GR');
  close(s.chiSquare, 4 / 3, 'chi2');
  close(s.sharedVariance, 1 / 3, 'SV');
});

test('an uninformative column weighs 0 on every measure; empty rows are ignored', () => {
  const s = statsFromContingency([1, 1, 0, 0, 2, 2], 2);
  close(s.informationGain, 0, 'IG');
  close(s.chiSquare, 0, 'chi2');
  close(s.sharedVariance, 0, 'SV');
  assert.equal(s.values, 2);
  // a single value: split info 0, gain ratio defined as 0 (not NaN)
  const one = statsFromContingency([3, 1], 2);
  assert.equal(one.gainRatio, 0);
  assert.equal(one.sharedVariance, 0);
});

test('three classes, three values: shared variance corrects by min(|C|, |V|) - 1', () => {
  // rows = values, cols = classes
  const t = [3, 0, 0, 0, 3, 0, 0, 0, 3];
  const s = statsFromContingency(t, 3);
  close(s.informationGain, Math.log2(3), 'IG');
  close(s.gainRatio, 1, 'GR');
  close(s.chiSquare, 18, 'chi2'); // N (min - 1) for a perfect association: 9 * 2
  close(s.sharedVariance, 1, 'SV');
});

test('featureWeights: table in schema order, numeric columns binned equal-width', () => {
  const labels: Label[] = ['title', 'title', 'body', 'body'];
  // f0 symbolic perfect; f1 numeric 0,1 | 9,10 -> with 2 bins perfect, f2 symbolic constant
  const data = [seqOf([['a', 0, 'k'], ['a', 1, 'k'], ['b', 9, 'k'], ['b', 10, 'k']], labels)];
  const table = featureWeights(data, schema(['symbolic', 'numeric', 'symbolic']), 'information-gain', { bins: 2 });
  assert.deepEqual(table.map((r) => r.name), ['f0', 'f1', 'f2']);
  close(table[0]!.weight, 1, 'f0');
  close(table[1]!.weight, 1, 'f1');
  close(table[2]!.weight, 0, 'f2');
  assert.equal(table[1]!.kind, 'numeric');
  // With 20 bins the numeric values fall in 4 bins: IG still 1, but split info 2 -> GR 0.5
  const gr = featureWeights(data, schema(['symbolic', 'numeric', 'symbolic']), 'gain-ratio');
  close(gr[1]!.weight, 0.5, 'GR f1 with 20 bins');
  assert.equal(gr[1]!.stats.values, 4);
  // 'none' weighs every column 1
  assert.deepEqual(featureWeights(data, schema(['symbolic', 'numeric', 'symbolic']), 'none').map((r) => r.weight), [1, 1, 1]);
});

test('featureWeights: unknown items are skipped, bad options rejected', () => {
  const data = [seqOf([['a'], ['b'], ['c']], ['title', 'body', 'unknown'])];
  const t = featureWeights(data, schema(['symbolic']), 'chi-square');
  assert.equal(t[0]!.stats.values, 2);
  assert.throws(() => featureWeights(data, schema(['symbolic']), 'nonsense' as never), { code: 'BAD_OPTION' });
  assert.throws(() => featureWeights([seqOf([['a']], ['unknown'])], schema(['symbolic'])), { code: 'BAD_CORPUS' });
});
