/**
 * The state of a trained log-linear model (CRF, MaxEnt, MEMM) and its JSON body in the
 * model file: label set, history mode, attribute names with row flags, and one float32
 * weight vector (state rows first, then the learner's extra weights).
 */
import { PithError } from '../../errors.js';
import { isRecord } from '../../util/is-record.js';
import { LABELS, isLabel, type Label } from '../../labels.js';
import { decodeBytes, decodeFloat32, encodeBytes, encodeFloat32 } from './codec.js';
import { HISTORY_MODES, indexFlags, indexFromFlags, type FeatureIndex, type HistoryMode } from './feature-index.js';

export type LinearAlgorithm = 'crf' | 'maxent' | 'memm';

export interface TrainingSummary {
  readonly sequences: number;
  readonly items: number;
  readonly iterations: number;
  readonly evaluations: number;
  readonly loss: number;
  readonly stop: string;
  readonly seconds: number;
  /** Threads the objective ran on. */
  readonly threads?: number;
}

export interface LinearModel {
  readonly algorithm: LinearAlgorithm;
  /** Labels the model knows, in LABELS order (those seen in training). */
  readonly labels: readonly Label[];
  readonly index: FeatureIndex;
  /** State weights W[row*L + y] for rows < index.rows, then `extraLength` more, then the edge weights. */
  readonly W: Float64Array;
  /** CRF only: attribute x (previous label, label) weights, L*L per attribute, after the extras. */
  readonly edges?: boolean;
  readonly training?: TrainingSummary;
}

/** Extra weights after the state rows: CRF transitions/start/end, MaxEnt bias, MEMM transitions from START and each label. */
export function extraLength(algorithm: LinearAlgorithm, L: number): number {
  switch (algorithm) {
    case 'crf': return L * L + 2 * L;
    case 'maxent': return L;
    case 'memm': return (L + 1) * L;
  }
}

/** Length of the whole weight vector. */
export function weightLength(algorithm: LinearAlgorithm, index: FeatureIndex, L: number, edges: boolean): number {
  return index.rows * L + extraLength(algorithm, L) + (edges ? index.names.length * L * L : 0);
}

export interface LinearBody {
  readonly kind: 'linear';
  readonly algorithm: LinearAlgorithm;
  readonly labels: readonly Label[];
  readonly history: HistoryMode;
  /** CRF edge features present (absent = false). */
  readonly edges?: boolean;
  readonly attributes: readonly string[];
  /** base64 bytes, one per attribute: 1 own row, 2 prev: row, 4 next: row. */
  readonly rowFlags: string;
  readonly weightCount: number;
  /** base64 float32 little-endian. */
  readonly weights: string;
  readonly training?: TrainingSummary;
}

export function linearToJSON(m: LinearModel): LinearBody {
  return {
    kind: 'linear',
    algorithm: m.algorithm,
    labels: [...m.labels],
    history: m.index.history,
    ...(m.edges ? { edges: true } : {}),
    attributes: [...m.index.names],
    rowFlags: encodeBytes(indexFlags(m.index)),
    weightCount: m.W.length,
    weights: encodeFloat32(m.W),
    ...(m.training ? { training: m.training } : {}),
  };
}


/** A model body's `labels`: distinct pith labels in LABELS order, else BAD_MODEL. */
export function bodyLabels(labels: unknown): Label[] {
  if (!Array.isArray(labels) || labels.length === 0 || !labels.every(isLabel) || new Set(labels).size !== labels.length) {
    throw new PithError('BAD_MODEL', 'model body labels must be distinct pith labels');
  }
  const ordered = LABELS.filter((l) => labels.includes(l));
  if (ordered.some((l, i) => l !== labels[i])) throw new PithError('BAD_MODEL', 'model body labels must be in title, heading, body, other order');
  return labels as Label[];
}

/** A model body's `attributes`: a list of strings, else BAD_MODEL. */
export function bodyAttributes(names: unknown): string[] {
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) throw new PithError('BAD_MODEL', 'model body attributes must be a list of strings');
  return names as string[];
}

export function linearFromJSON(body: unknown, algorithm: LinearAlgorithm): LinearModel {
  return linearFromBody(body, algorithm, {
    attributes: (b) => bodyAttributes(b['attributes']),
    rowFlags: (b, count) => decodeBytes(b['rowFlags'], count, 'rowFlags'),
    weights: (b, count) => decodeFloat32(b['weights'], count, 'weights'),
  });
}

/**
 * How a body's three large fields are read: from the JSON's list and base64 texts
 * (linearFromJSON), or from a compiled model's binary sections (src/models/model-binary.ts).
 * Each throws PithError('BAD_MODEL') on malformed input.
 */
export interface LinearBodyReader {
  attributes(body: Record<string, unknown>): string[];
  rowFlags(body: Record<string, unknown>, count: number): Uint8Array;
  weights(body: Record<string, unknown>, count: number): Float64Array;
}

/** A linear model body checked field by field, its large fields read by `read`. */
export function linearFromBody(body: unknown, algorithm: LinearAlgorithm, read: LinearBodyReader): LinearModel {
  if (!isRecord(body) || body['kind'] !== 'linear') throw new PithError('BAD_MODEL', 'model body is not a linear model');
  if (body['algorithm'] !== algorithm) throw new PithError('BAD_MODEL', `model body is for '${String(body['algorithm'])}', expected '${algorithm}'`);
  const labels = bodyLabels(body['labels']);
  const history = body['history'];
  if (typeof history !== 'string' || !(HISTORY_MODES as readonly string[]).includes(history)) throw new PithError('BAD_MODEL', `unknown history mode '${String(history)}'`);
  const names = read.attributes(body);
  const index = indexFromFlags(names, read.rowFlags(body, names.length), history as HistoryMode);
  const L = labels.length;
  const edges = body['edges'] === undefined ? false : body['edges'];
  if (typeof edges !== 'boolean' || (edges && algorithm !== 'crf')) throw new PithError('BAD_MODEL', `invalid edges flag ${JSON.stringify(edges)}`);
  const expected = weightLength(algorithm, index, L, edges);
  if (body['weightCount'] !== expected) throw new PithError('BAD_MODEL', `weightCount is ${String(body['weightCount'])}, expected ${expected} for ${index.rows} rows x ${L} labels`);
  const W = read.weights(body, expected);
  // The training summary is informative only: keep it when well formed, drop it otherwise.
  const t = body['training'];
  const training = isRecord(t) && ['sequences', 'items', 'iterations', 'evaluations', 'loss', 'seconds'].every((k) => typeof t[k] === 'number') && typeof t['stop'] === 'string'
    ? (t as unknown as TrainingSummary) : undefined;
  return { algorithm, labels, index, W, ...(edges ? { edges } : {}), ...(training ? { training } : {}) };
}
