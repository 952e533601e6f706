import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commentSections } from '../../../src/decode/rules/comment-sections.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { BlockTag } from '../../../src/decode/rule.js';
import { noteRows, runRule, tagged } from './run-rule.js';

function postAndThread() {
  const b = new BlockBuilder().text(para(40, 'post'), 'other', 0.6).probsOfLast({ body: 0.35, other: 0.65 });
  b.text('Reader on Monday', 'body', 0.6).text(para(30, 'reply'), 'body').probsOfLast({ body: 0.75, other: 0.2, title: 0.05 });
  const doc = b.build();
  return { doc, marks: Uint8Array.from([0, 1, 1]) };
}

test('comment-sections: with prose outside them, p(body) inside comment sections is scaled and those blocks relabelled', () => {
  const { doc, marks } = postAndThread();
  const s = runRule(commentSections, doc, { commentBlocks: marks });
  assert.deepEqual(s.labels, ['other', 'other', 'other']);
  assert.deepEqual(noteRows(s), [
    [1, 'body', 'other', 'comment-sections', 'inside a comment section'],
    [2, 'body', 'other', 'comment-sections', 'inside a comment section'],
  ]);
  assert.deepEqual(tagged(s, BlockTag.setAside), Array.from(marks), 'later rules see the sections');
  assert.equal(s.probs[0], doc.probs[0], 'rows outside are untouched');
  assert.ok(Math.abs(s.probs[2]![2]! - 0.15) < 1e-12 && Math.abs(s.probs[2]![3]! - 0.8) < 1e-12, 'p(body) x 0.2, the rest to other');
  assert.equal(s.modelProbs, doc.probs);
});

test('comment-sections: nothing changes when all the prose is in comments, or with commentBody 1', () => {
  const { doc } = postAndThread();
  const all = runRule(commentSections, doc, { commentBlocks: Uint8Array.from([1, 1, 1]) });
  assert.deepEqual([all.notes, tagged(all, BlockTag.setAside), all.probs === doc.probs], [[], [0, 0, 0], true]);
  const off = runRule(commentSections, doc, { commentBlocks: Uint8Array.from([0, 1, 1]), commentBody: 1 });
  assert.deepEqual([off.notes, tagged(off, BlockTag.setAside)], [[], [0, 0, 0]]);
});

test('comment-sections: a heading inside a comment section ("3 Comments") loses its heading share too', () => {
  const b = new BlockBuilder().text(para(40, 'post'), 'body', 0.8);
  b.text('3 Comments', 'heading', 0.7).probsOfLast({ heading: 0.7, body: 0.1, other: 0.2 });
  b.text(para(30, 'reply'), 'body', 0.8);
  const s = runRule(commentSections, b.build(), { commentBlocks: Uint8Array.from([0, 1, 1]) });
  assert.deepEqual(s.labels, ['body', 'other', 'other']);
});
