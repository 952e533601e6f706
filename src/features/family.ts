/**
 * A feature family: a name, a documented purpose, its fixed columns and one `compute`
 * over the whole page (so it can precompute page-level facts once and read neighbours
 * for windows). Families write through `FamilyOutput`; they never see other families.
 */
import type { ColumnKind } from './types.js';
import type { FamilyName } from './config.js';
import type { PageContext } from './page-context.js';

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
   * Stands for how this output numbers names: outputs with the same scope give a name the
   * same ref on every page, so a family may keep refs across pages in a WeakMap keyed by it.
   * Absent: refs hold for this page only.
   */
  readonly refScope?: object;
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
 * a table of its own and `attrRef` hands `attr` the name back.
 */
export function namedOutput(attr: FamilyOutput['attr'], col: FamilyOutput['col']): FamilyOutput {
  const names: string[] = [];
  return {
    attr,
    col,
    ref: (name) => names.push(name) - 1,
    refOf: (prefix, value) => names.push(prefix + value) - 1,
    attrRef: (i, ref, value) => attr(i, names[ref]!, value),
    keepsColumns: true,
  };
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
 * Refs of `prefix + value` by value, in a table that lasts across pages when the output's
 * refs do (`refScope`): a crawl's pages repeat the same tags and class words, so after the
 * first pages a value's ref is one lookup, without building its name. Otherwise a table for
 * this page. Bounded: emptied once it holds `MAX_LASTING_VALUES`.
 */
export function lastingRefs(out: FamilyOutput, prefix: string): Map<string, number> {
  const scope = out.refScope;
  if (!scope) return new Map();
  let byPrefix = lasting.get(scope);
  if (!byPrefix) lasting.set(scope, (byPrefix = new Map()));
  let refs = byPrefix.get(prefix);
  if (!refs) byPrefix.set(prefix, (refs = new Map()));
  else if (refs.size >= MAX_LASTING_VALUES) refs.clear();
  return refs;
}
const lasting = new WeakMap<object, Map<string, Map<string, number>>>();
const MAX_LASTING_VALUES = 1 << 16;

/** Refs of `prefix + value` for one prefix, values such as tags: one small lookup per item. */
export class ValueRefs {
  private readonly refs: Map<string, number>;
  constructor(private readonly out: FamilyOutput, private readonly prefix: string) {
    this.refs = lastingRefs(out, prefix);
  }
  get(value: string): number {
    let r = this.refs.get(value);
    if (r === undefined) this.refs.set(value, (r = this.out.refOf(this.prefix, value)));
    return r;
  }
}

/** Refs of `prefix + decile(x)` (text-stats' `decile`: '0' for x <= 0, '9' from 1 on). */
export class DecileRefs {
  private readonly refs: KeyedRefs;
  constructor(out: FamilyOutput, prefix: string) {
    this.refs = new KeyedRefs(out, (k) => prefix + String(k));
  }
  get(x: number): number {
    return this.refs.get(!(x > 0) ? 0 : x >= 1 ? 9 : Math.floor(x * 10));
  }
}

/** Refs of `prefix + log2Bucket(n, max)` (text-stats' `log2Bucket`: '0', '1', '2', '4', ... up to max). */
export class Log2BucketRefs {
  private readonly refs: KeyedRefs;
  constructor(out: FamilyOutput, prefix: string, private readonly max = 1024) {
    this.refs = new KeyedRefs(out, (k) => prefix + String(k === 0 ? 0 : 2 ** (k - 1)));
  }
  get(n: number): number {
    if (n <= 0) return this.refs.get(0);
    let b = 1;
    let k = 1;
    while (b * 2 <= n && b < this.max) {
      b *= 2;
      k++;
    }
    return this.refs.get(k);
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
