/**
 * Training the subtree SVM: which pages teach the body model.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GoldLabel } from '../../../src/labels.js';
import { completeBodyGold, trainSvmOnPages, type SvmTrainingPage } from '../../../src/models/svm/train.js';
import { labelled, siteA } from './fixtures.js';

/** Site A page `i` with gold as snippets give it: the title, one paragraph body, the footer other, the rest unknown. */
function partial(i: number): SvmTrainingPage {
  const { page, fixture } = labelled(siteA(i));
  const labels: GoldLabel[] = page.blocks.map((b) => (b.text === fixture.title ? 'title' : b.text === fixture.paragraphs[1] ? 'body' : b.text.startsWith('Copyright') ? 'other' : 'unknown'));
  return { page, labels };
}

test('completeBodyGold: body gold with no unknown block', () => {
  assert.equal(completeBodyGold(['other', 'title', 'body', 'heading']), true);
  assert.equal(completeBodyGold(['unknown', 'body', 'other']), false);
  assert.equal(completeBodyGold(['other', 'title']), false, 'no body gold');
  assert.equal(completeBodyGold(['unknown', 'title']), false);
});

test('pages with partial body gold teach only the title model when complete pages exist', () => {
  const pages = [...Array.from({ length: 6 }, (_, i) => labelled(siteA(i))), partial(6), partial(7)];
  const { labeler, report } = trainSvmOnPages(pages, { negatives: 8 });
  assert.equal(report.bodyPartialSkipped, 2);
  assert.equal(report.bodyPages, 6);
  // Each complete page gives one positive and at most `negatives` negatives; the partial ones none.
  assert.equal(report.body.positives, 6);
  // The body chosen on a partial page is the whole story, not the one labelled paragraph.
  const { page, fixture } = labelled(siteA(9));
  const choice = labeler.explainPage(page);
  assert.deepEqual(page.blocks.slice(choice.body!.blocks[0], choice.body!.blocks[1] + 1).map((b) => b.text), fixture.paragraphs);
});

test('with partial body gold only, those pages still teach the body model', () => {
  const { report } = trainSvmOnPages([partial(1), partial(2), partial(3), partial(4)], { negatives: 6 });
  assert.equal(report.bodyPartialSkipped, 0);
  assert.equal(report.bodyPages, 4);
});
