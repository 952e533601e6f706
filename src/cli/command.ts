/**
 * A CLI command: a thin shell over the library API. Each file in `commands/` exports
 * `command`; `main.ts` finds them, so adding a command touches no other file.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface ParsedCommandArgs {
  readonly values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  readonly positionals: string[];
}
import { PithError } from '../errors.js';

export interface CommandIO {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
}

export interface Command {
  readonly name: string;
  /** One line for `pith --help`. */
  readonly summary: string;
  /** Full help text for `pith <name> --help`. */
  readonly help: string;
  /** Returns the exit code. */
  run(argv: readonly string[], io: CommandIO): Promise<number>;
}

/** Exit codes: 0 ok, 1 failure while working, 2 bad usage, 3 bad input (file, page, model, corpus). */
export const EXIT = Object.freeze({ ok: 0, failure: 1, usage: 2, input: 3 });

export type OptionsSpec = NonNullable<ParseArgsConfig['options']>;

/** parseArgs with pith's conventions: unknown flags are usage errors naming the flag. */
export function parseCommandArgs(argv: readonly string[], options: OptionsSpec): ParsedCommandArgs {
  try {
    const r = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
    return { values: r.values as ParsedCommandArgs['values'], positionals: r.positionals };
  } catch (e) {
    throw new PithError('BAD_OPTION', (e as Error).message);
  }
}

/** Parses `--set name=value` pairs. */
export function parseSetPairs(pairs: readonly string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of pairs ?? []) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw new PithError('BAD_OPTION', `--set expects name=value, got '${p}'`);
    out[p.slice(0, eq)] = p.slice(eq + 1);
  }
  return out;
}

/** Typed accessors for parsed option values. */
export function optString(values: ParsedCommandArgs['values'], name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}
export function optBool(values: ParsedCommandArgs['values'], name: string): boolean {
  return values[name] === true;
}
export function optStrings(values: ParsedCommandArgs['values'], name: string): string[] {
  const v = values[name];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
}
export function optInt(values: ParsedCommandArgs['values'], name: string, fallback: number, min = 0): number {
  const v = optString(values, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new PithError('BAD_OPTION', `--${name} must be a whole number >= ${min}, got '${v}'`);
  return n;
}
