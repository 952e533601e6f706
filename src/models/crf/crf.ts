/**
 * Linear-chain conditional random field (Lafferty et al. 2001; the best learner of Gibson et al. 2007):
 * attribute x label state weights, label x label transitions and start/end weights,
 * trained on the penalised conditional log-likelihood with L-BFGS. Labels come from
 * Viterbi; per-item probabilities are the forward-backward marginals P(y_i | x).
 */
import type { FeatureContribution, ParamSpec } from '../labeler.js';
import { fmt, LinearLabeler, type Decoded } from '../linear/labeler-base.js';
import type { LinearModel } from '../linear/model.js';
import { LINEAR_PARAMS } from '../linear/param-specs.js';
import { linearTrainer } from '../linear/trainer.js';
import { chainBuffers, chainPotentials, forwardBackward, viterbi } from './chain.js';
import { crfEdgeOffset, crfObjective } from './objective.js';
import { edgeScores } from '../linear/scores.js';
import type { EncodedItems } from '../linear/encode.js';

export const CRF_PARAMS: readonly ParamSpec[] = Object.freeze([
  ...LINEAR_PARAMS,
  {
    name: 'edges', type: 'boolean', default: false,
    help: "The block-labelling study's edge features: every attribute of item i also gets a weight per (label at i-1, label at i) pair, so observations can change the transition. L*L more weights per attribute; training about 8x slower.",
  },
] satisfies ParamSpec[]);

export class CrfLabeler extends LinearLabeler {
  private readonly off: number;
  private readonly edgeOff: number;

  constructor(model: LinearModel) {
    super(model);
    this.off = model.index.rows * this.L;
    this.edgeOff = crfEdgeOffset(model.index, this.L);
  }

  /** Edge-feature scores of an encoded sequence (null without edges). */
  private edgeScoresOf(enc: EncodedItems): Float64Array | null {
    if (!this.model.edges) return null;
    const n = enc.itemStart.length - 1, L = this.L;
    const TE = new Float64Array(Math.max(1, n) * L * L);
    edgeScores(enc, 0, n, this.model.W, L, this.edgeOff, TE);
    return TE;
  }

  protected decode(S: Float64Array, n: number, enc: EncodedItems): Decoded {
    const L = this.L;
    const TE = this.edgeScoresOf(enc);
    const path = viterbi(S, n, L, this.model.W, this.off, TE);
    const probs = new Float64Array(n * L);
    if (n === 0) return { path, probs };
    const cp = chainPotentials(this.model.W, this.off, L);
    const buf = chainBuffers(n, L, this.model.edges === true);
    const logZ = forwardBackward(S, n, cp, buf, null, 0, true, TE);
    if (Number.isFinite(logZ)) {
      for (let j = 0; j < n * L; j++) probs[j] = buf.alpha[j]! * buf.beta[j]!;
    } else {
      // Cannot happen with finite weights; keep the output well formed regardless.
      for (let i = 0; i < n; i++) probs[i * L + path[i]!] = 1;
    }
    return { path, probs };
  }

  protected extraContributions(path: Int32Array, i: number, enc: EncodedItems): FeatureContribution[] {
    const L = this.L;
    const name = (y: number) => this.model.labels[y]!;
    const y = path[i]!;
    // Extra rows: transitions from each label (0..L-1), then start (L) and end (L+1).
    const out: FeatureContribution[] = [];
    if (i === 0) out.push({ feature: `start->${name(y)}`, weight: this.extraWeight(L, y) });
    else out.push({ feature: `trans-in:${name(path[i - 1]!)}->${name(y)}`, weight: this.extraWeight(path[i - 1]!, y) });
    if (i === path.length - 1) out.push({ feature: `${name(y)}->end`, weight: this.extraWeight(L + 1, y) });
    else out.push({ feature: `trans-out:${name(y)}->${name(path[i + 1]!)}`, weight: this.extraWeight(y, path[i + 1]!) });
    if (this.model.edges && i > 0) out.push(...this.edgeContributions(path, i, enc));
    return out;
  }

  /** Edge features of item i on the decoded transition into it. */
  private edgeContributions(path: Int32Array, i: number, enc: EncodedItems): FeatureContribution[] {
    const L = this.L, W = this.model.W;
    const from = this.model.labels[path[i - 1]!]!, to = this.model.labels[path[i]!]!;
    const ab = path[i - 1]! * L + path[i]!;
    const out: FeatureContribution[] = [];
    for (let p = enc.itemStart[i]!; p < enc.itemStart[i + 1]!; p++) {
      const k = enc.ids[p]!;
      const v = enc.vals === null ? 1 : enc.vals[p]!;
      out.push({ feature: `edge:${this.model.index.names[k]}:${from}->${to}`, weight: v * W[this.edgeOff + k * L * L + ab]! });
    }
    return out;
  }

  protected describeExtra(top = 15): string[] {
    const labels = this.model.labels;
    const lines = [
      ...this.extraTable('transitions (row: label at i-1, column: label at i)', labels),
      ...this.extraTable('start and end', ['start', 'end'], this.L),
    ];
    if (this.model.edges) lines.push(...this.edgeTable(top));
    return lines;
  }

  /** The `top` strongest edge weights. */
  private edgeTable(top: number): string[] {
    const labels = this.model.labels;
    const L = this.L, W = this.model.W;
    const K = this.model.index.names.length, LL = L * L;
    const order = Array.from({ length: K * LL }, (_, j) => j).sort((a, b) => Math.abs(W[this.edgeOff + b]!) - Math.abs(W[this.edgeOff + a]!));
    const lines = [`edge features (attribute on item i, label at i-1 -> label at i), strongest ${top}:`];
    for (const j of order.slice(0, top)) {
      const k = Math.floor(j / LL), a = Math.floor((j % LL) / L), b = j % L;
      lines.push(`  ${fmt(W[this.edgeOff + j]!)}  ${this.model.index.names[k]}: ${labels[a]}->${labels[b]}`);
    }
    return lines;
  }
}

export const crfTrainer = linearTrainer('crf', CRF_PARAMS, crfObjective, CrfLabeler);
