/**
 * The environment `pith batch` re-runs Node in (bin/pith.js re-runs a batch with
 * `--single-threaded-gc`): the caller's, with glibc's malloc held to one arena per JS thread.
 * This module is read before anything else is loaded, so it imports nothing of pith's.
 *
 * Why: glibc gives each thread that allocates an arena of its own, up to 8 a core, and an arena
 * keeps what it once held, so a batch's helper threads (libuv's pool, V8's compiler tasks) each
 * add a few MB to its peak RSS (docs/benchmarks.md, "Peak memory (issue 60)"). One arena for the
 * main thread and one for each worker keeps the workers from waiting on each other's; the helpers
 * share them. C libraries other than glibc ignore the variable.
 */
import { availableParallelism } from 'node:os';

/** The batch's worker threads as its arguments ask (`--workers N`), else one a core as `pith batch` starts. */
function workerThreads(args: readonly string[], cores: number): number {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = a === '--workers' ? args[i + 1] : a.startsWith('--workers=') ? a.slice('--workers='.length) : undefined;
    if (value === undefined) continue;
    const n = Number(value);
    return Number.isInteger(n) && n >= 1 ? n : cores;
  }
  return cores;
}

/**
 * `env` for a batch run with `args` (the words after `pith batch`): `MALLOC_ARENA_MAX` is the
 * worker threads plus the main thread, unless the caller set it (theirs is kept).
 */
export function batchProcessEnv(env: NodeJS.ProcessEnv, args: readonly string[], cores = availableParallelism()): NodeJS.ProcessEnv {
  if (env['MALLOC_ARENA_MAX'] !== undefined) return env;
  return { ...env, MALLOC_ARENA_MAX: String(workerThreads(args, cores) + 1) };
}
