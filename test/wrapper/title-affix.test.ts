/** A site that writes "Courier: " before every headline: the prefix is learned from the gold titles and removed. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from '../../src/page.js';
import type { GoldLabel } from '../../src/labels.js';
import { learnTitleAffixes, trainSiteModel, type LabelledPage } from '../../src/wrapper/index.js';
import { WrapperSiteModel } from '../../src/models/wrapper/site-model.js';
import { extractPage, loadExtractionModel } from '../../src/pipeline/extract.js';

const HOST = 'courier.example';
const para = (k: number) => `Paragraph ${k} of the story says what the council decided on Tuesday and what it will cost the town.`;

function labelled(headline: string, paras: number[], id: string, shown = `Courier: ${headline} (updated)`): LabelledPage {
  const html = `<html><body><div class="nav"><a href="/">Home</a></div><h1>${shown}</h1>
<div class="text">${paras.map((k) => `<p>${para(k)}</p>`).join('')}</div><div class="footer">Copyright the Courier</div></body></html>`;
  const page = loadPage(Buffer.from(html), { id, url: `https://${HOST}/news/${id}` });
  const labels: GoldLabel[] = page.blocks.map((b) => (b.text === shown ? 'title' : b.text.startsWith('Paragraph') ? 'body' : 'other'));
  return { id, page, labels, found: 1, goldTitle: headline };
}

test('wrapper: the text a site writes around every headline is learned and dropped', async () => {
  const train = [labelled('Mill to be restored', [1, 2, 3], 'a'), labelled('Ferry timetable changes', [4, 5], 'b')];
  assert.deepEqual(learnTitleAffixes(train), { prefix: 'Courier: ', suffix: ' (updated)' });
  const site = trainSiteModel(HOST, train).model;
  const general = await loadExtractionModel();
  const test = labelled('Harbour wall repaired', [6, 7, 8], 'c');
  const result = extractPage(test.page, { ...general, sites: [site] });
  assert.equal(result.extractor, 'wrapper');
  assert.equal(result.article.title, 'Harbour wall repaired');
  // Stored and read back with the model file's site entry.
  const back = WrapperSiteModel.fromJSON(HOST, JSON.parse(JSON.stringify(site.toJSON())));
  assert.equal(back.cleanTitle('Courier: Lifeboat crew honoured (updated)'), 'Lifeboat crew honoured');
  assert.throws(() => WrapperSiteModel.fromJSON(HOST, { ...site.toJSON(), titlePrefix: 7 }), /titlePrefix must be a string/);
});

test('wrapper: pages that disagree on the text around the headline teach no prefix', () => {
  const train = [labelled('Mill to be restored', [1, 2], 'a'), labelled('Ferry timetable changes', [3, 4], 'b', 'Ferry timetable changes')];
  assert.deepEqual(learnTitleAffixes(train), { prefix: '', suffix: '' });
  const noGold = { ...labelled('Mill', [1], 'x') };
  delete (noGold as { goldTitle?: string }).goldTitle;
  assert.deepEqual(learnTitleAffixes([noGold]), { prefix: '', suffix: '' });
});
