/**
 * The block-labelling study's title matching, against every title the page declares: `<title>`,
 * og:title, twitter:title and the JSON-LD headline. The match is the longest common
 * subsequence of tokens (in order, gaps allowed), so "Headline | Site" still matches
 * the block "Headline" and the other way round.
 */
import { DecileRefs, Log2BucketRefs, type FeatureFamily } from '../family.js';
import { TITLE_SOURCES } from '../page-meta.js';
import { tokenize } from '../text-stats.js';
import { KnownWords } from '../token-store.js';
import { decile } from '../text-stats.js';
import type { PageContext } from '../page-context.js';

const MAX_TITLE_TOKENS = 40;

/** Longest common subsequence length of two token lists (two rows of the DP table). */
function lcs(a: readonly string[], b: readonly string[]): number {
  // L[i][j] = L[i-1][j-1] + 1 if a[i-1] = b[j-1], else max(L[i-1][j], L[i][j-1])
  let prev = new Int32Array(b.length + 1);
  let cur = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    const ai = a[i - 1];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = ai === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/** Per block: the title sources it matches with their shares, the best share, its cover, and exactness. */
interface TitleScores {
  readonly matches: ReadonlyArray<ReadonlyArray<readonly [string, number]>>;
  readonly best: Float64Array;
  readonly cover: Float64Array;
  readonly exact: Uint8Array;
}

/** The title matches of every block, computed once per page (two families read them). */
function titleScores(ctx: PageContext): TitleScores {
  return ctx.shared('title-scores', () => {
    const n = ctx.blocks.length;
    const titles = TITLE_SOURCES.map((src) => {
      const toks = tokenize(ctx.meta.titles[src]).map((t) => t.lower).slice(0, MAX_TITLE_TOKENS);
      return { src, toks, set: new Set(toks) };
    }).filter((t) => t.toks.length > 0);
    const maxLen = titles.reduce((m, t) => Math.max(m, 3 * t.toks.length, 12), 0);
    const matches: Array<Array<readonly [string, number]>> = Array.from({ length: n }, () => []);
    const best = new Float64Array(n);
    const cover = new Float64Array(n);
    const exact = new Uint8Array(n);
    if (titles.length === 0) return { matches, best, cover, exact };
    // A block word that is no title's word only has to differ from them all: it is left as ''.
    const titleWords = new KnownWords(titles.flatMap((t) => t.toks));
    const store = ctx.blockTokens;
    ctx.blocks.forEach((_, i) => {
      const count = store.count(i);
      if (count === 0 || count > maxLen) return;
      const lower = store.lowerWordsAmongIfAny(i, titleWords);
      if (lower === null) return;
      for (const t of titles) {
        // Long blocks are paragraphs that happen to use title words, not titles.
        if (lower.length > Math.max(3 * t.toks.length, 12)) continue;
        let shared = 0;
        for (const w of lower) if (t.set.has(w)) shared++;
        const needed = t.toks.length === 1 ? 1 : 2;
        if (shared < needed) continue;
        const l = t.toks.length === 1 ? (lower.length === 1 && lower[0] === t.toks[0] ? 1 : 0) : lcs(lower, t.toks);
        if (l < needed) continue;
        const share = l / t.toks.length;
        matches[i]!.push([t.src, share]);
        if (share > best[i]! || (share === best[i]! && l / lower.length > cover[i]!)) {
          best[i] = share;
          cover[i] = l / lower.length;
        }
        if (l === t.toks.length && l === lower.length) exact[i] = 1;
      }
    });
    return { matches, best, cover, exact };
  });
}

export const titleMatchFamily: FeatureFamily = {
  name: 'title-match',
  doc: 'The block-labelling study\'s title matching, for each title source (`<title>`, og:title, twitter:title, JSON-LD headline): when two or more block tokens match the title in order (longest common subsequence; one-token titles must be matched exactly), `tmatch:<source>` = share of the title matched. Over all sources: `tmatch` (best share), `tmatch-cover` (share of the block that is title), `tmatch=<decile>`, `tmatch=full` (at least 90% of the title and 80% of the block) and `tmatch=exact` (same tokens). Columns: titleShare, titleCover.',
  columns: [
    { name: 'titleShare', kind: 'numeric' },
    { name: 'titleCover', kind: 'numeric' },
  ],
  attributes: ['tmatch', 'tmatch:*', 'tmatch-cover', 'tmatch=*'],
  compute(ctx, out) {
    const { matches, best, cover, exact } = titleScores(ctx);
    for (let i = 0; i < ctx.blocks.length; i++) {
      for (const [src, share] of matches[i]!) out.attrRef(i, out.refOf('tmatch:', src), share);
      if (best[i]! > 0) {
        out.attr(i, 'tmatch', best[i]!);
        out.attr(i, 'tmatch-cover', cover[i]!);
        out.attrRef(i, out.refOf('tmatch=', decile(best[i]!)));
        if (best[i]! >= 0.9 && cover[i]! >= 0.8) out.attr(i, 'tmatch=full');
        if (exact[i]) out.attr(i, 'tmatch=exact');
      }
      out.col(i, 0, best[i]!);
      out.col(i, 1, cover[i]!);
    }
  },
};

/** Least title share and cover for a block to anchor the page (a headline, not a passing mention). */
const ANCHOR_MIN = 0.5;

export const titleAnchorFamily: FeatureFamily = {
  name: 'title-anchor',
  doc: "Where a block stands relative to the page's headline: the anchor is the block that best matches a declared title (largest share x cover, both at least 0.5; the first on ties). `tanchor` on the anchor, `before-tanchor` / `after-tanchor` elsewhere (`tanchor=none` when no block matches), and after it `tanchor-dist=<log2 bucket>` (text blocks from the anchor) and `tanchor-chars=<decile>` (share of the page's text between them). Articles start right below their headline; comments and teasers come far after. Column titleAnchorDistance: signed log2(1 + text blocks from the anchor), 0 with no anchor.",
  columns: [{ name: 'titleAnchorDistance', kind: 'numeric' }],
  attributes: ['tanchor', 'tanchor=none', 'before-tanchor', 'after-tanchor', 'tanchor-dist=*', 'tanchor-chars=*'],
  compute(ctx, out) {
    const { best, cover } = titleScores(ctx);
    const n = ctx.blocks.length;
    let anchor = -1;
    let score = 0;
    for (let i = 0; i < n; i++) {
      if (best[i]! < ANCHOR_MIN || cover[i]! < ANCHOR_MIN) continue;
      const s = best[i]! * cover[i]!;
      if (s > score) {
        score = s;
        anchor = i;
      }
    }
    if (anchor < 0) {
      for (let i = 0; i < n; i++) {
        out.attr(i, 'tanchor=none');
        out.col(i, 0, 0);
      }
      return;
    }
    const chars = ctx.charStarts;
    const total = chars[n]! || 1;
    let textBlocks = 0;
    const beforeRef = out.ref('before-tanchor');
    const afterRef = out.ref('after-tanchor');
    const distBuckets = new Log2BucketRefs(out, 'tanchor-dist=', 64);
    const charDeciles = new DecileRefs(out, 'tanchor-chars=');
    for (let i = 0; i < n; i++) {
      if (i < anchor) {
        out.attrRef(i, beforeRef);
        out.col(i, 0, -1);
        continue;
      }
      if (i === anchor) {
        out.attr(i, 'tanchor');
        out.col(i, 0, 0);
        continue;
      }
      if (ctx.blocks[i]!.kind === 'text') textBlocks++;
      out.attrRef(i, afterRef);
      out.attrRef(i, distBuckets.get(textBlocks));
      out.attrRef(i, charDeciles.get((chars[i]! - chars[anchor + 1]!) / total));
      out.col(i, 0, Math.log2(1 + textBlocks));
    }
  },
};
