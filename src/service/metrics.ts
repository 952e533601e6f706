/**
 * Prometheus text exposition (format 0.0.4) of the service's counters, gauges and
 * histograms. Small on purpose: label sets are bounded by the code (routes, status codes,
 * error codes), never taken from what a client sends.
 */

type Labels = Readonly<Record<string, string>>;

const escapeValue = (v: string): string => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels): string => {
  const keys = Object.keys(labels);
  return keys.length === 0 ? '' : `{${keys.map((k) => `${k}="${escapeValue(labels[k]!)}"`).join(',')}}`;
};
const num = (n: number): string => (Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN');

interface Metric {
  render(): string;
}

export class Counter implements Metric {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(readonly name: string, readonly help: string) {}
  inc(labels: Labels = {}, by = 1): void {
    const key = labelText(labels);
    const entry = this.values.get(key);
    if (entry) entry.value += by;
    else this.values.set(key, { labels, value: by });
  }
  get(labels: Labels = {}): number {
    return this.values.get(labelText(labels))?.value ?? 0;
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [key, { value }] of [...this.values].sort(([a], [b]) => a.localeCompare(b))) lines.push(`${this.name}${key} ${num(value)}`);
    return lines.join('\n');
  }
}

/** A gauge read when scraped. */
export class Gauge implements Metric {
  constructor(readonly name: string, readonly help: string, private readonly read: () => number) {}
  render(): string {
    return [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} gauge`, `${this.name} ${num(this.read())}`].join('\n');
  }
}

export class Histogram implements Metric {
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(readonly name: string, readonly help: string, readonly buckets: readonly number[]) {}
  observe(labels: Labels, value: number): void {
    const key = labelText(labels);
    let s = this.series.get(key);
    if (!s) this.series.set(key, (s = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 }));
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) s.counts[i]!++;
    s.sum += value;
    s.count++;
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const [, s] of [...this.series].sort(([a], [b]) => a.localeCompare(b))) {
      this.buckets.forEach((b, i) => lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: num(b) })} ${s.counts[i]}`));
      lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${s.count}`);
      lines.push(`${this.name}_sum${labelText(s.labels)} ${num(s.sum)}`);
      lines.push(`${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return lines.join('\n');
  }
}

export class Registry {
  private readonly metrics: Metric[] = [];
  add<M extends Metric>(m: M): M {
    this.metrics.push(m);
    return m;
  }
  render(): string {
    return this.metrics.map((m) => m.render()).join('\n') + '\n';
  }
}

export const LATENCY_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
