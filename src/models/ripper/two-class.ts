/**
 * RIPPER for a two-class problem over any feature rows (ItemFeatures with columns and set
 * attributes), as the list-extraction study used it on parse-tree nodes: positive or not. The same learner as
 * the block labeler (IREP*, MDL, k optimisation passes: `learnClassRules`), one rule set for
 * the positive class, the negative class as the default. Used by the list finder
 * (src/models/lists, docs/lists.md).
 */
import { PithError } from '../../errors.js';
import type { ColumnSpec, ItemFeatures } from '../../features/types.js';
import type { Params } from '../labeler.js';
import { resolveParams } from '../params.js';
import {
  conditionToJSON, encodeExamples, fmtNumber, formatCondition, Interner, ruleHolds,
  type Condition, type ConditionJSON, type Examples,
} from './conditions.js';
import { checkFeatures, type RipperFeature } from './features.js';
import { numericOrders, type GrowContext } from './grow.js';
import { rng, type LearnConfig } from './irep.js';
import { RIPPER_PARAMS } from './params.js';
import { learnClassRules } from './ripper.js';

/** A learned two-class rule set: `positive :- conds` rules with their training counts, then the default (negative). */
export interface TwoClassBody {
  readonly algorithm: 'ripper-two-class';
  readonly positive: string;
  readonly negative: string;
  readonly features: readonly RipperFeature[];
  readonly rules: readonly { readonly conds: readonly ConditionJSON[]; readonly p: number; readonly n: number }[];
  readonly default: { readonly p: number; readonly n: number };
  readonly examples: number;
}

/** RIPPER features for columns (numeric or symbolic, one column each) plus set features read from attributes with a prefix. */
export function featuresOf(columns: readonly ColumnSpec[], sets: readonly { readonly name: string; readonly prefix: string }[]): RipperFeature[] {
  return [
    ...columns.map((c, k): RipperFeature => Object.freeze({ name: c.name, kind: c.kind, columns: Object.freeze([k]), prefixes: Object.freeze([]) })),
    ...sets.map((s): RipperFeature => Object.freeze({ name: s.name, kind: 'set' as const, columns: Object.freeze([]), prefixes: Object.freeze([s.prefix]) })),
  ];
}

const laplace = (p: number, n: number): number => (p + 1) / (p + n + 2);

/** Learns the positive class's rules from `items` (positive where `positive[i]`). Deterministic for a given `seed`. */
export function trainTwoClass(
  items: readonly ItemFeatures[], positive: ArrayLike<boolean>, features: readonly RipperFeature[], params: Params,
  names: { positive: string; negative: string },
): TwoClassBody {
  if (items.length !== positive.length) throw new PithError('BAD_OPTION', 'two-class RIPPER: one label per example');
  const p = resolveParams(RIPPER_PARAMS, params);
  const random = rng(p['seed'] as number);
  const interner = new Interner();
  const x = encodeExamples(features, items, interner, true);
  const pos = new Uint8Array(x.n);
  for (let i = 0; i < x.n; i++) pos[i] = positive[i] ? 1 : 0;
  const ctx: GrowContext = { x, features, order: numericOrders(x, features), symbols: interner.names.length };
  const cfg: LearnConfig = {
    pruneFraction: p['pruneFraction'] as number, minCoverage: p['minCoverage'] as number,
    mdlSlack: p['mdlSlack'] as number, optimisations: p['optimisations'] as number,
  };
  const learned = learnClassRules(ctx, Int32Array.from(items.keys()), pos, cfg, random);
  const reach = new Uint8Array(x.n).fill(1);
  const rules = learned.map((conds) => {
    let pp = 0, nn = 0;
    for (let i = 0; i < x.n; i++) {
      if (!reach[i] || !ruleHolds(conds, x, i)) continue;
      reach[i] = 0;
      if (pos[i]) pp++; else nn++;
    }
    return { conds: conds.map((c) => conditionToJSON(c, interner.names)), p: pp, n: nn };
  });
  let dp = 0, dn = 0;
  for (let i = 0; i < x.n; i++) if (reach[i]) { if (pos[i]) dn++; else dp++; }
  return { algorithm: 'ripper-two-class', ...names, features, rules, default: { p: dp, n: dn }, examples: x.n };
}

/** A two-class rule set ready to apply: which rule fires on each row, and how sure that rule is. */
export class TwoClassRules {
  private readonly interner = new Interner();
  private readonly rules: { conds: Condition[]; p: number; n: number; text: string }[];

  constructor(readonly body: TwoClassBody) {
    const nf = body.features.length;
    this.rules = body.rules.map((r) => {
      const conds = r.conds.map((c): Condition => {
        const f = body.features[c.f];
        if (!Number.isInteger(c.f) || c.f < 0 || c.f >= nf || !f) throw new PithError('BAD_MODEL', `rule set: condition on feature ${c.f} of ${nf}`);
        const numeric = c.op === '<=' || c.op === '>=';
        const ok = numeric ? f.kind === 'numeric' && typeof c.v === 'number'
          : (c.op === '=' ? f.kind === 'symbolic' : c.op === 'contains' && f.kind === 'set') && typeof c.v === 'string';
        if (!ok) throw new PithError('BAD_MODEL', `rule set: bad condition ${JSON.stringify(c)}`);
        return { f: c.f, op: c.op, v: numeric ? (c.v as number) : this.interner.id(c.v as string, true) };
      });
      return { conds, p: r.p, n: r.n, text: '' };
    });
    for (const r of this.rules) r.text = `${body.positive} :- ${r.conds.map((c) => formatCondition(c, body.features, this.interner.names)).join(', ')}. [${r.p}/${r.n}]`;
  }

  private encode(items: readonly ItemFeatures[]): Examples {
    return encodeExamples(this.body.features, items, this.interner, false);
  }

  /** Per row: the number of the first rule that holds, or -1 (the default: negative). */
  fire(items: readonly ItemFeatures[]): Int32Array {
    const x = this.encode(items);
    const fired = new Int32Array(x.n).fill(-1);
    for (let i = 0; i < x.n; i++) {
      for (let r = 0; r < this.rules.length; r++) if (ruleHolds(this.rules[r]!.conds, x, i)) { fired[i] = r; break; }
    }
    return fired;
  }

  /** Laplace accuracy of rule r on the training rows reaching it (-1: the default's probability of positive). */
  probability(r: number): number {
    if (r < 0) return 1 - laplace(this.body.default.p, this.body.default.n);
    const rule = this.rules[r]!;
    return laplace(rule.p, rule.n);
  }

  ruleText(r: number): string {
    return r < 0 ? `default: ${this.body.negative}` : this.rules[r]!.text;
  }

  /** The rules in decision order, as the list-extraction study's figure prints them. */
  describe(): string {
    const b = this.body;
    const lines = [
      `RIPPER: ${this.rules.length} rules over ${b.features.length} features, ${b.examples} training examples`,
      `features ${b.features.map((f) => `${f.name}(${f.kind})`).join(' ')}`,
      '',
      `${b.positive}: ${this.rules.length} rule${this.rules.length === 1 ? '' : 's'}`,
      ...this.rules.map((r, j) => `  ${j + 1}. ${r.text}  (p=${fmtNumber(laplace(r.p, r.n))})`),
      `${b.negative} :- true. [${b.default.p}/${b.default.n}]  (default, p=${fmtNumber(laplace(b.default.p, b.default.n))})`,
    ];
    return lines.join('\n') + '\n';
  }
}

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** Checks a stored body and rebuilds the rule set; PithError('BAD_MODEL') when malformed. */
export function twoClassFromJSON(body: unknown): TwoClassRules {
  const bad = (m: string): never => { throw new PithError('BAD_MODEL', `rule set: ${m}`); };
  if (typeof body !== 'object' || body === null || (body as Record<string, unknown>)['algorithm'] !== 'ripper-two-class') return bad('not a two-class RIPPER rule set');
  const b = body as Record<string, unknown>;
  const features = checkFeatures(b['features']);
  if (typeof b['positive'] !== 'string' || typeof b['negative'] !== 'string') bad('positive and negative must be names');
  const rules = b['rules'];
  if (!Array.isArray(rules) || !rules.every((r) => typeof r === 'object' && r !== null && Array.isArray(r.conds) && isCount(r.p) && isCount(r.n)
    && (r.conds as unknown[]).every((c) => typeof c === 'object' && c !== null && ['<=', '>=', '=', 'contains'].includes((c as Record<string, unknown>)['op'] as string)))) {
    bad('rules must be {conds, p, n}');
  }
  const d = b['default'] as Record<string, unknown> | undefined;
  if (typeof d !== 'object' || d === null || !isCount(d['p']) || !isCount(d['n'])) bad('default must be {p, n}');
  if (!isCount(b['examples'])) bad('examples must be a count');
  return new TwoClassRules({ ...(body as TwoClassBody), features });
}
