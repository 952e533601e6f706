/**
 * Line search for the strong Wolfe conditions (Nocedal & Wright, Numerical Optimization,
 * algorithms 3.5 and 3.6): bracket a step, then zoom with safeguarded cubic interpolation.
 *   sufficient decrease (Armijo): f(x + a d) <= f(x) + c1 a g'd
 *   curvature (strong Wolfe):     |g(x + a d)'d| <= c2 |g'd|
 * A trial point whose value is not finite (overflow far along d) counts as "too far".
 */
import type { Objective } from './types.js';

export interface LineSearchConfig {
  readonly c1: number;
  readonly c2: number;
  readonly maxTrials: number;
}

export interface LineSearchResult {
  readonly ok: boolean;
  readonly step: number;
  /** f at the accepted point; `xt` and `gt` hold that point and its gradient when ok. */
  readonly f: number;
  readonly evaluations: number;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/**
 * Searches along `d` from `x` (value `f0`, gradient `g0`), starting with `step0`.
 * Writes the trial point into `xt` and its gradient into `gt`.
 */
export function wolfeLineSearch(
  fn: Objective, x: Float64Array, f0: number, g0: Float64Array, d: Float64Array, step0: number,
  xt: Float64Array, gt: Float64Array, cfg: LineSearchConfig,
): LineSearchResult {
  const dphi0 = dot(g0, d);
  if (!(dphi0 < 0)) return { ok: false, step: 0, f: f0, evaluations: 0 };
  let evaluations = 0;
  const evalAt = (a: number): [number, number] => {
    for (let i = 0; i < x.length; i++) xt[i] = x[i]! + a * d[i]!;
    evaluations++;
    const f = fn(xt, gt);
    return [f, Number.isFinite(f) ? dot(gt, d) : NaN];
  };
  const armijo = (a: number, f: number) => Number.isFinite(f) && f <= f0 + cfg.c1 * a * dphi0;
  const curvature = (dphi: number) => Math.abs(dphi) <= -cfg.c2 * dphi0;

  const zoom = (lo: number, flo: number, dlo: number, hi: number, fhi: number, dhi: number): LineSearchResult => {
    while (evaluations < cfg.maxTrials) {
      const a = interpolate(lo, flo, dlo, hi, fhi, dhi);
      const [f, dphi] = evalAt(a);
      if (!armijo(a, f) || f >= flo) {
        hi = a; fhi = f; dhi = dphi;
      } else {
        if (curvature(dphi)) return { ok: true, step: a, f, evaluations };
        if (dphi * (hi - lo) >= 0) { hi = lo; fhi = flo; dhi = dlo; }
        lo = a; flo = f; dlo = dphi;
      }
      if (Math.abs(hi - lo) <= 1e-12 * Math.max(1, Math.abs(lo))) break;
    }
    // No strong-Wolfe point found: accept the best Armijo point if there is one (lo > 0).
    if (lo > 0) {
      const [f] = evalAt(lo);
      if (armijo(lo, f)) return { ok: true, step: lo, f, evaluations };
    }
    return { ok: false, step: 0, f: f0, evaluations };
  };

  let aPrev = 0, fPrev = f0, dPrev = dphi0;
  let a = step0;
  for (let trial = 0; evaluations < cfg.maxTrials; trial++) {
    const [f, dphi] = evalAt(a);
    if (!Number.isFinite(f)) {
      // Overflow: the step is far too long; shrink towards the last good point.
      if (trial === 0 || aPrev === 0) { a = a * 0.1; continue; }
      return zoom(aPrev, fPrev, dPrev, a, f, dphi);
    }
    if (!armijo(a, f) || (trial > 0 && f >= fPrev)) return zoom(aPrev, fPrev, dPrev, a, f, dphi);
    if (curvature(dphi)) return { ok: true, step: a, f, evaluations };
    if (dphi >= 0) return zoom(a, f, dphi, aPrev, fPrev, dPrev);
    aPrev = a; fPrev = f; dPrev = dphi;
    a *= 2.5;
  }
  return { ok: false, step: 0, f: f0, evaluations };
}

/** Minimiser of the cubic through (lo, flo, dlo) and (hi, fhi, dhi) (N&W 3.59), kept inside the interval; else bisection. */
function interpolate(lo: number, flo: number, dlo: number, hi: number, fhi: number, dhi: number): number {
  const mid = (lo + hi) / 2;
  if (!Number.isFinite(fhi) || !Number.isFinite(dhi)) return lo + (hi - lo) * 0.25;
  const d1 = dlo + dhi - 3 * (flo - fhi) / (lo - hi);
  const disc = d1 * d1 - dlo * dhi;
  if (!(disc >= 0)) return mid;
  const d2 = Math.sign(hi - lo) * Math.sqrt(disc);
  const a = hi - (hi - lo) * (dhi + d2 - d1) / (dhi - dlo + 2 * d2);
  const left = Math.min(lo, hi), right = Math.max(lo, hi), w = right - left;
  // Safeguard: stay away from the ends so the interval keeps shrinking.
  if (!Number.isFinite(a) || a < left + 0.1 * w || a > right - 0.1 * w) return mid;
  return a;
}
