/**
 * A small feed-forward network over the same sparse attributes as MaxEnt, each block on its
 * own ("wide and deep"): a linear part, exactly MaxEnt's, plus one hidden layer of rectified
 * units whose weighted sum joins the scores:
 *   s(y) = b_y + sum_a x_a V[a,y] + sum_h U[h,y] relu(c_h + sum_a x_a E[a,h])
 *   p(y | x) = softmax(s)
 * The hidden units can learn what a linear model cannot: conjunctions such as "short AND
 * after an image AND inside a figure-like box" without anyone writing them as attributes.
 * Trained by stochastic gradient descent with AdaGrad step sizes (sparse rows only touch the
 * attributes an item has) and L2 decay on the rows an item touches. Deterministic for a seed.
 */
import { PithError } from '../../errors.js';
import { LABELS, type Label } from '../../labels.js';
import type { AttributeVocabulary, EncodedFeatures, SequenceInstance } from '../../features/types.js';
import type { FeatureContribution, Labeler, LabeledSequence, Params, ParamSpec, Prediction, Trainer, TrainProgress } from '../labeler.js';
import { decodeBytes, decodeFloat32, decodeInt32, encodeBytes, encodeFloat32, encodeInt32, roundToFloat32 } from '../linear/codec.js';
import { bodyAttributes, bodyLabels } from '../linear/model.js';
import { isRecord } from '../../util/is-record.js';
import { encodeGold, encodeInterned, encodeSequences, labelsInData, type EncodedItems } from '../linear/encode.js';
import { indexFromFlags, internAttributes, ROW_OWN, type FeatureIndex } from '../linear/feature-index.js';
import { resolveParams } from '../params.js';
import { seededRandom, shuffleInPlace } from '../../util/random.js';
import { fmt } from '../linear/labeler-base.js';
import { LINEAR_PARAMS } from '../linear/param-specs.js';
import { trainLinearModel } from '../linear/train.js';
import { maxentObjective } from '../maxent/maxent.js';

export const MLP_PARAMS: readonly ParamSpec[] = Object.freeze([
  { name: 'hidden', type: 'integer', default: 32, min: 1, max: 1024, help: 'Hidden units (rectified linear).' },
  { name: 'epochs', type: 'integer', default: 6, min: 1, max: 1000, help: 'Passes over the training blocks, each in a new random order.' },
  { name: 'learningRate', type: 'number', default: 0.05, min: 1e-6, max: 10, help: 'AdaGrad base step size.' },
  { name: 'l2', type: 'number', default: 1e-6, min: 0, max: 1, help: 'L2 decay per update on every weight the block touches (sparse rows) and on the dense layers.' },
  { name: 'minFreq', type: 'integer', default: 5, min: 1, max: 1000000, help: 'Feature cutoff: keep an attribute only when it occurs in at least minFreq training blocks.' },
  {
    name: 'linearSigma', type: 'number', default: 0, min: 0, max: 1e6,
    help: 'When above 0, the linear part is first fitted alone as MaxEnt with this Gaussian prior sigma (L-BFGS) and then kept fixed, so the hidden units learn only what it misses; 0 learns both parts together by SGD.',
  },
  {
    name: 'hiddenMinSites', type: 'integer', default: 1, min: 1, max: 1000000,
    help: "Only attributes seen on at least this many training sites feed the hidden units (the linear part still sees every kept attribute): a class name from one site's template cannot become part of a learned conjunction.",
  },
  { name: 'dropout', type: 'number', default: 0, min: 0, max: 0.95, help: "Share of a block's attributes hidden from the hidden units at each training step (inputs scaled up to match), so no unit leans on one attribute." },
  {
    name: 'members', type: 'integer', default: 1, min: 1, max: 32,
    help: 'Networks trained from consecutive seeds and averaged (their scores): one SGD run varies with its seed, the average much less. The saved model is one network with all their hidden units.',
  },
  { name: 'seed', type: 'integer', default: 1, min: 0, max: 2147483647, help: 'Seed of the initial weights and of the order of blocks in each epoch.' },
] satisfies ParamSpec[]);

/** One network while it trains: every attribute has a row of input weights. */
interface Network {
  readonly H: number;
  /** Attribute x hidden. */
  readonly E: Float64Array;
  /** Attribute x label (the linear part). */
  readonly V: Float64Array;
  readonly c: Float64Array;
  readonly U: Float64Array;
  readonly b: Float64Array;
}

/** The trained model: only attributes that feed the hidden units keep a row of input weights. */
interface MlpModel {
  readonly labels: readonly Label[];
  readonly index: FeatureIndex;
  readonly H: number;
  /** Attribute number -> its row in `E`, or -1 when it does not feed the hidden units. */
  readonly inputRow: Int32Array;
  /** Input weights, row x hidden: Eq[k] x Escale[row], kept as float32 for the forward pass. */
  readonly E: Float32Array;
  /** The same weights as stored: 8-bit integers, with one scale per row. */
  readonly Eq: Int8Array;
  readonly Escale: Float32Array;
  /** Attribute x label (the linear part). */
  readonly V: Float64Array;
  /** Hidden biases. */
  readonly c: Float64Array;
  /** Hidden x label. */
  readonly U: Float64Array;
  /** Label biases. */
  readonly b: Float64Array;
  readonly training?: { readonly items: number; readonly epochs: number; readonly loss: number; readonly seconds: number };
}


/** Adds the rectified units' share to the scores: s[y] += sum_h relu(z[h]) U[h,y]. */
function addHiddenScores(z: Float64Array, U: Float64Array, H: number, L: number, s: Float64Array): void {
  for (let h = 0; h < H; h++) {
    const r = z[h]!;
    if (r <= 0) continue;
    const uo = h * L;
    for (let y = 0; y < L; y++) s[y] += r * U[uo + y]!;
  }
}

/** Scores of one item into `s` (length L), hidden pre-activations into `z` (length H). */
function forward(m: MlpModel, ids: Int32Array, vals: Float32Array | null, from: number, to: number, z: Float64Array, s: Float64Array): void {
  const { H, E, V, c, U, b, inputRow } = m;
  const L = m.labels.length;
  for (let h = 0; h < H; h++) z[h] = c[h]!;
  for (let y = 0; y < L; y++) s[y] = b[y]!;
  for (let p = from; p < to; p++) {
    const a = ids[p]!, v = vals ? vals[p]! : 1;
    const vo = a * L;
    for (let y = 0; y < L; y++) s[y] += v * V[vo + y]!;
    const row = inputRow[a]!;
    if (row < 0) continue;
    const eo = row * H;
    for (let h = 0; h < H; h++) z[h] += v * E[eo + h]!;
  }
  addHiddenScores(z, U, H, L, s);
}

/**
 * `forward` while training (kept apart from it: both are the hot loops, and this one reads the
 * full float64 rows and skips dropped attributes): attributes flagged in `dropped` do not reach the hidden units, the others are scaled by `scale`. */
function trainForward(m: Network, ids: Int32Array, vals: Float32Array | null, from: number, to: number, dropped: Uint8Array, scale: number, z: Float64Array, s: Float64Array): void {
  const { H, E, V, c, U, b } = m;
  const L = b.length;
  for (let h = 0; h < H; h++) z[h] = c[h]!;
  for (let y = 0; y < L; y++) s[y] = b[y]!;
  for (let p = from; p < to; p++) {
    const a = ids[p]!, v = vals ? vals[p]! : 1;
    const vo = a * L;
    for (let y = 0; y < L; y++) s[y] += v * V[vo + y]!;
    if (dropped[p - from]) continue;
    const eo = a * H, ve = v * scale;
    for (let h = 0; h < H; h++) z[h] += ve * E[eo + h]!;
  }
  addHiddenScores(z, U, H, L, s);
}

/** Softmax of `s` in place. */
function softmax(s: Float64Array, L: number): void {
  let m = -Infinity;
  for (let y = 0; y < L; y++) if (s[y]! > m) m = s[y]!;
  let sum = 0;
  for (let y = 0; y < L; y++) sum += s[y] = Math.exp(s[y]! - m);
  for (let y = 0; y < L; y++) s[y] /= sum;

}

/** What every member of the ensemble shares: attributes, encoded blocks, gold and the linear part. */
interface Prepared {
  readonly labels: readonly Label[];
  readonly index: FeatureIndex;
  readonly enc: EncodedItems;
  readonly gold: Int8Array;
  /** The fitted linear part, or undefined when each member learns its own by SGD. */
  readonly linear?: { readonly V: Float64Array; readonly b: Float64Array };
  /** Per attribute: 1 when it may feed the hidden units. */
  readonly feeds: Uint8Array;
}

function prepare(data: readonly LabeledSequence[], params: Params, progress?: TrainProgress): Prepared {
  const minFreq = params['minFreq'] as number;
  if (data.length === 0) throw new PithError('BAD_CORPUS', 'no training sequences');
  const labels = labelsInData(data, LABELS);
  if (labels.length === 0) throw new PithError('BAD_CORPUS', 'no labelled items: every gold label is unknown');
  const interned = internAttributes(data, minFreq, 'none');
  const index = interned.index;
  const enc = encodeInterned(interned);
  const L = labels.length, A = index.names.length;
  let linear: Prepared['linear'];
  const linearSigma = params['linearSigma'] as number;
  if (linearSigma > 0) {
    // Same attributes and numbering: internAttributes is deterministic for the same data and cutoff.
    const m = trainLinearModel('maxent', data, resolveParams(LINEAR_PARAMS, { sigma: linearSigma, minFreq }), maxentObjective, progress);
    if (m.index.names.length !== A || m.labels.length !== L) throw new Error('mlp: the linear part has other attributes than the network');
    linear = { V: m.W.slice(0, A * L), b: m.W.slice(A * L, A * L + L) };
  }
  // Attributes that may feed the hidden units: seen on enough distinct sites.
  const minSites = params['hiddenMinSites'] as number;
  const feeds = new Uint8Array(A).fill(1);
  if (minSites > 1) {
    const sites = new Int32Array(A), last = new Int32Array(A).fill(-1);
    const siteNo = new Map<string, number>();
    for (let q = 0; q < data.length; q++) {
      const sn = siteNo.get(data[q]!.site) ?? siteNo.size;
      siteNo.set(data[q]!.site, sn);
      for (let p = enc.itemStart[enc.seqStart[q]!]!, end = enc.itemStart[enc.seqStart[q + 1]!]!; p < end; p++) {
        const a = enc.ids[p]!;
        if (last[a] !== sn) { last[a] = sn; sites[a]++; }
      }
    }
    for (let a = 0; a < A; a++) if (sites[a]! < minSites) feeds[a] = 0;
  }
  return { labels, index, enc, gold: encodeGold(data, labels), ...(linear ? { linear } : {}), feeds };
}

/** One network trained by SGD from its own seed; returns it and its last epoch's mean loss. */
function trainMember(prep: Prepared, params: Params, seed: number, progress?: TrainProgress): { model: Network; loss: number; items: number } {
  const H = params['hidden'] as number, epochs = params['epochs'] as number, rate = params['learningRate'] as number;
  const l2 = params['l2'] as number, dropout = params['dropout'] as number;
  const { labels, index, enc, gold, linear, feeds } = prep;
  const L = labels.length, A = index.names.length;
  const rand = seededRandom(seed);
  // Small random weights; attributes that may not feed the hidden units keep zero rows.
  const E = new Float64Array(A * H), U = new Float64Array(H * L);
  for (let i = 0; i < E.length; i++) E[i] = feeds[Math.floor(i / H)] ? (rand() - 0.5) * 0.2 : 0;
  for (let i = 0; i < U.length; i++) U[i] = (rand() - 0.5) * 0.2;
  const V = linear ? linear.V.slice() : new Float64Array(A * L), b = linear ? linear.b.slice() : new Float64Array(L);
  const c = new Float64Array(H);
  const model: Network = { H, E, V, c, U, b };
  const learnLinear = !linear;
  // AdaGrad accumulators, one per weight, started at a small value so the first steps are bounded.
  const gE = new Float64Array(E.length).fill(1e-2), gV = new Float64Array(learnLinear ? V.length : 0).fill(1e-2);
  const gc = new Float64Array(H).fill(1e-2), gU = new Float64Array(U.length).fill(1e-2), gb = new Float64Array(L).fill(1e-2);
  const keepScale = 1 / (1 - dropout);
  let dropped = new Uint8Array(256);
  const known: number[] = [];
  for (let i = 0; i < gold.length; i++) if (gold[i]! >= 0) known.push(i);
  const order = Int32Array.from(known);
  const z = new Float64Array(H), s = new Float64Array(L), dh = new Float64Array(H);
  const { ids, vals, itemStart } = enc;
  let loss = 0;
  const step = (w: Float64Array, acc: Float64Array, k: number, g: number): void => {
    g += l2 * w[k]!;
    acc[k] += g * g;
    w[k] -= (rate * g) / Math.sqrt(acc[k]!);
  };
  for (let epoch = 0; epoch < epochs; epoch++) {
    shuffleInPlace(order, rand);
    loss = 0;
    for (let q = 0; q < order.length; q++) {
      const item = order[q]!, g = gold[item]!;
      const from = itemStart[item]!, to = itemStart[item + 1]!;
      if (to - from > dropped.length) dropped = new Uint8Array(2 * (to - from));
      for (let p = from; p < to; p++) dropped[p - from] = !feeds[ids[p]!] || (dropout > 0 && rand() < dropout) ? 1 : 0;
      trainForward(model, ids, vals, from, to, dropped, keepScale, z, s);
      softmax(s, L);
      loss -= Math.log(Math.max(s[g]!, 1e-300));
      s[g] -= 1; // s is now dLoss/dscore
      for (let h = 0; h < H; h++) {
        const r = z[h]!;
        if (r <= 0) { dh[h] = 0; continue; }
        let d = 0;
        const uo = h * L;
        for (let y = 0; y < L; y++) {
          d += U[uo + y]! * s[y]!;
          step(U, gU, uo + y, r * s[y]!);
        }
        dh[h] = d;
        step(c, gc, h, d);
      }
      if (learnLinear) for (let y = 0; y < L; y++) step(b, gb, y, s[y]!);
      for (let p = from; p < to; p++) {
        const a = ids[p]!, v = vals ? vals[p]! : 1;
        if (!dropped[p - from]) {
          const eo = a * H, ve = v * keepScale;
          for (let h = 0; h < H; h++) if (dh[h] !== 0) step(E, gE, eo + h, ve * dh[h]!);
        }
        if (learnLinear) for (let y = 0, vo = a * L; y < L; y++) step(V, gV, vo + y, v * s[y]!);
      }
    }
    progress?.({ stage: 'sgd', done: epoch + 1, total: epochs, message: `seed ${seed}: mean loss ${(loss / Math.max(1, order.length)).toFixed(4)}` });
  }
  return { model, loss: loss / Math.max(1, order.length), items: order.length };
}

/**
 * Members' scores averaged: one network whose hidden layer is all the members' units side by
 * side, with output weights divided by their number, and the mean of their linear parts.
 */
function mergeMembers(members: readonly Network[]): Network {
  const first = members[0]!;
  if (members.length === 1) return first;
  const k = members.length, H = first.H * k, L = first.b.length, A = first.V.length / L, h0 = first.H;
  const E = new Float64Array(A * H), U = new Float64Array(H * L), c = new Float64Array(H);
  const V = new Float64Array(A * L), b = new Float64Array(L);
  members.forEach((m, j) => {
    for (let a = 0; a < A; a++) E.set(m.E.subarray(a * h0, (a + 1) * h0), a * H + j * h0);
    for (let i = 0; i < h0 * L; i++) U[j * h0 * L + i] = m.U[i]! / k;
    c.set(m.c, j * h0);
    for (let i = 0; i < V.length; i++) V[i] += m.V[i]! / k;
    for (let y = 0; y < L; y++) b[y] += m.b[y]! / k;
  });
  return { H, E, V, c, U, b };
}

/**
 * The saved form: input rows kept only where some weight is not 0, each row quantised to 8-bit
 * integers with its own scale (max |w| / 127: an error of at most 0.4% of the row's largest
 * weight, and a model file a quarter the size), the other weights rounded to float32. The
 * model in memory is the quantised one, so it predicts exactly as its saved copy.
 */
function compact(net: Network, labels: readonly Label[], index: FeatureIndex): MlpModel {
  const { H } = net;
  const A = index.names.length;
  const inputRow = new Int32Array(A).fill(-1);
  let rows = 0;
  for (let a = 0; a < A; a++) {
    for (let h = 0; h < H; h++) {
      if (net.E[a * H + h] !== 0) { inputRow[a] = rows++; break; }
    }
  }
  const Eq = new Int8Array(rows * H), Escale = new Float32Array(rows);
  for (let a = 0; a < A; a++) {
    const row = inputRow[a]!;
    if (row < 0) continue;
    let max = 0;
    for (let h = 0; h < H; h++) max = Math.max(max, Math.abs(net.E[a * H + h]!));
    const scale = Math.fround(max / 127);
    Escale[row] = scale;
    for (let h = 0; h < H; h++) Eq[row * H + h] = Math.max(-127, Math.min(127, Math.round(net.E[a * H + h]! / scale)));
  }
  return { labels, index, H, inputRow, E: dequantise(Eq, Escale, H), Eq, Escale, V: roundToFloat32(net.V), c: roundToFloat32(net.c), U: roundToFloat32(net.U), b: roundToFloat32(net.b) };
}

function dequantise(Eq: Int8Array, Escale: Float32Array, H: number): Float32Array {
  const E = new Float32Array(Eq.length);
  for (let i = 0; i < Eq.length; i++) E[i] = Eq[i]! * Escale[Math.floor(i / H)]!;
  return E;
}

function train(data: readonly LabeledSequence[], params: Params, progress?: TrainProgress): MlpModel {
  const started = performance.now();
  const prep = prepare(data, params, progress);
  const seed = params['seed'] as number;
  const members = params['members'] as number, epochs = params['epochs'] as number;
  // One progress scale over all members' epochs.
  const runs = Array.from({ length: members }, (_, j) => trainMember(prep, params, seed + j, progress && ((e) => progress({ ...e, done: j * epochs + e.done, total: members * epochs }))));
  const model = compact(mergeMembers(runs.map((r) => r.model)), prep.labels, prep.index);
  const loss = runs.reduce((x, r) => x + r.loss, 0) / runs.length;
  return { ...model, training: { items: runs[0]!.items, epochs, loss, seconds: +((performance.now() - started) / 1000).toFixed(3) } };
}

export class MlpLabeler implements Labeler {
  readonly algorithm = 'mlp' as const;
  readonly model: MlpModel;
  private readonly labelPos: readonly number[];

  constructor(model: MlpModel) {
    this.model = model;
    this.labelPos = model.labels.map((l) => LABELS.indexOf(l));
  }

  get vocabulary(): AttributeVocabulary {
    return this.model.index.lookup;
  }

  predict(seq: SequenceInstance): Prediction {
    return this.predictItems(encodeSequences(this.model.index, [seq]));
  }

  predictEncoded(features: EncodedFeatures): Prediction {
    const { itemStart, ids, vals } = features;
    return this.predictItems({ itemStart, ids, vals, seqStart: Int32Array.of(0, itemStart.length - 1) });
  }

  private predictItems(enc: EncodedItems): Prediction {
    const n = enc.itemStart.length - 1, L = this.model.labels.length;
    const z = new Float64Array(this.model.H), s = new Float64Array(L);
    const labels: Label[] = new Array(n);
    const probs: number[][] = new Array(n);
    for (let i = 0; i < n; i++) {
      forward(this.model, enc.ids, enc.vals, enc.itemStart[i]!, enc.itemStart[i + 1]!, z, s);
      softmax(s, L);
      const row = [0, 0, 0, 0];
      let best = 0;
      for (let y = 0; y < L; y++) {
        row[this.labelPos[y]!] = s[y]!;
        if (s[y]! > s[best]!) best = y;
      }
      labels[i] = this.model.labels[best]!;
      probs[i] = row;
    }
    return { labels, probs };
  }

  /**
   * Each attribute's share of the predicted label's score, taken through the units the item
   * switches on: x_a (V[a,y] + sum over active h of E[a,h] U[h,y]).
   */
  explain(seq: SequenceInstance, i: number, top = 10): FeatureContribution[] {
    const n = seq.items.length;
    if (!Number.isInteger(i) || i < 0 || i >= n) throw new PithError('BAD_OPTION', `item ${i} is outside the sequence (0..${n - 1})`);
    const { H, E, V, U, index, inputRow } = this.model;
    const L = this.model.labels.length;
    const enc = encodeSequences(index, [seq]);
    const z = new Float64Array(H), s = new Float64Array(L);
    const from = enc.itemStart[i]!, to = enc.itemStart[i + 1]!;
    forward(this.model, enc.ids, enc.vals, from, to, z, s);
    let y = 0;
    for (let k = 1; k < L; k++) if (s[k]! > s[y]!) y = k;
    const out: FeatureContribution[] = [];
    for (let p = from; p < to; p++) {
      const a = enc.ids[p]!, v = enc.vals ? enc.vals[p]! : 1;
      let w = V[a * L + y]!;
      const row = inputRow[a]!;
      if (row >= 0) for (let h = 0; h < H; h++) if (z[h]! > 0) w += E[row * H + h]! * U[h * L + y]!;
      out.push({ feature: index.names[a]!, weight: v * w });
    }
    out.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight) || (a.feature < b.feature ? -1 : 1));
    return out.slice(0, Math.max(0, top));
  }

  /** Readable text: sizes, training summary, and the linear part's strongest attributes per label. */
  describe(top = 15): string {
    const { index, V, labels, H, E, training } = this.model;
    const L = labels.length;
    const lines = [`mlp model: ${index.names.length} attributes (${E.length / H} feed the ${H} hidden units), labels ${labels.join(' ')}`];
    if (training) lines.push(`training: ${training.items} items, ${training.epochs} epochs, mean loss ${training.loss.toFixed(4)}, ${training.seconds} s`);
    for (let y = 0; y < L; y++) {
      const rows = Array.from({ length: index.names.length }, (_, a) => a).sort((a, b) => V[b * L + y]! - V[a * L + y]!);
      lines.push(`label ${labels[y]}: linear part, strongest for`);
      for (const a of rows.slice(0, top)) lines.push(`  ${fmt(V[a * L + y]!)}  ${index.names[a]}`);
    }
    return lines.join('\n') + '\n';
  }

  toJSON(): unknown {
    const m = this.model;
    return {
      kind: 'mlp', labels: [...m.labels], attributes: [...m.index.names], hidden: m.H,
      inputs: encodeInt32(m.inputRow.reduce<number[]>((acc, row, a) => (row >= 0 ? (acc.push(a), acc) : acc), [])),
      Escale: encodeFloat32(Float64Array.from(m.Escale)), E: encodeBytes(new Uint8Array(m.Eq.buffer, m.Eq.byteOffset, m.Eq.byteLength)), V: encodeFloat32(m.V), c: encodeFloat32(m.c), U: encodeFloat32(m.U), b: encodeFloat32(m.b),
      ...(m.training ? { training: m.training } : {}),
    };
  }
}

function fromJSON(body: unknown): MlpModel {
  if (!isRecord(body) || body['kind'] !== 'mlp') throw new PithError('BAD_MODEL', 'model body is not a network (mlp) model');
  const labels = bodyLabels(body['labels']);
  const names = bodyAttributes(body['attributes']);
  const H = body['hidden'];
  if (typeof H !== 'number' || !Number.isInteger(H) || H < 1 || H > 1024) throw new PithError('BAD_MODEL', `hidden must be a whole number in 1..1024, got ${String(H)}`);
  const index = indexFromFlags(names, new Uint8Array(names.length).fill(ROW_OWN), 'none');
  const A = names.length, L = labels.length;
  const inputs = decodeInt32(body['inputs'], 'inputs');
  const inputRow = new Int32Array(A).fill(-1);
  inputs.forEach((a, row) => {
    if (a < 0 || a >= A || (row > 0 && a <= inputs[row - 1]!)) throw new PithError('BAD_MODEL', `inputs must be ascending attribute numbers below ${A}`);
    inputRow[a] = row;
  });
  const Escale = Float32Array.from(decodeFloat32(body['Escale'], inputs.length, 'Escale'));
  const bytes = decodeBytes(body['E'], inputs.length * H, 'E');
  const Eq = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  const t = body['training'];
  const training = isRecord(t) && ['items', 'epochs', 'loss', 'seconds'].every((k) => typeof t[k] === 'number') ? (t as unknown as MlpModel['training']) : undefined;
  return {
    labels, index, H, inputRow,
    E: dequantise(Eq, Escale, H), Eq, Escale, V: decodeFloat32(body['V'], A * L, 'V'), c: decodeFloat32(body['c'], H, 'c'),
    U: decodeFloat32(body['U'], H * L, 'U'), b: decodeFloat32(body['b'], L, 'b'),
    ...(training ? { training } : {}),
  };
}

export const mlpTrainer: Trainer = {
  algorithm: 'mlp',
  params: MLP_PARAMS,
  train(data: readonly LabeledSequence[], params: Params, progress?: TrainProgress): Labeler {
    return new MlpLabeler(train(data, resolveParams(MLP_PARAMS, params), progress));
  },
  fromJSON(body: unknown): Labeler {
    return new MlpLabeler(fromJSON(body));
  },
};
