/** IGTREE labeler: a walk down the compressed tree per item (igtree.ts). */
import { PithError } from '../../errors.js';
import { LABELS } from '../../labels.js';
import type { SequenceInstance } from '../../features/types.js';
import type { FeatureContribution, Labeler, Prediction } from '../labeler.js';
import { int32FromBase64, toBase64, uint32FromBase64 } from './base64.js';
import { bad, coreFromJSON, coreToJSON, encodeSequence, type CoreJSON, type KnnCore } from './core.js';
import { isRecord } from '../../util/is-record.js';
import { childStarts, igtreeLookup, type IgTree } from './igtree.js';
import { describePrior, describeWeights } from './describe.js';
import { decodeValue } from './table.js';
import { bestLabel, normalise } from './voting.js';

const NC = LABELS.length;

export interface IgtreeJSON extends CoreJSON {
  readonly igtree: {
    readonly order: readonly number[];
    readonly nodes: number;
    /** Breadth-first: children counts, keys, class counts (base64 int32/int32/uint32). */
    readonly childCount: string;
    readonly key: string;
    readonly counts: string;
  };
}

export class IgtreeLabeler implements Labeler {
  readonly algorithm = 'igtree' as const;
  readonly core: KnnCore;
  readonly tree: IgTree;

  constructor(core: KnnCore, tree: IgTree) {
    this.core = core;
    this.tree = tree;
  }

  /** Probabilities (the class distribution of the node the walk ends at) for one encoded query. */
  classify(q: Float64Array): number[] {
    return this.distribution(igtreeLookup(this.tree, this.core.columns, q));
  }

  predict(seq: SequenceInstance): Prediction {
    const probs = encodeSequence(this.core, seq).map((q) => this.classify(q));
    return { labels: probs.map((p) => bestLabel(p, this.core.prior)), probs };
  }

  /**
   * The tests on the path taken, each weighted by its column's weight, + where the node
   * reached by the test defaults to the predicted label, - where it does not; deepest first
   * (the most specific evidence). The text shows the node's label counts.
   */
  explain(seq: SequenceInstance, i: number, top = 10): FeatureContribution[] {
    if (!seq || !Array.isArray(seq.items) || !Number.isInteger(i) || i < 0 || i >= seq.items.length) {
      throw new PithError('BAD_OPTION', `item index ${i} out of range`);
    }
    const q = encodeSequence(this.core, { ...seq, items: [seq.items[i]!] })[0]!;
    const path: number[] = [];
    const end = igtreeLookup(this.tree, this.core.columns, q, path);
    const pred = bestLabel(this.distribution(end), this.core.prior);
    const out: FeatureContribution[] = [];
    for (let d = 1; d < path.length; d++) {
      const node = path[d]!;
      const f = this.tree.order[d - 1]!;
      const probs = this.distribution(node);
      const counts = LABELS.map((l, c) => (this.tree.counts[node * NC + c]! > 0 ? `${l} ${this.tree.counts[node * NC + c]}` : '')).filter(Boolean);
      const sign = bestLabel(probs, this.core.prior) === pred ? 1 : -1;
      out.push({
        feature: `${this.core.columns.names[f]}=${decodeValue(this.core.columns, f, q[f]!)} (node: ${counts.join(', ')})`,
        weight: sign * Math.max(this.core.weights[f]!, Number.MIN_VALUE),
      });
    }
    return out.reverse().slice(0, Math.max(0, top));
  }

  /** Parameters, tree size and the column order with weights (`pith model dump`). */
  describe(top = 20): string {
    const t = this.tree;
    let leaves = 0;
    for (let n = 0; n < t.nodes; n++) if (t.childCount[n] === 0) leaves++;
    const order = Array.from(t.order.slice(0, Math.max(0, top)), (f) => this.core.columns.names[f]).join(' > ');
    return [
      `IGTREE: weighting=${this.core.config.weighting}, numeric columns in ${t.bins} bins`,
      describePrior(this.core),
      `tree: ${t.nodes} nodes, ${leaves} leaves; columns tested in order: ${order}${t.order.length > top ? ' > ...' : ''}`,
      describeWeights(this.core, top),
    ].join('\n') + '\n';
  }

  toJSON(): IgtreeJSON {
    const t = this.tree;
    return {
      ...coreToJSON(this.core),
      igtree: {
        order: Array.from(t.order),
        nodes: t.nodes,
        childCount: toBase64(t.childCount),
        key: toBase64(t.key),
        counts: toBase64(Uint32Array.from(t.counts)),
      },
    };
  }

  static fromJSON(body: unknown): IgtreeLabeler {
    const core = coreFromJSON(body);
    if (core.config.algorithm !== 'igtree') bad(`algorithm is ${core.config.algorithm}, not igtree`);
    const part = (body as Record<string, unknown>).igtree;
    if (!isRecord(part)) bad('igtree section missing');
    const width = core.columns.kinds.length;
    const order = part.order;
    if (!Array.isArray(order) || order.length !== width || new Set(order).size !== width || !order.every((f) => Number.isInteger(f) && f >= 0 && f < width)) {
      bad('igtree.order must be a permutation of the columns');
    }
    const nodes = part.nodes;
    if (typeof nodes !== 'number' || !Number.isInteger(nodes) || nodes < 1) bad('igtree.nodes must be a positive integer');
    const childCount = int32FromBase64(part.childCount, nodes, 'igtree.childCount');
    const key = int32FromBase64(part.key, nodes, 'igtree.key');
    const counts = uint32FromBase64(part.counts, nodes * NC, 'igtree.counts');
    const childStart = childStarts(childCount);
    // A tree: children ranges partition 1..nodes-1, each after its parent, keys ascending.
    let total = 0;
    for (let n = 0; n < nodes; n++) {
      const c = childCount[n]!;
      if (c < 0) bad('igtree has a negative child count');
      total += c;
      if (c > 0 && childStart[n]! <= n) bad('igtree child before its parent');
      for (let j = childStart[n]! + 1; j < childStart[n]! + c; j++) if (!(key[j - 1]! < key[j]!)) bad('igtree keys not ascending');
    }
    if (total !== nodes - 1) bad('igtree child counts do not add up to a tree');
    const tree: IgTree = { order: Int32Array.from(order as number[]), nodes, childCount, childStart, key, counts: Float64Array.from(counts), bins: core.config.bins };
    return new IgtreeLabeler(core, tree);
  }

  private distribution(node: number): number[] {
    const votes = Array.from({ length: NC }, (_, c) => this.tree.counts[node * NC + c]!);
    return normalise(votes, this.core.prior);
  }
}
