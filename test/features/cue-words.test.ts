import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AD_DISCLOSURE, COMMENT_SECTION_NAME, DATE_IN_TEXT, PRICE_TEXT } from '../../src/features/cue-words.js';
import { HINTS } from '../../src/features/families/markup.js';

test('comment-section names the decoder reads: samples (every alternative is held to the features\' comment group in test/decode/cue-guards.test.ts)', () => {
  for (const name of ['comments', 'comment-list', 'commentlist', 'disqus_thread', 'respond', 'recentcomments', 'recent-comments-2']) {
    assert.ok(COMMENT_SECTION_NAME.test(name), name);
  }
  assert.ok(!COMMENT_SECTION_NAME.test('has-comments'));
});

test('the markup hints are the class-word groups, in their order', () => {
  assert.deepEqual(HINTS, ['content', 'comment', 'nav', 'share', 'ad', 'related', 'footer', 'header', 'sidebar', 'caption', 'byline', 'title', 'tags']);
});

test('prices, dates within a line and ad disclosures: what shop pages and placed ads write, not their look-alikes', () => {
  for (const price of ['$158.73', '149€', '£88', '1.299,00 EUR', 'Now £12.99', 'from $1,299.99 before trade-in']) assert.ok(PRICE_TEXT.test(price), price);
  for (const text of ['4.4 out of 5 stars', '32 fl. oz.', 'Save 45%', 'Model 2024']) assert.ok(!PRICE_TEXT.test(text), text);
  assert.ok(!PRICE_TEXT.test('7'.repeat(200_000)), 'a long run of digits is read once, not from every digit');
  for (const text of ['Reviewed in the United States on June 5, 2024', 'Reviewed in the United Kingdom on 3 December 2024', '05.06.2024', 'posted 3 weeks ago', '2024-06-05']) {
    assert.ok(DATE_IN_TEXT.test(text), text);
  }
  for (const text of ['Version 2, 2024', 'Battery life: 6 hours', 'Item model number: E19', 'up to 31 hrs of video']) assert.ok(!DATE_IN_TEXT.test(text), text);
  for (const text of ["Why you're seeing this ad", 'Why this ad?', 'AdChoices', 'Ad Choices']) assert.ok(AD_DISCLOSURE.test(text), text);
  for (const text of ['Sponsored', 'Why this advertiser matters', 'Advertisement']) assert.ok(!AD_DISCLOSURE.test(text), text);
});
