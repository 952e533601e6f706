/**
 * RIPPER (Cohen 1995) over blocks, as the list-extraction study used it on parse-tree nodes: an ordered list
 * of rules `label :- test, test, ...`, one rule set per label. Labels are learned from the
 * least frequent to the most frequent; each label's rules separate it from the labels after
 * it (IREP* growing and pruning, MDL stopping, k optimisation passes), its examples are then
 * set aside, and the most frequent label is the default. A block gets the label of the first
 * rule that holds; its probability is that rule's Laplace accuracy on the training blocks
 * reaching it, (p + 1) / (p + n + 2), the rest spread evenly over the other labels.
 */
import { PithError } from '../../errors.js';
import { LABELS, isLabel, type Label } from '../../labels.js';
import type { SequenceInstance } from '../../features/types.js';
import type { FeatureContribution, Labeler, LabeledSequence, Params, Prediction, Trainer, TrainContext, TrainProgress } from '../labeler.js';
import { resolveParams } from '../params.js';
import {
  conditionToJSON, encodeExamples, formatCondition, fmtNumber, Interner, ruleHolds,
  type Condition, type ConditionJSON, type Examples, type ItemFeaturesLike,
} from './conditions.js';
import { checkFeatures, resolveFeatures, type RipperFeature } from './features.js';
import { numericOrders, type GrowContext } from './grow.js';
import { coverPositives, rng, type LearnConfig } from './irep.js';
import { possibleConditions, RuleSetState } from './mdl.js';
import { optimise } from './optimise.js';
import { RIPPER_PARAMS } from './params.js';

export { RIPPER_PARAMS } from './params.js';

/** A rule with its training counts in decision-list order: p of the blocks reaching and matching it have its label, n do not. */
export interface RuleJSON { readonly label: Label; readonly conds: readonly ConditionJSON[]; readonly p: number; readonly n: number }

export interface RipperBody {
  readonly algorithm: 'ripper';
  readonly features: readonly RipperFeature[];
  /** Labels in learning order (least frequent first); the last is the default. */
  readonly order: readonly Label[];
  readonly rules: readonly RuleJSON[];
  readonly default: { readonly label: Label; readonly p: number; readonly n: number };
  readonly examples: number;
}

interface Rule { readonly label: number; readonly conds: readonly Condition[]; readonly p: number; readonly n: number; readonly text: string }

const L = LABELS.length;
const laplace = (p: number, n: number): number => (p + 1) / (p + n + 2);

export class RipperLabeler implements Labeler {
  readonly algorithm = 'ripper' as const;
  private readonly interner = new Interner();
  private readonly rules: Rule[];
  private readonly defaultLabel: number;

  constructor(private readonly body: RipperBody) {
    const n = body.features.length;
    this.rules = body.rules.map((r) => {
      const conds = r.conds.map((c): Condition => {
        const f = body.features[c.f];
        if (!Number.isInteger(c.f) || c.f < 0 || c.f >= n || !f) throw new PithError('BAD_MODEL', `ripper model: condition on feature ${c.f} of ${n}`);
        const numeric = c.op === '<=' || c.op === '>=';
        const ok = numeric ? f.kind === 'numeric' && typeof c.v === 'number' : (c.op === '=' ? f.kind === 'symbolic' : c.op === 'contains' && f.kind === 'set') && typeof c.v === 'string';
        if (!ok) throw new PithError('BAD_MODEL', `ripper model: bad condition ${JSON.stringify(c)}`);
        return { f: c.f, op: c.op, v: numeric ? (c.v as number) : this.interner.id(c.v as string, true) };
      });
      return { label: LABELS.indexOf(r.label), conds, p: r.p, n: r.n, text: '' };
    }).map((r) => ({ ...r, text: this.ruleText(r) }));
    this.defaultLabel = LABELS.indexOf(body.default.label);
  }

  private ruleText(r: { label: number; conds: readonly Condition[]; p: number; n: number }): string {
    const conds = r.conds.map((c) => formatCondition(c, this.body.features, this.interner.names)).join(', ');
    return `${LABELS[r.label]} :- ${conds}. [${r.p}/${r.n}]`;
  }

  /** The rule that labels each item (-1: the default). */
  private firing(seq: SequenceInstance): { x: Examples; fired: Int32Array } {
    const x = encodeExamples(this.body.features, seq.items as readonly ItemFeaturesLike[], this.interner, false);
    const fired = new Int32Array(x.n).fill(-1);
    for (let i = 0; i < x.n; i++) {
      for (let r = 0; r < this.rules.length; r++) if (ruleHolds(this.rules[r]!.conds, x, i)) { fired[i] = r; break; }
    }
    return { x, fired };
  }

  private distribution(r: number): { label: number; probs: number[] } {
    const { label, p, n } = r >= 0 ? this.rules[r]! : { label: this.defaultLabel, p: this.body.default.p, n: this.body.default.n };
    const acc = laplace(p, n);
    const probs = LABELS.map((_, y) => (y === label ? acc : (1 - acc) / (L - 1)));
    return { label, probs };
  }

  predict(seq: SequenceInstance): Prediction {
    const { fired } = this.firing(seq);
    const labels: Label[] = [], probs: number[][] = [];
    for (const r of fired) {
      const d = this.distribution(r);
      labels.push(LABELS[d.label]!);
      probs.push(d.probs);
    }
    return { labels, probs };
  }

  /** The rule that fired (or the default), weighted by its Laplace accuracy. */
  explain(seq: SequenceInstance, i: number): FeatureContribution[] {
    const { fired } = this.firing(seq);
    const r = fired[i] ?? -1;
    const { label, probs } = this.distribution(r);
    const d = this.body.default;
    return [{ feature: r >= 0 ? `rule ${r + 1}: ${this.rules[r]!.text}` : `default: ${d.label} (no rule fired) [${d.p}/${d.n}]`, weight: probs[label]! }];
  }

  /** The rules in decision order, grouped by label, as the list-extraction study's figure prints them. */
  describe(_top: number): string {
    const b = this.body;
    const lines = [
      `RIPPER: ${this.rules.length} rules over ${b.features.length} features, ${b.examples} training blocks`,
      `labels in learning order ${b.order.join(' < ')}; default ${b.default.label}`,
      `features ${b.features.map((f) => `${f.name}(${f.kind})`).join(' ')}`,
      '',
    ];
    for (const label of b.order) {
      const mine = this.rules.map((r, j) => ({ r, j })).filter(({ r }) => LABELS[r.label] === label);
      if (label === b.default.label) break;
      lines.push(`${label}: ${mine.length} rule${mine.length === 1 ? '' : 's'}`);
      for (const { r, j } of mine) lines.push(`  ${j + 1}. ${r.text}  (p=${fmtNumber(laplace(r.p, r.n))})`);
    }
    lines.push(`${b.default.label} :- true. [${b.default.p}/${b.default.n}]  (default, p=${fmtNumber(laplace(b.default.p, b.default.n))})`);
    return lines.join('\n') + '\n';
  }

  toJSON(): RipperBody {
    return this.body;
  }
}

/**
 * One class's rule set over the examples `ids` (positives where pos[i] = 1): IREP* covering,
 * then the k optimisation passes. Shared by the block labeler and other two-class uses
 * (the list finder, src/models/lists).
 */
export function learnClassRules(ctx: GrowContext, ids: Int32Array, pos: Uint8Array, cfg: LearnConfig, random: () => number): Condition[][] {
  const state = new RuleSetState(ctx.x, ids, pos, possibleConditions(ctx.x, ids));
  coverPositives(ctx, state, cfg, random);
  optimise(ctx, state, cfg, random);
  return state.rules;
}

/** Learns the rule sets; returns the model body. */
export function trainRipper(data: readonly LabeledSequence[], params: Params, schema: TrainContext['schema'], progress?: TrainProgress): RipperBody {
  const p = resolveParams(RIPPER_PARAMS, params);
  const features = resolveFeatures(schema, p['features'] as string);
  const random = rng(p['seed'] as number);
  let items: ItemFeaturesLike[] = [];
  let ys: number[] = [];
  for (const seq of data) {
    seq.items.forEach((it, i) => {
      const g = seq.labels[i];
      if (g !== undefined && isLabel(g)) { items.push(it); ys.push(LABELS.indexOf(g)); }
    });
  }
  const max = p['maxExamples'] as number;
  if (items.length > max) {
    // A seeded sample, kept in page order.
    const keep = items.map((_, k) => ({ k, r: random() })).sort((a, b) => a.r - b.r || a.k - b.k).slice(0, max).map((e) => e.k).sort((a, b) => a - b);
    items = keep.map((k) => items[k]!);
    ys = keep.map((k) => ys[k]!);
  }
  const counts = LABELS.map((_, y) => ys.filter((v) => v === y).length);
  const order = LABELS.map((_, y) => y).filter((y) => counts[y]! > 0).sort((a, b) => counts[a]! - counts[b]! || a - b);
  if (order.length === 0) order.push(LABELS.indexOf('other'));
  const interner = new Interner();
  const x = encodeExamples(features, items, interner, true);
  const y = Int8Array.from(ys);
  const ctx: GrowContext = { x, features, order: numericOrders(x, features), symbols: interner.names.length };
  const cfg: LearnConfig = {
    pruneFraction: p['pruneFraction'] as number, minCoverage: p['minCoverage'] as number,
    mdlSlack: p['mdlSlack'] as number, optimisations: p['optimisations'] as number,
  };
  let ids = Int32Array.from(items.keys());
  const learned: { label: number; conds: Condition[] }[] = [];
  order.slice(0, -1).forEach((c, k) => {
    progress?.({ stage: 'ripper', done: k, total: order.length - 1, message: `rules for ${LABELS[c]}` });
    const pos = new Uint8Array(x.n);
    for (const i of ids) pos[i] = y[i] === c ? 1 : 0;
    for (const conds of learnClassRules(ctx, ids, pos, cfg, random)) learned.push({ label: c, conds });
    ids = ids.filter((i) => y[i] !== c);
  });
  // Counts in decision-list order over every training block.
  const reach = new Uint8Array(x.n).fill(1);
  const rules: RuleJSON[] = learned.map((r) => {
    let pp = 0, nn = 0;
    for (let i = 0; i < x.n; i++) {
      if (!reach[i] || !ruleHolds(r.conds, x, i)) continue;
      reach[i] = 0;
      if (y[i] === r.label) pp++; else nn++;
    }
    return { label: LABELS[r.label]!, conds: r.conds.map((c) => conditionToJSON(c, interner.names)), p: pp, n: nn };
  });
  const def = order[order.length - 1]!;
  let dp = 0, dn = 0;
  for (let i = 0; i < x.n; i++) if (reach[i]) { if (y[i] === def) dp++; else dn++; }
  progress?.({ stage: 'ripper', done: order.length - 1, total: order.length - 1, message: `${rules.length} rules` });
  return { algorithm: 'ripper', features, order: order.map((c) => LABELS[c]!), rules, default: { label: LABELS[def]!, p: dp, n: dn }, examples: x.n };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

export function ripperFromJSON(body: unknown): RipperLabeler {
  const bad = (m: string): never => { throw new PithError('BAD_MODEL', `ripper model: ${m}`); };
  if (!isRecord(body) || body['algorithm'] !== 'ripper') return bad('body is not a ripper rule set');
  const features = checkFeatures(body['features']);
  const order = body['order'];
  if (!Array.isArray(order) || order.length === 0 || !order.every(isLabel)) bad('order must list labels');
  const rules = body['rules'];
  if (!Array.isArray(rules) || !rules.every((r) => isRecord(r) && isLabel(r['label']) && Array.isArray(r['conds']) && isCount(r['p']) && isCount(r['n'])
    && (r['conds'] as unknown[]).every((c) => isRecord(c) && ['<=', '>=', '=', 'contains'].includes(c['op'] as string)))) {
    bad('rules must be {label, conds, p, n}');
  }
  const def = body['default'];
  if (!isRecord(def) || !isLabel(def['label']) || !isCount(def['p']) || !isCount(def['n'])) bad('default must be {label, p, n}');
  if (!isCount(body['examples'])) bad('examples must be a count');
  return new RipperLabeler({ ...(body as unknown as RipperBody), features });
}

export const ripperTrainer: Trainer = {
  algorithm: 'ripper',
  params: RIPPER_PARAMS,
  train(data: readonly LabeledSequence[], params: Params, progress?: TrainProgress, context?: TrainContext): Labeler {
    // Through JSON, so a trained labeler and a loaded one are the same object graph.
    return ripperFromJSON(JSON.parse(JSON.stringify(trainRipper(data, params, context?.schema, progress))));
  },
  fromJSON(body: unknown): Labeler {
    return ripperFromJSON(body);
  },
};
