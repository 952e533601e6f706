/**
 * From per-block label probabilities to a well-formed article labelling:
 * - at most one title (the most probable, helped when it matches the page's declared title);
 * - a content region: body blocks grouped into clusters separated by long runs of noise;
 *   the heaviest cluster is the article, other clusters survive only when they carry a fair
 *   share of its text (seed 001's non-contiguous pages: body split by an ad box survives,
 *   a "related stories" teaser far below does not); noise inside the region stays noise;
 * - headings only inside the region and followed by body text (an article's section heads,
 *   not the sidebar's box titles); an h2-h6 element between article text and followed by
 *   body is a heading even when the model doubted it;
 * - no short tail of link lists after the article's last paragraph (tags, "read more" links,
 *   archive lists), unless it weighs more than `linkTailShare` of the prose (a listing page);
 * - images and media kept only inside the region;
 * - readers' comments are not the article: when the page has prose outside its comment
 *   sections (`commentBlocks`), p(body) of the blocks inside them is scaled by `commentBody`
 *   and they take no part in the title or the rescue of prose below;
 * - never an empty article when the page has prose (or only one block of text): if no
 *   block is body, the heaviest run of prose becomes the body, with the runs nearly as heavy
 *   (a page the model wholly doubts would otherwise come out empty, the worst result for a
 *   reader); nor a stray scrap: when the body found is smaller than that run, the runs join it,
 *   less the blocks the model is sure are not body (`rescueMinBody`).
 * Every change is recorded with a reason, for `--explain`.
 */
import { LABELS, type Label } from '../labels.js';
import type { Block } from '../segment/segment.js';
import { PithError } from '../errors.js';
import { countWordEquivalents } from '../features/text-stats.js';

/** Words that make a block a paragraph of prose rather than a line or a caption. */
const PARAGRAPH_WORDS = 12;
const DEFAULT_COMMENT_BODY = 0.2;

export interface ConstrainOptions {
  /**
   * Least title probability for a block to become the title. Default 0.05: a page with a gold
   * title whose best block stays under 0.2 usually still has it as that block (chosen on one
   * cross-site fold: title exact +0.014 on trafilatura-eval, +0.019 on wcxb-dev, no change on
   * postlight or readability-test-pages; 0.2 before).
   */
  readonly titleThreshold?: number;
  /** Cost of noise between two body clusters that splits them (1 per block + 1 per 100 non-link chars). Default 12. */
  readonly maxGapCost?: number;
  /** A secondary cluster is kept when its text is at least this share of the main one's. Default 0.25. */
  readonly minClusterShare?: number;
  /**
   * ... or at least this many characters. Default 150 (400 before; 150 chosen on two held-out
   * cross-site folds: trafilatura-eval snippet F +0.003 on both, wcxb-dev word F1 +0.002).
   */
  readonly minClusterChars?: number;
  /** Texts the page declares as its headline (og:title, JSON-LD headline, <title>): a tie-breaker for the title. */
  readonly declaredTitles?: readonly string[];
  /** With no body at all, the fallback takes runs of prose blocks of at least this many words each. Default 12; 0 = no fallback. */
  readonly fallbackMinWords?: number;
  /**
   * The heaviest run of prose also becomes body when the model's body text is under this share of it.
   * Default 1 (chosen on a held-out cross-site fold: 0.3-3 all help, 1 best); 0 = off.
   */
  readonly rescueShare?: number;
  /**
   * When the rescue (not the no-body fallback) fires, blocks of the run whose p(body) is under
   * this stay as they are: a sign-off, a licence line or a caption the model is sure of is not
   * let in with the post around it. Default 0.2, chosen with the MaxEnt model on two held-out
   * cross-site folds (against 0: trafilatura-eval snippet F +0.003 / +0.007, wcxb-dev word F1
   * +0.006 / -0.001, readability-test-pages shingle F1 +0.002 / -0.002; 0.05, 0.1 and 0.3 were
   * scored too). 0 = every block of the run, for a chain stuck in `other` that gives them all
   * a low p(body).
   */
  readonly rescueMinBody?: number;
  /** Other text blocks a run of prose may span. Default 2. */
  readonly proseGap?: number;
  /** Added to p(body) when weighing runs of prose. Default 0.05. */
  readonly prosePrior?: number;
  /** Other runs of prose at least this share of the heaviest one's weight go with it. Default 0.3; 0 = the heaviest alone. */
  readonly companionRunShare?: number;
  /**
   * Body blocks that are mostly link text, after the body's last paragraph of prose, become
   * other when together they are under this share of the body's prose characters: a short
   * link list trailing an article (tags, "more on this", archive links) is not its text, while
   * a listing page's long run of teasers is. Default 0.3; 0 = off.
   */
  readonly linkTailShare?: number;
  /**
   * Per block, 1 when it sits in a comment section (`commentSectionBlocks`); absent = none known.
   */
  readonly commentBlocks?: ArrayLike<number>;
  /**
   * When the page has a paragraph of prose outside its comment sections, p(body) of every block
   * inside them is multiplied by this (what it loses goes to `other`) and they are left out of
   * the prose runs the rescue weighs. Default 0.2; 1 = off. On two held-out cross-site folds of
   * the train corpora every share from 0.5 down gave the same labels and the rule was level
   * (wcxb-dev word F1 +0.002 / -0.003: forum pages whose gold counts replies as content); on
   * dragnet's test split, never looked at, word F1 0.835 -> 0.883 (docs/ablation.md).
   */
  readonly commentBody?: number;
}

export interface ConstrainConfig {
  readonly titleThreshold: number;
  readonly maxGapCost: number;
  readonly minClusterShare: number;
  readonly minClusterChars: number;
  readonly declaredTitles: readonly string[];
  readonly fallbackMinWords: number;
  readonly rescueShare: number;
  readonly rescueMinBody: number;
  readonly proseGap: number;
  readonly prosePrior: number;
  readonly companionRunShare: number;
  readonly linkTailShare: number;
  readonly commentBlocks: ArrayLike<number> | undefined;
  readonly commentBody: number;
}

export function resolveConstrainOptions(o: ConstrainOptions = {}): ConstrainConfig {
  // A share of p(body): outside [0, 1] it would make probabilities negative.
  if (o.commentBody !== undefined && !(o.commentBody >= 0 && o.commentBody <= 1)) {
    throw new PithError('BAD_OPTION', `commentBody must be a number in 0..1, got ${String(o.commentBody)}`, 'commentBody');
  }
  return Object.freeze({
    titleThreshold: o.titleThreshold ?? 0.05,
    maxGapCost: o.maxGapCost ?? 12,
    minClusterShare: o.minClusterShare ?? 0.25,
    minClusterChars: o.minClusterChars ?? 150,
    declaredTitles: o.declaredTitles ?? [],
    fallbackMinWords: o.fallbackMinWords ?? PARAGRAPH_WORDS,
    rescueShare: o.rescueShare ?? 1,
    rescueMinBody: o.rescueMinBody ?? 0.2,
    proseGap: o.proseGap ?? 2,
    prosePrior: o.prosePrior ?? 0.05,
    companionRunShare: o.companionRunShare ?? 0.3,
    linkTailShare: o.linkTailShare ?? 0.3,
    commentBlocks: o.commentBlocks,
    commentBody: o.commentBody ?? DEFAULT_COMMENT_BODY,
  });
}

/** The numeric settings, by name (for tools that take them as text). */
export const CONSTRAIN_NUMBERS: readonly string[] = Object.freeze(
  Object.entries(resolveConstrainOptions()).filter(([, v]) => typeof v === 'number').map(([k]) => k),
);

export interface DecodeNote {
  readonly block: number;
  readonly from: Label;
  readonly to: Label;
  readonly reason: string;
}

export interface ConstrainedLabels {
  readonly labels: Label[];
  /** Mean probability of the final label over text blocks (1 for an empty page). */
  readonly confidence: number;
  readonly notes: DecodeNote[];
  /** [first, last] block index of the content region, or undefined when no body was found. */
  readonly region: readonly [number, number] | undefined;
}

const T = LABELS.indexOf('title');
const H = LABELS.indexOf('heading');
const B = LABELS.indexOf('body');
const O = LABELS.indexOf('other');

function argmax(p: readonly number[]): number {
  let best = 0;
  for (let k = 1; k < p.length; k++) if (p[k]! > p[best]!) best = k;
  return best;
}

function simpleText(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** Mostly link text: a menu item, a teaser, a tag. */
function isLinkText(block: Block): boolean {
  return block.linkChars >= 0.5 * block.text.length;
}

/** The block sits in an h2-h6 element (itself, or up to two levels of inline markup inside it). */
function inHeadingElement(block: Block): boolean {
  // Only the path's last three tags: a hostile page's path can be 100 000 tags long.
  let end = block.tagPath.length;
  for (let k = 0; k < 3 && end > 0; k++) {
    const start = block.tagPath.lastIndexOf('/', end - 1) + 1;
    if (end - start === 2 && block.tagPath[start] === 'h' && block.tagPath[start + 1]! >= '2' && block.tagPath[start + 1]! <= '6') return true;
    end = start - 1;
  }
  return false;
}

/** A paragraph of prose: text of at least PARAGRAPH_WORDS words, mostly not link text. */
function isParagraph(b: Block): boolean {
  if (b.kind !== 'text' || b.text.length < 2 * PARAGRAPH_WORDS - 1 || isLinkText(b)) return false;
  return countWordEquivalents(b.text, PARAGRAPH_WORDS) >= PARAGRAPH_WORDS;
}

/** Whether some block outside the comment sections is a paragraph of prose. */
function proseOutside(blocks: readonly Block[], comments: ArrayLike<number>): boolean {
  for (let i = 0; i < blocks.length; i++) if (!comments[i] && isParagraph(blocks[i]!)) return true;
  return false;
}

/** The row with p(body) scaled by `factor`, the mass taken moved to `other` (noise, not a title). */
function scaleBody(row: readonly number[], factor: number): number[] {
  const out = row.slice();
  out[B] = row[B]! * factor;
  out[O] = row[O]! + row[B]! * (1 - factor);
  return out;
}

/** Applies the article constraints to a learner's per-block probabilities (LABELS order). */
export function constrainLabels(
  blocks: readonly Block[],
  modelProbs: readonly (readonly number[])[],
  options: ConstrainOptions | ConstrainConfig = {},
): ConstrainedLabels {
  const cfg = 'declaredTitles' in options && Object.isFrozen(options) ? (options as ConstrainConfig) : resolveConstrainOptions(options);
  const n = blocks.length;
  const labels: Label[] = new Array(n);
  const notes: DecodeNote[] = [];
  const set = (i: number, to: Label, reason: string): void => {
    if (labels[i] === to) return;
    notes.push({ block: i, from: labels[i]!, to, reason });
    labels[i] = to;
  };
  for (let i = 0; i < n; i++) labels[i] = LABELS[argmax(modelProbs[i]!)]!;

  // 0. Comment sections, when the page has an article outside them: every later step reads
  // the scaled probabilities.
  const comments = cfg.commentBlocks !== undefined && cfg.commentBody < 1 && proseOutside(blocks, cfg.commentBlocks) ? cfg.commentBlocks : undefined;
  let probs = modelProbs;
  if (comments) {
    probs = modelProbs.map((row, i) => (comments[i] ? scaleBody(row, cfg.commentBody) : row));
    for (let i = 0; i < n; i++) if (comments[i]) set(i, LABELS[argmax(probs[i]!)]!, 'inside a comment section');
  }

  // 1. One title: the most probable block, declared headlines breaking near-ties.
  const declared = new Set(cfg.declaredTitles.map(simpleText).filter(Boolean));
  let title = -1;
  let titleScore = 0;
  for (let i = 0; i < n; i++) {
    // A reader's comment is never the article's headline.
    if (blocks[i]!.kind !== 'text' || comments?.[i]) continue;
    const p = probs[i]![T]!;
    // Normalising a block's text is the costly part: only for blocks the bonus could lift.
    if (p + 0.15 <= titleScore || p + 0.15 < cfg.titleThreshold) continue;
    const score = p + (declared.size > 0 && declared.has(simpleText(blocks[i]!.text)) ? 0.15 : 0);
    if (score > titleScore) {
      titleScore = score;
      title = i;
    }
  }
  if (title >= 0 && probs[title]![T]! < cfg.titleThreshold) title = -1;
  for (let i = 0; i < n; i++) {
    if (i === title) set(i, 'title', 'most probable title');
    else if (labels[i] === 'title') {
      const p = probs[i]!;
      // Next best label; ties go to `other`, the safe choice.
      const next = p[H]! > p[O]! && p[H]! > p[B]! ? 'heading' : p[B]! > p[O]! ? 'body' : 'other';
      set(i, next, 'a page has one title');
    }
  }

  // 1b. Prose the model missed. A run is prose blocks (enough words, mostly not link text)
  // with at most two other blocks between them; its weight is sum(words x (p(body) + 0.05)),
  // so the model's doubt still ranks the runs but a long article the model wholly missed
  // beats a lone paragraph it half believed. The heaviest run becomes body when the page has
  // no body at all (an empty article is the worst result for a reader), or when the body the
  // model found is under `rescueShare` of that run's text: a chain stuck in `other` through
  // a whole post leaves only a stray list item or two as body.
  if (cfg.fallbackMinWords > 0) {
    // This runs on every page now: a block too short to hold fallbackMinWords words
    // (each word takes a character and a separator) is not split at all.
    const minChars = 2 * cfg.fallbackMinWords - 1;
    const words = (i: number) => {
      const b = blocks[i]!;
      if (b.kind !== 'text' || i === title || b.text.length < minChars || isLinkText(b) || comments?.[i]) return 0;
      return countWordEquivalents(b.text);
    };
    let best: number[] = [];
    let bestWeight = 0;
    const runs: Array<{ blocks: number[]; weight: number }> = [];
    let run: number[] = [];
    let weight = 0;
    let gap = 0;
    const close = () => {
      if (run.length > 0) runs.push({ blocks: run, weight });
      if (weight > bestWeight) {
        bestWeight = weight;
        best = run;
      }
      run = [];
      weight = 0;
    };
    for (let i = 0; i < n; i++) {
      const w = words(i);
      if (w >= cfg.fallbackMinWords) {
        run.push(i);
        weight += w * (probs[i]![B]! + cfg.prosePrior);
        gap = 0;
      } else if (blocks[i]!.kind === 'text' && ++gap > cfg.proseGap) {
        close();
      }
    }
    close();
    // Runs nearly as heavy as the best are parts of the same text that a box split apart
    // (an embedded calculator, "Related:" links): they go with it; step 2 still drops far ones.
    const companions = cfg.companionRunShare > 0
      ? runs.filter((r) => r.blocks !== best && r.weight >= cfg.companionRunShare * bestWeight).flatMap((r) => r.blocks)
      : [];
    best = [...best, ...companions].sort((a, b) => a - b);
    let bodyChars = 0;
    for (let i = 0; i < n; i++) if (labels[i] === 'body' && blocks[i]!.kind === 'text') bodyChars += blocks[i]!.text.length;
    if (bodyChars === 0) {
      for (const i of best) set(i, 'body', 'the page had no body: its heaviest run of prose');
    } else if (cfg.rescueShare > 0) {
      const runChars = best.reduce((a, i) => a + blocks[i]!.text.length, 0);
      if (bodyChars < cfg.rescueShare * runChars) {
        for (const i of best) {
          if (probs[i]![B]! >= cfg.rescueMinBody) set(i, 'body', 'the body found was a small part of the heaviest run of prose');
        }
      }
    }
  }

  // 1c. A page of a single text block (a fragment, a note, a test page) is that block: with
  // nothing to tell content from noise, an empty article is the one certain mistake. Not a
  // `<noscript>` notice on a page that draws itself with scripts: readers never see it.
  if (!labels.includes('body')) {
    let only = -1;
    let count = 0;
    for (let i = 0; i < n && count < 2; i++) {
      if (blocks[i]!.kind === 'text' && blocks[i]!.text.trim() && !/(^|\/)noscript(\/|$)/.test(blocks[i]!.tagPath)) {
        only = i;
        count++;
      }
    }
    if (count === 1) set(only, 'body', 'the page has one block of text');
  }

  // 2. Content region: cluster body blocks; gaps cost 1 per block plus 1 per 100 non-link chars.
  const clusters: Array<{ first: number; last: number; chars: number }> = [];
  let cur: { first: number; last: number; chars: number } | undefined;
  let gap = 0;
  for (let i = 0; i < n; i++) {
    const b = blocks[i]!;
    if (labels[i] === 'body' && b.kind === 'text') {
      if (cur && gap <= cfg.maxGapCost) {
        cur.last = i;
        cur.chars += b.text.length;
      } else {
        cur = { first: i, last: i, chars: b.text.length };
        clusters.push(cur);
      }
      gap = 0;
    } else if (labels[i] !== 'heading' && labels[i] !== 'title' && b.kind === 'text') {
      gap += 1 + Math.max(0, b.text.length - b.linkChars) / 100;
    }
  }
  let region: [number, number] | undefined;
  if (clusters.length > 0) {
    const main = clusters.reduce((a, c) => (c.chars > a.chars ? c : a));
    const kept = clusters.filter((c) => c === main || c.chars >= cfg.minClusterShare * main.chars || c.chars >= cfg.minClusterChars);
    for (const c of clusters) {
      if (kept.includes(c)) continue;
      for (let i = c.first; i <= c.last; i++) if (labels[i] === 'body') set(i, 'other', 'body text outside the content region');
    }
    region = [Math.min(...kept.map((c) => c.first)), Math.max(...kept.map((c) => c.last))];
  }

  // 2b. A short tail of link lists after the body's last paragraph of prose.
  if (cfg.linkTailShare > 0 && region) {
    const isProse = (i: number): boolean => labels[i] === 'body' && blocks[i]!.kind === 'text' && !isLinkText(blocks[i]!);
    let proseChars = 0;
    for (let i = 0; i < n; i++) if (isProse(i)) proseChars += blocks[i]!.text.length;
    // Scanning back, only blocks after the last paragraph are split into words.
    let lastProse = n - 1;
    while (lastProse >= 0 && !(labels[lastProse] === 'body' && isParagraph(blocks[lastProse]!))) lastProse--;
    if (lastProse >= 0) {
      const tail: number[] = [];
      let tailChars = 0;
      for (let i = lastProse + 1; i < n; i++) {
        const b = blocks[i]!;
        if (labels[i] !== 'body' || b.kind !== 'text' || !isLinkText(b)) continue;
        tail.push(i);
        tailChars += b.text.length;
      }
      if (tail.length > 0 && tailChars < cfg.linkTailShare * proseChars) {
        for (const i of tail) set(i, 'other', 'a short list of links after the last paragraph');
        let end = region[1];
        while (end > lastProse && labels[end] !== 'body') end--;
        region = [region[0], end];
      }
    }
  }

  // 3. Headings inside the region (or just before it) and followed by body before the next heading.
  for (let i = 0; i < n; i++) {
    if (labels[i] !== 'heading') continue;
    if (!region || i > region[1] || i < region[0] - 3) {
      set(i, 'other', 'heading outside the content region');
      continue;
    }
    let j = i + 1;
    while (j < n && labels[j] !== 'body' && labels[j] !== 'heading') j++;
    if (j >= n || labels[j] !== 'body') {
      // A heading right before another heading is fine (h2 then h3); one with no body after is not.
      if (!(j < n && labels[j] === 'heading')) set(i, 'other', 'heading with no body text after it');
    }
  }

  // 3b. A section heading element (h2-h6) the model left out, between kept text and followed by
  // body, is the article's own heading: noise set inside an article's text is rarely marked up
  // as a heading. (One cross-site fold each of two models: wcxb-dev gained 74 and 21 heading
  // blocks for 19 and 16 wrongly promoted.)
  let prevText = -1;
  for (let i = 0; i < n; i++) {
    if (blocks[i]!.kind !== 'text') continue;
    if (labels[i] === 'other' && prevText >= 0 && labels[prevText] !== 'other' && inHeadingElement(blocks[i]!)) {
      let next = i + 1;
      while (next < n && blocks[next]!.kind !== 'text') next++;
      if (next < n && labels[next] === 'body') set(i, 'heading', 'a heading element between article text');
    }
    prevText = i;
  }

  // 4. Images and media: body inside the region, other outside. A lead image the model
  // believes in may stand a little before the first paragraph: its caption, a byline or a
  // share bar often sit between them.
  for (let i = 0; i < n; i++) {
    if (blocks[i]!.kind === 'text') continue;
    const lead = region !== undefined && i < region[0] && i >= region[0] - 4 && probs[i]![B]! >= 0.5
      && blocks.slice(i + 1, region[0]).every((b) => b.kind === 'text' && b.text.length <= 200);
    const inside = region !== undefined && ((i >= region[0] - 1 && i <= region[1] + 1) || lead);
    if (!inside && labels[i] !== 'other') set(i, 'other', 'image outside the content region');
    else if (inside && labels[i] === 'other' && probs[i]![B]! >= 0.3) set(i, 'body', 'image inside the content region');
  }

  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (blocks[i]!.kind !== 'text') continue;
    sum += probs[i]![LABELS.indexOf(labels[i]!)]!;
    count++;
  }
  return { labels, confidence: count ? sum / count : 1, notes, region };
}
