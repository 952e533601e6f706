/**
 * RIPPER's view of a block: the list-extraction study's nineteen parse-tree node features, each read from the
 * `pith-blocks` columns and attributes a page's SequenceInstance already carries (the mapping
 * is documented in docs/ripper.md). Three kinds, as RIPPER's: numeric (tests f <= q, f >= q),
 * symbolic (f = a) and set-valued (f contains a). A model stores its features with their
 * column numbers, so prediction needs no schema.
 */
import { PithError } from '../../errors.js';
import type { ColumnSpec, FeatureSchema, ItemFeatures } from '../../features/types.js';

export type FeatureKind = 'numeric' | 'symbolic' | 'set';

export interface RipperFeature {
  /** Name shown in rules (list-extraction study's name where it has one). */
  readonly name: string;
  readonly kind: FeatureKind;
  /** Schema column numbers read (one for numeric and symbolic; any for a set). */
  readonly columns: readonly number[];
  /** Attribute prefixes whose rest joins a set (`desc:` -> `a-href`). */
  readonly prefixes: readonly string[];
}

interface FeatureDef {
  readonly name: string;
  readonly kind: FeatureKind;
  readonly columns: readonly string[];
  readonly prefixes?: readonly string[];
}

/** The list-extraction study's nineteen features, mapped to pith's columns (docs/ripper.md). */
export const PARSE_TREE_NODE_FEATURES: readonly FeatureDef[] = Object.freeze([
  { name: 'tagName', kind: 'symbolic', columns: ['tag'] },
  { name: 'parentTagName', kind: 'symbolic', columns: ['parent'] },
  { name: 'boxTagName', kind: 'symbolic', columns: ['box'] },
  { name: 'ancestorTagNames', kind: 'set', columns: ['parent', 'grandparent'], prefixes: ['in:'] },
  { name: 'descendantTagNames', kind: 'set', columns: [], prefixes: ['desc:'] },
  { name: 'textLength', kind: 'numeric', columns: ['len'] },
  { name: 'nonWhiteTextLength', kind: 'numeric', columns: ['wordCount'] },
  { name: 'recursiveTextLength', kind: 'numeric', columns: ['regionChars'] },
  { name: 'textDensity', kind: 'numeric', columns: ['textDensity'] },
  { name: 'linkDensity', kind: 'numeric', columns: ['linkDensity'] },
  { name: 'recursiveLinkDensity', kind: 'numeric', columns: ['regionLinkDensity'] },
  { name: 'depth', kind: 'numeric', columns: ['depth'] },
  { name: 'numChildren', kind: 'numeric', columns: ['children'] },
  { name: 'numSiblings', kind: 'numeric', columns: ['siblings'] },
  { name: 'position', kind: 'numeric', columns: ['relIndex'] },
  { name: 'normalizedNodePrefixCount', kind: 'numeric', columns: ['prefixShare'] },
  { name: 'normalizedNodeSuffixCount', kind: 'numeric', columns: ['suffixShare'] },
  { name: 'normalizedSamePathCount', kind: 'numeric', columns: ['sameShare'] },
  { name: 'normalizedParentPrefixCount', kind: 'numeric', columns: ['parentPrefixShare'] },
]);

/**
 * The features to learn from under `schema`: `parse-tree` (or its old name `seed003`: those of its columns the schema has;
 * an error when it has none) or `all` (every column, by its declared kind, plus the two sets).
 */
export function resolveFeatures(schema: FeatureSchema | undefined, which: string): RipperFeature[] {
  if (!schema) throw new PithError('BAD_OPTION', 'ripper: training needs the feature schema (column names)');
  const at = new Map<string, number>(schema.columns.map((c: ColumnSpec, k) => [c.name, k]));
  const defs: FeatureDef[] = which === 'all'
    ? [
      ...schema.columns.map((c): FeatureDef => ({ name: c.name, kind: c.kind, columns: [c.name] })),
      ...PARSE_TREE_NODE_FEATURES.filter((f) => f.kind === 'set'),
    ]
    : [...PARSE_TREE_NODE_FEATURES];
  const out: RipperFeature[] = [];
  for (const d of defs) {
    const cols = d.columns.map((c) => at.get(c));
    if (cols.some((c) => c === undefined)) continue; // the schema lacks that family
    if (d.kind !== 'set' && cols.length !== 1) continue;
    out.push(Object.freeze({ name: d.name, kind: d.kind, columns: Object.freeze(cols as number[]), prefixes: Object.freeze([...(d.prefixes ?? [])]) }));
  }
  if (out.length === 0) throw new PithError('BAD_OPTION', `ripper: the feature schema has none of the ${which} features' columns`);
  return out;
}

/** A feature's numeric value (NaN when missing: no numeric test holds). */
export function numericValue(f: RipperFeature, item: ItemFeatures): number {
  const v = item.columns[f.columns[0]!];
  return typeof v === 'number' && Number.isFinite(v) ? v : NaN;
}

export function symbolicValue(f: RipperFeature, item: ItemFeatures): string {
  const v = item.columns[f.columns[0]!];
  return v === undefined ? '_' : String(v);
}

/** A set feature's members, distinct ('_' and '' dropped). */
export function setValues(f: RipperFeature, item: ItemFeatures): string[] {
  const out = new Set<string>();
  for (const c of f.columns) {
    const v = item.columns[c];
    if (typeof v === 'string' && v !== '_' && v !== '') out.add(v);
  }
  if (f.prefixes.length) {
    for (const a of item.attrs) {
      for (const p of f.prefixes) if (a.startsWith(p)) out.add(a.slice(p.length));
    }
  }
  return [...out];
}

export function checkFeatures(x: unknown): RipperFeature[] {
  const bad = (m: string): never => { throw new PithError('BAD_MODEL', `ripper model: ${m}`); };
  if (!Array.isArray(x) || x.length === 0) bad('features must be a non-empty list');
  return (x as unknown[]).map((f) => {
    const r = f as Record<string, unknown>;
    if (typeof r !== 'object' || r === null || typeof r['name'] !== 'string' || !['numeric', 'symbolic', 'set'].includes(r['kind'] as string)
      || !Array.isArray(r['columns']) || !(r['columns'] as unknown[]).every((c) => Number.isInteger(c) && (c as number) >= 0)
      || !Array.isArray(r['prefixes']) || !(r['prefixes'] as unknown[]).every((p) => typeof p === 'string')) {
      bad('malformed feature');
    }
    return r as unknown as RipperFeature;
  });
}
