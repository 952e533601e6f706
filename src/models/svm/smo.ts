/**
 * A binary C-SVC with the Gaussian (RBF) kernel K(x, z) = exp(-gamma * |x - z|^2), trained
 * by sequential minimal optimisation with the second-order working-set selection of Fan,
 * Chen & Lin (2005, "Working set selection using second order information", JMLR 6), the
 * method libsvm uses. Written for pith: there is no maintained libsvm build for JavaScript
 * or WebAssembly (docs/svm.md).
 *
 * The dual, with y_i in {-1, +1} and per-class bounds C_i = C * weight(y_i):
 *
 *   min_a  f(a) = 1/2 a' Q a - e' a,   Q_ij = y_i y_j K_ij,
 *   s.t.   0 <= a_i <= C_i,  y' a = 0.
 *
 * The gradient G = Q a - e is kept up to date (G = -e at a = 0). Each iteration moves two
 * multipliers along the direction that keeps y' a fixed and stops when the maximal
 * violation m(a) - M(a) falls under `eps` (or after `maxIterations`: never hangs).
 * Deterministic: no randomness, ties broken by the lowest index.
 */
import { PithError } from '../../errors.js';

export interface SmoOptions {
  /** Soft-margin cost. */
  readonly C: number;
  /** RBF width: K = exp(-gamma |x - z|^2). */
  readonly gamma: number;
  /** C multiplier for the positive class (rare classes get a larger one). Default 1. */
  readonly weightPositive?: number;
  /** C multiplier for the negative class. Default 1. */
  readonly weightNegative?: number;
  /** Stopping tolerance on the maximal KKT violation. Default 1e-3 (libsvm's). */
  readonly eps?: number;
  /** Iteration guard. Default max(10 000 000, 100 n), as libsvm. */
  readonly maxIterations?: number;
  /** Memory for cached kernel rows, in MiB. Default 64. */
  readonly cacheMiB?: number;
}

/** The trained decision function f(x) = sum_i coef_i K(sv_i, x) + bias, coef_i = a_i y_i. */
export interface SvmModel {
  readonly gamma: number;
  readonly supportVectors: readonly Float64Array[];
  readonly coef: Float64Array;
  readonly bias: number;
}

export interface SmoResult {
  readonly model: SvmModel;
  /** The multipliers a_i (same order as the training points). */
  readonly alpha: Float64Array;
  readonly iterations: number;
  /** False when `maxIterations` stopped the solver before the tolerance was met. */
  readonly converged: boolean;
  /** Dual objective value at the solution. */
  readonly objective: number;
}

/** |x - z|^2 over the first `d` components. */
function sqDist(x: Float64Array, z: Float64Array): number {
  let s = 0;
  for (let k = 0; k < x.length; k++) {
    const t = x[k]! - z[k]!;
    s += t * t;
  }
  return s;
}

export function rbf(x: Float64Array, z: Float64Array, gamma: number): number {
  return Math.exp(-gamma * sqDist(x, z));
}

/**
 * Kernel rows K(x_i, .) computed on demand and kept in a least-recently-used cache of bounded
 * size (a Map keeps insertion order: a hit is re-inserted at the end, eviction takes the first).
 */
class KernelRows {
  private readonly rows = new Map<number, Float32Array>();
  private readonly capacity: number;

  constructor(private readonly x: readonly Float64Array[], private readonly gamma: number, cacheMiB: number) {
    const rowBytes = Math.max(1, x.length) * 4;
    this.capacity = Math.max(2, Math.floor((cacheMiB * 1024 * 1024) / rowBytes));
  }

  /** Rows are stored as float32 (libsvm's Qfloat): twice the rows in the same memory. */
  row(i: number): Float32Array {
    const hit = this.rows.get(i);
    if (hit) {
      this.rows.delete(i);
      this.rows.set(i, hit);
      return hit;
    }
    const n = this.x.length;
    const r = new Float32Array(n);
    const xi = this.x[i]!;
    const d = xi.length;
    const g = this.gamma;
    for (let t = 0; t < n; t++) {
      const xt = this.x[t]!;
      let s = 0;
      for (let k = 0; k < d; k++) {
        const u = xi[k]! - xt[k]!;
        s += u * u;
      }
      r[t] = Math.exp(-g * s);
    }
    if (this.rows.size >= this.capacity) {
      const oldest = this.rows.keys().next().value as number;
      this.rows.delete(oldest);
    }
    this.rows.set(i, r);
    return r;
  }
}

const TAU = 1e-12;

/** The dual problem and the solver's state: multipliers, the gradient G = Q a - e, kernel rows. */
interface Dual {
  readonly n: number;
  /** y_i as +1 / -1. */
  readonly ys: Int8Array;
  /** C_i, the upper bound of a_i. */
  readonly cap: Float64Array;
  readonly alpha: Float64Array;
  readonly G: Float64Array;
  readonly kernel: KernelRows;
}

/** Checks the data and options and sets up the dual at a = 0 (G = -e). */
function dualProblem(x: readonly Float64Array[], y: ArrayLike<number>, options: SmoOptions): Dual {
  const n = x.length;
  if (n === 0 || y.length !== n) throw new PithError('BAD_OPTION', `svm: ${n} points and ${y.length} labels`);
  const { C, gamma } = options;
  if (!(C > 0) || !(gamma > 0)) throw new PithError('BAD_OPTION', `svm: C and gamma must be positive (C=${C}, gamma=${gamma})`);
  const cp = C * (options.weightPositive ?? 1);
  const cn = C * (options.weightNegative ?? 1);
  const ys = new Int8Array(n);
  let pos = 0;
  for (let i = 0; i < n; i++) {
    ys[i] = y[i]! > 0 ? 1 : -1;
    if (ys[i] === 1) pos++;
  }
  if (pos === 0 || pos === n) throw new PithError('BAD_OPTION', `svm: training needs both classes (${pos} positive of ${n})`);
  const cap = new Float64Array(n);
  for (let i = 0; i < n; i++) cap[i] = ys[i] === 1 ? cp : cn;
  // K_ii = 1 for the RBF kernel.
  return { n, ys, cap, alpha: new Float64Array(n), G: new Float64Array(n).fill(-1), kernel: new KernelRows(x, gamma, options.cacheMiB ?? 64) };
}

/** i = argmax_{t in I_up} -y_t G_t, and that maximum m(a). I_up: y_t = +1 below C, or y_t = -1 above 0. */
function selectFirst({ n, ys, cap, alpha, G }: Dual): { i: number; gmax: number } {
  let i = -1;
  let gmax = -Infinity;
  for (let t = 0; t < n; t++) {
    if (ys[t] === 1) {
      if (alpha[t]! < cap[t]! && -G[t]! > gmax) {
        gmax = -G[t]!;
        i = t;
      }
    } else if (alpha[t]! > 0 && G[t]! > gmax) {
      gmax = G[t]!;
      i = t;
    }
  }
  return { i, gmax };
}

/**
 * M(a) = min_{t in I_low} -y_t G_t, and j minimising the second-order decrease
 *   -(b_it)^2 / a_it, b_it = m(a) + y_t G_t > 0, a_it = K_ii + K_tt - 2 K_it = 2 - 2 K_it.
 */
function selectSecond({ n, ys, cap, alpha, G }: Dual, Ki: Float32Array, gmax: number): { j: number; gmin: number } {
  let gmin = Infinity;
  let j = -1;
  let best = Infinity;
  for (let t = 0; t < n; t++) {
    let v: number;
    if (ys[t] === 1) {
      if (!(alpha[t]! > 0)) continue;
      v = -G[t]!;
    } else {
      if (!(alpha[t]! < cap[t]!)) continue;
      v = G[t]!;
    }
    if (v < gmin) gmin = v;
    const b = gmax - v;
    if (b > 0) {
      let a = 2 - 2 * Ki[t]!;
      if (a <= 0) a = TAU;
      const dec = -(b * b) / a;
      if (dec < best) {
        best = dec;
        j = t;
      }
    }
  }
  return { j, gmin };
}

/**
 * Moves a_i += y_i d, a_j -= y_j d (y'a unchanged) and updates G. Along that direction f
 * changes by d (y_i G_i - y_j G_j) + d^2/2 (K_ii + K_jj - 2 K_ij): the minimiser is
 * d* = (m - (-y_j G_j)) / a_ij > 0, clipped so both stay in their boxes. False when the
 * pair cannot move (numerically stuck; cannot happen in exact arithmetic).
 */
function updatePair({ n, ys, cap, alpha, G, kernel }: Dual, i: number, j: number, Ki: Float32Array, gmax: number): boolean {
  const Kj = kernel.row(j);
  let a = 2 - 2 * Ki[j]!;
  if (a <= 0) a = TAU;
  let d = (gmax + ys[j]! * G[j]!) / a;
  d = Math.min(d, ys[i] === 1 ? cap[i]! - alpha[i]! : alpha[i]!);
  d = Math.min(d, ys[j] === 1 ? alpha[j]! : cap[j]! - alpha[j]!);
  if (!(d > 0)) return false;
  const ai = alpha[i]! + ys[i]! * d;
  const aj = alpha[j]! - ys[j]! * d;
  // Snap to the bounds so bound checks stay exact.
  alpha[i] = ai < 1e-15 * cap[i]! ? 0 : ai > cap[i]! * (1 - 1e-15) ? cap[i]! : ai;
  alpha[j] = aj < 1e-15 * cap[j]! ? 0 : aj > cap[j]! * (1 - 1e-15) ? cap[j]! : aj;
  // G_t += Q_ti da_i + Q_tj da_j = y_t d (K_ti - K_tj).
  for (let t = 0; t < n; t++) G[t] = G[t]! + ys[t]! * d * (Ki[t]! - Kj[t]!);
  return true;
}

/**
 * For a free multiplier, y_i f(x_i) = 1 gives b = -y_i G_i; averaged over the free ones,
 * else the middle of the feasible interval [m(a), M(a)].
 */
function biasOf({ n, ys, cap, alpha, G }: Dual): number {
  const upper = (t: number) => alpha[t]! >= cap[t]!;
  const lower = (t: number) => alpha[t]! <= 0;
  // I_up: y_t a_t can grow; I_low: y_t a_t can shrink.
  const inUp = (t: number) => (ys[t] === 1 ? !upper(t) : !lower(t));
  const inLow = (t: number) => (ys[t] === 1 ? !lower(t) : !upper(t));
  let freeSum = 0;
  let free = 0;
  let m = -Infinity;
  let M = Infinity;
  for (let t = 0; t < n; t++) {
    const v = -ys[t]! * G[t]!;
    if (!lower(t) && !upper(t)) {
      freeSum += v;
      free++;
    }
    if (inUp(t) && v > m) m = v;
    if (inLow(t) && v < M) M = v;
  }
  return free > 0 ? freeSum / free : Number.isFinite(m) && Number.isFinite(M) ? (m + M) / 2 : Number.isFinite(m) ? m : Number.isFinite(M) ? M : 0;
}

/** f(a) = 1/2 a'Qa - e'a = 1/2 sum_i a_i (G_i - 1)  since Qa = G + e. */
function dualObjective({ n, alpha, G }: Dual): number {
  let objective = 0;
  for (let t = 0; t < n; t++) objective += alpha[t]! * (G[t]! - 1);
  return objective / 2;
}

/** The points with a_i > 0 and their coefficients a_i y_i. */
function decisionModel(x: readonly Float64Array[], { n, ys, alpha }: Dual, gamma: number, bias: number): SvmModel {
  const supportVectors: Float64Array[] = [];
  const coef: number[] = [];
  for (let t = 0; t < n; t++) {
    if (alpha[t]! > 0) {
      supportVectors.push(Float64Array.from(x[t]!));
      coef.push(alpha[t]! * ys[t]!);
    }
  }
  return { gamma, supportVectors, coef: Float64Array.from(coef), bias };
}

/** Trains the C-SVC; `y` holds +1 / -1. Both classes must be present. */
export function trainSmo(x: readonly Float64Array[], y: ArrayLike<number>, options: SmoOptions): SmoResult {
  const dual = dualProblem(x, y, options);
  const eps = options.eps ?? 1e-3;
  const maxIterations = options.maxIterations ?? Math.max(10_000_000, 100 * dual.n);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    const { i, gmax } = selectFirst(dual);
    const Ki = i >= 0 ? dual.kernel.row(i) : undefined;
    const { j, gmin } = Ki ? selectSecond(dual, Ki, gmax) : { j: -1, gmin: Infinity };
    if (i < 0 || j < 0 || gmax - gmin < eps) {
      converged = true;
      break;
    }
    iterations++;
    if (!updatePair(dual, i, j, Ki!, gmax)) break;
  }
  return {
    model: decisionModel(x, dual, options.gamma, biasOf(dual)),
    alpha: dual.alpha, iterations, converged, objective: dualObjective(dual),
  };
}

/** f(x) = sum_i coef_i K(sv_i, x) + bias. */
export function decisionValue(model: SvmModel, x: Float64Array): number {
  let s = model.bias;
  const svs = model.supportVectors;
  for (let i = 0; i < svs.length; i++) s += model.coef[i]! * rbf(svs[i]!, x, model.gamma);
  return s;
}
