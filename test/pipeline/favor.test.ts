/**
 * `favor` moves the decoder only where the model is unsure (docs/quality.md, "Precision or
 * recall"): a line the model gives p(body) 0.4 is kept by `recall` only, one at 0.6 is left out by
 * `precision` only, and lines it is sure of (0.9 either way) go the same way under all three.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { constrainLabels, NO_EVIDENCE, resolveDecodeSettings } from '../../src/decode/constrain.js';
import { FAVORS, FAVOR_SETTINGS } from '../../src/pipeline/library.js';
import { BlockBuilder, para } from '../helpers/block-builder.js';

/** A title and sure paragraphs with two short lines between them, one the model leans against (0.4), one it leans to (0.6), and a sure-noise line. */
function unsurePage() {
  return new BlockBuilder()
    .text('How do I undo the last commit?', 'title', 0.95)
    .text(para(60), 'body')
    .text('answered by lin_k on March 3', 'other').probsOfLast({ body: 0.4, other: 0.6 })
    .text(para(60), 'body')
    .text('edited by marta on March 4', 'other').probsOfLast({ body: 0.6, other: 0.4 })
    .text(para(60), 'body')
    .text('Share this answer', 'other').probsOfLast({ body: 0.1, other: 0.9 })
    .text(para(60), 'body')
    .build();
}

test('favor: recall keeps the line the model leans against, precision drops the one it leans to, sure lines stay put', () => {
  const { blocks, probs } = unsurePage();
  const labels = Object.fromEntries(FAVORS.map((f) => [f, constrainLabels(blocks, probs, NO_EVIDENCE, resolveDecodeSettings(FAVOR_SETTINGS[f])).labels]));
  assert.deepEqual([labels['precision']![2], labels['balanced']![2], labels['recall']![2]], ['other', 'other', 'body'], 'p(body) 0.4: recall only');
  assert.deepEqual([labels['precision']![4], labels['balanced']![4], labels['recall']![4]], ['other', 'body', 'body'], 'p(body) 0.6: not precision');
  for (const f of FAVORS) {
    assert.equal(labels[f]![0], 'title', `the title under ${f}`);
    assert.equal(labels[f]![6], 'other', `sure noise under ${f}`);
    for (const i of [1, 3, 5, 7]) assert.equal(labels[f]![i], 'body', `sure body under ${f}`);
  }
});
