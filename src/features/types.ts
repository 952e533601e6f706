/**
 * Features of a page's blocks in the two shapes learners want:
 * - `attrs`: sparse named predicates with real values (binary ones have value 1),
 *   for the log-linear learners (CRF, MaxEnt, MEMM) and rule learners;
 * - `columns`: one fixed-schema row per item, symbolic or numeric, for instance-based
 *   learners (k-NN, IGTREE) that weigh each column.
 */

export interface ItemFeatures {
  /** Predicate names, e.g. `tag=p`, `anc:article`, `cls:content`. Unique within an item. */
  readonly attrs: readonly string[];
  /** Values of `attrs` (same length); absent means all 1. */
  readonly values?: readonly number[];
  /** One value per `FeatureSchema.columns` entry. */
  readonly columns: readonly (string | number)[];
}

export type ColumnKind = 'symbolic' | 'numeric';

export interface ColumnSpec {
  readonly name: string;
  readonly kind: ColumnKind;
  /** Feature family, for ablation and reports. */
  readonly family: string;
}

export interface FeatureSchema {
  /** Name of the feature set, e.g. `pith-blocks` or `seed000-units`. */
  readonly name: string;
  readonly version: number;
  /** Families switched on. */
  readonly families: readonly string[];
  readonly columns: readonly ColumnSpec[];
  /** Settings that change the features (e.g. word hashing), when the set has any. */
  readonly params?: Readonly<Record<string, string | number | boolean>>;
  /** Hash of everything above: a model trained under another schema refuses to load. */
  readonly hash: string;
}

/** One page as a sequence of items (blocks or text/tail units) ready for a learner. */
export interface SequenceInstance {
  readonly pageId: string;
  readonly site: string;
  readonly items: readonly ItemFeatures[];
}

/**
 * A page's attributes already turned into a learner's attribute numbers (its vocabulary),
 * flat: item i's numbers are ids[itemStart[i] .. itemStart[i+1]), values beside them.
 * Names outside the vocabulary are dropped. This is what a log-linear model reads; building
 * it directly skips the named attributes and the columns, which only training, `--explain`
 * and instance-based learners need.
 */
export interface EncodedFeatures {
  readonly pageId: string;
  readonly site: string;
  /** Length items + 1. */
  readonly itemStart: Int32Array;
  readonly ids: Int32Array;
  /** null when every value is 1. */
  readonly vals: Float32Array | null;
}

/** A learner's vocabulary: attribute name -> its number. */
export type AttributeVocabulary = ReadonlyMap<string, number>;
