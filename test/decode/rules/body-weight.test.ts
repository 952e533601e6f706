import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bodyWeight } from '../../../src/decode/rules/body-weight.js';
import { KIND_BODY_WEIGHTS } from '../../../src/decode/page-type.js';
import { BlockBuilder } from '../../helpers/block-builder.js';
import { runRule } from './run-rule.js';

/** A block the model is unsure of: p(body) 0.4 against p(other) 0.6. */
const unsure = () => new BlockBuilder().text('Fits most bikes.', 'other', 0.6).probsOfLast({ body: 0.4, other: 0.6 }).text('A line of noise.', 'other').build();

test('body-weight: on a page of a kind the model undervalues, p(body) is weighed up and the labels start from the weighed probabilities, without notes', () => {
  const s = runRule(bodyWeight, unsure(), { pageType: 'docs' });
  assert.equal(KIND_BODY_WEIGHTS.docs, 2);
  assert.deepEqual(s.labels, ['body', 'other']);
  assert.deepEqual(s.notes, [], 'how the decoder reads the model, not a verdict');
  const row = s.probs[0]!;
  assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-12, 'each row sums to 1 again');
  assert.equal(s.titleEdits, 0);
});

test("body-weight: the caller's bodyWeight multiplies the kind's; with both at 1 the probabilities are the model's", () => {
  const doc = unsure();
  const article = runRule(bodyWeight, doc, { pageType: 'article' });
  assert.equal(article.probs, doc.probs, 'an article is read as the model learned it');
  assert.deepEqual(article.labels, ['other', 'other']);
  assert.deepEqual(runRule(bodyWeight, doc, { pageType: 'article', bodyWeight: 2 }).labels, ['body', 'other']);
  assert.deepEqual(runRule(bodyWeight, doc, { pageType: 'docs', bodyWeight: 0.5 }).probs, doc.probs.map((r) => r.map((p) => p)), 'x2 x0.5 is the model again');
});

test('body-weight: kindBodyWeight false (a site model labelled the page) weighs by bodyWeight alone', () => {
  const s = runRule(bodyWeight, unsure(), { pageType: 'forum', kindBodyWeight: false });
  assert.deepEqual(s.labels, ['other', 'other']);
  assert.deepEqual(runRule(bodyWeight, unsure(), { website: true }).labels, ['body', 'other'], 'a website of unknown kind is weighed as one');
});
