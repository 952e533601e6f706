/**
 * Which block shows the page's title: the best-matching block holding the gold title text,
 * preferring h1/h2 and blocks near the start of the content, at most one.
 */
import type { Block } from '../segment/segment.js';
import { linkDensity } from '../segment/segment.js';
import { alignTokens } from './text-normalize.js';

export interface TitleCandidateHints {
  /** Index of the first content block, when alignment found one. */
  readonly contentStart?: number;
  /** Blocks the gold itself marks as the headline (l3s-gn1). */
  readonly marked?: ReadonlySet<number>;
  /** Tokens of each block (from alignment), to avoid tokenising twice. */
  readonly blockTokens?: readonly (readonly string[])[];
}

/** Separators sites put between a headline and the site name in `<title>`-like strings. */
const TITLE_SPLIT_RE = /\s+[|\u2013\u2014\-:·•»«/]+\s+|\s*[|]\s*/;

function bagF1(x: readonly string[], y: readonly string[]): { f1: number; precision: number; recall: number } {
  if (x.length === 0 || y.length === 0) return { f1: 0, precision: 0, recall: 0 };
  const counts = new Map<string, number>();
  for (const t of y) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of x) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      common++;
      counts.set(t, c - 1);
    }
  }
  const precision = common / x.length;
  const recall = common / y.length;
  return { f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall), precision, recall };
}

/** How well a block's tokens show the title (0 = not at all): F1, or a clean containment. */
export function titleSimilarity(blockTokens: readonly string[], title: string): number {
  const variants = [title, ...title.split(TITLE_SPLIT_RE).filter((p) => p.trim().length > 0)];
  let best = 0;
  for (const v of variants) {
    const tt = alignTokens(v);
    if (tt.length === 0) continue;
    const s = bagF1(blockTokens, tt);
    let score = s.f1;
    // The block is (nearly) all title text and covers most of it: "Headline" vs "Headline | Site".
    if (s.precision >= 0.9 && s.recall >= 0.6) score = Math.max(score, 0.8 + 0.2 * s.recall);
    if (score > best) best = score;
  }
  return best;
}

const HEADING_BONUS: Readonly<Record<string, number>> = { h1: 0.3, h2: 0.2, h3: 0.1, h4: 0.05, h5: 0.05, h6: 0.05 };

function headingBonus(tagPath: string): number {
  const parts = tagPath.split('/');
  let bonus = 0;
  for (const p of parts) bonus = Math.max(bonus, HEADING_BONUS[p] ?? 0);
  return bonus;
}

/** Index of the title block, or undefined when no block shows the title well enough. */
export function findTitleBlock(blocks: readonly Block[], title: string | undefined, hints: TitleCandidateHints = {}): number | undefined {
  const marked = hints.marked ?? new Set<number>();
  if (!title || alignTokens(title).length === 0) {
    // No title text: a single marked block (the gold's headline) is the title.
    return marked.size > 0 ? Math.min(...marked) : undefined;
  }
  const titleLen = alignTokens(title).length;
  let best: number | undefined;
  let bestScore = -Infinity;
  for (const b of blocks) {
    if (b.kind !== 'text') continue;
    const toks = hints.blockTokens?.[b.index] ?? alignTokens(b.text);
    if (toks.length === 0 || toks.length > 3 * titleLen + 8) continue;
    let sim = titleSimilarity(toks, title);
    if (marked.has(b.index)) sim = Math.max(sim, 0.85);
    if (sim < 0.75) continue;
    let score = sim + headingBonus(b.tagPath);
    if (linkDensity(b) > 0.5) score -= 0.15;
    if (hints.contentStart !== undefined) {
      const d = Math.abs(b.index - hints.contentStart);
      score += 0.25 * Math.max(0, 1 - d / 25);
      // A headline comes before its text, rarely far after it.
      if (b.index > hints.contentStart + 3) score -= 0.1;
    }
    if (marked.has(b.index)) score += 0.2;
    if (score > bestScore) {
      bestScore = score;
      best = b.index;
    }
  }
  return best;
}
