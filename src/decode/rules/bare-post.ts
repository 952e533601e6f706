/**
 * A photo or video post has a line or two of its own under its headline: "Created by Michael
 * Turner", "Posted July 26th, 2011 / Photos by Eirik in Paris". Short and alone, they look like
 * a sidebar's lines to the learner, and the article comes out as a headline with nothing under
 * it. When the decoder keeps a title and no body or heading at all, the post is the element that
 * holds the title and the nearest other text: its lines become body, and its pictures too. The
 * title must be one the page declares (og:title, `<title>`, or part of one) and not the site's
 * name: a cart drawer's "Cart (0)" or a banner taken for the headline heads no post.
 *
 * Not lines that are links alone ("Comments (0)", a tag) or stamped with a time of day ("Posted
 * by Chef John at 12:00 AM", "images — thebrainbehind @ 15:34": the post's byline), nor what a
 * rule dropped for what it says, set aside (comments, sidebars, footers) or named furniture;
 * and not when that element holds more than `MAX_POST_LINES` lines: then it is a page whose
 * text the model turned down, not a bare post.
 */
import { BlockTag, type DecodeRule, type DecodeState } from '../rule.js';
import type { Block } from '../../segment/segment.js';
import { isLinkText, OTHER } from '../blocks.js';
import type { BlockContainers } from '../containers.js';
import { BlockRole } from '../roles.js';
import { SURE_NOISE_P_OTHER } from './shared/sure-noise.js';
import { comparableText, holdsPhrase } from '../../util/comparable-text.js';
import type { PageEvidence } from '../evidence.js';

/** A stamp of the time of day ("@ 15:34", "at 12:00 AM"): the line is the post's byline or footer, not its text. */
const CLOCK_TIME = /\b\d{1,2}:\d{2}\b/;
const WORD = /[\p{L}\p{N}]/u;

/** A post with more lines than this under its headline has text the model chose to leave. */
export const MAX_POST_LINES = 6;

function keepsContent(s: DecodeState): boolean {
  return s.labels.some((l) => l === 'body' || l === 'heading');
}

/** A line of the post's own: words, not links alone, no time stamp. */
function isPostLine(b: Block): boolean {
  return b.kind === 'text' && WORD.test(b.text) && !isLinkText(b) && !CLOCK_TIME.test(b.text);
}

/** Whether the page declares the title (og:title, `<title>`, ...) as its headline or part of it: a cart's "Cart (0)" it does not. */
function declaredHeadline(text: string, page: PageEvidence): boolean {
  const key = comparableText(text);
  for (const declared of page.declaredTitleKeys) if (holdsPhrase(declared, key)) return true;
  return false;
}

function excluded(s: DecodeState, i: number): boolean {
  return s.has(i, BlockTag.setAside | BlockTag.furniture | BlockTag.dropped);
}

/**
 * The blocks (other than the title) inside the innermost element around the title that holds
 * any other non-empty text block. Chains are compared by depth: a chain cut short on a hostile
 * page misses its blocks here, it never adds another element's.
 */
function postBlocks(s: DecodeState, chains: BlockContainers, title: number): number[] {
  const chain = chains[title] ?? [];
  for (let depth = chain.length - 1; depth >= 0; depth--) {
    const element = chain[depth]!;
    const inside: number[] = [];
    for (let i = 0; i < s.blocks.length; i++) if (i !== title && chains[i]?.[depth] === element) inside.push(i);
    if (inside.some((i) => s.blocks[i]!.kind === 'text' && s.blocks[i]!.text.trim() !== '')) return inside;
  }
  return [];
}

export const barePost: DecodeRule = {
  name: 'bare-post',
  doc: `when a title the page declares (not the site's name) is kept and no body or heading, the lines of the innermost element around it that holds other text (words, not links alone, no time of day; at most ${MAX_POST_LINES}) and its pictures (p(other) < ${SURE_NOISE_P_OTHER}) become body, unless set aside, furniture or dropped for their text`,
  apply(s, page, settings) {
    const chains = page.blockContainers;
    const title = s.labels.indexOf('title');
    // A site's banner taken for the headline holds the site's tagline, not a post.
    if (chains === undefined || title < 0 || page.blockRoles?.[title] === BlockRole.siteName || keepsContent(s)) return;
    if (!declaredHeadline(s.blocks[title]!.text, page)) return;
    const post = postBlocks(s, chains, title).filter((i) => !excluded(s, i));
    const lines = post.filter((i) => isPostLine(s.blocks[i]!));
    if (lines.length === 0 || lines.length > MAX_POST_LINES) return;
    for (const i of lines) s.relabel(i, 'body', "a line of a post that is its headline and little else");
    for (const i of post) {
      if (s.blocks[i]!.kind !== 'text' && s.labels[i] === 'other' && s.probs[i]![OTHER]! < SURE_NOISE_P_OTHER) s.relabel(i, 'body', "a picture of a post that is its headline and little else");
    }
  },
};
