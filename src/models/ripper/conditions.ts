/**
 * RIPPER's primitive tests and the examples they test, column-major:
 *   numeric   f <= q, f >= q   (q a value seen in training; NaN satisfies neither)
 *   symbolic  f = a
 *   set       f contains a     (list-extraction study's `a IN f`)
 * Symbols are interned to numbers once; a symbol never seen in training gets -1 and so
 * equals nothing.
 */
import type { ItemFeatures } from '../../features/types.js';
import { numericValue, setValues, symbolicValue, type RipperFeature } from './features.js';

export type Op = '<=' | '>=' | '=' | 'contains';

export interface Condition {
  /** Feature number (index into the model's features). */
  readonly f: number;
  readonly op: Op;
  /** Threshold (numeric) or interned symbol. */
  readonly v: number;
}

export class Interner {
  private readonly ids = new Map<string, number>();
  readonly names: string[] = [];
  /** The symbol's number, adding it when `grow`; -1 for an unknown one otherwise. */
  id(s: string, grow: boolean): number {
    let k = this.ids.get(s);
    if (k === undefined) {
      if (!grow) return -1;
      this.ids.set(s, (k = this.names.length));
      this.names.push(s);
    }
    return k;
  }
}

/** Examples, one array per feature (only the one of its kind is set). */
export interface Examples {
  readonly n: number;
  readonly num: readonly (Float64Array | null)[];
  readonly sym: readonly (Int32Array | null)[];
  /** Set members of example i: setVals[f][setStart[f][i] .. setStart[f][i+1]). */
  readonly setStart: readonly (Int32Array | null)[];
  readonly setVals: readonly (Int32Array | null)[];
}

export function encodeExamples(features: readonly RipperFeature[], items: readonly ItemFeatures[], interner: Interner, grow: boolean): Examples {
  const n = items.length;
  const num: (Float64Array | null)[] = [], sym: (Int32Array | null)[] = [], setStart: (Int32Array | null)[] = [], setVals: (Int32Array | null)[] = [];
  features.forEach((f, k) => {
    num[k] = sym[k] = setStart[k] = setVals[k] = null;
    if (f.kind === 'numeric') {
      const a = (num[k] = new Float64Array(n));
      for (let i = 0; i < n; i++) a[i] = numericValue(f, items[i]!);
    } else if (f.kind === 'symbolic') {
      const a = (sym[k] = new Int32Array(n));
      for (let i = 0; i < n; i++) a[i] = interner.id(symbolicValue(f, items[i]!), grow);
    } else {
      const start = (setStart[k] = new Int32Array(n + 1));
      const vals: number[] = [];
      for (let i = 0; i < n; i++) {
        for (const s of setValues(f, items[i]!)) {
          const id = interner.id(s, grow);
          if (id >= 0) vals.push(id);
        }
        start[i + 1] = vals.length;
      }
      setVals[k] = Int32Array.from(vals);
    }
  });
  return { n, num, sym, setStart, setVals };
}

export function holds(c: Condition, x: Examples, i: number): boolean {
  switch (c.op) {
    case '<=': return x.num[c.f]![i]! <= c.v;
    case '>=': return x.num[c.f]![i]! >= c.v;
    case '=': return x.sym[c.f]![i] === c.v;
    case 'contains': {
      const st = x.setStart[c.f]!, vals = x.setVals[c.f]!;
      for (let k = st[i]!, e = st[i + 1]!; k < e; k++) if (vals[k] === c.v) return true;
      return false;
    }
  }
}

export function ruleHolds(conds: readonly Condition[], x: Examples, i: number): boolean {
  for (const c of conds) if (!holds(c, x, i)) return false;
  return true;
}

/** The examples of `ids` a condition keeps. */
export function filterIds(c: Condition, x: Examples, ids: Int32Array): Int32Array {
  const out = new Int32Array(ids.length);
  let m = 0;
  for (let k = 0; k < ids.length; k++) if (holds(c, x, ids[k]!)) out[m++] = ids[k]!;
  return out.slice(0, m);
}

/** Readable number: at most 4 significant digits, no trailing zeros. */
export function fmtNumber(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(4)));
}

export function formatCondition(c: Condition, features: readonly RipperFeature[], symbols: readonly string[]): string {
  const name = features[c.f]!.name;
  if (c.op === '<=' || c.op === '>=') return `${name} ${c.op} ${fmtNumber(c.v)}`;
  return `${name} ${c.op} ${symbols[c.v] ?? '?'}`;
}

/** Serialised form: symbols as strings, so a model does not depend on interning order. */
export interface ConditionJSON { readonly f: number; readonly op: Op; readonly v: number | string }

export function conditionToJSON(c: Condition, symbols: readonly string[]): ConditionJSON {
  return { f: c.f, op: c.op, v: c.op === '<=' || c.op === '>=' ? c.v : symbols[c.v]! };
}
export type ItemFeaturesLike = ItemFeatures;
