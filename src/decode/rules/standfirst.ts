/**
 * A standfirst (deck, dek) is the sentence or two a news page sets under its headline, in a
 * heading element of its own because it is styled big: it summarises the story and belongs to
 * it, though a heading of that length, alone between the headline and the text, looks to the
 * model like a sidebar's box title. Only right under a title that is the page's declared
 * headline (so not a blog's name and its tagline), only on articles and undeclared pages, and
 * only a sentence's worth of words: "Related stories" stays a heading to drop.
 */
import { BlockTag, type DecodeRule } from '../rule.js';
import { isLinkText, nextTextBlock } from '../blocks.js';
import { countWordEquivalents } from '../../features/text-stats.js';
import { inHeadingElement } from './shared/heading-element.js';

/** A heading this long is a sentence, not a section's or a box's name. */
export const STANDFIRST_MIN_WORDS = 12;

export const standfirst: DecodeRule = {
  name: 'standfirst',
  doc: `a heading element of at least ${STANDFIRST_MIN_WORDS} words right under a title that is the declared headline becomes body (on articles and undeclared pages)`,
  apply(s, page) {
    if (page.pageType !== 'article' && page.pageType !== 'unknown') return;
    const { blocks, labels } = s;
    const title = labels.indexOf('title');
    if (title < 0) return;
    const next = nextTextBlock(blocks, title);
    if (next >= blocks.length || labels[next] !== 'other' || s.has(next, BlockTag.furniture) || s.has(next, BlockTag.setAside)) return;
    const b = blocks[next]!;
    if (!inHeadingElement(b) || isLinkText(b) || countWordEquivalents(b.text) < STANDFIRST_MIN_WORDS) return;
    if (!page.declaredTitleKeys.has(s.texts.comparable(blocks[title]!.text))) return;
    s.relabel(next, 'body', 'a standfirst under the headline');
  },
};
