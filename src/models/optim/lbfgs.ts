/**
 * Limited-memory BFGS (Nocedal 1980; Liu & Nocedal 1989): quasi-Newton minimisation that
 * keeps the last `memory` step/gradient-change pairs instead of a Hessian, with a strong
 * Wolfe line search. Used by the CRF, MaxEnt and MEMM trainers.
 */
import { PithError } from '../../errors.js';
import { wolfeLineSearch } from './line-search.js';
import type { IterationInfo, Objective, OptimResult, StopReason } from './types.js';

export interface LbfgsOptions {
  /** Correction pairs kept (default 6). */
  readonly memory?: number;
  /** Iterations (accepted steps) at most (default 100). */
  readonly maxIterations?: number;
  /** Stop when ||g|| / max(1, ||x||) < epsilon (default 1e-5). */
  readonly epsilon?: number;
  /** Stop when the relative decrease of f over `period` iterations is below delta (default 1e-5; 0 = off). */
  readonly delta?: number;
  /** Iterations the delta test looks back (default 10). */
  readonly period?: number;
  /** Objective evaluations per line search at most (default 20). */
  readonly maxLineSearch?: number;
  /** Armijo constant (default 1e-4). */
  readonly c1?: number;
  /** Curvature constant (default 0.9, usual for quasi-Newton). */
  readonly c2?: number;
  /** Called after every accepted step. */
  readonly onIteration?: (info: IterationInfo) => void;
}

export interface LbfgsConfig {
  readonly memory: number;
  readonly maxIterations: number;
  readonly epsilon: number;
  readonly delta: number;
  readonly period: number;
  readonly maxLineSearch: number;
  readonly c1: number;
  readonly c2: number;
}

export function resolveLbfgsOptions(o: LbfgsOptions = {}): LbfgsConfig {
  const cfg: LbfgsConfig = Object.freeze({
    memory: o.memory ?? 6,
    maxIterations: o.maxIterations ?? 100,
    epsilon: o.epsilon ?? 1e-5,
    delta: o.delta ?? 1e-5,
    period: o.period ?? 10,
    maxLineSearch: o.maxLineSearch ?? 20,
    c1: o.c1 ?? 1e-4,
    c2: o.c2 ?? 0.9,
  });
  if (!(Number.isInteger(cfg.memory) && cfg.memory >= 1)) throw new PithError('BAD_OPTION', `L-BFGS memory must be a whole number >= 1, got ${cfg.memory}`);
  if (!(cfg.c1 > 0 && cfg.c1 < cfg.c2 && cfg.c2 < 1)) throw new PithError('BAD_OPTION', `L-BFGS needs 0 < c1 < c2 < 1, got c1=${cfg.c1} c2=${cfg.c2}`);
  return cfg;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Minimises `fn` from `x0` (not modified). */
export function lbfgs(fn: Objective, x0: Float64Array, options: LbfgsOptions = {}): OptimResult {
  const cfg = resolveLbfgsOptions(options);
  const n = x0.length;
  const m = cfg.memory;
  let x = Float64Array.from(x0);
  let g = new Float64Array(n);
  let xt = new Float64Array(n);
  let gt = new Float64Array(n);
  const d = new Float64Array(n);
  const S = Array.from({ length: m }, () => new Float64Array(n));
  const Y = Array.from({ length: m }, () => new Float64Array(n));
  const rho = new Float64Array(m);
  const alpha = new Float64Array(m);
  let stored = 0; // pairs in the ring
  let newest = -1; // ring index of the newest pair

  let f = fn(x, g);
  let evaluations = 1;
  if (!Number.isFinite(f)) throw new PithError('BAD_OPTION', `objective is not finite at the starting point (${f})`);
  const history: number[] = [f];
  const relGrad = () => Math.sqrt(dot(g, g)) / Math.max(1, Math.sqrt(dot(x, x)));
  if (relGrad() <= cfg.epsilon) return { x, f, iterations: 0, evaluations, reason: 'converged-gradient' };

  // First direction: steepest descent, with a step of unit length in x.
  for (let i = 0; i < n; i++) d[i] = -g[i]!;
  let step0 = 1 / Math.sqrt(dot(g, g));
  let reason: StopReason = 'max-iterations';
  let iteration = 0;
  while (iteration < cfg.maxIterations) {
    const ls = wolfeLineSearch(fn, x, f, g, d, step0, xt, gt, { c1: cfg.c1, c2: cfg.c2, maxTrials: cfg.maxLineSearch });
    evaluations += ls.evaluations;
    if (!ls.ok) {
      if (stored > 0) {
        // The quasi-Newton direction may be poor; retry once from scratch along -g.
        stored = 0; newest = -1;
        for (let i = 0; i < n; i++) d[i] = -g[i]!;
        step0 = 1 / Math.sqrt(dot(g, g));
        continue;
      }
      reason = 'line-search-failed';
      break;
    }
    iteration++;
    // New pair: s = x_{k+1} - x_k, y = g_{k+1} - g_k (computed before swapping buffers).
    const slot = (newest + 1) % m;
    const s = S[slot]!, y = Y[slot]!;
    for (let i = 0; i < n; i++) { s[i] = xt[i]! - x[i]!; y[i] = gt[i]! - g[i]!; }
    const ys = dot(y, s), yy = dot(y, y);
    [x, xt] = [xt, x];
    [g, gt] = [gt, g];
    f = ls.f;
    history.push(f);
    // Wolfe guarantees ys > 0 in exact arithmetic; skip the pair if rounding broke it.
    if (ys > 1e-12 * yy && yy > 0) {
      rho[slot] = 1 / ys;
      newest = slot;
      stored = Math.min(stored + 1, m);
    } else if (stored === m) {
      stored--; // the slot held the oldest pair, now overwritten
    }
    const rg = relGrad();
    options.onIteration?.({ iteration, f, relGradNorm: rg, step: ls.step, evaluations });
    if (rg <= cfg.epsilon) { reason = 'converged-gradient'; break; }
    if (cfg.delta > 0 && history.length > cfg.period) {
      const old = history[history.length - 1 - cfg.period]!;
      if ((old - f) / Math.max(Math.abs(f), 1e-300) < cfg.delta) { reason = 'converged-delta'; break; }
    }

    // Two-loop recursion: d = -H g, H the L-BFGS inverse-Hessian approximation.
    //   q = -g; for pairs newest..oldest: a_i = rho_i s_i'q, q -= a_i y_i
    //   q *= gamma = s'y / y'y of the newest pair
    //   for pairs oldest..newest: b = rho_i y_i'q, q += (a_i - b) s_i
    for (let i = 0; i < n; i++) d[i] = -g[i]!;
    if (stored > 0) {
      for (let k = 0, j = newest; k < stored; k++, j = (j - 1 + m) % m) {
        const a = rho[j]! * dot(S[j]!, d);
        alpha[j] = a;
        const yj = Y[j]!;
        for (let i = 0; i < n; i++) d[i] -= a * yj[i]!;
      }
      const sN = S[newest]!, yN = Y[newest]!;
      const gamma = dot(sN, yN) / dot(yN, yN);
      for (let i = 0; i < n; i++) d[i] *= gamma;
      for (let k = 0, j = (newest - stored + 1 + m) % m; k < stored; k++, j = (j + 1) % m) {
        const b = rho[j]! * dot(Y[j]!, d);
        const c = alpha[j]! - b;
        const sj = S[j]!;
        for (let i = 0; i < n; i++) d[i] += c * sj[i]!;
      }
    }
    if (!(dot(d, g) < 0)) {
      // Not a descent direction (numerical trouble): forget the history.
      stored = 0; newest = -1;
      for (let i = 0; i < n; i++) d[i] = -g[i]!;
      step0 = 1 / Math.sqrt(dot(g, g));
    } else {
      step0 = 1;
    }
  }
  return { x, f, iterations: iteration, evaluations, reason };
}
