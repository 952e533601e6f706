/**
 * One probabilistic SVM as Wang et al. (2009) use it (M_BODY, M_TITLE): features scaled to [-1, 1]
 * (the ranges are stored), an RBF C-SVC trained by SMO, and Platt's sigmoid fitted on
 * cross-validated decision values, so P(candidate is the subtree) is comparable across pages.
 * Optionally a small grid over C and gamma scored by page-grouped cross-validation (the
 * share of pages whose best-scored candidate is the gold one).
 */
import { PithError } from '../../errors.js';
import { isRecord } from '../../util/is-record.js';
import { decisionValue, trainSmo, type SvmModel } from './smo.js';
import { fitPlatt, plattProbability, type PlattScale } from './platt.js';

export interface ClassifierParams {
  readonly C: number;
  /** 0: 1 / d (libsvm's default on scaled features). */
  readonly gamma: number;
  /** C multiplier of the positive class; 0: n_negative / n_positive, at most 10. */
  readonly positiveWeight: number;
  readonly eps: number;
  readonly maxIterations: number;
  readonly cacheMiB: number;
  /** Folds for Platt's cross-validated decision values (libsvm: 5; here 3 by default). */
  readonly plattFolds: number;
  /** Try C x gamma on a small grid by grouped CV and keep the best. */
  readonly grid: boolean;
}

export const DEFAULT_CLASSIFIER_PARAMS: ClassifierParams = Object.freeze({
  C: 10, gamma: 0, positiveWeight: 0, eps: 1e-3, maxIterations: 2_000_000, cacheMiB: 64, plattFolds: 3, grid: false,
});

export interface ClassifierBody {
  readonly features: readonly string[];
  /** Per feature [min, max] of the training data, mapped to [-1, 1]. */
  readonly min: readonly number[];
  readonly max: readonly number[];
  readonly gamma: number;
  readonly C: number;
  readonly bias: number;
  readonly coef: readonly number[];
  /** Support vectors, scaled. */
  readonly sv: readonly (readonly number[])[];
  readonly platt: PlattScale;
}

export interface TrainReport {
  readonly examples: number;
  readonly positives: number;
  readonly supportVectors: number;
  readonly iterations: number;
  readonly converged: boolean;
  readonly C: number;
  readonly gamma: number;
  /** Platt fitted on cross-validated values (true) or, with too few pages, on the training fit. */
  readonly plattCrossValidated: boolean;
  /** With `grid`: [C, gamma, grouped top-1 accuracy] per setting tried. */
  readonly grid?: ReadonlyArray<readonly [number, number, number]>;
}

/** Maps a raw vector to [-1, 1] per feature (constant features to 0). */
export function scaleVector(min: readonly number[], max: readonly number[], x: ArrayLike<number>): Float64Array {
  const out = new Float64Array(min.length);
  for (let k = 0; k < min.length; k++) {
    const lo = min[k]!;
    const hi = max[k]!;
    const v = x[k]!;
    if (!(hi > lo)) out[k] = 0;
    else out[k] = Math.max(-1, Math.min(1, -1 + (2 * (v - lo)) / (hi - lo)));
  }
  return out;
}

export class SvmClassifier {
  private readonly model: SvmModel;

  constructor(readonly body: ClassifierBody) {
    this.model = {
      gamma: body.gamma, bias: body.bias, coef: Float64Array.from(body.coef),
      supportVectors: body.sv.map((v) => Float64Array.from(v)),
    };
  }

  decision(raw: ArrayLike<number>): number {
    return decisionValue(this.model, scaleVector(this.body.min, this.body.max, raw));
  }

  probability(raw: ArrayLike<number>): number {
    return plattProbability(this.body.platt, this.decision(raw));
  }

  toJSON(): ClassifierBody {
    return this.body;
  }

  static fromJSON(v: unknown, what: string): SvmClassifier {
    const bad = (m: string): never => {
      throw new PithError('BAD_MODEL', `svm model: ${what} ${m}`);
    };
    if (!isRecord(v)) return bad('is not an object');
    const nums = (x: unknown, name: string): number[] => {
      if (!Array.isArray(x) || !x.every((n) => typeof n === 'number' && Number.isFinite(n))) return bad(`${name} is not a list of numbers`);
      return x as number[];
    };
    const features = v['features'];
    if (!Array.isArray(features) || !features.every((s) => typeof s === 'string')) return bad('features is not a list of names');
    const d = features.length;
    const min = nums(v['min'], 'min');
    const max = nums(v['max'], 'max');
    if (min.length !== d || max.length !== d) bad(`min/max do not have ${d} values`);
    const num = (name: string): number => {
      const x = v[name];
      if (typeof x !== 'number' || !Number.isFinite(x)) return bad(`${name} is not a number`);
      return x;
    };
    const gamma = num('gamma');
    if (!(gamma > 0)) bad('gamma must be positive');
    const coef = nums(v['coef'], 'coef');
    const sv = v['sv'];
    if (!Array.isArray(sv) || sv.length !== coef.length) return bad('sv does not match coef');
    const svs = sv.map((row, i) => {
      const r = nums(row, `sv[${i}]`);
      if (r.length !== d) bad(`sv[${i}] has ${r.length} values, expected ${d}`);
      return r;
    });
    const platt = v['platt'];
    if (!isRecord(platt) || typeof platt['A'] !== 'number' || typeof platt['B'] !== 'number' || !Number.isFinite(platt['A']) || !Number.isFinite(platt['B'])) bad('platt is not {A, B}');
    return new SvmClassifier({
      features: features as string[], min, max, gamma, C: num('C'), bias: num('bias'), coef, sv: svs,
      platt: { A: (platt as Record<string, number>)['A']!, B: (platt as Record<string, number>)['B']! },
    });
  }
}

export interface TrainingSet {
  readonly features: readonly string[];
  /** Raw (unscaled) vectors. */
  readonly x: readonly (ArrayLike<number>)[];
  /** +1 / -1. */
  readonly y: ArrayLike<number>;
  /** Page index per example: cross-validation never splits a page. */
  readonly group: ArrayLike<number>;
}

/** Groups dealt round-robin over k folds (deterministic); returns the fold of each example. */
function groupFolds(group: ArrayLike<number>, k: number): Int32Array {
  const ids = [...new Set(Array.from(group))].sort((a, b) => a - b);
  const foldOf = new Map(ids.map((g, i) => [g, i % k]));
  return Int32Array.from(Array.from(group), (g) => foldOf.get(g)!);
}

function fit(x: readonly Float64Array[], y: ArrayLike<number>, C: number, gamma: number, p: ClassifierParams) {
  let pos = 0;
  for (let i = 0; i < y.length; i++) if (y[i]! > 0) pos++;
  const neg = y.length - pos;
  const w = p.positiveWeight > 0 ? p.positiveWeight : Math.min(10, Math.max(1, neg / Math.max(1, pos)));
  return trainSmo(x, y, { C, gamma, weightPositive: w, eps: p.eps, maxIterations: p.maxIterations, cacheMiB: p.cacheMiB });
}

function bothClasses(y: ArrayLike<number>, idx: readonly number[]): boolean {
  let pos = false;
  let neg = false;
  for (const i of idx) {
    if (y[i]! > 0) pos = true;
    else neg = true;
  }
  return pos && neg;
}

/** Decision values of every example from models trained without its fold; undefined when a fold cannot be trained. */
function crossValidatedDecisions(x: readonly Float64Array[], set: TrainingSet, k: number, C: number, gamma: number, p: ClassifierParams): Float64Array | undefined {
  const groups = new Set(Array.from(set.group)).size;
  if (groups < k || k < 2) return undefined;
  const fold = groupFolds(set.group, k);
  const out = new Float64Array(x.length);
  for (let f = 0; f < k; f++) {
    const train: number[] = [];
    const test: number[] = [];
    for (let i = 0; i < x.length; i++) (fold[i] === f ? test : train).push(i);
    if (!bothClasses(set.y, train)) return undefined;
    const r = fit(train.map((i) => x[i]!), train.map((i) => set.y[i]!), C, gamma, p);
    for (const i of test) out[i] = decisionValue(r.model, x[i]!);
  }
  return out;
}

/** Share of groups with a positive whose highest-scored example is positive. */
export function groupTop1(scores: ArrayLike<number>, y: ArrayLike<number>, group: ArrayLike<number>): number {
  const best = new Map<number, { s: number; pos: boolean }>();
  const hasPos = new Set<number>();
  for (let i = 0; i < scores.length; i++) {
    const g = group[i]!;
    if (y[i]! > 0) hasPos.add(g);
    const b = best.get(g);
    if (!b || scores[i]! > b.s) best.set(g, { s: scores[i]!, pos: y[i]! > 0 });
  }
  if (hasPos.size === 0) return 0;
  let ok = 0;
  for (const g of hasPos) if (best.get(g)!.pos) ok++;
  return ok / hasPos.size;
}

export function trainClassifier(set: TrainingSet, params: Partial<ClassifierParams> = {}): { classifier: SvmClassifier; report: TrainReport } {
  const p: ClassifierParams = { ...DEFAULT_CLASSIFIER_PARAMS, ...params };
  const d = set.features.length;
  const n = set.x.length;
  if (n === 0) throw new PithError('BAD_OPTION', 'svm: no training examples');
  if (!bothClasses(set.y, Array.from({ length: n }, (_, i) => i))) throw new PithError('BAD_OPTION', 'svm: the training examples need both positive and negative candidates');
  const min = new Array<number>(d).fill(Infinity);
  const max = new Array<number>(d).fill(-Infinity);
  for (const v of set.x) for (let k = 0; k < d; k++) {
    const z = v[k]!;
    if (z < min[k]!) min[k] = z;
    if (z > max[k]!) max[k] = z;
  }
  for (let k = 0; k < d; k++) if (!Number.isFinite(min[k]!)) min[k] = max[k] = 0;
  const x = set.x.map((v) => scaleVector(min, max, v));
  let C = p.C;
  let gamma = p.gamma > 0 ? p.gamma : 1 / Math.max(1, d);
  let grid: Array<[number, number, number]> | undefined;
  if (p.grid) {
    grid = [];
    let bestScore = -1;
    const g0 = gamma;
    for (const c of [1, 10, 100]) for (const gm of [g0 / 4, g0, g0 * 4]) {
      const dv = crossValidatedDecisions(x, set, 3, c, gm, p);
      if (!dv) continue;
      const s = groupTop1(dv, set.y, set.group);
      grid.push([c, gm, s]);
      if (s > bestScore + 1e-9) {
        bestScore = s;
        C = c;
        gamma = gm;
      }
    }
  }
  const full = fit(x, set.y, C, gamma, p);
  const cv = crossValidatedDecisions(x, set, p.plattFolds, C, gamma, p);
  const decisions = cv ?? Float64Array.from(x, (v) => decisionValue(full.model, v));
  const platt = fitPlatt(decisions, set.y);
  const round = (z: number) => Math.round(z * 1e6) / 1e6;
  const body: ClassifierBody = {
    features: [...set.features], min, max, gamma, C, bias: full.model.bias,
    coef: Array.from(full.model.coef), sv: full.model.supportVectors.map((v) => Array.from(v, round)), platt,
  };
  let positives = 0;
  for (let i = 0; i < n; i++) if (set.y[i]! > 0) positives++;
  return {
    classifier: new SvmClassifier(body),
    report: {
      examples: n, positives, supportVectors: body.sv.length, iterations: full.iterations, converged: full.converged,
      C, gamma, plattCrossValidated: cv !== undefined, ...(grid ? { grid } : {}),
    },
  };
}
