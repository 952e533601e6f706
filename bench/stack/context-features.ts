/**
 * Stacked sequential learning (Cohen & Carvalho 2005): a second learner reads what the first
 * one predicted around each block. A per-block model cannot see that a paragraph it calls
 * body sits after the page's whole article, or alone between runs of noise; the second stage
 * sees exactly that, from the first stage's probabilities alone:
 * - the block's own probabilities (values and bins),
 * - its neighbours' within three blocks,
 * - the mean p(body) in windows of 5 and 15 blocks each side,
 * - the share of the page's body mass before it, and whether it lies before the first or
 *   after the last confident body block, with the distance to the nearest one,
 * - whether a confident title came before it.
 */
import { LABELS } from '../../src/labels.js';
import type { ItemFeatures } from '../../src/features/types.js';

const TITLE = LABELS.indexOf('title');
const BODY = LABELS.indexOf('body');
/** Labels whose probabilities feed the second stage (other is 1 minus their sum). */
const FED = ['title', 'heading', 'body'] as const;
const FED_INDEX = FED.map((l) => LABELS.indexOf(l));
const OFFSETS = [-3, -2, -1, 1, 2, 3] as const;
const CONFIDENT = 0.5;

/** Which tenth a probability falls in: a step function beside the linear value. */
const tenth = (p: number): number => Math.min(9, Math.max(0, Math.floor(p * 10)));
/** Distances in blocks, bucketed: 1, 2, 3-5, 6-10, 11-30, more. */
function distanceBucket(d: number): string {
  if (d <= 2) return String(d);
  if (d <= 5) return '3-5';
  if (d <= 10) return '6-10';
  if (d <= 30) return '11-30';
  return 'far';
}
/** Shares bucketed at the edges, where the article starts and ends. */
function shareBucket(s: number): string {
  if (s <= 0) return '0';
  if (s < 0.05) return '<.05';
  if (s < 0.3) return '<.3';
  if (s < 0.7) return '<.7';
  if (s < 0.95) return '<.95';
  if (s < 1) return '<1';
  return '1';
}

/** The second stage's attributes for every block of one page, from the first stage's probabilities. */
export function contextFeatures(probs: readonly (readonly number[])[]): ItemFeatures[] {
  const n = probs.length;
  const body = probs.map((row) => row[BODY] ?? 0);
  // Prefix sums of p(body) for windows and mass shares.
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + body[i]!;
  const total = prefix[n]!;
  const confident: number[] = [];
  for (let i = 0; i < n; i++) if (body[i]! >= CONFIDENT) confident.push(i);
  const first = confident[0] ?? -1;
  const last = confident[confident.length - 1] ?? -1;
  // Nearest confident body block on each side (not the block itself).
  const prevConfident = new Int32Array(n).fill(-1);
  const nextConfident = new Int32Array(n).fill(-1);
  for (let i = 1; i < n; i++) prevConfident[i] = body[i - 1]! >= CONFIDENT ? i - 1 : prevConfident[i - 1]!;
  for (let i = n - 2; i >= 0; i--) nextConfident[i] = body[i + 1]! >= CONFIDENT ? i + 1 : nextConfident[i + 1]!;
  let titleSeen = false;
  const out: ItemFeatures[] = [];
  for (let i = 0; i < n; i++) {
    const attrs: string[] = ['bias'];
    const values: number[] = [1];
    const add = (name: string, value = 1): void => {
      attrs.push(name);
      values.push(value);
    };
    const row = probs[i]!;
    FED.forEach((label, k) => {
      const p = row[FED_INDEX[k]!] ?? 0;
      add(`p:${label}`, p);
      add(`p:${label}=${tenth(p)}`);
    });
    for (const d of OFFSETS) {
      const j = i + d;
      if (j < 0 || j >= n) {
        add(`o${d}:none`);
        continue;
      }
      FED.forEach((label, k) => add(`o${d}:${label}`, probs[j]![FED_INDEX[k]!] ?? 0));
    }
    for (const w of [5, 15]) {
      const from = Math.max(0, i - w);
      const to = Math.min(n, i + w + 1);
      const around = to - from - 1;
      const mean = around > 0 ? (prefix[to]! - prefix[from]! - body[i]!) / around : 0;
      add(`win${w}:body`, mean);
      add(`win${w}:body=${tenth(mean)}`);
      const before = i - from;
      const after = to - i - 1;
      add(`win${w}:before`, before > 0 ? (prefix[i]! - prefix[from]!) / before : 0);
      add(`win${w}:after`, after > 0 ? (prefix[to]! - prefix[i + 1]!) / after : 0);
    }
    const massBefore = total > 0 ? prefix[i]! / total : 0;
    add(`mass:before=${shareBucket(massBefore)}`);
    add('mass:before', massBefore);
    const region = first < 0 ? 'none' : i < first ? 'before' : i > last ? 'after' : 'inside';
    add(`region:${region}`);
    // Conjunctions: a linear model cannot multiply "after the article" by "sure it is body".
    const own = body[i]! < 0.3 ? 'low' : body[i]! < 0.7 ? 'mid' : 'high';
    add(`region:${region}&body:${own}`);
    const prev = prevConfident[i]!;
    const next = nextConfident[i]!;
    const prevBucket = prev < 0 ? 'none' : distanceBucket(i - prev);
    const nextBucket = next < 0 ? 'none' : distanceBucket(next - i);
    add(`prev-body:${prevBucket}`);
    add(`next-body:${nextBucket}`);
    add(`prev-body:${prevBucket}&body:${own}`);
    add(`next-body:${nextBucket}&body:${own}`);
    add(`mass:before=${shareBucket(massBefore)}&body:${own}`);
    if (titleSeen) add('title-before');
    out.push({ attrs, values, columns: [] });
    if ((row[TITLE] ?? 0) >= CONFIDENT) titleSeen = true;
  }
  return out;
}
