/**
 * A short line that introduces what is not the article ("Auch interessant", "Read more",
 * "Le puede interesar", "Newsletter") is not the article, and neither are the teaser links it
 * introduces: the line and the link-text or short body blocks right after it, up to the next
 * paragraph of prose, become other; so does a lead-in and its teaser link on one line ("Lesen
 * Sie auch: <a>...</a>"). When the next text sits in an element of its own after the line (a
 * slideshow, a list of stories), that whole box goes with it. The learner sees the cue
 * (`cue:lead-in`) but, inside an article's container, often keeps the line with its neighbours.
 */
import { isLinkText, isParagraph, nextTextBlock } from '../blocks.js';
import type { Block } from '../../segment/segment.js';
import type { DecodeRule } from '../rule.js';
import type { BlockContainers } from '../containers.js';
import { LEAD_IN } from '../../features/cue-words.js';

/** A lead-in is a short line: a sentence that mentions "related" is prose. */
const MAX_LEAD_IN_CHARS = 60;
/** Body lines after a lead-in this short (a teaser's headline, a date) go with it. */
const MAX_TEASER_CHARS = 150;

/** Characters a lead-in line may hold beyond its phrase ("More from NPR", "Auch interessant:"). */
const MAX_LEAD_IN_REST = 20;

/** The line is a lead-in phrase, near its start, with little else ("Recommended, if listing has variants" is not). */
function isLeadInLine(text: string): boolean {
  const m = LEAD_IN.exec(text);
  return m !== null && m.index <= 3 && text.length - m[0].length <= MAX_LEAD_IN_REST;
}

/** An inline teaser is one line: a headline, not a paragraph. */
const MAX_INLINE_TEASER_CHARS = 200;
/** What separates the phrase from the teaser: "Lesen Sie auch: ...", "READ MORE » ...", "Related | ...". */
const TEASER_SEPARATOR = /^\s*[:»>|–—-]/u;
/** Share of the text after the phrase that must be link text: the teaser is a link to another story. */
const MIN_TEASER_LINK_SHARE = 0.6;

/**
 * A lead-in and its teaser on one line, "Le puede interesar: JEP abrirá tres nuevos
 * macrocasos" or "READ MORE: Ministers face revolt", the headline a link to another story.
 * News sites set these between the article's paragraphs, where the learner keeps them.
 * `text` is the block's text, trimmed once by the caller.
 */
function isInlineTeaser(b: Block, text: string): boolean {
  if (text.length > MAX_INLINE_TEASER_CHARS) return false;
  const m = LEAD_IN.exec(text);
  if (m === null || m.index > 3) return false;
  const rest = text.slice(m.index + m[0].length);
  if (!TEASER_SEPARATOR.test(rest)) return false;
  const teaser = rest.replace(TEASER_SEPARATOR, '').trim().length;
  return teaser > 0 && b.linkChars >= MIN_TEASER_LINK_SHARE * teaser;
}

/** A box holds at least this many text blocks: one block after a lead-in is a line, not a box. */
const MIN_BOX_BLOCKS = 2;

/**
 * The blocks (first, last) of the element right after the lead-in line's own element under
 * their common parent, when the next text block lies in it and it holds a few text blocks:
 * "Also on HuffPost:" and the slideshow after it, "Related" and a list of stories. Whatever
 * the box holds, paragraphs included, is what the lead-in introduces. Undefined when the
 * next text block is not in such a sibling (the article's next paragraph is in the same
 * element as the line, or in a sibling `p` of one block).
 */
function boxAfter(i: number, blocks: readonly Block[], chains: BlockContainers | undefined): [number, number] | undefined {
  const own = chains?.[i];
  if (!chains || !own || own.length < 2) return undefined;
  const next = nextTextBlock(blocks, i);
  const depth = own.length - 1;
  const chain = chains[next];
  // The next block's chain must pass through the line's parent, then enter a different element.
  if (!chain || chain.length <= depth || chain[depth - 1] !== own[depth - 1] || chain[depth] === own[depth]) return undefined;
  const box = chain[depth]!;
  let last = next;
  let texts = 0;
  for (let k = next; k < blocks.length && chains[k]?.[depth] === box; k++) {
    last = k;
    if (blocks[k]!.kind === 'text' && blocks[k]!.text.trim()) texts++;
  }
  return texts >= MIN_BOX_BLOCKS ? [next, last] : undefined;
}

export const leadIns: DecodeRule = {
  name: 'lead-ins',
  doc: 'a short line leading in to related links or a newsletter, and the short or link-text body blocks after it up to the next paragraph (or the whole box right after it, when it is an element of several text blocks), become other; so does a lead-in with its teaser link on one line (not on documentation or listings)',
  apply(s, page, settings) {
    // A documentation page's "See also" list and a listing's "More news" are their content.
    if (!settings.leadIns || page.pageType === 'docs' || page.pageType === 'listing') return;
    const { blocks, labels } = s;
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i]!;
      if ((labels[i] !== 'body' && labels[i] !== 'heading') || b.kind !== 'text') continue;
      const text = b.text.trim();
      if (labels[i] === 'body' && !s.texts.inTableCell(b.tagPath) && isInlineTeaser(b, text)) {
        s.drop(i, 'a lead-in with its teaser link');
        continue;
      }
      // A link reading "More on ..." is a teaser itself, not a lead-in to teasers.
      if (text.length > MAX_LEAD_IN_CHARS || isLinkText(b) || s.texts.inTableCell(b.tagPath) || !isLeadInLine(text)) continue;
      s.drop(i, 'a lead-in to links or a newsletter');
      const box = boxAfter(i, blocks, page.blockContainers);
      if (box) {
        for (let k = box[0]; k <= box[1]; k++) if (labels[k] === 'body' || labels[k] === 'heading') s.drop(k, 'in the box a lead-in introduces');
        i = box[1];
        continue;
      }
      let j = i + 1;
      for (; j < blocks.length; j++) {
        const t = blocks[j]!;
        if (t.kind !== 'text') continue;
        if (isParagraph(t) && !isLinkText(t)) break;
        if (labels[j] === 'body' && (isLinkText(t) || t.text.length <= MAX_TEASER_CHARS)) s.drop(j, 'introduced by a lead-in');
        else if (labels[j] === 'body' || labels[j] === 'heading') break;
      }
      i = j - 1;
    }
  },
};
