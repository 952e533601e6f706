/**
 * CPU time (user + system) of this process, for tests that bound how much work a call may
 * take: CPU time, never wall time, so that a loaded machine, which slows every clock on the
 * wall, does not fail them. Bounds stay generous (tens of times the measured cost): they catch
 * runaway work (a quadratic walk, a hang), not a slow machine.
 */
export function withCpuMs<T>(f: () => T): { value: T; cpuMs: number } {
  const start = process.cpuUsage();
  const value = f();
  const used = process.cpuUsage(start);
  return { value, cpuMs: (used.user + used.system) / 1000 };
}
