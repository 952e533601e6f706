/**
 * On a forum thread who wrote each post, when, and whom a post quotes, is part of what a
 * reader reads: the user name and date above each post and the "velo_mike said:" line over a
 * quote become body inside the content region (and just before it, where the first post's
 * author stands), when the post they head is body: a reply's signature under a comment the
 * page leaves out (StackExchange's) stays out with it.
 * The learner, trained mostly on news, takes a short linked name for a byline or a heading.
 */
import { BlockTag, type DecodeRule } from '../rule.js';
import { BlockRole } from '../roles.js';

/** A post's header lines: who, when, whom it quotes, the user's card. */
const HEADER_ROLES: ReadonlySet<number> = new Set([BlockRole.author, BlockRole.date, BlockRole.attribution, BlockRole.userInfo]);
/** A post's number or a button's label beside its header ("#1", "Share"). */
const MAX_MARK_CHARS = 20;
/** A post's date stands this few blocks after its author's name (name, title, counts, date). */
const DATE_AFTER_AUTHOR = 4;
/** The first post's author line may stand this many blocks before the region (name, title, date). */
const LEAD_BLOCKS = 4;

export const forumPosts: DecodeRule = {
  name: 'forum-posts',
  doc: "on a forum thread, posts' authors and dates and quotes' attribution lines in the content region become body",
  apply(s, page) {
    const roles = page.blockRoles;
    const region = s.region;
    if (page.pageType !== 'forum' || !roles || !region) return;
    const header = (i: number): boolean => HEADER_ROLES.has(roles[i]!) || s.has(i, BlockTag.furniture) || s.blocks[i]!.kind !== 'text'
      || (s.labels[i] === 'other' && s.blocks[i]!.text.trim().length <= MAX_MARK_CHARS);
    // For each block, the first block after it that is no header line, found in one pass from
    // the end (a scan per block was quadratic on a long run of short lines). The loop below
    // relabels only the block it stands on, which no later (rightward) lookup reads.
    const n = s.blocks.length;
    const nextPost = new Int32Array(n + 1).fill(n);
    for (let j = n - 1; j >= 1; j--) nextPost[j - 1] = header(j) ? nextPost[j]! : j;
    /** The post a header line introduces is body: the first text after it that is no header line. */
    const introducesBody = (i: number): boolean => {
      const j = nextPost[i]!;
      return j < n && s.labels[j] === 'body';
    };
    let first = region[0];
    // A date counts only in a post's header, after its author's name: "Commented <date>" under a comment is no post's.
    let lastAuthor = -Infinity;
    for (let i = Math.max(0, region[0] - LEAD_BLOCKS); i <= region[1]; i++) {
      if (roles[i] === BlockRole.author) lastAuthor = i;
      if (s.labels[i] === 'body' || s.labels[i] === 'title' || s.blocks[i]!.kind !== 'text' || !introducesBody(i)) continue;
      if (roles[i] === BlockRole.author) s.relabel(i, 'body', "a post's author");
      else if (roles[i] === BlockRole.attribution) s.relabel(i, 'body', "a quote's attribution");
      else if (roles[i] === BlockRole.date && i - lastAuthor <= DATE_AFTER_AUTHOR) s.relabel(i, 'body', "a post's date");
      else continue;
      first = Math.min(first, i);
    }
    s.region = [first, region[1]];
  },
};
