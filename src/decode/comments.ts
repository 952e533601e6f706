/**
 * Which blocks sit in a page's comment section: inside an element whose class or id names one
 * (`comments`, `comment-list`, `commentlist`, `comment-body`, `disqus_thread`, `respond`,
 * `recentcomments`, ...).
 *
 * Readers' comments are the noise the training corpora show least and the eval corpora most
 * (docs/decoder-tuning.md). The learner sees the
 * same class words (the markup family), but with so few examples it weighs them lightly, so a
 * long thread of reader comments, prose-like and dense, outweighs the post it follows.
 *
 * Only a class or id that *starts* with the word counts: a `<body class="single has-comments">`
 * or a product page's `testimonials-comments-comment` does not make its text a comment thread.
 * `itemprop="comment"` does not count either: forum software marks every reply with it, and
 * on a forum page the replies are the content. For the same reason a page that declares itself
 * a discussion (schema.org `DiscussionForumPosting` or `QAPage`, in JSON-LD or microdata) has
 * no comment sections: its replies are what it is about.
 *
 * Older blogs put no element around the thread: a heading ("Comments", "12 Responses to ...")
 * and then each comment as a sibling. A heading whose whole text names a comment thread
 * (`COMMENT_HEADING`) therefore opens a section that runs to the end of its parent, when some
 * paragraph of prose comes before it (a "Responses" box at the top of a page precedes the
 * article, it does not follow it).
 */
import { subtreeText, type DomTree, type ElementNode } from '../dom/tree.js';
import type { Block } from '../segment/segment.js';
import { walkJsonLdObjects } from '../dom/json-ld.js';
import { blocksUnder } from './blocks-under.js';
import { isParagraph } from './blocks.js';
import { ClassNames, NameBit } from './class-names.js';
import { COMMENT_HEADING, DISCUSSION_TYPE } from '../features/cue-words.js';

/**
 * An element named for a comment section (`#comments`, `.commentlist`: `COMMENT_SECTION_NAME`),
 * its id and class read through the page's `ClassNames`: the marker `commentSectionBlocks` walks with.
 */
export function sectionMarker(names: ClassNames): (el: ElementNode) => boolean {
  return (el) => el.tag !== 'body' && el.tag !== 'html' && (names.idOrClass(el) & NameBit.commentSection) !== 0;
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

/** Headings and their wrappers are small: larger subtrees are not read (bounds the work on hostile nesting). */
const MAX_HEADING_NODES = 40;
const MAX_HEADING_CHARS = 80;
/** Comment headings looked at per page. */
const MAX_COMMENT_HEADINGS = 20;
const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * The element a comment heading stands for: the heading itself, or the wrappers around it that
 * hold no other text (`<div class="title"><h2>Comments</h2></div>`).
 */
function headingWrapper(tree: DomTree, heading: ElementNode, text: string): ElementNode {
  let el = heading;
  for (;;) {
    const parent = tree.nodes[el.parent];
    if (!parent || parent.kind !== 'element' || parent.tag === 'body' || parent.tag === 'html') return el;
    if (parent.end - parent.id > MAX_HEADING_NODES || subtreeText(tree, parent.id) !== text) return el;
    el = parent;
  }
}

/** Marks (in `out`) the blocks from each comment heading to the end of its parent. */
function markCommentHeadingSections(tree: DomTree, blocks: readonly Block[], out: Uint8Array): void {
  let firstParagraph = Infinity;
  for (const b of blocks) {
    if (isParagraph(b)) {
      firstParagraph = b.elementId;
      break;
    }
  }
  let found = 0;
  // Node ids are their places in `tree.nodes`: the walk starts at the first paragraph (a page without one has none to walk).
  for (let id = firstParagraph; id < tree.nodes.length; id++) {
    const node = tree.nodes[id]!;
    if (node.kind !== 'element' || !HEADING_TAGS.has(node.tag)) continue;
    if (node.end - node.id > MAX_HEADING_NODES) continue;
    const text = subtreeText(tree, node.id);
    if (text.length > MAX_HEADING_CHARS || !COMMENT_HEADING.test(text)) continue;
    const start = headingWrapper(tree, node, text);
    const parent = tree.nodes[start.parent];
    if (!parent || parent.kind !== 'element') continue;
    for (let k = 0; k < blocks.length; k++) {
      const id = blocks[k]!.elementId;
      if (id >= start.id && id <= parent.end) out[k] = 1;
    }
    if (++found >= MAX_COMMENT_HEADINGS) return;
  }
}

/** 1 for each block inside a comment section (none on a page that declares itself a discussion): one pass (`blocksUnder`), then one over the headings. */
export function commentSectionBlocks(tree: DomTree, blocks: readonly Block[]): Uint8Array {
  return commentSectionBlocksFrom(tree, blocks, blocksUnder(tree, blocks, sectionMarker(new ClassNames(tree))));
}

/** `commentSectionBlocks`, given the blocks under a named section (`sectionMarker`, walked with other markers); `under` becomes the result. */
export function commentSectionBlocksFrom(tree: DomTree, blocks: readonly Block[], under: Uint8Array): Uint8Array {
  const out = under;
  markCommentHeadingSections(tree, blocks, out);
  // Asked last: most pages have no comment section, and then the declaration does not matter.
  if (out.includes(1) && declaresDiscussion(tree)) out.fill(0);
  return out;
}
