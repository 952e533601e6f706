import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isSiteNote, siteNotes } from '../../../src/decode/rules/site-notes.js';
import { normalizeSpace } from '../../../src/dom/tree.js';
import { AFFILIATE_DISCLOSURE, AFFILIATE_WORD, LIABILITY_DISCLAIMER, OPINION_DISCLAIMER, POST_META_LINE, PRINT_NOTE } from '../../../src/features/cue-words.js';
import { acceptedByPreTest, CUE_LINES } from './cue-lines.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

test("site-notes: a blog's post-meta footer and an opinions disclaimer under the post become other; the post stays", () => {
  const doc = new BlockBuilder().text(para(40), 'body')
    .text('This entry was posted on Saturday, August 25th, 2012 at 12:23 am and is filed under Neat Stuff. You can follow any responses to this entry through the RSS 2.0 feed.', 'body')
    .text('The opinions expressed here are my personal opinions. Content published here is not read or approved in advance by my employer.', 'body')
    .text('This entry was posted in Nikon Lenses and tagged Nikkor AF-S 70-200. Bookmark the permalink.', 'other').build();
  assert.deepEqual(noteRows(runRule(siteNotes, doc)).map((r) => [r[0], r[1], r[2]]), [[1, 'body', 'other'], [2, 'body', 'other']]);
});

test('isSiteNote: the disclaimers\' usual wordings are site notes; prose about opinions or posting, or 500 characters of it, is not', () => {
  for (const t of ['The opinions expressed by the panel differed sharply from the ministry\'s.', 'This post was written on a train.',
    'Views expressed at the meeting were mixed.', `This entry was posted on ${'x'.repeat(500)}`]) {
    assert.equal(isSiteNote(t), false, t);
  }
  for (const t of ['This blog reflects the personal opinions of individual contributors and does not represent the views of Futurelab.',
    'The opinions expressed in this commentary are solely those of the authors.', 'Views expressed here are my own.']) {
    assert.ok(isSiteNote(t), t);
  }
});

test('isSiteNote: an affiliate disclosure is a site note; a post that mentions affiliate links further on is not', () => {
  for (const t of ['This post contains references to products from one or more of our advertisers. We may receive compensation when you click on links to those products.',
    'Letzte Aktualisierung am 2.02.2022 / Bei den Verlinkungen handelt es sich um Affiliate Links / Bilder von der Amazon Product Advertising API',
    '*As an Amazon affiliate, I earn from qualifying purchases at no extra cost to you.',
    'Just a quick heads up that we use some affiliate links to products we think you’ll find useful.']) {
    assert.ok(isSiteNote(t), t);
  }
  const post = `I love a meal with crispiness and crunch, and these air fryer recipes deliver! ${'The air fryer is a weeknight dinner superstar for me. '.repeat(3)}This page has affiliate links.`;
  for (const t of [post, 'Affiliate marketing pays authors by the sale, not by the view: a different business.']) assert.equal(isSiteNote(t), false, t);
});

test('isSiteNote: a German post-meta footer and a liability disclaimer; a sentence about a post or a guarantee is not', () => {
  for (const t of ['Der Beitrag wurde am Mittwoch, den 27. November 2019 um 15:21 Uhr veröffentlicht und wurde unter Allgemein abgelegt.',
    'Dieser Eintrag wurde am 3. Mai 2020 veröffentlicht.', '(Alle Angaben ohne Gewähr)', 'Angaben ohne Gewähr.']) {
    assert.ok(isSiteNote(t), t);
  }
  for (const t of ['Der Beitrag wurde von der Redaktion gekürzt.', 'Alle Angaben ohne Gewähr, sagt der Hersteller, doch die Werte stimmen.']) assert.equal(isSiteNote(t), false, t);
});

test("isSiteNote: a newspaper's print and reprint notes; a sentence about a version or reprints is not", () => {
  for (const t of ['A version of this article appeared in print on November 5, 2012, on page A1 of the New York edition with the headline: Storm.',
    'A version of this article appeared July 24, 2012, on page A1 in the U.S. edition of The Wall Street Journal, with the headline: Bid.',
    'Dow Jones Reprints: This copy is for your personal, non-commercial use only.', 'See a sample reprint in PDF format. Order a reprint of this article now']) assert.ok(isSiteNote(t), t);
  for (const t of ['A version of the bill passed the Senate in July.', 'Reprints of the 1962 map sold out in a week.']) assert.equal(isSiteNote(t), false, t);
});

test("isSiteNote: a post's category and date lines; a sentence that starts the same way is not", () => {
  for (const t of ['Posted in: Fantasy |', 'Posted in: Fantasy, News |', 'Filed under: Politics, Elections', 'Posted on November 9, 2012 at 6:41 AM • 7 Comments', 'Posted on Friday, 9 November 2012', 'Posted on 2012-11-09 by admin', 'Full list of categories: City Guide » Food » Restaurants', 'Categories: Politics, News']) assert.ok(isSiteNote(t), t);
  for (const t of ['Posted in Berlin, the letter reached her a week later.', 'Posted on the door was a note. It said 2012 was over.', 'Posted on a forum in 2012, the photo went viral within days of its upload', 'Posted on March 3, 2011, the video drew a million views', 'Categories: the study sorted answers into four. Most fit.']) {
    assert.equal(isSiteNote(t), false, t);
  }
});

test('site-notes pre-test: every affiliate disclosure holds its words (ſ folds to s), so asking them first changes no answer', () => {
  const disclosures = acceptedByPreTest(AFFILIATE_DISCLOSURE, AFFILIATE_WORD);
  assert.deepEqual(disclosures.missed, []);
  assert.ok(disclosures.accepted >= 10, `${disclosures.accepted}`);
  for (const text of CUE_LINES) {
    const line = normalizeSpace(text);
    const disclosure = AFFILIATE_DISCLOSURE.exec(line);
    const full = text.length <= 400 && (POST_META_LINE.test(line) || OPINION_DISCLAIMER.test(line) || LIABILITY_DISCLAIMER.test(line) || PRINT_NOTE.test(line) ||
      (disclosure !== null && disclosure.index <= 160));
    assert.equal(isSiteNote(text), full, text);
  }
});
