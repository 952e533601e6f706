/** RIPPER (list-extraction study): rules recovered on toy data, each kind of test, pruning, MDL, seeds, round trips. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FeatureSchema, ItemFeatures } from '../../src/features/types.js';
import type { GoldLabel } from '../../src/labels.js';
import type { LabeledSequence, Labeler } from '../../src/models/labeler.js';
import { ripperTrainer, type RipperBody } from '../../src/models/ripper/ripper.js';
import { rng } from '../../src/models/ripper/irep.js';
import { encodeExamples, Interner, type Condition } from '../../src/models/ripper/conditions.js';
import { pruneRule } from '../../src/models/ripper/prune.js';
import { exceptionsDL, ruleDL, subsetDL } from '../../src/models/ripper/mdl.js';
import type { RipperFeature } from '../../src/models/ripper/features.js';
import { createModelFile, decodeModelFile, encodeModelFile } from '../../src/models/model-file.js';
import { getTrainer, labelerFromModel } from '../../src/models/registry.js';
import { PithError } from '../../src/errors.js';

/** A toy schema with the columns RIPPER's seed-003 features read (others missing: skipped). */
const COLUMNS = [
  { name: 'tag', kind: 'symbolic' }, { name: 'parent', kind: 'symbolic' }, { name: 'grandparent', kind: 'symbolic' },
  { name: 'wordCount', kind: 'numeric' }, { name: 'linkDensity', kind: 'numeric' }, { name: 'depth', kind: 'numeric' },
] as const;
const schema: FeatureSchema = {
  name: 'toy', version: 1, families: ['toy'], hash: 'toy',
  columns: COLUMNS.map((c) => ({ ...c, family: 'toy' })),
};
const TAGS = ['p', 'div', 'li', 'a', 'span'];

interface Toy { words: number; ld: number; tag: string; depth: number; anc: string[]; desc: string[] }

function toyItems(n: number, seed: number): Toy[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => ({
    words: Math.floor(r() * 40), ld: Math.round(r() * 100) / 100, tag: TAGS[Math.floor(r() * TAGS.length)]!,
    depth: 3 + Math.floor(r() * 10),
    anc: ['article', 'nav', 'aside', 'footer'].filter(() => r() < 0.3), desc: ['a-href', 'em', 'strong'].filter(() => r() < 0.3),
  }));
}

function item(t: Toy): ItemFeatures {
  return {
    attrs: [...t.anc.map((a) => `in:${a}`), ...t.desc.map((d) => `desc:${d}`)],
    columns: [t.tag, 'div', 'body', t.words, t.ld, t.depth],
  };
}

/** Pages of 50 items labelled by `rule` (true: body, false: other). */
function dataset(n: number, seed: number, rule: (t: Toy, k: number) => boolean): LabeledSequence[] {
  const toys = toyItems(n, seed);
  const pages: LabeledSequence[] = [];
  for (let s = 0; s < n; s += 50) {
    const chunk = toys.slice(s, s + 50);
    pages.push({ pageId: `p${s}`, site: `s${s % 3}`, items: chunk.map(item), labels: chunk.map((t, k): GoldLabel => (rule(t, s + k) ? 'body' : 'other')) });
  }
  return pages;
}

function accuracy(l: Labeler, data: readonly LabeledSequence[]): number {
  let ok = 0, all = 0;
  for (const seq of data) {
    const p = l.predict(seq);
    p.labels.forEach((y, i) => { all++; if (y === seq.labels[i]) ok++; });
  }
  return ok / all;
}

const train = (data: readonly LabeledSequence[], params = {}): Labeler => ripperTrainer.train(data, params, undefined, { schema });
const dump = (l: Labeler): string => (l as unknown as { describe(top: number): string }).describe(10);

test('recovers body iff words >= 10 and link density < 0.3 (numeric thresholds on both sides)', () => {
  const rule = (t: Toy) => t.words >= 10 && t.ld < 0.3;
  const l = train(dataset(3000, 1, rule));
  assert.ok(accuracy(l, dataset(2000, 2, rule)) >= 0.98);
  const text = dump(l);
  assert.match(text, /body :- .*nonWhiteTextLength >= (9|10)\b/);
  assert.match(text, /linkDensity <= 0\.(2|29)/);
  const body = l.toJSON() as RipperBody;
  assert.equal(body.default.label, 'other');
  assert.deepEqual(body.order, ['body', 'other'], 'least frequent label first, the most frequent is the default');
  assert.ok(body.rules.length <= 3, `a compact rule set, got ${body.rules.length}`);
});

test('symbolic tests: body iff tagName = p', () => {
  const rule = (t: Toy) => t.tag === 'p';
  const l = train(dataset(2000, 3, rule));
  assert.equal(accuracy(l, dataset(1000, 4, rule)), 1);
  assert.match(dump(l), /body :- tagName = p\. \[\d+\/0\]/);
});

test('set-valued tests: body iff the block sits in an article', () => {
  const rule = (t: Toy) => t.anc.includes('article');
  const l = train(dataset(2000, 5, rule));
  assert.equal(accuracy(l, dataset(1000, 6, rule)), 1);
  assert.match(dump(l), /body :- ancestorTagNames contains article\./);
  const l2 = train(dataset(2000, 7, (t) => t.desc.includes('em') && t.words >= 5));
  assert.match(dump(l2), /descendantTagNames contains em/);
});

test('pruning deletes a final condition that only fits noise in the growing set', () => {
  const features: RipperFeature[] = [
    { name: 'signal', kind: 'numeric', columns: [0], prefixes: [] },
    { name: 'noise', kind: 'numeric', columns: [1], prefixes: [] },
  ];
  const r = rng(9);
  const items = Array.from({ length: 400 }, () => ({ attrs: [], columns: [Math.floor(r() * 20), r()] }));
  const x = encodeExamples(features, items, new Interner(), true);
  const pos = Uint8Array.from(items, (it) => ((it.columns[0] as number) >= 10 && r() < 0.9 ? 1 : 0));
  const grown: Condition[] = [{ f: 0, op: '>=', v: 10 }, { f: 1, op: '<=', v: 0.4 }];
  const prune = Int32Array.from(items.keys());
  assert.deepEqual(pruneRule(grown, x, prune, pos), [grown[0]]);
  // A condition that does separate on the pruning set stays.
  const pos2 = Uint8Array.from(items, (it) => ((it.columns[0] as number) >= 10 && (it.columns[1] as number) <= 0.4 ? 1 : 0));
  assert.deepEqual(pruneRule(grown, x, prune, pos2), grown);
});

test('MDL: pure noise gives (almost) no rules, and the description lengths behave', () => {
  const r = rng(11);
  const noise = dataset(3000, 12, () => r() < 0.3);
  const body = train(noise).toJSON() as RipperBody;
  assert.ok(body.rules.length <= 1, `noise should not buy rules, got ${body.rules.length}: ${JSON.stringify(body.rules)}`);
  assert.equal(subsetDL(10, 0, 0), 0);
  assert.ok(ruleDL(3, 100) > ruleDL(1, 100));
  assert.ok(exceptionsDL(100, 900, 0, 0) < exceptionsDL(100, 900, 20, 20));
  // With the slack at 0 and no optimisation, learning still stops on noise.
  const strict = train(noise, { mdlSlack: 0, optimisations: 0 }).toJSON() as RipperBody;
  assert.ok(strict.rules.length <= 1);
});

test('deterministic with a seed; the trainer is registered and its parameters checked', () => {
  const data = dataset(1500, 13, (t, k) => (t.words >= 15 && t.tag !== 'a') !== (k % 17 === 0));
  const a = JSON.stringify(train(data, { seed: 7 }).toJSON());
  const b = JSON.stringify(train(data, { seed: 7 }).toJSON());
  assert.equal(a, b);
  assert.equal(getTrainer('ripper'), ripperTrainer);
  assert.throws(() => train(data, { pruneFraction: 2 }), /pruneFraction/);
  assert.throws(() => ripperTrainer.train(data, {}), /schema/);
});

test('save -> load round trip gives identical predictions and explanations', () => {
  const data = dataset(1500, 14, (t) => t.words >= 10 && t.ld < 0.3 || t.tag === 'p' && t.anc.includes('article'));
  const l = train(data);
  const bytes = encodeModelFile(createModelFile(l, { labels: ['title', 'heading', 'body', 'other'], featureSchema: schema, trainingCorpora: [], params: {} }), { gzip: true });
  const back = labelerFromModel(decodeModelFile(bytes));
  const test2 = dataset(500, 15, () => false);
  for (const seq of test2) {
    assert.deepEqual(back.predict(seq), l.predict(seq));
    assert.deepEqual(back.explain(seq, 3), l.explain(seq, 3));
  }
  const p = l.predict(test2[0]!);
  for (const row of p.probs) assert.ok(Math.abs(row.reduce((s, v) => s + v, 0) - 1) < 1e-9);
  const ex = l.explain(test2[0]!, 0)[0]!;
  assert.match(ex.feature, /^(rule \d+: \w+ :- .*\[\d+\/\d+\]|default: other)/);
  assert.throws(() => ripperTrainer.fromJSON({ algorithm: 'ripper', features: [] }), (e: unknown) => e instanceof PithError && e.code === 'BAD_MODEL');
  const body = l.toJSON() as RipperBody;
  assert.throws(() => ripperTrainer.fromJSON({ ...body, rules: [{ label: 'body', conds: [{ f: 99, op: '<=', v: 1 }], p: 1, n: 0 }] }), /feature 99/);
});

test('features: parse-tree is the default, and seed003, its old name, picks the same features', async () => {
  const { resolveFeatures } = await import('../../src/models/ripper/features.js');
  const { resolveParams } = await import('../../src/models/params.js');
  const { RIPPER_PARAMS } = await import('../../src/models/ripper/params.js');
  assert.equal(resolveParams(RIPPER_PARAMS)['features'], 'parse-tree');
  assert.equal(resolveParams(RIPPER_PARAMS, { features: 'seed003' })['features'], 'seed003');
  assert.throws(() => resolveParams(RIPPER_PARAMS, { features: 'tree' }));
  const schema = { name: 's', version: 1, hash: 'h', families: [], columns: [
    { name: 'tag', kind: 'symbolic', family: 'ancestors' }, { name: 'len', kind: 'numeric', family: 'lengths' }, { name: 'other', kind: 'numeric', family: 'x' },
  ] } as unknown as FeatureSchema;
  const names = (which: string) => resolveFeatures(schema, which).map((f) => f.name);
  assert.deepEqual(names('parse-tree'), ['tagName', 'descendantTagNames', 'textLength']);
  assert.deepEqual(names('seed003'), names('parse-tree'));
  assert.notDeepEqual(names('all'), names('parse-tree'));
});
