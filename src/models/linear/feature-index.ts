/**
 * Attribute interning for the log-linear learners (CRF, MaxEnt, MEMM). Each kept attribute
 * name gets an integer; each of its weight rows (its own, and with `history` its copy as
 * `prev:` on the next item and as `next:` on the previous item, Gibson et al.'s (2007) history
 * predicates) gets a row number. History copies are not materialised: an item's attributes
 * add to its neighbours' scores through the `prev`/`next` rows, so memory stays that of the
 * items themselves.
 */
import { PithError } from '../../errors.js';
import type { SequenceInstance } from '../../features/types.js';

export type HistoryMode = 'none' | 'prev' | 'next' | 'both';
export const HISTORY_MODES: readonly HistoryMode[] = Object.freeze(['none', 'prev', 'next', 'both']);

/** Row flags per attribute, as stored in the model file. */
export const ROW_OWN = 1;
export const ROW_PREV = 2;
export const ROW_NEXT = 4;

export interface FeatureIndex {
  /** Kept attribute names; position = attribute number. */
  readonly names: readonly string[];
  readonly lookup: ReadonlyMap<string, number>;
  /** Attribute number -> weight row of the attribute itself (always k: own rows come first). */
  readonly own: Int32Array;
  /** Attribute number -> row of `prev:<name>` (the attribute seen on the previous item), or -1. */
  readonly prev: Int32Array;
  /** Attribute number -> row of `next:<name>` (seen on the next item), or -1. */
  readonly next: Int32Array;
  readonly rows: number;
  readonly history: HistoryMode;
}

const usesPrev = (h: HistoryMode) => h === 'prev' || h === 'both';
const usesNext = (h: HistoryMode) => h === 'next' || h === 'both';

/**
 * Counts attributes over the training items and keeps each row whose count reaches
 * `minFreq` (a feature cutoff, as Gibson et al. 2007). A history copy never occurs more often than
 * the attribute itself, so every kept attribute has its own row. Attributes are numbered
 * by falling frequency (frequent weights share cache lines during training).
 */
export function buildFeatureIndex(data: readonly SequenceInstance[], minFreq: number, history: HistoryMode, minSites = 1): FeatureIndex {
  return internAttributes(data, minFreq, history, minSites).index;
}

/** Raw attribute numbers of every item (first-seen order), as the interning pass leaves them. */
export interface InternedItems {
  readonly index: FeatureIndex;
  /** Raw number -> attribute number in `index`, or -1 when cut. */
  readonly rawToKept: Int32Array;
  /** Raw numbers of all items back to back (see `encodeInterned`). */
  readonly rawIds: Int32Array;
  readonly rawVals: Float32Array | null;
  readonly itemStart: Int32Array;
  readonly seqStart: Int32Array;
}

/**
 * One pass over the items: intern names to raw numbers, count, then choose the kept rows.
 * With `minSites` > 1 an attribute must also occur on that many distinct sites: a class
 * name or word seen on one site only is that site's template, and a weight on it does not
 * carry to sites the model has never seen.
 */
export function internAttributes(data: readonly SequenceInstance[], minFreq: number, history: HistoryMode, minSites = 1): InternedItems {
  const raw = new Map<string, number>();
  let cOwn = new Int32Array(1024), cPrev = new Int32Array(1024), cNext = new Int32Array(1024);
  const hp = usesPrev(history), hn = usesNext(history);
  let nItems = 0, cap = 0;
  for (const seq of data) {
    nItems += seq.items.length;
    for (const it of seq.items) cap += it.attrs.length;
  }
  const rawIds = new Int32Array(cap);
  let rawVals: Float32Array | null = null;
  const itemStart = new Int32Array(nItems + 1);
  const seqStart = new Int32Array(data.length + 1);
  let p = 0, item = 0;
  for (let s = 0; s < data.length; s++) {
    const seq = data[s]!;
    seqStart[s] = item;
    const n = seq.items.length;
    for (let i = 0; i < n; i++, item++) {
      itemStart[item] = p;
      const { attrs, values } = seq.items[i]!;
      if (values !== undefined && values.length !== attrs.length) {
        throw new PithError('BAD_CORPUS', `item ${i} has ${attrs.length} attributes but ${values.length} values`, seq.pageId);
      }
      for (let j = 0; j < attrs.length; j++) {
        const name = attrs[j]!;
        let id = raw.get(name);
        if (id === undefined) {
          id = raw.size;
          raw.set(name, id);
          if (id >= cOwn.length) {
            const grow = (a: Int32Array) => { const b = new Int32Array(a.length * 2); b.set(a); return b; };
            cOwn = grow(cOwn); cPrev = grow(cPrev); cNext = grow(cNext);
          }
        }
        cOwn[id]++;
        if (hp && i + 1 < n) cPrev[id]++; // becomes prev:<name> of item i+1
        if (hn && i > 0) cNext[id]++; // becomes next:<name> of item i-1
        if (values !== undefined && values[j] !== 1) {
          const v = values[j]!;
          if (!Number.isFinite(v)) throw new PithError('BAD_CORPUS', `item ${i}, attribute '${name}' has value ${v}`, seq.pageId);
          if (rawVals === null) rawVals = new Float32Array(cap).fill(1);
          rawVals[p] = v;
        }
        rawIds[p++] = id;
      }
    }
  }
  itemStart[nItems] = p;
  seqStart[data.length] = nItems;
  const rawNames = [...raw.keys()];
  const sites = minSites > 1 ? countSites(data, rawIds, itemStart, seqStart, rawNames.length) : undefined;
  const kept: number[] = [];
  for (let id = 0; id < rawNames.length; id++) if (cOwn[id]! >= minFreq && (!sites || sites[id]! >= minSites)) kept.push(id);
  kept.sort((a, b) => cOwn[b]! - cOwn[a]! || a - b);
  const rawToKept = new Int32Array(rawNames.length).fill(-1);
  const flags = new Uint8Array(kept.length);
  const names = kept.map((id, k) => {
    rawToKept[id] = k;
    flags[k] = ROW_OWN | (hp && cPrev[id]! >= minFreq ? ROW_PREV : 0) | (hn && cNext[id]! >= minFreq ? ROW_NEXT : 0);
    return rawNames[id]!;
  });
  return { index: indexFromFlags(names, flags, history), rawToKept, rawIds: rawIds.subarray(0, p), rawVals: rawVals ? rawVals.subarray(0, p) : null, itemStart, seqStart };
}

/** Number of distinct sites each raw attribute occurs on (sequences visited site by site). */
function countSites(data: readonly SequenceInstance[], rawIds: Int32Array, itemStart: Int32Array, seqStart: Int32Array, nRaw: number): Int32Array {
  const order = data.map((_, s) => s).sort((a, b) => (data[a]!.site < data[b]!.site ? -1 : data[a]!.site > data[b]!.site ? 1 : a - b));
  const count = new Int32Array(nRaw);
  const lastSite = new Int32Array(nRaw).fill(-1);
  let site = -1;
  let prevName: string | undefined;
  for (const s of order) {
    if (data[s]!.site !== prevName) { site++; prevName = data[s]!.site; }
    for (let p = itemStart[seqStart[s]!]!, end = itemStart[seqStart[s + 1]!]!; p < end; p++) {
      const id = rawIds[p]!;
      if (lastSite[id] !== site) { lastSite[id] = site; count[id]++; }
    }
  }
  return count;
}

/**
 * Rebuilds an index from names and row flags (model loading). Rows: attribute k's own row
 * is k; then the prev: rows in attribute order; then the next: rows.
 */
export function indexFromFlags(names: readonly string[], flags: Uint8Array, history: HistoryMode): FeatureIndex {
  if (names.length !== flags.length) throw new PithError('BAD_MODEL', `attribute list (${names.length}) and row flags (${flags.length}) differ in length`);
  const n = names.length;
  const own = new Int32Array(n), prev = new Int32Array(n).fill(-1), next = new Int32Array(n).fill(-1);
  const lookup = new Map<string, number>();
  for (let k = 0; k < n; k++) {
    const f = flags[k]!;
    if (!(f & ROW_OWN) || f > 7) throw new PithError('BAD_MODEL', `attribute ${k} has invalid row flags ${f}`);
    if ((f & ROW_PREV && !usesPrev(history)) || (f & ROW_NEXT && !usesNext(history))) throw new PithError('BAD_MODEL', `attribute ${k} has history rows but history is '${history}'`);
    lookup.set(names[k]!, k);
    // One hash lookup per name: a name listed twice leaves the map a member short.
    if (lookup.size !== k + 1) throw new PithError('BAD_MODEL', `attribute '${names[k]}' listed twice`);
    own[k] = k;
  }
  let rows = n;
  for (let k = 0; k < n; k++) if (flags[k]! & ROW_PREV) prev[k] = rows++;
  for (let k = 0; k < n; k++) if (flags[k]! & ROW_NEXT) next[k] = rows++;
  return Object.freeze({ names: Object.freeze([...names]), lookup, own, prev, next, rows, history });
}

export function indexFlags(ix: FeatureIndex): Uint8Array {
  const out = new Uint8Array(ix.names.length);
  for (let k = 0; k < out.length; k++) out[k] = (ix.own[k]! >= 0 ? ROW_OWN : 0) | (ix.prev[k]! >= 0 ? ROW_PREV : 0) | (ix.next[k]! >= 0 ? ROW_NEXT : 0);
  return out;
}

/** Display name of every weight row: `name`, `prev:name`, `next:name`. */
export function rowNames(ix: FeatureIndex): string[] {
  const out = new Array<string>(ix.rows);
  for (let k = 0; k < ix.names.length; k++) {
    const name = ix.names[k]!;
    if (ix.own[k]! >= 0) out[ix.own[k]!] = name;
    if (ix.prev[k]! >= 0) out[ix.prev[k]!] = `prev:${name}`;
    if (ix.next[k]! >= 0) out[ix.next[k]!] = `next:${name}`;
  }
  return out;
}
