/**
 * Readers' comments are not the article: when the page has prose outside its comment sections
 * (`commentBlocks`), p(body) and p(heading) of the blocks inside them ("3 Comments", "Leave a
 * Reply" head nothing of the article) are scaled by `commentBody` and they are
 * relabelled from the scaled row; every later rule reads the scaled probabilities, and
 * `one-title` and `prose-rescue` leave these blocks out.
 */
import type { Block } from '../../segment/segment.js';
import { isParagraph, scaleContent } from '../blocks.js';
import type { DecodeRule } from '../rule.js';

/** Whether some block outside the comment sections is a paragraph of prose. */
function proseOutside(blocks: readonly Block[], comments: ArrayLike<number>): boolean {
  for (let i = 0; i < blocks.length; i++) if (!comments[i] && isParagraph(blocks[i]!)) return true;
  return false;
}

export const commentSections: DecodeRule = {
  name: 'comment-sections',
  doc: 'when the page has prose outside its comment sections, p(body) and p(heading) inside them are scaled by `commentBody` and those blocks are relabelled (and kept out of the title and the prose rescue)',
  apply(s, page, settings) {
    const marks = page.commentBlocks;
    if (marks === undefined || !(settings.commentBody < 1) || !proseOutside(s.blocks, marks)) return;
    s.setAside(marks);
    s.scaleMarked(marks, (row) => scaleContent(row, settings.commentBody), 'inside a comment section');
  },
};
