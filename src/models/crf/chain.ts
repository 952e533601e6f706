/**
 * Inference on a linear chain of L labels: forward-backward (partition function and
 * marginals) and Viterbi. Inputs are log-potentials: state scores S[i*L+y], transitions
 * T[a*L+b] (label a at i-1, label b at i), start[y] and end[y].
 *
 * Forward-backward runs in probability space with per-item scaling (Rabiner), so a
 * sequence of any length neither underflows nor overflows: every state score is shifted by
 * its item's maximum before exp, and each alpha row is normalised to sum 1; the shifts and
 * the log of the normalisers add up to log Z.
 */

/** exp of the transition, start and end potentials, shifted by their maxima. */
export interface ChainPotentials {
  readonly L: number;
  /** The transition log-potentials themselves (for per-item transitions). */
  readonly logT: Float64Array;
  readonly expT: Float64Array;
  readonly tShift: number;
  readonly expStart: Float64Array;
  readonly startShift: number;
  readonly expEnd: Float64Array;
  readonly endShift: number;
}

function expShifted(src: Float64Array, from: number, len: number, out: Float64Array): number {
  let m = -Infinity;
  for (let j = 0; j < len; j++) m = Math.max(m, src[from + j]!);
  for (let j = 0; j < len; j++) out[j] = Math.exp(src[from + j]! - m);
  return m;
}

/** Reads T, start and end from W at `offset` (layout T[L*L], start[L], end[L]). */
export function chainPotentials(W: Float64Array, offset: number, L: number): ChainPotentials {
  const expT = new Float64Array(L * L), expStart = new Float64Array(L), expEnd = new Float64Array(L);
  const tShift = expShifted(W, offset, L * L, expT);
  const startShift = expShifted(W, offset + L * L, L, expStart);
  const endShift = expShifted(W, offset + L * L + L, L, expEnd);
  return { L, logT: W.slice(offset, offset + L * L), expT, tShift, expStart, startShift, expEnd, endShift };
}

/** Scratch space for sequences up to `maxLen` items. */
export interface ChainBuffers {
  readonly E: Float64Array;
  readonly alpha: Float64Array;
  readonly beta: Float64Array;
  readonly scale: Float64Array;
  /** exp of the per-item transitions (edge features), item i at i*L*L; empty without edges. */
  readonly expTi: Float64Array;
}

export function chainBuffers(maxLen: number, L: number, edges = false): ChainBuffers {
  const n = Math.max(1, maxLen);
  return {
    E: new Float64Array(n * L), alpha: new Float64Array(n * L), beta: new Float64Array(n * L), scale: new Float64Array(n),
    expTi: new Float64Array(edges ? n * L * L : 0),
  };
}

/**
 * Forward (and backward) pass over n items. With `gold` (label number per item, -1 free,
 * read from gold[goldOffset + i]) only paths through the known labels count: this gives the
 * constrained partition function used for partially labelled sequences.
 * Returns log Z (-Infinity when no path is allowed). After the call, with `backward`,
 * P(y_i = y) = alpha[i*L+y] * beta[i*L+y] (see `accumulateMarginals` for transitions).
 *
 *   alpha_0(y) = start(y) E_0(y);  alpha_i(y) = E_i(y) sum_y' alpha_{i-1}(y') T(y', y); each row / c_i
 *   beta_{n-1}(y) = end(y) / zEnd;  beta_i(y) = sum_y' T(y, y') E_{i+1}(y') beta_{i+1}(y') / c_{i+1}
 */
export function forwardBackward(
  S: Float64Array, n: number, cp: ChainPotentials, buf: ChainBuffers,
  gold: Int8Array | null, goldOffset: number, backward: boolean, TE: Float64Array | null = null,
): number {
  const { L, expStart, expEnd } = cp;
  const { E, alpha, beta, scale } = buf;
  const LL = L * L;
  // Transitions into item i: the shared exp(T) (offset 0), or with edge features
  // exp(T + TE_i - shift_i) per item (offset i*L*L in buf.expTi).
  const X = TE === null ? cp.expT : buf.expTi;
  let logZ = cp.startShift + cp.endShift;
  if (TE === null) logZ += (n - 1) * cp.tShift;
  else logZ += perItemTransitions(cp, TE, n, buf.expTi);
  for (let i = 0; i < n; i++) {
    const b = i * L;
    const g = gold === null ? -1 : gold[goldOffset + i]!;
    // E_i(y) = exp(S_i(y) - m_i), m_i the maximum over the allowed labels.
    let m = -Infinity;
    if (g >= 0) m = S[b + g]!;
    else for (let y = 0; y < L; y++) m = Math.max(m, S[b + y]!);
    for (let y = 0; y < L; y++) E[b + y] = g < 0 || g === y ? Math.exp(S[b + y]! - m) : 0;
    let c = 0;
    if (i === 0) {
      for (let y = 0; y < L; y++) c += alpha[y] = expStart[y]! * E[y]!;
    } else {
      const pb = b - L, xo = TE === null ? 0 : i * LL;
      for (let y = 0; y < L; y++) {
        let s = 0;
        for (let yp = 0; yp < L; yp++) s += alpha[pb + yp]! * X[xo + yp * L + y]!;
        c += alpha[b + y] = s * E[b + y]!;
      }
    }
    if (!(c > 0) || !Number.isFinite(c)) return -Infinity;
    const inv = 1 / c;
    for (let y = 0; y < L; y++) alpha[b + y] *= inv;
    scale[i] = c;
    logZ += Math.log(c) + m;
  }
  const last = (n - 1) * L;
  let zEnd = 0;
  for (let y = 0; y < L; y++) zEnd += alpha[last + y]! * expEnd[y]!;
  if (!(zEnd > 0)) return -Infinity;
  logZ += Math.log(zEnd);
  if (backward) {
    for (let y = 0; y < L; y++) beta[last + y] = expEnd[y]! / zEnd;
    for (let i = n - 2; i >= 0; i--) {
      const b = i * L, nb = b + L, xo = TE === null ? 0 : (i + 1) * LL;
      const inv = 1 / scale[i + 1]!;
      for (let y = 0; y < L; y++) {
        let s = 0;
        for (let yn = 0; yn < L; yn++) s += X[xo + y * L + yn]! * E[nb + yn]! * beta[nb + yn]!;
        beta[b + y] = s * inv;
      }
    }
  }
  return logZ;
}

/**
 * exp(T + TE_i - shift_i) into out[i*L*L ..] for items 1..n-1 (TE_i: the edge-feature
 * scores of item i); returns the sum of the shifts.
 */
function perItemTransitions(cp: ChainPotentials, TE: Float64Array, n: number, out: Float64Array): number {
  const LL = cp.L * cp.L;
  let shifts = 0;
  for (let i = 1; i < n; i++) {
    const o = i * LL;
    let m = -Infinity;
    for (let j = 0; j < LL; j++) m = Math.max(m, cp.logT[j]! + TE[o + j]!);
    for (let j = 0; j < LL; j++) out[o + j] = Math.exp(cp.logT[j]! + TE[o + j]! - m);
    shifts += m;
  }
  return shifts;
}

/**
 * Adds sign * (marginals) to the coefficient array C (per item and label) and to the
 * transition, start and end gradient in G at `offset` (layout as in `chainPotentials`).
 * With edge features (`CE` non-null; call after forwardBackward with the same TE) the pair
 * marginals of item i are also added to CE[i*L*L + a*L + b].
 *   P(y_{i-1} = a, y_i = b) = alpha_{i-1}(a) T_i(a, b) E_i(b) beta_i(b) / c_i
 */
export function accumulateMarginals(cp: ChainPotentials, buf: ChainBuffers, n: number, sign: number, C: Float64Array, G: Float64Array, offset: number, CE: Float64Array | null = null): void {
  const L = cp.L, LL = L * L;
  const { alpha, beta, E, scale } = buf;
  const X = CE === null ? cp.expT : buf.expTi;
  for (let i = 0; i < n; i++) {
    const b = i * L;
    for (let y = 0; y < L; y++) C[b + y] += sign * alpha[b + y]! * beta[b + y]!;
    if (i > 0) {
      const k = sign / scale[i]!;
      const pb = b - L, xo = CE === null ? 0 : i * LL;
      for (let ya = 0; ya < L; ya++) {
        const av = alpha[pb + ya]! * k;
        if (av === 0) continue;
        for (let yb = 0; yb < L; yb++) {
          const pm = av * X[xo + ya * L + yb]! * E[b + yb]! * beta[b + yb]!;
          G[offset + ya * L + yb] += pm;
          if (CE !== null) CE[xo + ya * L + yb] += pm;
        }
      }
    }
  }
  for (let y = 0; y < L; y++) {
    G[offset + L * L + y] += sign * alpha[y]! * beta[y]!;
    G[offset + L * L + L + y] += sign * alpha[(n - 1) * L + y]! * beta[(n - 1) * L + y]!;
  }
}

/**
 * Best label path (log space, so no scaling needed):
 *   delta_0(y) = start(y) + S_0(y);  delta_i(y) = S_i(y) + max_y' delta_{i-1}(y') + T(y', y) [+ TE_i(y', y)]
 * then the best final delta_{n-1}(y) + end(y), followed back through the argmax pointers.
 */
export function viterbi(S: Float64Array, n: number, L: number, W: Float64Array, offset: number, TE: Float64Array | null = null): Int32Array {
  const path = new Int32Array(n);
  if (n === 0) return path;
  const back = new Int8Array(n * L);
  let delta = new Float64Array(L), nextDelta = new Float64Array(L);
  const T = offset, start = offset + L * L, end = start + L;
  for (let y = 0; y < L; y++) delta[y] = W[start + y]! + S[y]!;
  for (let i = 1; i < n; i++) {
    for (let y = 0; y < L; y++) {
      let best = -Infinity, arg = 0;
      for (let yp = 0; yp < L; yp++) {
        const v = delta[yp]! + W[T + yp * L + y]! + (TE === null ? 0 : TE[i * L * L + yp * L + y]!);
        if (v > best) { best = v; arg = yp; }
      }
      nextDelta[y] = best + S[i * L + y]!;
      back[i * L + y] = arg;
    }
    [delta, nextDelta] = [nextDelta, delta];
  }
  let best = -Infinity, arg = 0;
  for (let y = 0; y < L; y++) {
    const v = delta[y]! + W[end + y]!;
    if (v > best) { best = v; arg = y; }
  }
  path[n - 1] = arg;
  for (let i = n - 1; i > 0; i--) path[i - 1] = back[i * L + path[i]!]!;
  return path;
}
