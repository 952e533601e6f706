/**
 * The instance table the memory-based learners work on: every labelled item's fixed
 * `columns`, encoded as numbers in one row-major Float64Array. Symbolic values become
 * dictionary codes (0..n-1; a value never seen in training encodes as -1 and so matches
 * nothing); numeric values stay numbers, NaN meaning missing.
 */
import { PithError } from '../../errors.js';
import { LABELS, type Label } from '../../labels.js';
import type { ColumnKind, FeatureSchema, ItemFeatures } from '../../features/types.js';
import type { LabeledSequence } from '../labeler.js';

export const SYMBOLIC = 0;
export const NUMERIC = 1;

/** What the learner knows about its columns; shared by training, search and the model file. */
export interface ColumnSet {
  readonly names: readonly string[];
  /** SYMBOLIC or NUMERIC per column. */
  readonly kinds: Uint8Array;
  /** Dictionary per symbolic column (code -> value); empty for numeric columns. */
  readonly dicts: readonly (readonly string[])[];
  /** Value -> code per symbolic column. */
  readonly lookup: readonly ReadonlyMap<string, number>[];
  /** Training range of numeric columns (NaN where a column has no finite value). */
  readonly min: Float64Array;
  readonly max: Float64Array;
}

export interface InstanceTable {
  readonly columns: ColumnSet;
  readonly rows: number;
  /** rows x columns, row-major. */
  readonly values: Float64Array;
  /** Index into LABELS per row. */
  readonly classes: Uint8Array;
}

export interface TableOptions {
  /** Column names and kinds; default: kinds inferred (numeric iff every training value is a number), names `c0`, `c1`, ... */
  readonly schema?: FeatureSchema;
}

const LABEL_INDEX: ReadonlyMap<Label, number> = new Map(LABELS.map((l, i) => [l, i]));

function toNumber(v: unknown): number {
  // anything but a finite number or a numeric string is a missing value
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : NaN;
}

/** Flattens labelled sequences into an encoded table; `unknown` items are skipped (partial gold). */
export function buildTable(data: readonly LabeledSequence[], options: TableOptions = {}): InstanceTable {
  const items: ItemFeatures[] = [];
  const labels: number[] = [];
  let width = options.schema ? options.schema.columns.length : -1;
  for (const seq of data) {
    if (!seq || !Array.isArray(seq.items) || !Array.isArray(seq.labels) || seq.items.length !== seq.labels.length) {
      throw new PithError('BAD_CORPUS', 'sequence needs as many labels as items', seq?.pageId);
    }
    for (let i = 0; i < seq.items.length; i++) {
      const c = LABEL_INDEX.get(seq.labels[i] as Label);
      if (c === undefined) continue; // 'unknown' or anything outside the label set
      const item = seq.items[i]!;
      if (!item || !Array.isArray(item.columns)) throw new PithError('BAD_CORPUS', `item ${i} has no columns`, seq.pageId);
      if (width < 0) width = item.columns.length;
      if (item.columns.length !== width) {
        throw new PithError('BAD_CORPUS', `item ${i} has ${item.columns.length} columns, expected ${width}`, seq.pageId);
      }
      items.push(item);
      labels.push(c);
    }
  }
  if (items.length === 0) throw new PithError('BAD_CORPUS', 'no labelled items to train on');
  if (width === 0) throw new PithError('BAD_CORPUS', 'items have no columns');

  const kinds = new Uint8Array(width);
  for (let f = 0; f < width; f++) {
    const spec = options.schema?.columns[f];
    kinds[f] = spec ? kindCode(spec.kind) : items.every((it) => typeof it.columns[f] === 'number') ? NUMERIC : SYMBOLIC;
  }
  const names = Array.from({ length: width }, (_, f) => options.schema?.columns[f]?.name ?? `c${f}`);
  const dicts: string[][] = [];
  const lookup: Map<string, number>[] = [];
  for (let f = 0; f < width; f++) {
    dicts.push([]);
    lookup.push(new Map());
  }
  const min = new Float64Array(width).fill(NaN);
  const max = new Float64Array(width).fill(NaN);
  const values = new Float64Array(items.length * width);
  for (let r = 0; r < items.length; r++) {
    const cols = items[r]!.columns;
    for (let f = 0; f < width; f++) {
      const v = cols[f]!;
      if (kinds[f] === NUMERIC) {
        const x = toNumber(v);
        values[r * width + f] = x;
        if (x === x) {
          if (!(x >= min[f]!)) min[f] = x; // NaN-safe: the first finite value sets both
          if (!(x <= max[f]!)) max[f] = x;
        }
      } else {
        const s = String(v);
        let code = lookup[f]!.get(s);
        if (code === undefined) {
          code = dicts[f]!.length;
          dicts[f]!.push(s);
          lookup[f]!.set(s, code);
        }
        values[r * width + f] = code;
      }
    }
  }
  return {
    columns: { names: Object.freeze(names), kinds, dicts, lookup, min, max },
    rows: items.length,
    values,
    classes: Uint8Array.from(labels),
  };
}

function kindCode(kind: ColumnKind): number {
  return kind === 'numeric' ? NUMERIC : SYMBOLIC;
}

/** Rebuilds the value -> code maps of a column set read from a model file. */
export function makeColumnSet(
  names: readonly string[],
  kinds: Uint8Array,
  dicts: readonly (readonly string[])[],
  min: Float64Array,
  max: Float64Array,
): ColumnSet {
  const lookup = dicts.map((d) => new Map(d.map((v, i) => [v, i] as const)));
  return { names, kinds, dicts, lookup, min, max };
}

/** Encodes one item's columns into `out` (length = number of columns). */
export function encodeItem(cols: ColumnSet, item: ItemFeatures, out: Float64Array): Float64Array {
  const width = cols.kinds.length;
  const given = item && Array.isArray(item.columns) ? item.columns : [];
  if (given.length !== width) {
    throw new PithError('BAD_OPTION', `item has ${given.length} columns, the model expects ${width} (feature schema mismatch?)`);
  }
  for (let f = 0; f < width; f++) {
    const v = given[f]!;
    out[f] = cols.kinds[f] === NUMERIC ? toNumber(v) : (cols.lookup[f]!.get(String(v)) ?? -1);
  }
  return out;
}

/** Human-readable value of an encoded cell. */
export function decodeValue(cols: ColumnSet, f: number, x: number): string {
  if (cols.kinds[f] === NUMERIC) return x === x ? String(+x.toPrecision(6)) : '?';
  return x >= 0 ? (cols.dicts[f]![x] ?? '?') : '?';
}

/**
 * Equal-width bin of a numeric value: `bins` bins over the training [min, max], values
 * outside clamped to the end bins, missing (NaN) in the extra bin `bins`.
 */
export function binOf(cols: ColumnSet, f: number, x: number, bins: number): number {
  if (x !== x) return bins;
  const lo = cols.min[f]!;
  const range = cols.max[f]! - lo;
  if (!(range > 0)) return 0;
  const b = Math.floor(((x - lo) / range) * bins);
  return b < 0 ? 0 : b >= bins ? bins - 1 : b;
}

/** Symbolic code or numeric bin of a cell: the discrete value used by weighting and igtree. */
export function discreteOf(cols: ColumnSet, f: number, x: number, bins: number): number {
  return cols.kinds[f] === NUMERIC ? binOf(cols, f, x, bins) : x;
}
