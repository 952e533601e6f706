/**
 * Feature weights from each column's value x class contingency table (memory-based study eq. 3.3-3.7;
 * Quinlan's gain ratio; Daelemans & van den Bosch ch. 3). Numeric columns are cut into
 * equal-width bins first (default 20, as TiMBL does), plus one bin for missing values.
 */
import { LABELS } from '../../labels.js';
import type { FeatureSchema } from '../../features/types.js';
import type { LabeledSequence } from '../labeler.js';
import { resolveKnnParams, type Weighting } from './params.js';
import { buildTable, discreteOf, NUMERIC, type InstanceTable } from './table.js';

const NC = LABELS.length;

/** Every weighting measure of one column. */
export interface ColumnStats {
  /** Distinct (discretised) values seen in training. */
  readonly values: number;
  readonly informationGain: number;
  readonly splitInfo: number;
  readonly gainRatio: number;
  readonly chiSquare: number;
  readonly sharedVariance: number;
}

/** One row of the weights table (memory-based study table 6.10). */
export interface ColumnWeight {
  readonly index: number;
  readonly name: string;
  readonly kind: 'symbolic' | 'numeric';
  readonly family: string | undefined;
  readonly weight: number;
  readonly stats: ColumnStats;
}

function entropy(counts: ArrayLike<number>, from: number, len: number, total: number): number {
  // H = -sum p log2 p over the non-zero cells
  let h = 0;
  for (let i = from; i < from + len; i++) {
    const n = counts[i]!;
    if (n > 0) {
      const p = n / total;
      h -= p * Math.log2(p);
    }
  }
  return h;
}

/**
 * All measures from a contingency table `counts[v * classes + c]` (values x classes).
 * Exported for tests and for callers that build their own tables.
 */
export function statsFromContingency(counts: ArrayLike<number>, classes: number): ColumnStats {
  const nValues = Math.floor(counts.length / classes);
  const perClass = new Float64Array(classes);
  const perValue = new Float64Array(nValues);
  let total = 0;
  for (let v = 0; v < nValues; v++) {
    for (let c = 0; c < classes; c++) {
      const n = counts[v * classes + c]!;
      perClass[c] += n;
      perValue[v] += n;
      total += n;
    }
  }
  if (total <= 0) return { values: 0, informationGain: 0, splitInfo: 0, gainRatio: 0, chiSquare: 0, sharedVariance: 0 };
  const hc = entropy(perClass, 0, classes, total);
  // IG = H(C) - sum_v P(v) H(C|v)
  let cond = 0;
  let seenValues = 0;
  for (let v = 0; v < nValues; v++) {
    const nv = perValue[v]!;
    if (nv <= 0) continue;
    seenValues++;
    cond += (nv / total) * entropy(counts, v * classes, classes, nv);
  }
  const ig = Math.max(0, hc - cond);
  // si = -sum_v P(v) log2 P(v); GR = IG / si
  const si = entropy(perValue, 0, nValues, total);
  const gr = si > 0 ? ig / si : 0;
  // chi2 = sum_v sum_c (n_vc - E_vc)^2 / E_vc, E_vc = n_v n_c / N
  let chi = 0;
  let seenClasses = 0;
  for (let c = 0; c < classes; c++) if (perClass[c]! > 0) seenClasses++;
  for (let v = 0; v < nValues; v++) {
    const nv = perValue[v]!;
    if (nv <= 0) continue;
    for (let c = 0; c < classes; c++) {
      const nc = perClass[c]!;
      if (nc <= 0) continue;
      const e = (nv * nc) / total;
      const d = counts[v * classes + c]! - e;
      chi += (d * d) / e;
    }
  }
  // SV = chi2 / (N (min(|C|, |V|) - 1))
  const dof = Math.min(seenClasses, seenValues) - 1;
  const sv = dof > 0 ? chi / (total * dof) : 0;
  return { values: seenValues, informationGain: ig, splitInfo: si, gainRatio: gr, chiSquare: chi, sharedVariance: sv };
}

/** Contingency table of column `f` (discretised values x LABELS). */
export function contingency(table: InstanceTable, f: number, bins: number): Float64Array {
  const cols = table.columns;
  const width = cols.kinds.length;
  const nValues = cols.kinds[f] === NUMERIC ? bins + 1 : cols.dicts[f]!.length;
  const counts = new Float64Array(Math.max(1, nValues) * NC);
  for (let r = 0; r < table.rows; r++) {
    const v = discreteOf(cols, f, table.values[r * width + f]!, bins);
    counts[v * NC + table.classes[r]!] += 1;
  }
  return counts;
}

export function columnStats(table: InstanceTable, bins: number): ColumnStats[] {
  const out: ColumnStats[] = [];
  for (let f = 0; f < table.columns.kinds.length; f++) out.push(statsFromContingency(contingency(table, f, bins), NC));
  return out;
}

export function pickWeight(s: ColumnStats, weighting: Weighting): number {
  switch (weighting) {
    case 'none':
      return 1;
    case 'information-gain':
      return s.informationGain;
    case 'gain-ratio':
      return s.gainRatio;
    case 'chi-square':
      return s.chiSquare;
    case 'shared-variance':
      return s.sharedVariance;
  }
}

export function computeWeights(table: InstanceTable, weighting: Weighting, bins: number): { weights: Float64Array; stats: ColumnStats[] } {
  const stats = columnStats(table, bins);
  return { weights: Float64Array.from(stats, (s) => pickWeight(s, weighting)), stats };
}

/**
 * The per-column weights table for labelled data under a schema (memory-based study table 6.10):
 * one row per column, in schema order, with the chosen weight and every other measure.
 */
export function featureWeights(
  data: readonly LabeledSequence[],
  schema: FeatureSchema,
  weighting: Weighting = 'gain-ratio',
  options: { readonly bins?: number } = {},
): ColumnWeight[] {
  const cfg = resolveKnnParams({ weighting, ...(options.bins !== undefined ? { bins: options.bins } : {}) });
  const table = buildTable(data, { schema });
  const stats = columnStats(table, cfg.bins);
  return stats.map((s, f) => ({
    index: f,
    name: schema.columns[f]!.name,
    kind: schema.columns[f]!.kind,
    family: schema.columns[f]!.family,
    weight: pickWeight(s, cfg.weighting),
    stats: s,
  }));
}
