/**
 * Extractors named on the command line: `all-text,readability,oracle`, and `kind:argument`
 * forms resolved by a factory for `kind` (e.g. `model:models/default.json`). The built-in
 * table is frozen; callers that know more kinds (the CLI, once models exist) pass their own
 * factories, so adding one is a one-line change where it is used, with no global registry.
 */
import { PithError } from '../errors.js';
import type { Extractor } from './extractor.js';
import { allTextExtractor } from './baselines/all-text.js';
import { oracleExtractor } from './baselines/oracle.js';
import { readabilityExtractor } from './baselines/readability.js';

export const BUILTIN_EXTRACTORS: Readonly<Record<string, Extractor>> = Object.freeze({
  'all-text': allTextExtractor,
  readability: readabilityExtractor,
  oracle: oracleExtractor,
});

export const DEFAULT_EXTRACTORS = 'all-text,readability,oracle';

/** Builds the extractor for `kind:argument`; the argument is everything after the first ':'. */
export type ExtractorFactory = (argument: string) => Extractor | Promise<Extractor>;

export async function resolveExtractors(
  spec: string,
  factories: Readonly<Record<string, ExtractorFactory>> = {},
): Promise<Extractor[]> {
  const names = spec.split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) throw new PithError('BAD_OPTION', 'no extractor named', '--extractor');
  const out: Extractor[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) continue;
    seen.add(name);
    const colon = name.indexOf(':');
    if (colon > 0) {
      const kind = name.slice(0, colon);
      const factory = Object.hasOwn(factories, kind) ? factories[kind] : undefined;
      if (!factory) {
        const kinds = Object.keys(factories);
        throw new PithError('BAD_OPTION', `unknown extractor kind '${kind}'${kinds.length ? ` (known: ${kinds.join(', ')})` : ''}`, '--extractor');
      }
      out.push(await factory(name.slice(colon + 1)));
      continue;
    }
    const e = Object.hasOwn(BUILTIN_EXTRACTORS, name) ? BUILTIN_EXTRACTORS[name] : undefined;
    if (!e) throw new PithError('BAD_OPTION', `unknown extractor '${name}' (known: ${Object.keys(BUILTIN_EXTRACTORS).join(', ')})`, '--extractor');
    out.push(e);
  }
  return out;
}
