/**
 * The article-extraction-benchmark's body metric (ScrapingHub, evaluate.py), reimplemented
 * from its published definition:
 * - tokens are `\w+` runs (letters, digits, underscore), case kept;
 * - shingles are 4-grams of tokens counted as a multiset (a text of fewer than 4 tokens
 *   is one shingle of all its tokens; an empty text has none);
 * - per page, tp = sum of min(count_pred, count_true), fp / fn the excesses, then the three
 *   are divided by their sum so that every page weighs the same;
 * - precision is the mean over pages with tp + fp > 0, recall the mean over pages with
 *   tp + fn > 0 (a page with fp = fn = 0 scores 1), F1 the harmonic mean of those two means;
 * - accuracy ("exact") is the share of pages whose token sequences are identical.
 * The benchmark's bootstrap confidence intervals are not computed here.
 */
import { shingleCounts } from '../util/shingles.js';
import type { PRF } from './text-metrics.js';

const TOKEN_RE = /[\p{L}\p{N}_]+/gu;

export function benchmarkTokens(text: string): string[] {
  return text.match(TOKEN_RE) ?? [];
}

/** One page's normalised counts plus whether the texts are identical token for token. */
export interface ShinglePageScore {
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
  readonly exact: boolean;
}

export function shinglePageScore(extracted: string, gold: string, n = 4): ShinglePageScore {
  const pt = benchmarkTokens(extracted);
  const gt = benchmarkTokens(gold);
  const pc = shingleCounts(pt, n);
  const gc = shingleCounts(gt, n);
  let tp = 0, fp = 0, fn = 0;
  for (const [k, p] of pc) {
    const g = gc.get(k) ?? 0;
    tp += Math.min(p, g);
    fp += Math.max(0, p - g);
  }
  for (const [k, g] of gc) fn += Math.max(0, g - (pc.get(k) ?? 0));
  const s = tp + fp + fn;
  const exact = pt.length === gt.length && pt.every((t, i) => t === gt[i]);
  return s > 0 ? { tp: tp / s, fp: fp / s, fn: fn / s, exact } : { tp: 0, fp: 0, fn: 0, exact };
}

function pagePrecision(c: ShinglePageScore): number {
  if (c.fp === 0 && c.fn === 0) return 1;
  if (c.tp === 0 && c.fp === 0) return 0;
  return c.tp / (c.tp + c.fp);
}
function pageRecall(c: ShinglePageScore): number {
  if (c.fp === 0 && c.fn === 0) return 1;
  if (c.tp === 0 && c.fn === 0) return 0;
  return c.tp / (c.tp + c.fn);
}

export interface ShingleSummary extends PRF {
  readonly pages: number;
  /** Share of pages extracted exactly (same token sequence as the gold). */
  readonly accuracy: number;
}

export function shingleSummary(pages: readonly ShinglePageScore[]): ShingleSummary {
  let ps = 0, pn = 0, rs = 0, rn = 0, exact = 0;
  for (const c of pages) {
    if (c.tp + c.fp > 0) {
      ps += pagePrecision(c);
      pn++;
    }
    if (c.tp + c.fn > 0) {
      rs += pageRecall(c);
      rn++;
    }
    if (c.exact) exact++;
  }
  const precision = pn ? ps / pn : 0;
  const recall = rn ? rs / rn : 0;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, pages: pages.length, accuracy: pages.length ? exact / pages.length : 0 };
}
