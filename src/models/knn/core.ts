/**
 * What both memory-based labelers share: resolved parameters, the column set (names,
 * kinds, symbolic dictionaries, numeric ranges), the feature weights and the class prior;
 * and its part of the model body (`format: 'pith-knn'`, docs/knn.md).
 */
import { PithError } from '../../errors.js';
import { isRecord } from '../../util/is-record.js';
import { LABELS } from '../../labels.js';
import type { SequenceInstance } from '../../features/types.js';
import { configToParams, resolveKnnParams, type KnnConfig } from './params.js';
import { encodeItem, makeColumnSet, NUMERIC, SYMBOLIC, type ColumnSet } from './table.js';

export const BODY_FORMAT = 'pith-knn';
export const BODY_VERSION = 1;
const NC = LABELS.length;

export interface KnnCore {
  readonly config: KnnConfig;
  readonly columns: ColumnSet;
  readonly weights: Float64Array;
  /** Training instances per label (LABELS order): tie-breaks and the fallback distribution. */
  readonly prior: Float64Array;
}

export interface ColumnJSON {
  readonly name: string;
  readonly kind: 'symbolic' | 'numeric';
  /** Symbolic: the dictionary, code order. */
  readonly values?: readonly string[];
  /** Numeric: training range (null = no finite value seen). */
  readonly min?: number | null;
  readonly max?: number | null;
}

export interface CoreJSON {
  readonly format: typeof BODY_FORMAT;
  readonly version: typeof BODY_VERSION;
  readonly algorithm: 'ib1' | 'igtree';
  readonly params: Record<string, number | boolean | string>;
  readonly columns: readonly ColumnJSON[];
  readonly weights: readonly number[];
  readonly prior: readonly number[];
}

const finiteOrNull = (x: number): number | null => (Number.isFinite(x) ? x : null);

export function coreToJSON(core: KnnCore): CoreJSON {
  const cols = core.columns;
  return {
    format: BODY_FORMAT,
    version: BODY_VERSION,
    algorithm: core.config.algorithm,
    params: { ...configToParams(core.config) },
    columns: cols.names.map((name, f) =>
      cols.kinds[f] === NUMERIC
        ? { name, kind: 'numeric' as const, min: finiteOrNull(cols.min[f]!), max: finiteOrNull(cols.max[f]!) }
        : { name, kind: 'symbolic' as const, values: [...cols.dicts[f]!] },
    ),
    weights: Array.from(core.weights),
    prior: Array.from(core.prior),
  };
}

export function bad(message: string): never {
  throw new PithError('BAD_MODEL', `knn model: ${message}`);
}


function numberOrNull(x: unknown, what: string): number {
  if (x === null || x === undefined) return NaN;
  if (typeof x !== 'number' || !Number.isFinite(x)) bad(`${what} must be a finite number or null`);
  return x;
}

/** Validates the shared part of a body; throws BAD_MODEL on anything malformed. */
export function coreFromJSON(body: unknown): KnnCore {
  if (!isRecord(body)) bad('body is not an object');
  if (body.format !== BODY_FORMAT) bad(`format is '${String(body.format)}', expected '${BODY_FORMAT}'`);
  if (body.version !== BODY_VERSION) bad(`unsupported version ${String(body.version)}`);
  if (!isRecord(body.params)) bad('params missing');
  let config: KnnConfig;
  try {
    config = resolveKnnParams(body.params as Record<string, number | boolean | string>);
  } catch (e) {
    bad(`bad params: ${(e as Error).message}`);
  }
  if (body.algorithm !== config.algorithm) bad(`algorithm '${String(body.algorithm)}' disagrees with params`);
  if (!Array.isArray(body.columns) || body.columns.length === 0) bad('columns missing');
  const width = body.columns.length;
  const names: string[] = [];
  const kinds = new Uint8Array(width);
  const dicts: string[][] = [];
  const min = new Float64Array(width).fill(NaN);
  const max = new Float64Array(width).fill(NaN);
  body.columns.forEach((c: unknown, f: number) => {
    if (!isRecord(c) || typeof c.name !== 'string') bad(`column ${f} malformed`);
    names.push(c.name);
    if (c.kind === 'symbolic') {
      kinds[f] = SYMBOLIC;
      if (!Array.isArray(c.values) || !c.values.every((v) => typeof v === 'string')) bad(`column ${f} needs its values`);
      if (new Set(c.values).size !== c.values.length) bad(`column ${f} repeats a value`);
      dicts.push([...(c.values as string[])]);
    } else if (c.kind === 'numeric') {
      kinds[f] = NUMERIC;
      min[f] = numberOrNull(c.min, `column ${f} min`);
      max[f] = numberOrNull(c.max, `column ${f} max`);
      if (min[f]! > max[f]!) bad(`column ${f} has min > max`);
      dicts.push([]);
    } else bad(`column ${f} has kind '${String(c.kind)}'`);
  });
  const weights = numbers(body.weights, width, 'weights');
  const prior = numbers(body.prior, NC, 'prior');
  return { config, columns: makeColumnSet(names, kinds, dicts, min, max), weights, prior };
}

function numbers(x: unknown, n: number, what: string): Float64Array {
  if (!Array.isArray(x) || x.length !== n || !x.every((v) => typeof v === 'number' && Number.isFinite(v) && v >= 0)) {
    bad(`${what} must be ${n} non-negative numbers`);
  }
  return Float64Array.from(x as number[]);
}

/** Encodes every item of a sequence (one buffer per item). */
export function encodeSequence(core: KnnCore, seq: SequenceInstance): Float64Array[] {
  if (!seq || !Array.isArray(seq.items)) throw new PithError('BAD_OPTION', 'sequence has no items');
  const width = core.columns.kinds.length;
  return seq.items.map((item) => encodeItem(core.columns, item, new Float64Array(width)));
}
