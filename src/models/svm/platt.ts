/**
 * Platt scaling: an SVM's decision value f turned into P(y = +1 | f) = 1 / (1 + exp(A f + B)),
 * A and B fitted by maximum likelihood on (preferably cross-validated) decision values.
 * The fit is the improved algorithm of Lin, Lin & Weng (2007, "A note on Platt's
 * probabilistic outputs for support vector machines", Machine Learning 68): Platt's smoothed
 * targets, Newton steps on the 2-variable problem with a small ridge on the Hessian, a
 * backtracking line search (Armijo), and every log / exp written so it cannot overflow.
 */

export interface PlattScale {
  readonly A: number;
  readonly B: number;
}

/** log(1 + exp(-|z|)) + max(z, 0)-style stable terms of the negative log-likelihood. */
function nll(f: ArrayLike<number>, t: Float64Array, A: number, B: number): number {
  let s = 0;
  for (let i = 0; i < t.length; i++) {
    const z = f[i]! * A + B;
    // -[t log p + (1 - t) log(1 - p)] with p = 1 / (1 + e^z):
    //   z >= 0: t z + log(1 + e^-z);  z < 0: (t - 1) z + log(1 + e^z).
    s += z >= 0 ? t[i]! * z + Math.log1p(Math.exp(-z)) : (t[i]! - 1) * z + Math.log1p(Math.exp(z));
  }
  return s;
}

/** P(y = +1 | f) for z = A f + B, without overflow. */
export function plattProbability(scale: PlattScale, f: number): number {
  const z = f * scale.A + scale.B;
  return z >= 0 ? Math.exp(-z) / (1 + Math.exp(-z)) : 1 / (1 + Math.exp(z));
}

export interface PlattOptions {
  /** Newton iterations at most. Default 100. */
  readonly maxIterations?: number;
  /** Smallest line-search step before giving up. Default 1e-10. */
  readonly minStep?: number;
  /** Ridge added to the Hessian's diagonal. Default 1e-12. */
  readonly sigma?: number;
}

/** Fits A, B to decision values `f` with labels `y` (+1 / anything else = -1). */
export function fitPlatt(f: ArrayLike<number>, y: ArrayLike<number>, options: PlattOptions = {}): PlattScale {
  const n = f.length;
  const maxIterations = options.maxIterations ?? 100;
  const minStep = options.minStep ?? 1e-10;
  const sigma = options.sigma ?? 1e-12;
  let prior1 = 0;
  for (let i = 0; i < n; i++) if (y[i]! > 0) prior1++;
  const prior0 = n - prior1;
  // Platt's targets: a Bayes prior keeps A, B finite on separable data.
  const hi = (prior1 + 1) / (prior1 + 2);
  const lo = 1 / (prior0 + 2);
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) t[i] = y[i]! > 0 ? hi : lo;
  let A = 0;
  let B = Math.log((prior0 + 1) / (prior1 + 1));
  let fval = nll(f, t, A, B);
  for (let it = 0; it < maxIterations; it++) {
    // Gradient g and Hessian H of the NLL in (A, B); p = P(y=1), d1 = t - p, d2 = p (1 - p).
    let h11 = sigma;
    let h22 = sigma;
    let h21 = 0;
    let g1 = 0;
    let g2 = 0;
    for (let i = 0; i < n; i++) {
      const fi = f[i]!;
      const z = fi * A + B;
      let p: number;
      let q: number;
      if (z >= 0) {
        const e = Math.exp(-z);
        p = e / (1 + e);
        q = 1 / (1 + e);
      } else {
        const e = Math.exp(z);
        p = 1 / (1 + e);
        q = e / (1 + e);
      }
      const d2 = p * q;
      h11 += fi * fi * d2;
      h22 += d2;
      h21 += fi * d2;
      const d1 = t[i]! - p;
      g1 += fi * d1;
      g2 += d1;
    }
    if (Math.abs(g1) < 1e-5 && Math.abs(g2) < 1e-5) break;
    // Newton direction -H^{-1} g.
    const det = h11 * h22 - h21 * h21;
    const dA = -(h22 * g1 - h21 * g2) / det;
    const dB = -(-h21 * g1 + h11 * g2) / det;
    const gd = g1 * dA + g2 * dB;
    let step = 1;
    let accepted = false;
    while (step >= minStep) {
      const nA = A + step * dA;
      const nB = B + step * dB;
      const nf = nll(f, t, nA, nB);
      if (nf < fval + 1e-4 * step * gd) {
        A = nA;
        B = nB;
        fval = nf;
        accepted = true;
        break;
      }
      step /= 2;
    }
    if (!accepted) break; // line search failed: keep the best point so far
  }
  return { A, B };
}
