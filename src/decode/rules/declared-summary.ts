/**
 * A page that declares a summary of itself (og:description) and shows it right under its
 * headline has that summary as the start of its text: a photo blog's post is often nothing
 * else ("via fubiz.net" / "Repurposing food as art is creative."), short lines the learner takes
 * for a sidebar's. Only under a title that is the declared headline, only lines the declared
 * summary holds word for word, and only on a page with next to no body after its title: under a
 * news story the summary is its deck, which one gold keeps and another leaves out.
 */
import { BlockTag, type DecodeRule } from '../rule.js';
import { holdsPhrase } from '../../util/comparable-text.js';
import { countWordEquivalents } from '../../features/text-stats.js';

/** How far under the headline the summary's lines may start (an image, a date between). */
const MAX_LINES_BELOW = 4;
/** A line must say something: "via" alone is in every description. */
const MIN_WORDS = 2;
/** A post with this much body text under its headline has its text: the summary repeats its deck, which golds disagree on. */
const MAX_BODY_CHARS = 200;

export const declaredSummary: DecodeRule = {
  name: 'declared-summary',
  doc: `text lines (at least ${MIN_WORDS} words) among the first ${MAX_LINES_BELOW} under a title that is the declared headline, which the page's declared description holds word for word, become body when the page has under ${MAX_BODY_CHARS} characters of body after its title`,
  apply(s, page) {
    const { blocks, labels } = s;
    const title = labels.indexOf('title');
    if (title < 0 || !page.declaredTitleKeys.has(s.texts.comparable(blocks[title]!.text))) return;
    if (page.declaredDescriptionKeys.length === 0) return;
    let bodyChars = 0;
    for (let i = title + 1; i < blocks.length; i++) if (labels[i] === 'body') bodyChars += blocks[i]!.text.length;
    if (bodyChars >= MAX_BODY_CHARS) return;
    let seen = 0;
    for (let i = title + 1; i < blocks.length && seen < MAX_LINES_BELOW; i++) {
      const b = blocks[i]!;
      if (b.kind !== 'text' || b.text.trim() === '') continue;
      seen++;
      if (labels[i] !== 'other' || s.has(i, BlockTag.furniture | BlockTag.setAside | BlockTag.dropped) || countWordEquivalents(b.text) < MIN_WORDS) continue;
      const key = s.texts.comparable(b.text);
      if (page.declaredDescriptionKeys.some((d) => holdsPhrase(d, key))) s.relabel(i, 'body', 'a line of the summary the page declares');
    }
  },
};
