/**
 * In-process CPU time and the median the benchmarks report, one definition for every bench
 * script (whole processes are metered by bench/process-cpu.ts). CPU time, not wall time: the
 * machine may be shared, and CPU time is what this process spent.
 */

/** CPU ms (user + sys) this process has used so far; differences of two readings time a span. */
export function cpuMsNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** CPU ms (user + sys) of this process while `f` runs. */
export function cpuMsOf(f: () => void): number {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** The median (mean of the middle two for an even count); NaN for none. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
}
