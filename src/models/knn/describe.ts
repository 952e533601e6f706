/** Readable summaries of the memory-based models (`pith model dump`). */
import { LABELS } from '../../labels.js';
import type { KnnCore } from './core.js';

/** The column weights, heaviest first (top n), as an aligned table. */
export function describeWeights(core: KnnCore, top: number): string {
  const { names, kinds, dicts } = core.columns;
  const rows = Array.from(core.weights, (w, f) => ({ f, w }))
    .sort((a, b) => b.w - a.w || a.f - b.f)
    .slice(0, Math.max(0, top));
  const width = Math.max(6, ...rows.map((r) => names[r.f]!.length));
  const lines = [`column weights (${core.config.weighting}${core.config.weighting === 'none' ? '' : `, numeric columns in ${core.config.bins} bins`}):`];
  for (const { f, w } of rows) {
    const kind = kinds[f] === 0 ? `symbolic, ${dicts[f]!.length} values` : 'numeric';
    lines.push(`  ${names[f]!.padEnd(width)}  ${w.toFixed(4).padStart(8)}  (${kind})`);
  }
  if (core.weights.length > rows.length) lines.push(`  ... ${core.weights.length - rows.length} more`);
  return lines.join('\n');
}

export function describePrior(core: KnnCore): string {
  const total = core.prior.reduce((a, b) => a + b, 0);
  return `training instances: ${total} (${LABELS.map((l, c) => `${l} ${core.prior[c]}`).join(', ')})`;
}
