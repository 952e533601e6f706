/**
 * Which block shows the page's title: the best-matching block holding the gold title text,
 * preferring h1/h2 and blocks near the start of the content, at most one. Corpora often give
 * a metadata title that the page never shows ("Dublin Core property title", an SEO title);
 * then the headline is looked for through the page's own title candidates (`<title>` and
 * og/twitter titles, less the site name), and last as the one h1 (else h2) standing right
 * before the content.
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
  /** The page's own title candidates (`<title>`, og:title, ...), tried when the gold title is not shown. */
  readonly alternates?: readonly string[];
}

/** How the title block was found: the gold title's text, the page's own title, or the lone headline before the content. */
export type TitleMatchSource = 'gold' | 'page-title' | 'headline';

export interface TitleMatch {
  readonly block: number;
  readonly source: TitleMatchSource;
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
  return similarityToVariants(blockTokens, titleVariants(title));
}

/** A title and its parts around ` | `, ` - ` ...: "Headline | Site" also matches "Headline". */
function titleVariants(title: string): string[][] {
  return [title, ...title.split(TITLE_SPLIT_RE).filter((p) => p.trim().length > 0)].map((v) => alignTokens(v)).filter((t) => t.length > 0);
}

function similarityToVariants(blockTokens: readonly string[], variants: readonly (readonly string[])[]): number {
  let best = 0;
  for (const tt of variants) {
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

const HEADLINE_TAG_RE = /(?:^|\/)h[1-3](?:\/|$)/;

/** Index of the title block, or undefined when no block shows the title well enough. */
export function findTitleBlock(blocks: readonly Block[], title: string | undefined, hints: TitleCandidateHints = {}): number | undefined {
  return matchTitle(blocks, title, hints)?.block;
}

/** The title block and how it was found (see the file comment). */
export function matchTitle(blocks: readonly Block[], title: string | undefined, hints: TitleCandidateHints = {}): TitleMatch | undefined {
  const marked = hints.marked ?? new Set<number>();
  const variants = title ? titleVariants(title) : [];
  if (variants.length === 0) {
    // No title text: a single marked block (the gold's headline) is the title.
    return marked.size > 0 ? { block: Math.min(...marked), source: 'gold' } : undefined;
  }
  const gold = bestTitleBlock(blocks, variants, hints, false);
  if (gold !== undefined) return { block: gold, source: 'gold' };
  const goldKey = variants[0]!.join(' ');
  let best: number | undefined;
  let bestScore = -Infinity;
  for (const alt of hints.alternates ?? []) {
    const av = titleVariants(alt);
    if (av.length === 0 || av[0]!.join(' ') === goldKey) continue;
    const b = bestTitleBlock(blocks, av, hints, true);
    if (b === undefined) continue;
    const score = scoreBlock(blocks[b]!, av, hints);
    if (score > bestScore) [best, bestScore] = [b, score];
  }
  if (best !== undefined) return { block: best, source: 'page-title' };
  const lone = loneHeadline(blocks, hints);
  return lone === undefined ? undefined : { block: lone, source: 'headline' };
}

function tokensOf(b: Block, hints: TitleCandidateHints): readonly string[] {
  return hints.blockTokens?.[b.index] ?? alignTokens(b.text);
}

/** Similarity plus preferences (heading tag, near the content, marked by the gold), or -Infinity below the bar. */
function scoreBlock(b: Block, variants: readonly (readonly string[])[], hints: TitleCandidateHints): number {
  const toks = tokensOf(b, hints);
  const titleLen = variants[0]!.length;
  if (toks.length === 0 || toks.length > 3 * titleLen + 8) return -Infinity;
  const marked = hints.marked?.has(b.index) === true;
  let sim = similarityToVariants(toks, variants);
  if (marked) sim = Math.max(sim, 0.85);
  if (sim < 0.75) return -Infinity;
  let score = sim + headingBonus(b.tagPath);
  if (linkDensity(b) > 0.5) score -= 0.15;
  if (hints.contentStart !== undefined) {
    const d = Math.abs(b.index - hints.contentStart);
    score += 0.25 * Math.max(0, 1 - d / 25);
    // A headline comes before its text, rarely far after it.
    if (b.index > hints.contentStart + 3) score -= 0.1;
  }
  if (marked) score += 0.2;
  return score;
}

function bestTitleBlock(blocks: readonly Block[], variants: readonly (readonly string[])[], hints: TitleCandidateHints, headlineOnly: boolean): number | undefined {
  let best: number | undefined;
  let bestScore = -Infinity;
  for (const b of blocks) {
    if (b.kind !== 'text') continue;
    // The page's own title text also sits in breadcrumbs and menus: only a headline counts.
    if (headlineOnly && !HEADLINE_TAG_RE.test(b.tagPath)) continue;
    const score = scoreBlock(b, variants, hints);
    if (score > bestScore) [best, bestScore] = [b.index, score];
  }
  return best;
}

/**
 * The one h1 (else the one h2) of the page, when it stands at most 15 blocks before the first
 * content block (or is the first content block) and is headline-sized: with the gold title not
 * on the page, it is what a reader sees as the title.
 */
function loneHeadline(blocks: readonly Block[], hints: TitleCandidateHints): number | undefined {
  const start = hints.contentStart;
  if (start === undefined) return undefined;
  for (const level of ['h1', 'h2']) {
    const re = new RegExp(`(?:^|/)${level}(?:/|$)`);
    const found = blocks.filter((b) => b.kind === 'text' && re.test(b.tagPath));
    if (found.length === 0) continue;
    if (found.length > 1) return undefined;
    const b = found[0]!;
    const n = tokensOf(b, hints).length;
    if (n === 0 || n > 30 || linkDensity(b) > 0.5) return undefined;
    return b.index <= start && b.index >= start - 15 ? b.index : undefined;
  }
  return undefined;
}
