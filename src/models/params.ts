/**
 * Training parameters are declared once per learner (ParamSpec) and resolved here:
 * defaults, type checks, ranges and choices, `--set name=value` strings, and help text.
 */
import { PithError } from '../errors.js';
import type { ParamSpec, Params } from './labeler.js';

/** Values as given: typed (from code) or strings (from `--set name=value`). */
export type RawParams = Readonly<Record<string, string | number | boolean>>;

const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

/** Converts and checks one value against its spec; throws PithError('BAD_OPTION'). */
export function parseParamValue(spec: ParamSpec, raw: string | number | boolean): number | boolean | string {
  const bad = (why: string): never => {
    throw new PithError('BAD_OPTION', `parameter '${spec.name}' ${why}, got '${String(raw)}'`);
  };
  switch (spec.type) {
    case 'boolean': {
      if (typeof raw === 'boolean') return raw;
      const s = String(raw).trim().toLowerCase();
      if (TRUE.has(s)) return true;
      if (FALSE.has(s)) return false;
      return bad('must be true or false');
    }
    case 'number':
    case 'integer': {
      if (typeof raw === 'boolean') return bad(`must be a ${spec.type === 'integer' ? 'whole number' : 'number'}`);
      const s = typeof raw === 'number' ? raw : String(raw).trim() === '' ? NaN : Number(raw);
      if (!Number.isFinite(s)) return bad('must be a finite number');
      if (spec.type === 'integer' && !Number.isInteger(s)) return bad('must be a whole number');
      if (spec.min !== undefined && s < spec.min) return bad(`must be >= ${spec.min}`);
      if (spec.max !== undefined && s > spec.max) return bad(`must be <= ${spec.max}`);
      return s;
    }
    case 'string': {
      if (typeof raw !== 'string') return bad('must be a string');
      if (spec.choices && !spec.choices.includes(raw)) return bad(`must be one of ${spec.choices.join(', ')}`);
      return raw;
    }
  }
}

/**
 * Every declared parameter, from `given` or its default, checked; unknown names are an
 * error that lists the known ones. The result is frozen; `given` is not modified.
 */
export function resolveParams(specs: readonly ParamSpec[], given: RawParams = {}): Params {
  const byName = new Map(specs.map((s) => [s.name, s]));
  for (const name of Object.keys(given)) {
    if (!byName.has(name)) {
      const known = specs.map((s) => s.name).join(', ');
      throw new PithError('BAD_OPTION', `unknown parameter '${name}' (known: ${known || 'none'})`);
    }
  }
  const out: Record<string, number | boolean | string> = {};
  for (const spec of specs) {
    const v = given[spec.name];
    out[spec.name] = v === undefined ? spec.default : parseParamValue(spec, v);
  }
  return Object.freeze(out);
}

/** Checks a spec list itself: unique names, defaults that pass their own checks. */
export function validateParamSpecs(specs: readonly ParamSpec[]): void {
  const seen = new Set<string>();
  for (const s of specs) {
    if (seen.has(s.name)) throw new Error(`parameter '${s.name}' declared twice`);
    seen.add(s.name);
    if (parseParamValue(s, s.default) !== s.default) throw new Error(`parameter '${s.name}': default does not parse to itself`);
  }
}

/** Help text: one block per parameter with type, default, range and description. */
export function formatParamHelp(specs: readonly ParamSpec[]): string {
  const lines: string[] = [];
  for (const s of specs) {
    const range = s.choices ? ` {${s.choices.join('|')}}` : s.min !== undefined || s.max !== undefined ? ` [${s.min ?? '-inf'}, ${s.max ?? 'inf'}]` : '';
    lines.push(`  ${s.name} (${s.type}${range}, default ${String(s.default)})`);
    lines.push(`      ${s.help}`);
  }
  return lines.join('\n') + '\n';
}
