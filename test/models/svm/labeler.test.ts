/**
 * The subtree SVM as a labeler: how the chosen subtrees become block labels.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { trainSvmOnPages } from '../../../src/models/svm/train.js';
import { SvmClassifier } from '../../../src/models/svm/classifier.js';
import { SvmLabeler, TITLE_MIN_P } from '../../../src/models/svm/labeler.js';
import { buildArticle } from '../../../src/article/index.js';
import { labelled, siteA, siteB } from './fixtures.js';

test('an unsure title model labels no title: the article falls back to the declared title', () => {
  const { labeler } = trainSvmOnPages(Array.from({ length: 8 }, (_, i) => labelled(siteA(i))), { negatives: 12 });
  const { page, fixture } = labelled(siteB(1));
  const sure = labeler.predictPage(page);
  const choice = labeler.explainPage(page);
  assert.ok(choice.title!.p >= TITLE_MIN_P);
  assert.equal(sure.labels[choice.title!.block], 'title');
  // The same title model with a Platt sigmoid that puts every candidate near 0.
  const t = labeler.titleModel.toJSON();
  const unsureTitle = new SvmClassifier({ ...t, platt: { A: t.platt.A, B: 40 } });
  const unsure = new SvmLabeler(labeler.bodyModel, unsureTitle);
  const c2 = unsure.explainPage(page);
  assert.equal(c2.title!.block, choice.title!.block, 'the same best candidate (decision values unchanged)');
  assert.ok(c2.title!.p < TITLE_MIN_P);
  const p2 = unsure.predictPage(page);
  assert.ok(!p2.labels.includes('title'), 'no block labelled title');
  assert.deepEqual(p2.labels.filter((l) => l === 'body').length, sure.labels.filter((l) => l === 'body').length, 'the body is unchanged');
  // Site B declares "<title> - Valley Post" and og:title: the article shows the declared title.
  assert.equal(buildArticle(page, p2.labels).title, fixture.title);
});
