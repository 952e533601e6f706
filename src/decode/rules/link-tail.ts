/**
 * No short tail of link lists after the article's last paragraph (tags, "read more" links,
 * archive lists): body blocks that are mostly link text, after the body's last paragraph of
 * prose, become other when together they are under `linkTailShare` of the body's prose
 * characters; a listing page's long run of teasers outweighs its prose and stays. A page that
 * declares itself an article is no listing: there a tail of up to 30 links goes whatever its
 * length (a one-paragraph post and its lists of more stories). The region then ends at its
 * last body block.
 */
import type { DecodeRule } from '../rule.js';
import { isLinkText, isParagraph } from '../blocks.js';

/** On an article, a tail of at most this many link blocks is cut whatever its length: a list of hundreds is the page's content. */
export const ARTICLE_TAIL_BLOCKS = 30;

export const linkTail: DecodeRule = {
  name: 'link-tail',
  doc: `link-text body blocks after the body's last paragraph become other when together under \`linkTailShare\` of its prose, or on a declared article when at most ${ARTICLE_TAIL_BLOCKS}; the region ends before them`,
  apply(s, page, settings) {
    const region = s.region;
    if (!(settings.linkTailShare > 0) || !region) return;
    const { blocks, labels } = s;
    const n = blocks.length;
    const isProse = (i: number): boolean => labels[i] === 'body' && blocks[i]!.kind === 'text' && !isLinkText(blocks[i]!);
    let proseChars = 0;
    for (let i = 0; i < n; i++) if (isProse(i)) proseChars += blocks[i]!.text.length;
    // Scanning back, only blocks after the last paragraph are split into words.
    let lastProse = n - 1;
    while (lastProse >= 0 && !(labels[lastProse] === 'body' && isParagraph(blocks[lastProse]!))) lastProse--;
    if (lastProse < 0) return;
    const tail: number[] = [];
    let tailChars = 0;
    for (let i = lastProse + 1; i < n; i++) {
      const b = blocks[i]!;
      if (labels[i] !== 'body' || b.kind !== 'text' || !isLinkText(b)) continue;
      tail.push(i);
      tailChars += b.text.length;
    }
    // On a declared article any short list of links after the text is furniture, however little
    // text the article has (a one-paragraph post and its "more stories" lists).
    const isShortTail = tailChars < settings.linkTailShare * proseChars || (page.pageType === 'article' && tail.length <= ARTICLE_TAIL_BLOCKS);
    if (tail.length > 0 && isShortTail) {
      for (const i of tail) s.relabel(i, 'other', 'a short list of links after the last paragraph');
      let end = region[1];
      while (end > lastProse && labels[end] !== 'body') end--;
      s.region = [region[0], end];
    }
  },
};
