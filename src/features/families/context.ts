/** Families over a block's neighbours in the sequence: after-image, the memory-based study's windows, position. */
import { DecileRefs, NONE, ValueRefs, type FamilyColumn, type FamilyOutput, type FeatureFamily } from '../family.js';
import type { PageContext } from '../page-context.js';
import { decile, endPunctuation, log2Bucket, upperCaseRatio } from '../text-stats.js';
import { log2p } from './lexical.js';

export const afterImageFamily: FeatureFamily = {
  name: 'after-image',
  doc: 'The block-labelling study\'s after image tag: `afterimg` (or `aftermedia`) when an image (or video, iframe, ...) item lies between the previous text block and this one; `beforeimg` when one follows before the next text block. Captions sit next to images. Column afterImage: image | media | no.',
  columns: [{ name: 'afterImage', kind: 'symbolic' }],
  attributes: ['afterimg', 'aftermedia', 'beforeimg'],
  compute(ctx, out) {
    const blocks = ctx.blocks;
    let lastVisual: 'image' | 'media' | 'no' = 'no';
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i]!;
      if (b.kind !== 'text') {
        out.col(i, 0, 'no');
        if (lastVisual !== 'image') lastVisual = b.kind;
        continue;
      }
      out.col(i, 0, lastVisual);
      if (lastVisual === 'image') out.attr(i, 'afterimg');
      else if (lastVisual === 'media') out.attr(i, 'aftermedia');
      lastVisual = 'no';
      const next = blocks[i + 1];
      if (next && next.kind !== 'text') out.attr(i, 'beforeimg');
    }
  },
};

const TAG_WINDOW = 5;
const LEN_WINDOW = 3;
const offsets = (w: number, withZero: boolean): number[] => {
  const out: number[] = [];
  for (let d = -w; d <= w; d++) if (d !== 0 || withZero) out.push(d);
  return out;
};
const TAG_OFFSETS = offsets(TAG_WINDOW, false);
const LEN_OFFSETS = offsets(LEN_WINDOW, true);
const sign = (d: number): string => (d > 0 ? `+${d}` : String(d));

const WINDOW_COLUMNS: FamilyColumn[] = [
  ...TAG_OFFSETS.map((d) => ({ name: `tag${sign(d)}`, kind: 'symbolic' as const })),
  ...LEN_OFFSETS.map((d) => ({ name: d === 0 ? 'len' : `len${sign(d)}`, kind: 'numeric' as const })),
  { name: 'upperRatio', kind: 'numeric' },
  ...LEN_OFFSETS.map((d) => ({ name: d === 0 ? 'end' : `end${sign(d)}`, kind: 'symbolic' as const })),
];

/** Tag of a sequence item for windows: the block's own element (`img` for images). */
export function itemTag(ctx: PageContext, i: number): string {
  const n = ctx.tree.nodes[ctx.blocks[i]!.elementId];
  return n && n.kind === 'element' && n.id > 0 ? n.tag : NONE;
}

export const windowFamily: FeatureFamily = {
  name: 'window',
  doc: "The memory-based study's window features over the block sequence: tags of the items 5 before and 5 after (`w-2:tag=li`; `_` past either end; the current tag is in `ancestors`), text lengths in characters of the items 3 before to 3 after as log2 buckets (`w+1:len=64`, `len=...` for the block itself), end punctuation of the same seven (`w-1:end=dot`, `end=none`, ...: dot, question, exclaim, colon, quote, ellipsis, other-punct, none, empty), and the block's own upper-case share (`upper`, value in [0,1]; `upper=caps` above the memory-based study's 70%). Columns: tag-5..tag+5 (symbolic), len-3..len+3 (log2(1+chars), NaN past the ends), upperRatio, end-3..end+3 (symbolic).",
  columns: WINDOW_COLUMNS,
  attributes: ['w-*', 'w+*', 'len=*', 'end=*', 'upper', 'upper=caps'],
  compute(ctx, out) {
    const n = ctx.blocks.length;
    // Each value (tag, length bucket, end mark) gets a small number per page, and each
    // (offset, value) its attribute name once: the per-attribute work is array lookups.
    const tag = interned(ctx.blocks.map((_, i) => itemTag(ctx, i)));
    const lens = ctx.blocks.map((b) => b.text.length);
    const len = interned(lens.map((l) => log2Bucket(l)));
    const end = interned(ctx.blocks.map((b) => (b.kind === 'text' ? endPunctuation(b.text) : 'empty')));
    const tagNames = new WindowNames(out, 'tag', TAG_OFFSETS, tag.values);
    const lenNames = new WindowNames(out, 'len', LEN_OFFSETS, len.values);
    const endNames = new WindowNames(out, 'end', LEN_OFFSETS, end.values);
    const upperRef = out.ref('upper');
    const capsRef = out.ref('upper=caps');
    const keep = out.keepsColumns;
    for (let i = 0; i < n; i++) {
      let c = 0;
      for (let k = 0; k < TAG_OFFSETS.length; k++) {
        const j = i + TAG_OFFSETS[k]!;
        const inside = j >= 0 && j < n;
        out.attrRef(i, tagNames.get(k, inside ? tag.ids[j]! : -1));
        if (keep) out.col(i, c++, inside ? tag.values[tag.ids[j]!]! : NONE);
      }
      for (let k = 0; k < LEN_OFFSETS.length; k++) {
        const j = i + LEN_OFFSETS[k]!;
        const inside = j >= 0 && j < n;
        out.attrRef(i, lenNames.get(k, inside ? len.ids[j]! : -1));
        if (keep) out.col(i, c++, inside ? log2p(lens[j]!) : Number.NaN);
      }
      const b = ctx.blocks[i]!;
      const upper = b.kind === 'text' ? upperCaseRatio(b.text.length > 400 ? b.text.slice(0, 400) : b.text) : 0;
      if (upper > 0) out.attrRef(i, upperRef, upper);
      if (upper > 0.7) out.attrRef(i, capsRef);
      if (keep) out.col(i, c++, upper);
      for (let k = 0; k < LEN_OFFSETS.length; k++) {
        const j = i + LEN_OFFSETS[k]!;
        const inside = j >= 0 && j < n;
        out.attrRef(i, endNames.get(k, inside ? end.ids[j]! : -1));
        if (keep) out.col(i, c++, inside ? end.values[end.ids[j]!]! : NONE);
      }
    }
  },
};

/** Distinct values in first-seen order and each item's index into them. */
function interned(list: readonly string[]): { values: string[]; ids: Int32Array } {
  const index = new Map<string, number>();
  const values: string[] = [];
  const ids = new Int32Array(list.length);
  list.forEach((v, i) => {
    let k = index.get(v);
    if (k === undefined) {
      index.set(v, (k = values.length));
      values.push(v);
    }
    ids[i] = k;
  });
  return { values, ids };
}

/**
 * Refs of the names `w-2:tag=li` (`tag=li` at offset 0) by offset index and value number; -1
 * is past the ends (`_`). Each (offset, value) is resolved once per page, through the
 * offset's `ValueRefs`.
 */
class WindowNames {
  private readonly table: Int32Array;
  private readonly stride: number;
  private readonly refs: readonly ValueRefs[];
  constructor(out: FamilyOutput, kind: string, offsets: readonly number[], private readonly values: readonly string[]) {
    this.stride = values.length + 1;
    this.table = new Int32Array(offsets.length * this.stride).fill(UNRESOLVED);
    this.refs = offsets.map((d) => new ValueRefs(out, d === 0 ? `${kind}=` : `w${sign(d)}:${kind}=`));
  }
  get(k: number, v: number): number {
    const slot = k * this.stride + v + 1;
    let r = this.table[slot]!;
    if (r === UNRESOLVED) this.table[slot] = r = this.refs[k]!.get(v < 0 ? NONE : this.values[v]!);
    return r;
  }
}
/** No ref yet (refs are -1 or more). */
const UNRESOLVED = -2;
export const positionFamily: FeatureFamily = {
  name: 'position',
  doc: 'Relative position in the page: `pos` (item index / (items - 1)), `pos-chars` (share of the page\'s text before the block), `pos=<decile>`, and `first-item` / `last-item`. Articles sit in the middle; navigation at the ends. Columns: relIndex, relChars.',
  columns: [
    { name: 'relIndex', kind: 'numeric' },
    { name: 'relChars', kind: 'numeric' },
  ],
  attributes: ['pos', 'pos-chars', 'pos=*', 'first-item', 'last-item'],
  compute(ctx, out) {
    const n = ctx.blocks.length;
    const starts = ctx.charStarts;
    const total = starts[n]!;
    const posRef = out.ref('pos');
    const charsRef = out.ref('pos-chars');
    const posDecile = new DecileRefs(out, 'pos=');
    for (let i = 0; i < n; i++) {
      const rel = n > 1 ? i / (n - 1) : 0;
      const relChars = total > 0 ? starts[i]! / total : 0;
      if (rel > 0) out.attrRef(i, posRef, rel);
      if (relChars > 0) out.attrRef(i, charsRef, relChars);
      out.attrRef(i, posDecile.get(rel));
      if (i === 0) out.attr(i, 'first-item');
      if (i === n - 1) out.attr(i, 'last-item');
      out.col(i, 0, rel);
      out.col(i, 1, relChars);
    }
  },
};
