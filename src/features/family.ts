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
  /** Sets the family's column `j` (index into `FeatureFamily.columns`) of item `i`. */
  col(i: number, j: number, value: string | number): void;
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

/** Whether `name` is one of `patterns` (exact names, or prefixes ending in `*`). */
export function matchesAttributePattern(patterns: readonly string[], name: string): boolean {
  for (const p of patterns) {
    if (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p) return true;
  }
  return false;
}

/** Missing symbolic value (no neighbour, no such tag). */
export const NONE = '_';
