/**
 * The `pith-blocks` feature set: the registry of families, the schema (with its hash)
 * and `computeFeatures`, which turns a page into one item per block (text, image and
 * media blocks alike) carrying sparse attributes and fixed columns.
 */
import { createHash } from 'node:crypto';
import type { Page } from '../page.js';
import { siteOfUrl } from '../util/site.js';
import { FAMILY_NAMES, resolveFeatureOptions, type FamilyName, type FeatureConfig, type FeatureOptions } from './config.js';
import { NONE, matchesAttributePattern, prefixRefs, type FamilyOutput, type FeatureFamily, type PrefixRefs } from './family.js';
import { PageContext } from './page-context.js';
import type { AttributeVocabulary, ColumnSpec, EncodedFeatures, FeatureSchema, ItemFeatures, SequenceInstance } from './types.js';
import { entitiesFamily, kindFamily, stopWordsFamily, titleCaseFamily, wordCountFamily, wordsFamily } from './families/lexical.js';
import { titleAnchorFamily, titleMatchFamily } from './families/title-match.js';
import { ancestorsFamily, descendantsFamily, siblingsFamily, structureFamily } from './families/tree-tags.js';
import { afterImageFamily, positionFamily, windowFamily } from './families/context.js';
import { containersFamily, headingFamily, markupTokensFamily, schemaFamily } from './families/markup.js';
import { cuesFamily } from './families/cues.js';
import { visualFamily } from './families/visual.js';
import { anchorFamily, linkDensityFamily, pageKindFamily, proseCoreFamily, proseSpanFamily, textDensityFamily } from './families/density.js';

export const BLOCK_FEATURE_SET = 'pith-blocks';
/** Bump when any family's output changes meaning: models trained before then refuse to load. */
export const BLOCK_FEATURE_VERSION = 1;

const ALL: readonly FeatureFamily[] = [
  kindFamily, wordsFamily, stopWordsFamily, entitiesFamily, titleCaseFamily, anchorFamily, titleMatchFamily,
  ancestorsFamily, descendantsFamily, siblingsFamily, wordCountFamily, afterImageFamily, windowFamily,
  structureFamily, markupTokensFamily, linkDensityFamily, positionFamily, textDensityFamily, headingFamily,
  containersFamily, schemaFamily, proseCoreFamily, titleAnchorFamily, pageKindFamily,
  proseSpanFamily, cuesFamily, visualFamily,
];
const BY_NAME: ReadonlyMap<FamilyName, FeatureFamily> = new Map(ALL.map((f) => [f.name, f]));
// The closed union and the registry must list the same families.
for (const n of FAMILY_NAMES) if (!BY_NAME.has(n)) throw new Error(`feature family '${n}' is not registered`);

/** Every family with its documentation, in output order. */
export const FEATURE_FAMILIES: readonly Pick<FeatureFamily, 'name' | 'doc' | 'columns'>[] = Object.freeze(
  FAMILY_NAMES.map((n) => BY_NAME.get(n)!),
);

export function hashSchema(parts: Omit<FeatureSchema, 'hash'>): string {
  const canonical = JSON.stringify({
    name: parts.name,
    version: parts.version,
    families: parts.families,
    columns: parts.columns.map((c) => [c.name, c.kind, c.family]),
    params: parts.params ? Object.keys(parts.params).sort().map((k) => [k, parts.params![k]]) : [],
  });
  return createHash('sha256').update(canonical).digest('hex');
}

// Distinct configs are few (one per model or ablation run): build each schema and its
// sha256 once, not once per page.
const schemaCache = new Map<string, FeatureSchema>();

function schemaOf(config: FeatureConfig): FeatureSchema {
  const key = JSON.stringify(config);
  let schema = schemaCache.get(key);
  if (!schema) schemaCache.set(key, (schema = buildSchema(config)));
  return schema;
}

function buildSchema(config: FeatureConfig): FeatureSchema {
  const columns: ColumnSpec[] = [];
  for (const name of config.families) {
    for (const c of BY_NAME.get(name)!.columns) columns.push(Object.freeze({ name: c.name, kind: c.kind, family: name }));
  }
  // Only settings that change the output of a switched-on family go into the hash.
  const params: Record<string, string | number> = {};
  if (config.families.includes('words')) {
    params['words'] = config.words;
    params['maxWordsPerBlock'] = config.maxWordsPerBlock;
    if (config.words === 'hashed') params['wordBuckets'] = config.wordBuckets;
  }
  if (config.families.includes('markup-tokens')) params['maxMarkupTokens'] = config.maxMarkupTokens;
  params['maxTokensPerBlock'] = config.maxTokensPerBlock;
  const base = { name: BLOCK_FEATURE_SET, version: BLOCK_FEATURE_VERSION, families: config.families, columns: Object.freeze(columns), params: Object.freeze(params) };
  return Object.freeze({ ...base, hash: hashSchema(base) });
}

/** The switched-on families, in registry order. */
function familiesOf(config: FeatureConfig): FeatureFamily[] {
  return config.families.map((n) => BY_NAME.get(n)!);
}

/**
 * The families of `config` that can emit a name of `vocab`, in output order. The rest would
 * only emit names the vocabulary drops, so skipping them changes no encoding (families share
 * page facts only through the context's memos, which whoever asks first computes).
 */
function familiesReaching(config: FeatureConfig, vocab: AttributeVocabulary): FeatureFamily[] {
  let byConfig = reachingCache.get(vocab);
  if (!byConfig) reachingCache.set(vocab, (byConfig = new Map()));
  const key = config.families.join(',');
  let families = byConfig.get(key);
  if (!families) {
    const reached = namedInKnown.get(vocab) ?? familiesNamedIn(vocab);
    byConfig.set(key, (families = familiesOf(config).filter((f) => reached.has(f.name))));
  }
  return families;
}
const reachingCache = new WeakMap<AttributeVocabulary, Map<string, FeatureFamily[]>>();
const namedInKnown = new WeakMap<AttributeVocabulary, ReadonlySet<FamilyName>>();

/**
 * Records `familiesNamedIn(vocab)` found before under the same `familyAttributePatterns()` (a
 * compiled model stores it: src/models/model-binary.ts), sparing a pass over the vocabulary.
 */
export function rememberFamiliesNamedIn(vocab: AttributeVocabulary, families: readonly FamilyName[]): void {
  namedInKnown.set(vocab, new Set(families));
}

/** What `familiesNamedIn` reads of the registry, as text: each family's name and declared attribute patterns. */
export function familyAttributePatterns(): string {
  return JSON.stringify(ALL.map((f) => [f.name, f.attributes]));
}

/** Names of the families that emit any of the vocabulary's names (by their declared `attributes`). */
export function familiesNamedIn(vocab: AttributeVocabulary): Set<FamilyName> {
  // Patterns bucketed by first character: one short list per name, not every family's.
  const buckets = new Map<string, { family: FamilyName; pattern: string }[]>();
  for (const f of ALL) {
    for (const pattern of f.attributes) {
      const c = pattern.charAt(0);
      let list = buckets.get(c);
      if (!list) buckets.set(c, (list = []));
      list.push({ family: f.name, pattern });
    }
  }
  const out = new Set<FamilyName>();
  for (const name of vocab.keys()) {
    for (const { family, pattern } of buckets.get(name.charAt(0)) ?? []) {
      if (!out.has(family) && matchesAttributePattern([pattern], name)) out.add(family);
    }
    if (out.size === ALL.length) break;
  }
  return out;
}

/** The families these options switch on, in output order, with their `compute` (for profiling them one by one). */
export function blockFamilies(options: FeatureOptions = {}): readonly FeatureFamily[] {
  return familiesOf(resolveFeatureOptions(options));
}

/** The schema `computeFeatures` produces under these options (stable across runs and machines). */
export function featureSchema(options: FeatureOptions = {}): FeatureSchema {
  return schemaOf(resolveFeatureOptions(options));
}

/**
 * Collects one item's attributes and columns. Names are unique by construction (each
 * family owns its prefixes and dedupes its own repeats), so no per-item hash map is
 * needed: this is the hot loop of feature extraction.
 */
class ItemAccumulator {
  readonly names: string[] = [];
  readonly values: number[] = [];
  private allOne = true;
  readonly columns: (string | number)[];

  constructor(defaults: readonly (string | number)[]) {
    this.columns = defaults.slice();
  }
  add(name: string, value: number): void {
    this.names.push(name);
    this.values.push(value);
    if (value !== 1) this.allOne = false;
  }
  build(): ItemFeatures {
    return this.allOne ? { attrs: this.names, columns: this.columns } : { attrs: this.names, values: this.values, columns: this.columns };
  }
}

/** The site of a page for grouped splits: `siteOfUrl` of its URL (src/util/site.ts), '' when unknown. */
export function siteOf(page: Page): string {
  return siteOfUrl(page.url) ?? '';
}

/** Where families write: a named sink (attributes and columns) or an encoding one (numbers only). */
interface FamilySink {
  add(i: number, name: string, value: number): void;
  /** The sink's number for a name (see `FamilyOutput.ref`). */
  ref(name: string): number;
  addRef(i: number, ref: number, value: number): void;
  /** `ref(prefix + value)` from a cache of the sink's own; absent: the page's (`prefixRefs`). */
  refOf?(prefix: string, value: string): number;
  /** The table `refOf` keeps for one prefix (see `FamilyOutput.refsOf`); with `refOf`. */
  refsOf?(prefix: string): Map<string, number>;
  /** Column `k` of the whole schema; absent when the sink keeps no columns. */
  setColumn?(i: number, k: number, value: string | number): void;
}

/** `col` of an output whose sink keeps no columns. */
const dropColumn = (): void => {};

/** Runs one family's `compute`; a profiler passes one to time each family where extraction runs it. */
export type FamilyRunner = (family: string, run: () => void) => void;

function runInto(families: readonly FeatureFamily[], ctx: PageContext, sink: FamilySink, runFamily?: FamilyRunner): void {
  const ref = (name: string): number => sink.ref(name);
  // The sink's (prefix, value) refs, or ones for the whole page: families share prefixes' values (tags, words).
  const { refOf, refsOf }: PrefixRefs = sink.refOf && sink.refsOf
    ? { refOf: sink.refOf.bind(sink), refsOf: sink.refsOf.bind(sink) }
    : prefixRefs(ref);
  const keepsColumns = sink.setColumn !== undefined;
  let offset = 0;
  for (const fam of families) {
    const base = offset;
    const width = fam.columns.length;
    // Non-finite values would poison a log-linear model; a bug in a family must show, not spread.
    const bad = (what: string, value: number): never => { throw new Error(`feature ${what} of family ${fam.name} has value ${value}`); };
    const out: FamilyOutput = {
      attr(i, name, value = 1) {
        if (!Number.isFinite(value)) bad(name, value);
        sink.add(i, name, value);
      },
      ref,
      refOf,
      refsOf,
      attrRef(i, r, value = 1) {
        if (!Number.isFinite(value)) bad(`#${r}`, value);
        sink.addRef(i, r, value);
      },
      col: keepsColumns
        ? (i, j, value) => {
          if (j < 0 || j >= width) throw new RangeError(`family ${fam.name} has no column ${j}`);
          sink.setColumn!(i, base + j, value);
        }
        : dropColumn,
      keepsColumns,
    };
    if (runFamily) runFamily(fam.name, () => fam.compute(ctx, out));
    else fam.compute(ctx, out);
    offset += width;
  }
}

/** Runs `families` over a context into accumulators; shared by both feature sets. */
export function runFamilies(
  families: readonly FeatureFamily[],
  ctx: PageContext,
  count: number,
  columns: readonly ColumnSpec[],
): ItemFeatures[] {
  const defaults = columns.map((c) => (c.kind === 'numeric' ? 0 : NONE));
  const acc = Array.from({ length: count }, () => new ItemAccumulator(defaults));
  const names: string[] = [];
  runInto(families, ctx, {
    add: (i, name, value) => acc[i]!.add(name, value),
    ref: (name) => names.push(name) - 1,
    addRef: (i, ref, value) => acc[i]!.add(names[ref]!, value),
    setColumn: (i, k, value) => { acc[i]!.columns[k] = value; },
  });
  return acc.map((a) => a.build());
}

/**
 * Collects (item, attribute number, value) in the order families emit them, then orders
 * them by item with a stable counting sort, so each item's numbers come in the same order
 * as its names on the named path (and scores sum in the same order). Families resolve
 * names through `ref` / `refOf` once per page (from the vocabulary's `VocabRefs`) and then
 * emit plain numbers.
 */
/**
 * Scratch arrays shared by every EncodingSink: a sink lives for one synchronous
 * `computeEncodedFeatures` call and `build` copies out what it keeps, so reusing them saves
 * allocating (and collecting) 192 KB per page.
 */
const scratch = { item: new Int32Array(1 << 14), id: new Int32Array(1 << 14), val: new Float32Array(1 << 14) };
const MAX_SCRATCH = 1 << 18;

/**
 * A vocabulary's numbers for names and for (prefix, value) pairs, kept across pages: a
 * crawl's pages repeat the same tags, class words and buckets, so after the first pages a
 * name costs one small lookup and no string building. Bounded: names the vocabulary lacks
 * (rare class words) would otherwise pile up over a long run.
 */
class VocabRefs {
  private readonly names = new Map<string, number>();
  private readonly prefixed = new Map<string, Map<string, number>>();
  private size = 0;

  constructor(private readonly vocab: AttributeVocabulary) {}

  ref(name: string): number {
    let k = this.names.get(name);
    if (k === undefined) {
      k = this.vocab.get(name) ?? -1;
      this.remember();
      this.names.set(name, k);
    }
    return k;
  }

  /**
   * The table of `refOf(prefix, ...)` by value (a new one after the bound empties them all):
   * `prefixRefs`' rule, kept here rather than shared because the bound counts names and
   * prefixed values together and a miss must be able to empty every table.
   */
  refsOf(prefix: string): Map<string, number> {
    let m = this.prefixed.get(prefix);
    if (!m) this.prefixed.set(prefix, (m = new Map()));
    return m;
  }

  refOf(prefix: string, value: string): number {
    let m = this.refsOf(prefix);
    let k = m.get(value);
    if (k === undefined) {
      k = this.vocab.get(prefix + value) ?? -1;
      if (this.remember()) this.prefixed.set(prefix, (m = new Map()));
      m.set(value, k);
    }
    return k;
  }

  /** Counts one more entry; past the bound, forgets all (true when it did). */
  private remember(): boolean {
    if (++this.size <= MAX_REMEMBERED) return false;
    this.names.clear();
    this.prefixed.clear();
    this.size = 1;
    return true;
  }
}
const MAX_REMEMBERED = 1 << 18;
const vocabRefs = new WeakMap<AttributeVocabulary, VocabRefs>();

function refsFor(vocab: AttributeVocabulary): VocabRefs {
  let r = vocabRefs.get(vocab);
  if (!r) vocabRefs.set(vocab, (r = new VocabRefs(vocab)));
  return r;
}

class EncodingSink implements FamilySink {
  private item = scratch.item;
  private id = scratch.id;
  private val = scratch.val;
  private n = 0;
  private allOne = true;
  private readonly refs: VocabRefs;

  constructor(vocab: AttributeVocabulary, private readonly count: number) {
    this.refs = refsFor(vocab);
  }

  /** The vocabulary's number for `name`, -1 when it has none. */
  ref(name: string): number {
    return this.refs.ref(name);
  }

  refOf(prefix: string, value: string): number {
    return this.refs.refOf(prefix, value);
  }

  refsOf(prefix: string): Map<string, number> {
    return this.refs.refsOf(prefix);
  }

  add(i: number, name: string, value: number): void {
    this.addRef(i, this.ref(name), value);
  }

  addRef(i: number, k: number, value: number): void {
    if (k < 0) return;
    if (this.n === this.id.length) this.grow();
    this.item[this.n] = i;
    this.id[this.n] = k;
    this.val[this.n++] = value;
    if (value !== 1) this.allOne = false;
  }

  private grow(): void {
    const grow = <T extends Int32Array | Float32Array>(a: T, b: T): T => { b.set(a); return b; };
    this.item = grow(this.item, new Int32Array(this.n * 2));
    this.id = grow(this.id, new Int32Array(this.n * 2));
    this.val = grow(this.val, new Float32Array(this.n * 2));
    // Kept for the next pages up to a size; one huge page does not pin its arrays for good.
    if (this.n * 2 <= MAX_SCRATCH) Object.assign(scratch, { item: this.item, id: this.id, val: this.val });
  }

  build(): Pick<EncodedFeatures, 'itemStart' | 'ids' | 'vals'> {
    // Locals, not fields, in the loops: they run once per emitted attribute.
    const { n, count, item, id } = this;
    const itemStart = new Int32Array(count + 1);
    for (let p = 0; p < n; p++) itemStart[item[p]! + 1]++;
    for (let i = 0; i < count; i++) itemStart[i + 1] += itemStart[i]!;
    const next = itemStart.slice(0, count);
    const ids = new Int32Array(n);
    if (this.allOne) {
      for (let p = 0; p < n; p++) ids[next[item[p]!]++] = id[p]!;
      return { itemStart, ids, vals: null };
    }
    const val = this.val;
    const vals = new Float32Array(n);
    for (let p = 0; p < n; p++) {
      const q = next[item[p]!]++;
      ids[q] = id[p]!;
      vals[q] = val[p]!;
    }
    return { itemStart, ids, vals };
  }
}

/**
 * Features of every block of a page, one item per block in sequence order. Pure: the
 * page is not changed; the same page and options always give the same output.
 */
export function computeFeatures(page: Page, options: FeatureOptions = {}): SequenceInstance {
  const config = resolveFeatureOptions(options);
  const schema = schemaOf(config);
  const ctx = new PageContext(page, config);
  const items = runFamilies(familiesOf(config), ctx, page.blocks.length, schema.columns);
  return Object.freeze({ pageId: page.id, site: siteOf(page), items: Object.freeze(items) });
}

/**
 * The same features as `computeFeatures`, as the vocabulary's attribute numbers (names it
 * lacks dropped, no columns): what a log-linear model reads, without building the names'
 * per-item lists first. Encoding `computeFeatures`' output against the same vocabulary gives
 * identical arrays.
 */
export function computeEncodedFeatures(page: Page, options: FeatureOptions, vocab: AttributeVocabulary, runFamily?: FamilyRunner): EncodedFeatures {
  const config = resolveFeatureOptions(options);
  const ctx = new PageContext(page, config);
  const sink = new EncodingSink(vocab, page.blocks.length);
  runInto(familiesReaching(config, vocab), ctx, sink, runFamily);
  return Object.freeze({ pageId: page.id, site: siteOf(page), ...sink.build() });
}
