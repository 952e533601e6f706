/**
 * Synthetic labelled sequences for the k-NN tests and benchmark: symbolic columns with
 * Zipf-skewed values, numeric columns with skewed (log-normal-like) magnitudes, and labels
 * that depend on a few columns plus noise, like block features do.
 */
import type { LabeledSequence } from '../../../src/models/labeler.js';
import type { ItemFeatures } from '../../../src/features/types.js';
import type { Label } from '../../../src/labels.js';
import { seededRandom } from '../../../src/util/random.js';

/** Deterministic PRNG: the one the fold splits use. */
export const rng = seededRandom;

export interface SyntheticOptions {
  readonly items: number;
  readonly symbolic: number;
  readonly numeric: number;
  /** Distinct values per symbolic column (Zipf-distributed). */
  readonly cardinality?: number;
  /** Items per sequence. */
  readonly perPage?: number;
  /** Round numeric values to integers (like lengths and counts; default true). */
  readonly integers?: boolean;
  readonly seed?: number;
}

const LABELS4: readonly Label[] = ['title', 'heading', 'body', 'other'];
/** Label prior, roughly as in block data: mostly other and body. */
const PRIOR = [0.03, 0.07, 0.3, 0.6];

/**
 * Label first, then every column drawn from a label-conditional distribution whose strength
 * falls off with the column index (graded weights, as in the memory-based study table 6.10).
 */
export function synthetic(o: SyntheticOptions): LabeledSequence[] {
  const rand = rng(o.seed ?? 1);
  const card = o.cardinality ?? 30;
  const perPage = o.perPage ?? 100;
  const zipf = (n: number): number => Math.min(n - 1, Math.floor(Math.pow(n + 1, rand()) - 1));
  const seqs: LabeledSequence[] = [];
  let items: ItemFeatures[] = [];
  let gold: Label[] = [];
  for (let i = 0; i < o.items; i++) {
    let u = rand();
    let c = 0;
    while (c < 3 && u >= PRIOR[c]!) u -= PRIOR[c++]!;
    const cols: (string | number)[] = [];
    for (let s = 0; s < o.symbolic; s++) {
      const strength = 0.8 / (1 + s / 3);
      // informative draw: a value block per label; otherwise the shared skewed distribution
      cols.push(rand() < strength ? `v${(c * 7 + zipf(7)) % card}` : `v${zipf(card)}`);
    }
    for (let n = 0; n < o.numeric; n++) {
      const strength = 1 / (1 + n / 2);
      const mean = 2 + strength * [1.5, 0.5, 3, 0][c]!;
      const x = Math.exp(mean + (rand() + rand() + rand() - 1.5) * 1.2) - 1;
      cols.push(o.integers === false ? x : Math.round(x));
    }
    items.push({ attrs: [], columns: cols });
    gold.push(LABELS4[c]!);
    if (items.length === perPage || i === o.items - 1) {
      seqs.push({ pageId: `p${seqs.length}`, site: `s${seqs.length % 7}`, items, labels: gold });
      items = [];
      gold = [];
    }
  }
  return seqs;
}
