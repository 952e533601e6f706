/**
 * Plain SVG line charts, written by hand (no dependencies): axes with ticks, one polyline
 * with point markers per series, a legend. Enough for learning curves and k sweeps.
 */

export interface Series {
  readonly name: string;
  /** [x, y] points; drawn in the order given. NaN y values are skipped. */
  readonly points: readonly (readonly [number, number])[];
  /** Dashed line (e.g. to set one representation apart from another). */
  readonly dashed?: boolean;
}

export interface ChartOptions {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  /** Logarithmic (base 2) x axis. */
  readonly logX?: boolean;
  /** y range; default from the data, padded. */
  readonly yMin?: number;
  readonly yMax?: number;
  readonly width?: number;
  readonly height?: number;
}

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const fmt = (x: number): string => (Math.round(x * 100) / 100).toString();

/** Round tick values covering [lo, hi]. */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let i = Math.ceil(lo / step - 1e-9); i * step <= hi + 1e-9; i++) out.push(Number((i * step).toPrecision(12)) + 0);
  return out;
}

export function lineChart(series: readonly Series[], o: ChartOptions): string {
  const W = o.width ?? 640, H = o.height ?? 400;
  const left = 60, right = 180, top = 36, bottom = 50;
  const pw = W - left - right, ph = H - top - bottom;
  const pts = series.flatMap((s) => s.points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y) && (!o.logX || x > 0)));
  const tx = (x: number): number => (o.logX ? Math.log2(x) : x);
  let x0 = pts.length ? Math.min(...pts.map((p) => tx(p[0]))) : 0;
  let x1 = pts.length ? Math.max(...pts.map((p) => tx(p[0]))) : 1;
  if (x1 === x0) x1 = x0 + 1;
  let y0 = o.yMin ?? (pts.length ? Math.min(...pts.map((p) => p[1])) : 0);
  let y1 = o.yMax ?? (pts.length ? Math.max(...pts.map((p) => p[1])) : 1);
  if (o.yMin === undefined || o.yMax === undefined) {
    const pad = (y1 - y0) * 0.05 || 0.05;
    if (o.yMin === undefined) y0 -= pad;
    if (o.yMax === undefined) y1 += pad;
  }
  if (y1 === y0) y1 = y0 + 1;
  const sx = (x: number): number => left + ((tx(x) - x0) / (x1 - x0)) * pw;
  const sy = (y: number): number => top + ph - ((y - y0) / (y1 - y0)) * ph;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect x="0" y="0" width="${W}" height="${H}" fill="white"/>`);
  out.push(`<text x="${left + pw / 2}" y="20" text-anchor="middle" font-size="14">${escapeXml(o.title)}</text>`);
  // Axes and grid.
  out.push(`<line x1="${left}" y1="${top + ph}" x2="${left + pw}" y2="${top + ph}" stroke="black"/>`);
  out.push(`<line x1="${left}" y1="${top}" x2="${left}" y2="${top + ph}" stroke="black"/>`);
  for (const v of niceTicks(y0, y1)) {
    const y = sy(v);
    out.push(`<line x1="${left}" y1="${fmt(y)}" x2="${left + pw}" y2="${fmt(y)}" stroke="#ddd"/>`);
    out.push(`<text x="${left - 6}" y="${fmt(y + 4)}" text-anchor="end">${fmt(v)}</text>`);
  }
  const xticks = o.logX
    ? [...new Set(pts.map((p) => p[0]))].sort((a, b) => a - b)
    : niceTicks(x0, x1);
  for (const v of xticks) {
    const x = sx(v);
    out.push(`<line x1="${fmt(x)}" y1="${top + ph}" x2="${fmt(x)}" y2="${top + ph + 5}" stroke="black"/>`);
    out.push(`<text x="${fmt(x)}" y="${top + ph + 18}" text-anchor="middle">${fmt(v)}</text>`);
  }
  out.push(`<text x="${left + pw / 2}" y="${H - 10}" text-anchor="middle">${escapeXml(o.xLabel)}</text>`);
  out.push(`<text x="16" y="${top + ph / 2}" text-anchor="middle" transform="rotate(-90 16 ${top + ph / 2})">${escapeXml(o.yLabel)}</text>`);
  series.forEach((s, i) => {
    const c = COLOURS[i % COLOURS.length]!;
    const ok = s.points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y) && (!o.logX || x > 0));
    if (ok.length) {
      const d = ok.map(([x, y]) => `${fmt(sx(x))},${fmt(sy(y))}`).join(' ');
      out.push(`<polyline fill="none" stroke="${c}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''} points="${d}"/>`);
      for (const [x, y] of ok) out.push(`<circle cx="${fmt(sx(x))}" cy="${fmt(sy(y))}" r="3" fill="${c}"/>`);
    }
    const ly = top + 10 + i * 18;
    out.push(`<line x1="${left + pw + 12}" y1="${ly}" x2="${left + pw + 36}" y2="${ly}" stroke="${c}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/>`);
    out.push(`<text x="${left + pw + 42}" y="${ly + 4}">${escapeXml(s.name)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
