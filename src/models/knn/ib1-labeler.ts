/**
 * IB1: k-nearest-distance classification over the whole (deduplicated) instance base,
 * exact (search.ts), with the configured voting.
 */
import { PithError } from '../../errors.js';
import { LABELS, type Label } from '../../labels.js';
import type { SequenceInstance } from '../../features/types.js';
import type { FeatureContribution, Labeler, Prediction } from '../labeler.js';
import { int32FromBase64, float64FromBase64, toBase64, uint32FromBase64 } from './base64.js';
import { bad, coreFromJSON, coreToJSON, encodeSequence, type CoreJSON, type KnnCore } from './core.js';
import { isRecord } from '../../util/is-record.js';
import { inverseRanges, makeInstanceBase, type InstanceBase } from './instance-base.js';
import { Searcher, type Neighbours } from './search.js';
import { describePrior, describeWeights } from './describe.js';
import { decodeValue, NUMERIC } from './table.js';
import { bestLabel, rankWeight, voteProbs } from './voting.js';

const NC = LABELS.length;

/** One column of the stored instances: integers as int32 when exact, otherwise float64. */
interface ColumnData {
  readonly enc: 'i32' | 'f64';
  readonly data: string;
}

export interface Ib1JSON extends CoreJSON {
  readonly ib1: {
    readonly rows: number;
    /** The distance's column order (columns with weight > 0), kept so sums round identically after loading. */
    readonly order: readonly number[];
    readonly columns: readonly ColumnData[];
    readonly counts: string;
  };
}

export interface NeighbourView {
  readonly distance: number;
  /** Instances per label at this distance. */
  readonly labels: Readonly<Record<Label, number>>;
}

export class Ib1Labeler implements Labeler {
  readonly algorithm = 'knn' as const;
  readonly core: KnnCore;
  readonly base: InstanceBase;
  private searcher: Searcher;

  constructor(core: KnnCore, base: InstanceBase) {
    this.core = core;
    this.base = base;
    this.searcher = new Searcher(base, core.config.k);
  }

  /** The neighbour set of one encoded query. */
  neighbours(q: Float64Array, collect = false): Neighbours {
    return this.searcher.search(q, collect);
  }

  /** Rows and tree nodes the last search touched (a measure of pruning). */
  lastSearchStats(): { readonly scanned: number; readonly visited: number } {
    return { scanned: this.searcher.scanned, visited: this.searcher.visited };
  }

  /** Probabilities in LABELS order for one encoded query. */
  classify(q: Float64Array): number[] {
    return voteProbs(this.searcher.search(q), this.core.config.voting, this.core.config.decay, this.core.prior);
  }

  predict(seq: SequenceInstance): Prediction {
    const probs = encodeSequence(this.core, seq).map((q) => this.classify(q));
    return { labels: probs.map((p) => bestLabel(p, this.core.prior)), probs };
  }

  /** The neighbour set of item i as distances with label counts, nearest first. */
  explainNeighbours(seq: SequenceInstance, i: number): NeighbourView[] {
    const q = this.query(seq, i);
    const nb = this.searcher.search(q);
    return Array.from({ length: nb.ranks }, (_, r) => ({
      distance: nb.distances[r]!,
      labels: Object.fromEntries(LABELS.map((l, c) => [l, nb.counts[r * NC + c]!])) as Record<Label, number>,
    }));
  }

  /**
   * Per column: weight x (signed share of the neighbours' votes that agree with the query on
   * that column), + for neighbours with the predicted label, - for others; strongest first.
   * The feature text names the value and the labels of the nearest neighbours sharing it.
   */
  explain(seq: SequenceInstance, i: number, top = 10): FeatureContribution[] {
    const q = this.query(seq, i);
    const nb = this.searcher.search(q, true);
    const cfg = this.core.config;
    const probs = voteProbs(nb, cfg.voting, cfg.decay, this.core.prior);
    const pred = LABELS.indexOf(bestLabel(probs, this.core.prior));
    const weights = this.core.weights;
    const { names, kinds } = this.core.columns;
    const width = kinds.length;
    const support = new Float64Array(width);
    const nearestAgree = Array.from({ length: width }, () => new Float64Array(NC));
    let total = 0;
    const nearest = nb.ranks > 0 ? nb.distances[0]! : 0;
    const farthest = nb.ranks > 0 ? nb.distances[nb.ranks - 1]! : 0;
    for (let r = 0; r < nb.ranks; r++) {
      const vw = rankWeight(cfg.voting, nb.distances[r]!, nearest, farthest, cfg.decay);
      for (const row of nb.rows![r]!) {
        let signed = 0;
        let n = 0;
        for (let c = 0; c < NC; c++) {
          const cnt = this.base.counts[row * NC + c]!;
          signed += c === pred ? cnt : -cnt;
          n += cnt;
        }
        total += vw * n;
        for (let f = 0; f < width; f++) {
          const sim = 1 - this.delta(f, this.base.values[row * width + f]!, q[f]!);
          if (sim <= 0) continue;
          support[f]! += vw * sim * signed;
          if (r === 0 && sim === 1) for (let c = 0; c < NC; c++) nearestAgree[f]![c]! += this.base.counts[row * NC + c]!;
        }
      }
    }
    const out: FeatureContribution[] = [];
    for (let f = 0; f < width; f++) {
      if (!(weights[f]! > 0)) continue;
      const agree = LABELS.map((l, c) => (nearestAgree[f]![c]! > 0 ? `${l} ${nearestAgree[f]![c]}` : '')).filter(Boolean);
      const text = `${names[f]}=${decodeValue(this.core.columns, f, q[f]!)}` + (agree.length ? ` (nearest: ${agree.join(', ')})` : '');
      out.push({ feature: text, weight: total > 0 ? (weights[f]! * support[f]!) / total : 0 });
    }
    out.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
    return out.slice(0, Math.max(0, top));
  }

  /** Parameters, instance base size and the column weights (`pith model dump`). */
  describe(top = 20): string {
    const c = this.core.config;
    const zero = this.core.weights.length - this.base.active.length;
    return [
      `IB1 k-NN: k=${c.k} (nearest distances), weighting=${c.weighting}, voting=${c.voting}${c.voting === 'exponential-decay' ? ` (decay ${c.decay})` : ''}`,
      describePrior(this.core),
      `instance base: ${this.base.rows} distinct rows, search tree ${this.base.tree.nodes} nodes; ${this.base.active.length} columns in the distance${zero ? `, ${zero} with weight 0 ignored` : ''}`,
      describeWeights(this.core, top),
    ].join('\n') + '\n';
  }

  toJSON(): Ib1JSON {
    const b = this.base;
    const columns: ColumnData[] = [];
    for (let f = 0; f < b.width; f++) {
      const col = new Float64Array(b.rows);
      for (let r = 0; r < b.rows; r++) col[r] = b.values[r * b.width + f]!;
      const ints = col.every((x) => Number.isInteger(x) && x >= -2147483648 && x <= 2147483647 && !Object.is(x, -0));
      columns.push(ints ? { enc: 'i32', data: toBase64(Int32Array.from(col)) } : { enc: 'f64', data: toBase64(col) });
    }
    return { ...coreToJSON(this.core), ib1: { rows: b.rows, order: Array.from(b.active), columns, counts: toBase64(Uint32Array.from(b.counts)) } };
  }

  /** Rebuilds from toJSON() output (validated; the search tree is rebuilt). */
  static fromJSON(body: unknown): Ib1Labeler {
    const core = coreFromJSON(body);
    if (core.config.algorithm !== 'ib1') bad(`algorithm is ${core.config.algorithm}, not ib1`);
    const part = (body as Record<string, unknown>).ib1;
    if (!isRecord(part)) bad('ib1 section missing');
    const rows = part.rows;
    if (typeof rows !== 'number' || !Number.isInteger(rows) || rows < 1) bad('ib1.rows must be a positive integer');
    const width = core.columns.kinds.length;
    if (!Array.isArray(part.columns) || part.columns.length !== width) bad(`ib1.columns must hold ${width} columns`);
    const values = new Float64Array(rows * width);
    part.columns.forEach((c: unknown, f: number) => {
      if (!isRecord(c) || (c.enc !== 'i32' && c.enc !== 'f64')) bad(`ib1 column ${f} malformed`);
      const col = c.enc === 'i32' ? int32FromBase64(c.data, rows, `ib1 column ${f}`) : float64FromBase64(c.data, rows, `ib1 column ${f}`);
      const symbolic = core.columns.kinds[f] !== NUMERIC;
      const dictSize = core.columns.dicts[f]!.length;
      for (let r = 0; r < rows; r++) {
        const x = col[r]!;
        if (symbolic && !(Number.isInteger(x) && x >= 0 && x < dictSize)) bad(`ib1 column ${f} has a code outside its dictionary`);
        values[r * width + f] = x;
      }
    });
    const counts = uint32FromBase64(part.counts, rows * NC, 'ib1.counts');
    for (let r = 0; r < rows; r++) {
      if (counts[r * NC]! + counts[r * NC + 1]! + counts[r * NC + 2]! + counts[r * NC + 3]! === 0) bad(`ib1 row ${r} has no instances`);
    }
    const order = part.order;
    const positive = Array.from(core.weights).filter((w) => w > 0).length;
    if (
      !Array.isArray(order) ||
      order.length !== positive ||
      new Set(order).size !== order.length ||
      !order.every((f) => Number.isInteger(f) && f >= 0 && f < width && core.weights[f]! > 0)
    ) {
      bad('ib1.order must list each column of positive weight once');
    }
    const inv = inverseRanges(core.columns.kinds, core.columns.min, core.columns.max);
    const base = makeInstanceBase({ values, counts: Float64Array.from(counts), rows }, width, core.columns.kinds, core.weights, inv, Int32Array.from(order as number[]));
    return new Ib1Labeler(core, base);
  }

  private query(seq: SequenceInstance, i: number): Float64Array {
    if (!seq || !Array.isArray(seq.items) || !Number.isInteger(i) || i < 0 || i >= seq.items.length) {
      throw new PithError('BAD_OPTION', `item index ${i} out of range`);
    }
    return encodeSequence(this.core, { ...seq, items: [seq.items[i]!] })[0]!;
  }

  private delta(f: number, x: number, y: number): number {
    if (x === y) return 0;
    if (this.core.columns.kinds[f] !== NUMERIC) return 1;
    if (x !== x || y !== y) return x !== x && y !== y ? 0 : 1;
    const s = Math.abs(x - y) * this.base.inv[f]!;
    return s < 1 ? s : 1;
  }
}
