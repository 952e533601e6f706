/**
 * The memory-based study's own representation, as a second feature set (`seed000-units`): the items
 * are the text/tail units of every element (src/segment/text-tail.ts), described by the
 * study's window features over the element sequence: tags of the 5 elements before and
 * after, text and tail lengths 3 before and after, upper-case share of the text and
 * tail, and end punctuation of texts and tails 3 before and after. Label mappings
 * between blocks and units let both representations train and evaluate on the same pages.
 */
import { createHash } from 'node:crypto';
import type { Page } from '../page.js';
import type { GoldLabel, Label } from '../labels.js';
import { textTailUnits, type TextTailUnit } from '../segment/text-tail.js';
import { PithError } from '../errors.js';
import { NONE } from './family.js';
import { siteOf } from './registry.js';
import { endPunctuation, log2Bucket, upperCaseRatio } from './text-stats.js';
import type { ColumnSpec, FeatureSchema, ItemFeatures, SequenceInstance } from './types.js';

/** The set's stored name (in schemas and model files; kept from its first version so saved models load). */
export const UNIT_WINDOW_FEATURE_SET = 'seed000-units';
export const UNIT_WINDOW_FEATURE_VERSION = 1;

const TAG_WINDOW = 5;
const LEN_WINDOW = 3;
const range = (w: number): number[] => Array.from({ length: 2 * w + 1 }, (_, k) => k - w);
const TAG_OFFSETS = range(TAG_WINDOW);
const LEN_OFFSETS = range(LEN_WINDOW);
const sign = (d: number): string => (d > 0 ? `+${d}` : d < 0 ? String(d) : '');
/** The memory-based study: a text "is in upper letters" when more than 70% of its letters are. */
const UPPER_THRESHOLD = 0.7;

export interface UnitWindowOptions {
  /** Units of hidden elements too. Default false (as `segment`). */
  readonly includeHidden?: boolean;
}

function columnsOf(): ColumnSpec[] {
  const c: ColumnSpec[] = [{ name: 'part', kind: 'symbolic', family: 'unit' }];
  for (const d of TAG_OFFSETS) c.push({ name: `tag${sign(d)}`, kind: 'symbolic', family: 'tags' });
  for (const d of LEN_OFFSETS) c.push({ name: `textLen${sign(d)}`, kind: 'numeric', family: 'lengths' });
  for (const d of LEN_OFFSETS) c.push({ name: `tailLen${sign(d)}`, kind: 'numeric', family: 'lengths' });
  c.push({ name: 'textUpper', kind: 'numeric', family: 'upper' }, { name: 'tailUpper', kind: 'numeric', family: 'upper' });
  for (const d of LEN_OFFSETS) c.push({ name: `textEnd${sign(d)}`, kind: 'symbolic', family: 'end-punctuation' });
  for (const d of LEN_OFFSETS) c.push({ name: `tailEnd${sign(d)}`, kind: 'symbolic', family: 'end-punctuation' });
  return c.map((x) => Object.freeze(x));
}

let schemaMemo: FeatureSchema | undefined;

/** The schema of `computeUnitWindows` (fixed: the set has no options that change its features). */
export function unitWindowSchema(): FeatureSchema {
  if (!schemaMemo) {
    const base = {
      name: UNIT_WINDOW_FEATURE_SET,
      version: UNIT_WINDOW_FEATURE_VERSION,
      families: Object.freeze(['unit', 'tags', 'lengths', 'upper', 'end-punctuation']),
      columns: Object.freeze(columnsOf()),
    };
    const canonical = JSON.stringify({ ...base, columns: base.columns.map((c) => [c.name, c.kind, c.family]), params: [] });
    schemaMemo = Object.freeze({ ...base, hash: createHash('sha256').update(canonical).digest('hex') });
  }
  return schemaMemo;
}

export interface UnitWindowInstance {
  readonly instance: SequenceInstance;
  /** The units, item i describing `units[i]`. */
  readonly units: readonly TextTailUnit[];
}

/** The element sequence: each element has exactly one text unit (then, later, one tail unit). */
function elementSequence(page: Page, units: readonly TextTailUnit[]): { elementAt: Map<number, number>; tags: string[] } {
  const elementAt = new Map<number, number>();
  const tags: string[] = [];
  for (const u of units) {
    if (u.part !== 'text') continue;
    elementAt.set(u.elementId, tags.length);
    const n = page.tree.nodes[u.elementId];
    tags.push(n && n.kind === 'element' ? n.tag : NONE);
  }
  return { elementAt, tags };
}

/** Per element of the sequence, its text's and its tail's length, end punctuation and upper-case share. */
interface ElementMeasures {
  readonly textLen: Float64Array;
  readonly tailLen: Float64Array;
  readonly textEnd: string[];
  readonly tailEnd: string[];
  readonly textUpper: Float64Array;
  readonly tailUpper: Float64Array;
}

function elementMeasures(units: readonly TextTailUnit[], elementAt: ReadonlyMap<number, number>, m: number): ElementMeasures {
  const textLen = new Float64Array(m);
  const tailLen = new Float64Array(m);
  const textEnd: string[] = new Array<string>(m).fill('empty');
  const tailEnd: string[] = new Array<string>(m).fill('empty');
  const textUpper = new Float64Array(m);
  const tailUpper = new Float64Array(m);
  for (const u of units) {
    const e = elementAt.get(u.elementId);
    if (e === undefined) continue;
    const sample = u.text.length > 400 ? u.text.slice(0, 400) : u.text;
    if (u.part === 'text') {
      textLen[e] = u.text.length;
      textEnd[e] = endPunctuation(u.text);
      textUpper[e] = upperCaseRatio(sample);
    } else {
      tailLen[e] = u.text.length;
      tailEnd[e] = endPunctuation(u.text);
      tailUpper[e] = upperCaseRatio(sample);
    }
  }
  return { textLen, tailLen, textEnd, tailEnd, textUpper, tailUpper };
}

/** The memory-based study's features of a page: one item per text/tail unit, in document order. */
export function computeUnitWindows(page: Page, options: UnitWindowOptions = {}): UnitWindowInstance {
  const units = textTailUnits(page.tree, { includeHidden: options.includeHidden ?? false });
  const schema = unitWindowSchema();
  const { elementAt, tags } = elementSequence(page, units);
  const m = tags.length;
  const { textLen, tailLen, textEnd, tailEnd, textUpper, tailUpper } = elementMeasures(units, elementAt, m);
  // Attribute names per column and value, built once per page (no string keys per lookup).
  const colNames = schema.columns.map((c) => c.name);
  const caches = colNames.map(() => new Map<string, string>());
  const name = (col: number, v: string): string => {
    const m = caches[col]!;
    let s = m.get(v);
    if (s === undefined) m.set(v, (s = `${colNames[col]}=${v}`));
    return s;
  };
  // Per element, the log2 length and its bucket name part, computed once (windows reuse them).
  const textLog = Array.from(textLen, (x) => Math.log2(1 + x));
  const tailLog = Array.from(tailLen, (x) => Math.log2(1 + x));
  const textBucket = Array.from(textLen, (x) => log2Bucket(x));
  const tailBucket = Array.from(tailLen, (x) => log2Bucket(x));
  const width = schema.columns.length;
  const items: ItemFeatures[] = units.map((u) => {
    const e = elementAt.get(u.elementId) ?? 0;
    const cols = new Array<string | number>(width);
    const attrs: string[] = [];
    let c = 0;
    cols[c] = u.part;
    attrs.push(name(c++, u.part));
    for (const d of TAG_OFFSETS) {
      const j = e + d;
      const t = j >= 0 && j < m ? tags[j]! : NONE;
      cols[c] = t;
      attrs.push(name(c++, t));
    }
    for (let which = 0; which < 2; which++) {
      const logs = which === 0 ? textLog : tailLog;
      const buckets = which === 0 ? textBucket : tailBucket;
      for (const d of LEN_OFFSETS) {
        const j = e + d;
        const inside = j >= 0 && j < m;
        cols[c] = inside ? logs[j]! : Number.NaN;
        attrs.push(name(c++, inside ? buckets[j]! : NONE));
      }
    }
    cols[c++] = textUpper[e]!;
    cols[c++] = tailUpper[e]!;
    if (textUpper[e]! > UPPER_THRESHOLD) attrs.push('textUpper');
    if (tailUpper[e]! > UPPER_THRESHOLD) attrs.push('tailUpper');
    for (let which = 0; which < 2; which++) {
      const ends = which === 0 ? textEnd : tailEnd;
      for (const d of LEN_OFFSETS) {
        const j = e + d;
        const v = j >= 0 && j < m ? ends[j]! : NONE;
        cols[c] = v;
        attrs.push(name(c++, v));
      }
    }
    if (c !== width) throw new Error('unit windows: column count does not match the schema');
    return { attrs, columns: cols };
  });
  return Object.freeze({
    instance: Object.freeze({ pageId: page.id, site: siteOf(page), items: Object.freeze(items) }),
    units: Object.freeze(units),
  });
}

/** Visible characters of a text node (its weight when units and blocks share nodes). */
function weightOf(page: Page, id: number): number {
  const n = page.tree.nodes[id];
  return n && n.kind === 'text' ? n.text.trim().length : 0;
}

/** The label with the most weight; ties go to the first in `order`; `fallback` when nothing weighed. */
function heaviest<L extends string>(weights: Map<L, number>, order: readonly L[], fallback: L): L {
  let best = fallback;
  let bestW = 0;
  for (const l of order) {
    const w = weights.get(l) ?? 0;
    if (w > bestW) {
      best = l;
      bestW = w;
    }
  }
  return best;
}

const GOLD_ORDER: readonly GoldLabel[] = ['title', 'heading', 'body', 'other', 'unknown'];
const LABEL_ORDER: readonly Label[] = ['title', 'heading', 'body', 'other'];

export interface UnitLabelOptions {
  /** Label of units with no visible text in any block (empty texts and tails). Default `other`: the memory-based study tags them garbage. */
  readonly emptyLabel?: GoldLabel;
}

/**
 * Gold labels for units from gold labels for blocks, through the text nodes they share
 * (a unit covering text of blocks with different labels gets the label with the most
 * characters). An image or media element's text unit gets its block's label.
 */
export function unitLabelsFromBlockLabels(
  page: Page,
  units: readonly TextTailUnit[],
  blockLabels: readonly GoldLabel[],
  options: UnitLabelOptions = {},
): GoldLabel[] {
  if (blockLabels.length !== page.blocks.length) {
    throw new PithError('BAD_OPTION', `got ${blockLabels.length} block labels for ${page.blocks.length} blocks`, page.id);
  }
  const empty = options.emptyLabel ?? 'other';
  const nodeBlock = new Int32Array(page.tree.nodes.length).fill(-1);
  page.blocks.forEach((b, i) => {
    for (const id of b.nodeIds) nodeBlock[id] = i;
  });
  return units.map((u) => {
    if (u.part === 'text') {
      const b = nodeBlock[u.elementId]!;
      if (b >= 0 && page.blocks[b]!.kind !== 'text') return blockLabels[b]!;
    }
    const w = new Map<GoldLabel, number>();
    for (const id of u.nodeIds) {
      const b = nodeBlock[id]!;
      if (b < 0) continue;
      const l = blockLabels[b]!;
      w.set(l, (w.get(l) ?? 0) + weightOf(page, id));
    }
    return heaviest(w, GOLD_ORDER, empty);
  });
}

/**
 * Block labels from unit predictions (the reverse mapping): each block takes the label
 * with the most characters among the units its text nodes belong to; an image or media
 * block takes its element's text unit's label; `other` where no unit covers a block.
 */
export function blockLabelsFromUnitLabels(page: Page, units: readonly TextTailUnit[], unitLabels: readonly Label[]): Label[] {
  if (unitLabels.length !== units.length) {
    throw new PithError('BAD_OPTION', `got ${unitLabels.length} unit labels for ${units.length} units`, page.id);
  }
  const n = page.tree.nodes.length;
  const nodeUnit = new Int32Array(n).fill(-1);
  const elementTextUnit = new Int32Array(n).fill(-1);
  units.forEach((u, k) => {
    for (const id of u.nodeIds) nodeUnit[id] = k;
    if (u.part === 'text') elementTextUnit[u.elementId] = k;
  });
  return page.blocks.map((b) => {
    if (b.kind !== 'text') {
      const k = elementTextUnit[b.elementId]!;
      return k >= 0 ? unitLabels[k]! : 'other';
    }
    const w = new Map<Label, number>();
    for (const id of b.nodeIds) {
      const k = nodeUnit[id]!;
      if (k < 0) continue;
      const l = unitLabels[k]!;
      w.set(l, (w.get(l) ?? 0) + Math.max(1, weightOf(page, id)));
    }
    return heaviest(w, LABEL_ORDER, 'other');
  });
}
