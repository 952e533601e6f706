import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isSiteNote, siteNotes } from '../../../src/decode/rules/site-notes.js';
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
