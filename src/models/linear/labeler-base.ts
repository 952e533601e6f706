/**
 * What CRF, MaxEnt and MEMM labelers share: encoding a sequence against the model's
 * attributes, the linear state scores, mapping to LABELS order, explain and dump. Each
 * learner supplies its decoder (labels and per-item probabilities from the state scores).
 */
import { PithError } from '../../errors.js';
import { LABELS, type Label } from '../../labels.js';
import type { AttributeVocabulary, EncodedFeatures, SequenceInstance } from '../../features/types.js';
import type { FeatureContribution, Labeler, Prediction } from '../labeler.js';
import { encodeSequences, type EncodedItems } from './encode.js';
import { rowNames } from './feature-index.js';
import { extraLength, linearToJSON, type LinearAlgorithm, type LinearModel } from './model.js';
import { rowContributions, stateScores } from './scores.js';

export interface Decoded {
  /** Label number per item (model label order). */
  readonly path: Int32Array;
  /** P(item i has label y) at probs[i*L + y] (model label order). */
  readonly probs: Float64Array;
}

export abstract class LinearLabeler implements Labeler {
  readonly algorithm: LinearAlgorithm;
  readonly model: LinearModel;
  protected readonly L: number;
  /** Model label number -> position in LABELS. */
  private readonly labelPos: readonly number[];
  private names: string[] | undefined;
  private weighted: AttributeVocabulary | undefined;

  constructor(model: LinearModel) {
    this.model = model;
    this.algorithm = model.algorithm;
    this.L = model.labels.length;
    this.labelPos = model.labels.map((l) => LABELS.indexOf(l));
  }

  /** Labels and probabilities from the state scores S[i*L+y] of the n items of `enc`. */
  protected abstract decode(S: Float64Array, n: number, enc: EncodedItems): Decoded;
  /** Learner-specific parts of item i's score (transitions, bias), given the decoded path. */
  protected abstract extraContributions(path: Int32Array, i: number, enc: EncodedItems): FeatureContribution[];
  /** Dump lines for the learner's extra weights. */
  protected abstract describeExtra(top: number): string[];

  /**
   * The learner's extra weights (bias, transitions, start and end) follow the state rows in
   * W, one row of L per source: the weight of row `row` for label `y`.
   */
  protected extraWeight(row: number, y: number): number {
    return this.model.W[this.model.index.rows * this.L + row * this.L + y]!;
  }

  /** A dump table of extra-weight rows, starting at row `firstRow`, one column per label. */
  protected extraTable(title: string, rowLabels: readonly string[], firstRow = 0): string[] {
    return weightTable(title, rowLabels, this.model.labels, this.model.W, this.model.index.rows * this.L + firstRow * this.L);
  }

  /** The sequence's attributes as numbers (names the model does not know are dropped). */
  encode(seq: SequenceInstance): EncodedItems {
    return encodeSequences(this.model.index, [seq]);
  }

  /** State scores S[i*L+y] of an encoded sequence: the linear part, without decoding. */
  encodedScores(enc: EncodedItems): Float64Array {
    const n = enc.itemStart.length - 1;
    const S = new Float64Array(n * this.L);
    stateScores(this.model.index, enc, 0, n, this.model.W, this.L, S);
    return S;
  }

  scores(seq: SequenceInstance): Float64Array {
    return this.encodedScores(this.encode(seq));
  }

  /** Labels and probabilities (model label order) from the state scores of `enc`. */
  decodeScores(S: Float64Array, enc: EncodedItems): Decoded {
    return this.decode(S, enc.itemStart.length - 1, enc);
  }

  get vocabulary(): AttributeVocabulary {
    return this.model.index.lookup;
  }

  /**
   * The attributes with a nonzero weight in any of their rows (own, `prev:`/`next:` copies,
   * CRF edge block), under their vocabulary numbers. The others add exactly 0 to every score,
   * so features encoded against this subset score the same as against the whole vocabulary.
   * When nearly all attributes carry weight it is the whole vocabulary: a subset is a new map
   * (10 ms a process for the bundled model's 25 700 names) that would save few lookups.
   */
  get weightedVocabulary(): AttributeVocabulary {
    return (this.weighted ??= weightedAttributes(this.model));
  }

  /**
   * Whether every attribute carries weight (`weightedVocabulary` is the whole vocabulary): a
   * compiled model stores the answer (model-binary.ts) and sets it back with
   * `weightedIsWhole()`, sparing the pass over the weights in each process.
   */
  get everyAttributeWeighted(): boolean {
    return this.weightedVocabulary === this.model.index.lookup;
  }

  /** Records what `everyAttributeWeighted` found when the model was compiled (it is computed again when not called). */
  weightedIsWhole(): void {
    this.weighted = this.model.index.lookup;
  }

  predict(seq: SequenceInstance): Prediction {
    return this.predictItems(this.encode(seq));
  }

  predictEncoded(features: EncodedFeatures): Prediction {
    const { itemStart, ids, vals } = features;
    return this.predictItems({ itemStart, ids, vals, seqStart: Int32Array.of(0, itemStart.length - 1) });
  }

  private predictItems(enc: EncodedItems): Prediction {
    const n = enc.itemStart.length - 1;
    const { path, probs } = this.decode(this.encodedScores(enc), n, enc);
    const labels: Label[] = new Array(n);
    const rows: number[][] = new Array(n);
    for (let i = 0; i < n; i++) {
      labels[i] = this.model.labels[path[i]!]!;
      const row = [0, 0, 0, 0];
      for (let y = 0; y < this.L; y++) row[this.labelPos[y]!] = probs[i * this.L + y]!;
      rows[i] = row;
    }
    return { labels, probs: rows };
  }

  explain(seq: SequenceInstance, i: number, top = 10): FeatureContribution[] {
    const n = seq.items.length;
    if (!Number.isInteger(i) || i < 0 || i >= n) throw new PithError('BAD_OPTION', `item ${i} is outside the sequence (0..${n - 1})`);
    const enc = this.encode(seq);
    const { path } = this.decode(this.encodedScores(enc), n, enc);
    const names = (this.names ??= rowNames(this.model.index));
    const out: FeatureContribution[] = rowContributions(this.model.index, enc, 0, n, i, this.model.W, this.L, path[i]!)
      .map((c) => ({ feature: names[c.row]!, weight: c.weight }));
    out.push(...this.extraContributions(path, i, enc));
    out.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight) || (a.feature < b.feature ? -1 : 1));
    return out.slice(0, Math.max(0, top));
  }

  toJSON(): unknown {
    return linearToJSON(this.model);
  }

  /** Readable text: sizes, training summary, strongest attributes per label, extra weights. */
  describe(top = 15): string {
    const { index, W, labels, training } = this.model;
    const L = this.L;
    const lines = [`${this.algorithm} model: ${index.names.length} attributes, ${index.rows} weight rows, labels ${labels.join(' ')}, history ${index.history}${this.model.edges ? ', edge features' : ''}`];
    if (training) {
      lines.push(`training: ${training.sequences} sequences, ${training.items} items, ${training.iterations} iterations (${training.stop}), ${training.evaluations} evaluations, loss ${training.loss.toFixed(4)}, ${training.seconds} s`);
    }
    const names = (this.names ??= rowNames(index));
    for (let y = 0; y < L; y++) {
      const rows = Array.from({ length: index.rows }, (_, r) => r).sort((a, b) => W[b * L + y]! - W[a * L + y]!);
      lines.push(`label ${labels[y]}: strongest for`);
      for (const r of rows.slice(0, top)) lines.push(`  ${fmt(W[r * L + y]!)}  ${names[r]}`);
      lines.push(`label ${labels[y]}: strongest against`);
      for (const r of rows.slice(Math.max(top, rows.length - top)).reverse()) lines.push(`  ${fmt(W[r * L + y]!)}  ${names[r]}`);
    }
    lines.push(...this.describeExtra(top));
    return lines.join('\n') + '\n';
  }
}

/** Share of unweighted attributes under which `weightedVocabulary` is the whole vocabulary. */
const SUBSET_FROM_UNWEIGHTED_SHARE = 0.25;

function weightedAttributes(model: LinearModel): AttributeVocabulary {
  const { index, W } = model;
  const L = model.labels.length;
  const edgeStart = index.rows * L + extraLength(model.algorithm, L);
  const anyWeight = (from: number, length: number): boolean => {
    for (let p = from; p < from + length; p++) if (W[p] !== 0) return true;
    return false;
  };
  const weighed = (k: number): boolean => anyWeight(index.own[k]! * L, L) ||
    (index.prev[k]! >= 0 && anyWeight(index.prev[k]! * L, L)) ||
    (index.next[k]! >= 0 && anyWeight(index.next[k]! * L, L)) ||
    (model.edges === true && anyWeight(edgeStart + k * L * L, L * L));
  // Attribute numbers are 0 .. names.length - 1 (indexFromFlags): counted without the map's iterator.
  const n = index.names.length;
  let unweighted = 0;
  for (let k = 0; k < n; k++) if (!weighed(k)) unweighted++;
  if (unweighted <= n * SUBSET_FROM_UNWEIGHTED_SHARE) return index.lookup;
  const out = new Map<string, number>();
  for (const [name, k] of index.lookup) if (weighed(k)) out.set(name, k);
  return out;
}

export const fmt = (w: number) => (w >= 0 ? '+' : '') + w.toFixed(4);

/** A table of weights: one row per `rowLabels`, one column per model label. */
export function weightTable(title: string, rowLabels: readonly string[], cols: readonly string[], W: Float64Array, offset: number): string[] {
  const width = Math.max(9, ...cols.map((c) => c.length + 1));
  const head = Math.max(...rowLabels.map((r) => r.length), 5);
  const lines = [title, `  ${''.padEnd(head)} ${cols.map((c) => c.padStart(width)).join('')}`];
  rowLabels.forEach((r, j) => {
    lines.push(`  ${r.padEnd(head)} ${cols.map((_, y) => fmt(W[offset + j * cols.length + y]!).padStart(width)).join('')}`);
  });
  return lines;
}
