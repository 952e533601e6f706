import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mlpTrainer, MlpLabeler, MLP_PARAMS } from '../../src/models/mlp/mlp.js';
import { maxentTrainer } from '../../src/models/maxent/maxent.js';
import { getTrainer } from '../../src/models/registry.js';
import { validateParamSpecs } from '../../src/models/params.js';
import { LABELS, type Label } from '../../src/labels.js';
import type { Labeler, LabeledSequence } from '../../src/models/labeler.js';
import { accuracy, rng } from './synthetic.js';

/**
 * Body exactly when a block has one of `a` and `b` (exclusive or): a conjunction no
 * weighting of single attributes can express, so a linear model must fail on it.
 */
function xorData(seed: number, sites = 1): LabeledSequence[] {
  const r = rng(seed);
  return Array.from({ length: 40 }, (_, s) => {
    const labels: Label[] = [];
    const items = [];
    for (let i = 0; i < 8; i++) {
      const a = r() < 0.5, b = r() < 0.5;
      labels.push(a !== b ? 'body' : 'other');
      items.push({ attrs: [...(a ? ['a'] : []), ...(b ? ['b'] : []), `site-only-${s % sites}`], columns: [] });
    }
    return { pageId: `p${s}`, site: `site${s % sites}`, items, labels };
  });
}

const XOR_PARAMS = { hidden: 8, epochs: 60, learningRate: 0.1, minFreq: 1 };

function probsOf(l: Labeler, data: readonly LabeledSequence[]): number[][] {
  return data.flatMap((s) => l.predict(s).probs.map((p) => [...p]));
}

test('the network learns an exclusive-or that MaxEnt cannot', () => {
  const data = xorData(1);
  const net = mlpTrainer.train(data, XOR_PARAMS);
  const linear = maxentTrainer.train(data, { sigma: 10, minFreq: 1 });
  const accNet = accuracy(data.map((s) => net.predict(s).labels), data);
  const accLinear = accuracy(data.map((s) => linear.predict(s).labels), data);
  assert.equal(accNet, 1, `network accuracy ${accNet}`);
  assert.ok(accLinear < 0.85, `MaxEnt accuracy ${accLinear} should stay near the majority share`);
});

test('same seed, same model; a saved model predicts exactly as the trained one', () => {
  const data = xorData(2);
  const a = mlpTrainer.train(data, { ...XOR_PARAMS, epochs: 5 });
  const b = mlpTrainer.train(data, { ...XOR_PARAMS, epochs: 5 });
  const weights = (l: Labeler) => {
    const { E, V, c, U, b } = l.toJSON() as Record<string, string>;
    return [E, V, c, U, b];
  };
  assert.deepEqual(weights(a), weights(b));
  const c = mlpTrainer.train(data, { ...XOR_PARAMS, epochs: 5, seed: 9 });
  assert.notDeepEqual(weights(a), weights(c));
  const loaded = getTrainer('mlp').fromJSON(JSON.parse(JSON.stringify(a.toJSON())));
  assert.deepEqual(probsOf(loaded, data), probsOf(a, data));
  // Probabilities are in LABELS order and sum to 1.
  for (const row of probsOf(a, data)) {
    assert.equal(row.length, LABELS.length);
    assert.ok(Math.abs(row.reduce((x, y) => x + y, 0) - 1) < 1e-9);
    assert.equal(row[LABELS.indexOf('title')], 0);
  }
});

test('the encoded fast path gives the same prediction as named attributes', () => {
  const data = xorData(3);
  const net = mlpTrainer.train(data, { ...XOR_PARAMS, epochs: 5 }) as MlpLabeler;
  const seq = data[0]!;
  const ids: number[] = [], itemStart = [0];
  for (const it of seq.items) {
    for (const a of it.attrs) {
      const k = net.vocabulary.get(a);
      if (k !== undefined) ids.push(k);
    }
    itemStart.push(ids.length);
  }
  const fast = net.predictEncoded({ pageId: 'p', site: 's', itemStart: Int32Array.from(itemStart), ids: Int32Array.from(ids), vals: null });
  assert.deepEqual(fast, net.predict(seq));
});

test('with linearSigma the linear part is the MaxEnt model, kept fixed', () => {
  const data = xorData(4);
  const net = mlpTrainer.train(data, { ...XOR_PARAMS, epochs: 5, linearSigma: 2 }) as MlpLabeler;
  const linear = maxentTrainer.train(data, { sigma: 2, minFreq: 1 });
  const body = linear.toJSON() as { attributes: string[]; weights: string };
  const W = Buffer.from(body.weights, 'base64');
  const L = net.model.labels.length;
  assert.deepEqual([...net.model.index.names], body.attributes);
  for (let i = 0; i < net.model.V.length; i++) assert.equal(net.model.V[i], W.readFloatLE(i * 4));
  for (let y = 0; y < L; y++) assert.equal(net.model.b[y], W.readFloatLE((net.model.V.length + y) * 4));
});

test('attributes from too few sites never reach the hidden units', () => {
  const data = xorData(5, 4);
  const net = mlpTrainer.train(data, { ...XOR_PARAMS, epochs: 5, hiddenMinSites: 2 }) as MlpLabeler;
  const { index, inputRow, E, H } = net.model;
  for (const name of ['site-only-0', 'site-only-3']) assert.equal(inputRow[index.lookup.get(name)!], -1, `${name} feeds no unit`);
  const row = inputRow[index.lookup.get('a')!]!;
  assert.ok(row >= 0 && E.subarray(row * H, (row + 1) * H).some((w) => w !== 0));
  assert.equal(E.length, 2 * H, 'only a and b keep input weights');
  // With dropout the network still learns the rule.
  const dropped = mlpTrainer.train(data, { ...XOR_PARAMS, dropout: 0.2, hiddenMinSites: 2 });
  assert.ok(accuracy(data.map((s) => dropped.predict(s).labels), data) > 0.95);
});

test('explain names the attributes that carried the label', () => {
  const data = xorData(6, 8);
  const net = mlpTrainer.train(data, XOR_PARAMS);
  const s = data.find((q) => q.items.some((it) => it.attrs.includes('a') && !it.attrs.includes('b')))!;
  const i = s.items.findIndex((it) => it.attrs.includes('a') && !it.attrs.includes('b'));
  const top = net.explain(s, i, 2).map((c) => c.feature);
  assert.ok(top.includes('a'), `top attributes: ${top.join(', ')}`);
  assert.ok(!top.includes('b'));
  assert.throws(() => net.explain(s, 99), { code: 'BAD_OPTION' });
  const text = (net as MlpLabeler).describe(3);
  assert.match(text, /^mlp model: 10 attributes \(10 feed the 8 hidden units\), labels body other\ntraining: 320 items, 60 epochs/);
  assert.match(text, /label body: linear part, strongest for\n  [+-]\d/);
});

test('a corrupt or truncated network body is a clear BAD_MODEL error', () => {
  const net = mlpTrainer.train(xorData(7), { ...XOR_PARAMS, epochs: 2 });
  const body = net.toJSON() as Record<string, unknown>;
  const bad: Array<[Record<string, unknown>, RegExp]> = [
    [{ ...body, kind: 'linear' }, /not a network/],
    [{ ...body, hidden: 0 }, /hidden/],
    [{ ...body, E: (body['E'] as string).slice(0, 8) }, /E holds/],
    [{ ...body, labels: ['other', 'body'] }, /order/],
    [{ ...body, inputs: Buffer.from(Int32Array.of(3, 1).buffer).toString('base64') }, /ascending/],
    [{ ...body, inputs: 'AAA' }, /inputs/],
    [{ ...body, attributes: 'a' }, /attributes/],
  ];
  for (const [b, re] of bad) assert.throws(() => mlpTrainer.fromJSON(b), (e: any) => e.code === 'BAD_MODEL' && re.test(e.message), re.source);
  validateParamSpecs(MLP_PARAMS);
  assert.throws(() => mlpTrainer.train(xorData(7), { hidden: 0 }), { code: 'BAD_OPTION' });
});

test('a block with a thousand attributes trains and predicts like any other', () => {
  const data = xorData(8);
  const wide = Array.from({ length: 1000 }, (_, k) => `w${k}`);
  data.push({ pageId: 'wide', site: 'site0', items: [{ attrs: ['a', ...wide], columns: [] }, { attrs: ['b'], columns: [] }], labels: ['body', 'body'] });
  const net = mlpTrainer.train(data, { ...XOR_PARAMS, dropout: 0.2 });
  const p = net.predict(data[data.length - 1]!);
  assert.equal(p.labels.length, 2);
  assert.ok(p.probs.every((row) => row.every(Number.isFinite)));
});
