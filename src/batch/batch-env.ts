/**
 * The environment and flags `pith batch` re-runs Node with (bin/pith.js re-runs a batch with
 * `--single-threaded-gc`): the caller's environment, with glibc's malloc held to one arena per
 * JS thread. This module is read before anything else is loaded, so it imports nothing of pith's.
 *
 * Why: glibc gives each thread that allocates an arena of its own, up to 8 a core, and an arena
 * keeps what it once held, so a batch's helper threads (libuv's pool, V8's compiler tasks) each
 * add a few MB to its peak RSS (docs/benchmarks.md, "Peak memory (issue 60)"). One arena for the
 * main thread and one for each worker keeps the workers from waiting on each other's; the helpers
 * share them. C libraries other than glibc ignore the variable.
 */
/**
 * The Node flags `pith batch` re-runs with. `--single-threaded-gc`: bin/pith.js says why. (The
 * optimising compiler stays on V8's background threads: on its worker's own thread it cost CPU,
 * wall time and no memory on an idle machine: docs/benchmarks.md, "JIT tiering".)
 */
export const BATCH_NODE_FLAGS: readonly string[] = ['--single-threaded-gc'];

/**
 * `env` for a batch run with `workerThreads` worker threads (as its arguments ask: src/cli/batch-args.ts's
 * `batchWorkerThreads`): `MALLOC_ARENA_MAX` is the worker threads plus the main thread, unless
 * the caller set it (theirs is kept).
 */
export function batchProcessEnv(env: NodeJS.ProcessEnv, workerThreads: number): NodeJS.ProcessEnv {
  if (env['MALLOC_ARENA_MAX'] !== undefined) return env;
  return { ...env, MALLOC_ARENA_MAX: String(workerThreads + 1) };
}
