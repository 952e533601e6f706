/** A site learned without labels is kept only where its rules agree with the general model on its own pages (issue 58, beyond msv-big9). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadExtractionModel } from '../../src/pipeline/extract.js';
import { LEARN_BLOCK_BUDGET, pagesWithinBudget, textAgreement, trainSiteUnlabelled } from '../../src/wrapper/unlabelled.js';
import { agreesEnough, describeLearned, LEAST_BACKED, LEAST_HELD, learnSites } from '../../src/wrapper/learn-sites.js';
import { siteA, STORIES } from '../helpers/site-template-pages.js';

const words = (n: number, from = 0): string => Array.from({ length: n }, (_, i) => `w${i + from}`).join(' ');

test('text agreement: F1 of word 4-grams, the share of the reference held and the share of the text backed by it', () => {
  assert.deepEqual(textAgreement('One two three four five.', 'one, two three four FIVE'), { f1: 1, held: 1, backed: 1 });
  const half = textAgreement(words(50), words(100));
  assert.ok(Math.abs(half.held - 47 / 97) < 1e-9, `held ${half.held}`);
  assert.equal(half.backed, 1);
  const more = textAgreement(words(100), words(50));
  assert.equal(more.held, 1);
  assert.ok(Math.abs(more.backed - 47 / 97) < 1e-9);
  assert.deepEqual(textAgreement('', ''), { f1: 1, held: 1, backed: 1 });
  assert.deepEqual(textAgreement('', words(10)), { f1: 0, held: 0, backed: 1 });
  assert.equal(textAgreement(words(10), words(10, 100)).f1, 0);
});

test('a site whose rules reproduce the general model\'s reading on its pages is kept (learned); the agreement is reported per page', async () => {
  const g = await loadExtractionModel();
  const pages = STORIES.slice(0, 5).map((s) => ({ id: s, page: siteA(s) }));
  const t = trainSiteUnlabelled('template:test', pages, g);
  assert.equal(t.agreement.pages.length, 5);
  assert.ok(t.agreement.leastHeld >= LEAST_HELD, `held ${t.agreement.leastHeld}`);
  assert.ok(t.agreement.leastBacked >= LEAST_BACKED, `backed ${t.agreement.leastBacked}`);
  assert.ok(agreesEnough(t.agreement));
  const learned = learnSites(pages, g, { minPages: 5 });
  assert.deepEqual(learned.map((s) => s.outcome), ['learned']);
  assert.ok(learned[0]!.entry);
});

test('a site whose rules drop most of the general model\'s reading on a page, or reach far past it, is declined with its reason', () => {
  assert.ok(!agreesEnough({ leastHeld: LEAST_HELD - 0.01, leastBacked: 1 }));
  assert.ok(!agreesEnough({ leastHeld: 1, leastBacked: LEAST_BACKED - 0.01 }));
  assert.ok(agreesEnough({ leastHeld: LEAST_HELD, leastBacked: LEAST_BACKED }));
  const held = describeLearned({ name: 'shop.example', namedBy: 'host', pages: 6, outcome: 'declined', held: 0.13, backed: 0.9 });
  assert.match(held, /^site shop\.example: learned without labels from 6 page\(s\), not kept: .*hold 13% of the general model's reading \(70% needed on every page\): the model's general reading$/);
  const backed = describeLearned({ name: 'shop.example', namedBy: 'host', pages: 6, outcome: 'declined', held: 0.95, backed: 0.1 });
  assert.match(backed, /general model's reading holds 10% of its rules' \(25% needed/);
  const checked = describeLearned({ name: 'shop.example', namedBy: 'host', pages: 12, outcome: 'declined', held: 0.13, backed: 0.9, checked: 4 });
  assert.match(checked, /on a page of the site it read .*\(70% needed on every page \(checked 4 of 12 pages\)\)/);
});

test('a drifted site learned again and declined keeps its site model for the pages it still takes, and says so', () => {
  const s = describeLearned({ name: 'news.example', namedBy: 'host', pages: 10, outcome: 'declined', held: 0.2, backed: 0.9, checked: 10, drifted: 7 });
  assert.match(s, /^site news\.example: drifted \(7 of 10 page\(s\) no longer fit its site model\), learned without labels from 10 page\(s\), not kept: /);
  assert.match(s, /: its site model stays for the 3 page\(s\) it still takes, the model's general reading for the rest$/);
});

test('a site is learned from its first pages whose blocks fit the budget together (the first page always); the note says so', async () => {
  const pages = STORIES.slice(0, 5).map((s) => ({ id: s, page: siteA(s) }));
  const per = pages[0]!.page.blocks.length;
  assert.deepEqual(pagesWithinBudget(pages, per * 3).map((p) => p.id), STORIES.slice(0, 3));
  assert.deepEqual(pagesWithinBudget(pages, 1).map((p) => p.id), STORIES.slice(0, 1));
  assert.equal(pagesWithinBudget(pages).length, 5, 'five small pages fit LEARN_BLOCK_BUDGET');
  assert.ok(per * 5 <= LEARN_BLOCK_BUDGET);
  const t = trainSiteUnlabelled('template:test', pages, await loadExtractionModel(), { blockBudget: per * 3 });
  assert.match(t.model.body.notes[0]!, /^learned without labels from 3 page\(s\) \(the first 3 of 5: at most \d+ blocks together\)/);
  assert.equal(t.agreement.pages.length, 5, 'agreement is read on the pages learned from and the next ones up to twice the budget');
  const tight = trainSiteUnlabelled('template:test', pages, await loadExtractionModel(), { blockBudget: per });
  assert.equal(tight.agreement.pages.length, 2);
  assert.equal(tight.agreement.of, 5, 'the site\'s pages, checked or not');
});
