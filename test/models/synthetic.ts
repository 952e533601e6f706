/** Synthetic sequence data for the learner tests (no corpus needed). */
import type { GoldLabel, Label } from '../../src/labels.js';
import type { LabeledSequence } from '../../src/models/labeler.js';
import { seededRandom } from '../../src/util/random.js';

/** Deterministic PRNG: the one the fold splits use. */
export const rng = seededRandom;

/** Random sequences over a small attribute vocabulary, real values, some unknown labels. */
export function randomData(seed: number, opts: { seqs?: number; maxLen?: number; vocab?: number; labels?: readonly Label[]; unknownRate?: number; values?: boolean } = {}): LabeledSequence[] {
  const r = rng(seed);
  const labels = opts.labels ?? ['title', 'heading', 'body', 'other'];
  const out: LabeledSequence[] = [];
  for (let s = 0; s < (opts.seqs ?? 6); s++) {
    const n = 1 + Math.floor(r() * (opts.maxLen ?? 5));
    const items = [];
    const gold: GoldLabel[] = [];
    for (let i = 0; i < n; i++) {
      const attrs: string[] = [];
      const values: number[] = [];
      for (let a = 0; a < (opts.vocab ?? 6); a++) {
        if (r() < 0.45) { attrs.push(`a${a}`); values.push(opts.values === false ? 1 : +(r() * 2 - 0.5).toFixed(3)); }
      }
      items.push(opts.values === false ? { attrs, columns: [] } : { attrs, values, columns: [] });
      gold.push(r() < (opts.unknownRate ?? 0) ? 'unknown' : labels[Math.floor(r() * labels.length)]!);
    }
    out.push({ pageId: `p${s}`, site: 's', items, labels: gold });
  }
  return out;
}

/**
 * A sticky Markov chain of labels with noisy observations: item i shows `obs=<its label>`
 * with probability `clarity`, otherwise `obs=<a random label>`. Transitions carry the
 * information a per-item classifier cannot use.
 */
export function markovData(seed: number, opts: { seqs?: number; len?: number; stay?: number; clarity?: number } = {}): LabeledSequence[] {
  const r = rng(seed);
  const labels: Label[] = ['heading', 'body', 'other'];
  const out: LabeledSequence[] = [];
  for (let s = 0; s < (opts.seqs ?? 40); s++) {
    let y = Math.floor(r() * labels.length);
    const items = [];
    const gold: Label[] = [];
    for (let i = 0; i < (opts.len ?? 30); i++) {
      if (i > 0 && r() > (opts.stay ?? 0.9)) y = (y + 1 + Math.floor(r() * (labels.length - 1))) % labels.length;
      const shown = r() < (opts.clarity ?? 0.6) ? y : Math.floor(r() * labels.length);
      items.push({ attrs: [`obs=${labels[shown]}`, 'bias'], columns: [] });
      gold.push(labels[y]!);
    }
    out.push({ pageId: `m${s}`, site: `site${s % 3}`, items, labels: gold });
  }
  return out;
}

export function accuracy(pred: readonly (readonly Label[])[], data: readonly LabeledSequence[]): number {
  let ok = 0, n = 0;
  data.forEach((d, s) => d.labels.forEach((l, i) => { if (l !== 'unknown') { n++; if (pred[s]![i] === l) ok++; } }));
  return ok / n;
}
