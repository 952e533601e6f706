/**
 * Options of the block feature set, resolved once into a frozen config. Every value
 * that changes what features a page gets is part of the schema hash.
 */
import { PithError } from '../errors.js';

/** The feature families of the `pith-blocks` set, in output order. */
export const FAMILY_NAMES = Object.freeze([
  'kind',
  'words',
  'stop-words',
  'entities',
  'title-case',
  'anchor',
  'title-match',
  'ancestors',
  'descendants',
  'siblings',
  'word-count',
  'after-image',
  'window',
  'structure',
  'markup-tokens',
  'link-density',
  'position',
  'text-density',
  'heading',
  'containers',
  'schema',
  'prose-core',
  'title-anchor',
  'page-kind',
  'prose-span',
  'cues',
  'visual',
] as const);
export type FamilyName = (typeof FAMILY_NAMES)[number];

/** Families computed only when asked for by name: `visual` needs a rendered layout (`pith render`). */
export const OPT_IN_FAMILIES: readonly FamilyName[] = Object.freeze(['visual']);
/** What `families` defaults to: every family but the opt-in ones. */
export const DEFAULT_FAMILIES: readonly FamilyName[] = Object.freeze(FAMILY_NAMES.filter((f) => !OPT_IN_FAMILIES.includes(f)));

export function isFamilyName(x: unknown): x is FamilyName {
  return typeof x === 'string' && (FAMILY_NAMES as readonly string[]).includes(x);
}

export type WordMode = 'literal' | 'hashed';

export interface FeatureOptions {
  /** Families to compute. Default: `DEFAULT_FAMILIES` (all but the opt-in `visual`). */
  readonly families?: readonly FamilyName[];
  /** Families to switch off (ablation); applied after `families`. Default: none. */
  readonly exclude?: readonly FamilyName[];
  /**
   * Bag of words: `literal` keeps `w:<token>` attributes (readable in explanations);
   * `hashed` maps tokens to `w#<bucket>` so the attribute space stays bounded whatever
   * the corpus. Default `literal` (still bounded per block by `maxWordsPerBlock`).
   */
  readonly words?: WordMode;
  /** Buckets for `words: 'hashed'`. Default 2^18. */
  readonly wordBuckets?: number;
  /** Distinct word attributes per block, first occurrences kept. Default 64. */
  readonly maxWordsPerBlock?: number;
  /** Tokens looked at per block (longer blocks are cut for token features). Default 400. */
  readonly maxTokensPerBlock?: number;
  /** Distinct class/id/itemprop/role tokens per block (own + ancestors, nearest first). Default 16. */
  readonly maxMarkupTokens?: number;
}

export interface FeatureConfig {
  readonly families: readonly FamilyName[];
  readonly words: WordMode;
  readonly wordBuckets: number;
  readonly maxWordsPerBlock: number;
  readonly maxTokensPerBlock: number;
  readonly maxMarkupTokens: number;
}

function intOption(name: string, v: number | undefined, def: number, min: number, max: number): number {
  if (v === undefined) return def;
  if (!Number.isInteger(v) || v < min || v > max) {
    throw new PithError('BAD_OPTION', `${name} must be an integer in [${min}, ${max}], got ${String(v)}`, name);
  }
  return v;
}

/**
 * Options resolved before, by the options object: extraction passes a model's options with
 * every page. An entry holds only while the object still says the same (lists compared item
 * by item), so options changed in place are resolved afresh.
 */
const resolvedCache = new WeakMap<FeatureOptions, { readonly seen: FeatureOptions; readonly config: FeatureConfig }>();

function sameList(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** Whether two option objects hold the same values (every key of either; lists by their items). */
function sameOptions(a: FeatureOptions, b: FeatureOptions): boolean {
  const av = a as Readonly<Record<string, unknown>>;
  const bv = b as Readonly<Record<string, unknown>>;
  for (const key of new Set([...Object.keys(av), ...Object.keys(bv)])) {
    const x = av[key];
    const y = bv[key];
    if (Array.isArray(x) || Array.isArray(y)) {
      if (!Array.isArray(x) || !Array.isArray(y) || !sameList(x, y)) return false;
    } else if (x !== y) return false;
  }
  return true;
}

export function resolveFeatureOptions(options: FeatureOptions = {}): FeatureConfig {
  const known = resolvedCache.get(options);
  if (known && sameOptions(known.seen, options)) return known.config;
  const config = resolveAfresh(options);
  const seen: FeatureOptions = { ...options, families: options.families?.slice(), exclude: options.exclude?.slice() };
  resolvedCache.set(options, { seen, config });
  return config;
}

function resolveAfresh(options: FeatureOptions): FeatureConfig {
  const check = (list: readonly unknown[] | undefined, what: string): void => {
    for (const f of list ?? []) {
      if (!isFamilyName(f)) {
        throw new PithError('BAD_OPTION', `unknown feature family '${String(f)}' (${what}); known: ${FAMILY_NAMES.join(', ')}`, what);
      }
    }
  };
  check(options.families, 'families');
  check(options.exclude, 'exclude');
  const wanted = new Set<FamilyName>(options.families ?? DEFAULT_FAMILIES);
  for (const f of options.exclude ?? []) wanted.delete(f);
  // Output order is the registry's, whatever order the caller listed them in.
  const families = FAMILY_NAMES.filter((f) => wanted.has(f));
  const words = options.words ?? 'literal';
  if (words !== 'literal' && words !== 'hashed') throw new PithError('BAD_OPTION', `words must be 'literal' or 'hashed', got '${String(words)}'`, 'words');
  return Object.freeze({
    families: Object.freeze(families),
    words,
    wordBuckets: intOption('wordBuckets', options.wordBuckets, 1 << 18, 2, 1 << 24),
    maxWordsPerBlock: intOption('maxWordsPerBlock', options.maxWordsPerBlock, 64, 1, 10_000),
    maxTokensPerBlock: intOption('maxTokensPerBlock', options.maxTokensPerBlock, 400, 1, 100_000),
    maxMarkupTokens: intOption('maxMarkupTokens', options.maxMarkupTokens, 16, 0, 1000),
  });
}
