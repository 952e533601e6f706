/**
 * A feature family: a name, a documented purpose, its fixed columns and one `compute`
 * over the whole page (so it can precompute page-level facts once and read neighbours
 * for windows). Families write through `FamilyOutput`; they never see other families.
 */
import type { ColumnKind } from './types.js';
import type { FamilyName } from './config.js';
import type { PageContext } from './page-context.js';
import { decileIndex, log2BucketIndex, log2BucketLabel } from './text-stats.js';

export interface FamilyColumn {
  readonly name: string;
  readonly kind: ColumnKind;
}

export interface FamilyOutput {
  /**
   * Adds attribute `name` to item `i` with `value` (default 1). Names must be unique within
   * an item: each family uses its own prefixes and adds a name at most once per item.
   */
  attr(i: number, name: string, value?: number): void;
  /**
   * A number standing for attribute `name` on this page, for `attrRef`: a family resolves
   * each distinct name once per page and emits it per item by number, so extraction turns
   * names into the model's attribute numbers once per page, not once per item. Opaque:
   * only `attrRef` of the same output reads it.
   */
  ref(name: string): number;
  /** `ref(prefix + value)`, built and resolved once per page and output for each (prefix, value). */
  refOf(prefix: string, value: string): number;
  /** Adds the attribute `ref` stands for to item `i`, as `attr` would. */
  attrRef(i: number, ref: number, value?: number): void;
  /** Sets the family's column `j` (index into `FeatureFamily.columns`) of item `i`. */
  col(i: number, j: number, value: string | number): void;
  /**
   * Whether `col` keeps what it is given. False where only attributes are read (a model's
   * encoding): a family may then skip working out column values that cost more than a lookup.
   */
  readonly keepsColumns: boolean;
  /**
   * The output's table of `refOf(prefix, value)` by value for one prefix, which `refOf` fills
   * (and only it: a reader that misses calls `refOf`): one lookup per value, without building
   * its name. On the encoding path it is the vocabulary's table, kept across pages; otherwise
   * one for this page or this output.
   */
  refsOf(prefix: string): Map<string, number>;
}

export interface FeatureFamily {
  readonly name: FamilyName;
  /** One paragraph: what it measures and why it helps (shown by docs and `pith features --families`). */
  readonly doc: string;
  readonly columns: readonly FamilyColumn[];
  /**
   * Every attribute name the family can emit: exact names, or prefixes ending in `*`
   * (`cls:*`). Extraction skips a family none of whose names the model weighs, so a name
   * left out here would be lost; a test runs every family and checks its names against this.
   */
  readonly attributes: readonly string[];
  compute(ctx: PageContext, out: FamilyOutput): void;
}

/**
 * A `FamilyOutput` over a plain `attr` and `col` (tests, benchmarks): `ref` numbers names in
 * a table of its own, `refOf` fills one `refsOf` table per prefix for this output, and
 * `attrRef` hands `attr` the name back.
 */
export function namedOutput(attr: FamilyOutput['attr'], col: FamilyOutput['col']): FamilyOutput {
  const names: string[] = [];
  const ref = (name: string): number => names.push(name) - 1;
  const { refOf, refsOf } = prefixRefs(ref);
  return {
    attr,
    col,
    ref,
    refOf,
    refsOf,
    attrRef: (i, ref, value) => attr(i, names[ref]!, value),
    keepsColumns: true,
  };
}

/** An output's `refOf` and the per-prefix tables it fills (`refsOf`), which `ValueRefs` reads. */
export type PrefixRefs = Pick<FamilyOutput, 'refOf' | 'refsOf'>;

/**
 * `refOf` over one table per prefix, which `refsOf` hands out: a value missing from its
 * prefix's table is resolved once, as `resolve(prefix + value)`, and kept there.
 */
export function prefixRefs(resolve: (name: string) => number): PrefixRefs {
  const byPrefix = new Map<string, Map<string, number>>();
  const refsOf = (prefix: string): Map<string, number> => {
    let m = byPrefix.get(prefix);
    if (!m) byPrefix.set(prefix, (m = new Map()));
    return m;
  };
  const refOf = (prefix: string, value: string): number => {
    const m = refsOf(prefix);
    let r = m.get(value);
    if (r === undefined) m.set(value, (r = resolve(prefix + value)));
    return r;
  };
  return { refOf, refsOf };
}

/**
 * Numbers of names made from small integer keys (a bucket, a value's index), resolved
 * through `out.ref` the first time each key is asked for on the page.
 */
export class KeyedRefs {
  private readonly refs: number[] = [];
  constructor(private readonly out: FamilyOutput, private readonly nameOf: (key: number) => string) {}
  get(key: number): number {
    let r = this.refs[key];
    if (r === undefined) this.refs[key] = r = this.out.ref(this.nameOf(key));
    return r;
  }
}

/**
 * Refs of `prefix + value` for one prefix, values such as tags: one small lookup per item, in
 * the output's own table (`refsOf`), which a miss fills through `refOf`.
 */
export class ValueRefs {
  private readonly refs: Map<string, number>;
  constructor(private readonly out: FamilyOutput, private readonly prefix: string) {
    this.refs = out.refsOf(prefix);
  }
  get(value: string): number {
    const r = this.refs.get(value);
    return r !== undefined ? r : this.out.refOf(this.prefix, value);
  }
}

/** Refs of `prefix + decile(x)`, by text-stats' `decileIndex`. */
export class DecileRefs {
  private readonly refs: KeyedRefs;
  constructor(out: FamilyOutput, prefix: string) {
    this.refs = new KeyedRefs(out, (k) => prefix + String(k));
  }
  get(x: number): number {
    return this.refs.get(decileIndex(x));
  }
}

/** Refs of `prefix + log2Bucket(n, max)`, by text-stats' `log2BucketIndex`. */
export class Log2BucketRefs {
  private readonly refs: KeyedRefs;
  constructor(out: FamilyOutput, prefix: string, private readonly max = 1024) {
    this.refs = new KeyedRefs(out, (k) => prefix + log2BucketLabel(k));
  }
  get(n: number): number {
    return this.refs.get(log2BucketIndex(n, this.max));
  }
}

/** Whether `name` is one of `patterns` (exact names, or prefixes ending in `*`). */
export function matchesAttributePattern(patterns: readonly string[], name: string): boolean {
  for (const p of patterns) {
    if (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p) return true;
  }
  return false;
}

/** Missing symbolic value (no neighbour, no such tag). */
export const NONE = '_';
