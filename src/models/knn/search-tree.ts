/**
 * The shape of the instance base's search tree (built in instance-base.ts, summarised in
 * node-bounds.ts, walked in search.ts), apart so that those files need not import each other.
 */
export interface SearchTree {
  readonly nodes: number;
  /** Row range [lo, hi) of each node. */
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  /** Position in `active` of the column a node splits on (= its depth). */
  readonly depth: Int32Array;
  /** Children are contiguous node ids [childStart, childStart + childCount); 0 children = leaf. */
  readonly childStart: Int32Array;
  readonly childCount: Int32Array;
  /** Per node, its value of the parent's split column: the symbolic code, or the min/max of a numeric group (NaN = missing). */
  readonly key: Float64Array;
  readonly kmax: Float64Array;
}
