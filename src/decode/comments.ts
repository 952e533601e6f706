/**
 * Which blocks sit in a page's comment section: inside an element whose class or id names one
 * (`comments`, `comment-list`, `commentlist`, `comment-body`, `disqus_thread`, `respond`,
 * `recentcomments`, ...).
 *
 * Readers' comments are the noise the training corpora show least and the eval corpora most:
 * on dragnet's pages 4.1 million characters of gold non-content sit in such elements against
 * 13 000 of content; on the train corpora 0.1-0.7% of the content does. The learner sees the
 * same class words (the markup family), but with so few examples it weighs them lightly, so a
 * long thread of reader comments, prose-like and dense, outweighs the post it follows.
 *
 * Only a class or id that *starts* with the word counts: a `<body class="single has-comments">`
 * or a product page's `testimonials-comments-comment` does not make its text a comment thread.
 * `itemprop="comment"` does not count either: forum software marks every reply with it, and
 * on a forum page the replies are the content. For the same reason a page that declares itself
 * a discussion (schema.org `DiscussionForumPosting` or `QAPage`, in JSON-LD or microdata) has
 * no comment sections: its replies are what it is about (74 of wcxb-dev's forum pages declare
 * so; none of dragnet's or l3s-gn1's pages do).
 */
import type { DomTree, ElementNode } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';
import { walkJsonLdObjects } from '../dom/json-ld.js';
import { blocksUnder } from './blocks-under.js';
import { COMMENT_SECTION_NAME, COMMENT_SECTION_WORD, DISCUSSION_TYPE } from '../features/vocabulary.js';

/** Class strings longer than this are feature-flag dumps, not layout names. */
const MAX_CLASS_CHARS = 400;

function namesSection(el: ElementNode): boolean {
  if (el.tag === 'body' || el.tag === 'html') return false;
  const id = el.attrs['id'];
  if (id && COMMENT_SECTION_NAME.test(id)) return true;
  const cls = el.attrs['class'];
  if (!cls || cls.length > MAX_CLASS_CHARS || !COMMENT_SECTION_WORD.test(cls)) return false;
  for (const name of cls.split(/\s+/)) if (name && COMMENT_SECTION_NAME.test(name)) return true;
  return false;
}

function isDiscussionType(t: unknown): boolean {
  if (typeof t === 'string') return DISCUSSION_TYPE.test(t.trim());
  return Array.isArray(t) && t.some((x) => typeof x === 'string' && DISCUSSION_TYPE.test(x.trim()));
}

/** Whether the page says, in JSON-LD or microdata, that it is a forum thread or a Q&A page. */
export function declaresDiscussion(tree: DomTree): boolean {
  let declared = false;
  walkJsonLdObjects(tree, (o) => (declared = isDiscussionType(o['@type'])));
  if (declared) return true;
  for (const node of tree.nodes) {
    if (node.kind !== 'element') continue;
    const type = node.attrs['itemtype'];
    // Microdata may list several types, space-separated.
    if (type && type.split(/\s+/).some((t) => DISCUSSION_TYPE.test(t))) return true;
  }
  return false;
}

/** 1 for each block inside a comment section (none on a page that declares itself a discussion); one pass (`blocksUnder`). */
export function commentSectionBlocks(tree: DomTree, blocks: readonly Block[]): Uint8Array {
  const out = blocksUnder(tree, blocks, namesSection);
  // Asked last: most pages have no comment section, and then the declaration does not matter.
  if (out.includes(1) && declaresDiscussion(tree)) out.fill(0);
  return out;
}
