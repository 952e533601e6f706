/**
 * Sequences as flat typed arrays (CRFsuite's items/instances, without per-item objects):
 * the attribute numbers and values of all items back to back, item and sequence offsets,
 * and gold label numbers. Training loops run over these without allocating.
 */
import { PithError } from '../../errors.js';
import type { Label } from '../../labels.js';
import type { SequenceInstance } from '../../features/types.js';
import type { LabeledSequence } from '../labeler.js';
import type { FeatureIndex, InternedItems } from './feature-index.js';

export interface EncodedItems {
  /** Item i's attributes are ids[itemStart[i] .. itemStart[i+1]). Length items + 1. */
  readonly itemStart: Int32Array;
  /** Attribute numbers (FeatureIndex); unknown names are dropped. */
  readonly ids: Int32Array;
  /** Values beside `ids`; null when every value is 1. */
  readonly vals: Float32Array | null;
  /** Sequence s covers items seqStart[s] .. seqStart[s+1]). Length sequences + 1. */
  readonly seqStart: Int32Array;
}

export function encodeSequences(ix: FeatureIndex, seqs: readonly SequenceInstance[]): EncodedItems {
  let nItems = 0, cap = 0;
  for (const s of seqs) {
    nItems += s.items.length;
    for (const it of s.items) cap += it.attrs.length;
  }
  const itemStart = new Int32Array(nItems + 1);
  const seqStart = new Int32Array(seqs.length + 1);
  const ids = new Int32Array(cap);
  let vals: Float32Array | null = null;
  let p = 0, item = 0;
  for (let s = 0; s < seqs.length; s++) {
    const seq = seqs[s]!;
    seqStart[s] = item;
    for (let i = 0; i < seq.items.length; i++, item++) {
      itemStart[item] = p;
      const { attrs, values } = seq.items[i]!;
      if (values !== undefined && values.length !== attrs.length) {
        throw new PithError('BAD_CORPUS', `item ${i} has ${attrs.length} attributes but ${values.length} values`, seq.pageId);
      }
      for (let j = 0; j < attrs.length; j++) {
        const k = ix.lookup.get(attrs[j]!);
        if (k === undefined) continue;
        const v = values === undefined ? 1 : values[j]!;
        if (v !== 1) {
          if (!Number.isFinite(v)) throw new PithError('BAD_CORPUS', `item ${i}, attribute '${attrs[j]}' has value ${v}`, seq.pageId);
          if (vals === null) vals = new Float32Array(cap).fill(1);
          vals[p] = v;
        }
        ids[p++] = k;
      }
    }
  }
  itemStart[nItems] = p;
  seqStart[seqs.length] = nItems;
  return { itemStart, ids: ids.subarray(0, p), vals: vals ? vals.subarray(0, p) : null, seqStart };
}

/** The training items of `internAttributes`, remapped to kept attribute numbers (cut ones dropped). */
export function encodeInterned(it: InternedItems): EncodedItems {
  const { rawToKept, rawIds, rawVals } = it;
  const nItems = it.itemStart.length - 1;
  const itemStart = new Int32Array(nItems + 1);
  const ids = new Int32Array(rawIds.length);
  const vals = rawVals ? new Float32Array(rawIds.length) : null;
  let q = 0;
  for (let i = 0; i < nItems; i++) {
    itemStart[i] = q;
    for (let p = it.itemStart[i]!; p < it.itemStart[i + 1]!; p++) {
      const k = rawToKept[rawIds[p]!]!;
      if (k < 0) continue;
      if (vals) vals[q] = rawVals![p]!;
      ids[q++] = k;
    }
  }
  itemStart[nItems] = q;
  return { itemStart, ids: ids.subarray(0, q), vals: vals ? vals.subarray(0, q) : null, seqStart: it.seqStart };
}

/** Gold label numbers (position in `labels`), -1 for `unknown`. */
/** Items in the longest sequence (at least 1): the size of per-sequence scratch buffers. */
export function maxSequenceLength(enc: EncodedItems): number {
  let max = 1;
  for (let s = 0; s + 1 < enc.seqStart.length; s++) max = Math.max(max, enc.seqStart[s + 1]! - enc.seqStart[s]!);
  return max;
}

export function encodeGold(seqs: readonly LabeledSequence[], labels: readonly Label[]): Int8Array {
  let n = 0;
  for (const s of seqs) n += s.items.length;
  const out = new Int8Array(n);
  let item = 0;
  for (const s of seqs) {
    if (s.labels.length !== s.items.length) throw new PithError('BAD_CORPUS', `${s.items.length} items but ${s.labels.length} labels`, s.pageId);
    for (const l of s.labels) {
      const y = l === 'unknown' ? -1 : labels.indexOf(l);
      if (y < 0 && l !== 'unknown') throw new PithError('BAD_CORPUS', `unexpected label '${String(l)}'`, s.pageId);
      out[item++] = y;
    }
  }
  return out;
}

/** The labels that occur in the gold data, in LABELS order. */
export function labelsInData(seqs: readonly LabeledSequence[], all: readonly Label[]): Label[] {
  const seen = new Set<string>();
  for (const s of seqs) for (const l of s.labels) seen.add(l);
  return all.filter((l) => seen.has(l));
}
