/**
 * Runs `pith extract` and `pith batch` from the CLI bundle (scripts/bundle-cli.ts builds it
 * with `npm run build`): one script holding the modules these commands load, compiled with
 * its V8 code cache, each module a CommonJS function run once when first required. It spares
 * Node 20's ES-module loader (resolving, reading and linking some 200 files) and the parsing
 * of their code: most of what one page costs to start.
 *
 * Used only when the bundle is there and was built after dist/ (a later tsc run leaves it
 * stale: then the ES modules are loaded as before), and only for its commands. A bundled
 * module's `import()` loads from the bundle; what is not in it (an optional package) is
 * imported by Node, so its errors (a package not installed) are the ES loader's own.
 *
 * `pith batch`'s worker threads load from the bundle too when the main thread does
 * (bundle-worker.ts). V8 accepts a code cache only under the flags it was made under, and flags
 * are the process' (its threads share them): the cache is made, and the bundle compiled, under
 * BUNDLE_V8_FLAGS, which loading the bundle sets first.
 */
import { createRequire } from 'node:module';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

/** The commands the bundle runs. */
export const BUNDLE_COMMANDS = ['extract', 'batch'] as const;

/**
 * V8 flags the bundle runs under, set before it is compiled (its code cache is made under them).
 * `--no-regexp-tier-up`: each regular expression compiled once, straight to machine code, not
 * first to bytecode and again after its first use (a page runs hundreds of them a few times
 * each: the first page 40 ms less CPU, many pages the same).
 *
 * The tiering flags: a function is optimised after four times V8's default run budget and inlines
 * a quarter as much. pith runs several hundred mid-sized functions a few thousand times a batch,
 * and with the defaults the optimising compiler's background threads took about a third of a
 * 300-page batch's CPU; a later optimisation has more type feedback (fewer deoptimisations and
 * re-optimisations) and less inlined code to compile, and the code it makes runs no slower
 * (docs/benchmarks.md, "JIT tiering").
 */
export const BUNDLE_V8_FLAGS = '--no-regexp-tier-up --interrupt-budget=270336 --max-inlined-bytecode-size=115 --max-inlined-bytecode-size-cumulative=230';

/** Where a thread running the CLI from the bundle notes the package root (its worker threads then load from the bundle too). */
const BUNDLE_IN_USE = Symbol.for('pith.cli-bundle.root');

/** What the bundle's manifest says. */
export interface BundleManifest {
  readonly commands: readonly string[];
  readonly modules: number;
}

/** A module's id in the bundle: its path from the package root, with `/` between parts (the builder and the loader must agree). */
export function bundleModuleId(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}

/** The bundle's files under the package root. */
export function bundleFiles(root: string): { bundle: string; cache: string; manifest: string } {
  const base = join(root, 'dist', 'pith-cli.bundle');
  return { bundle: `${base}.js`, cache: `${base}.cache`, manifest: `${base}.json` };
}

type ModuleFunction = (exports: unknown, require: (spec: string) => unknown, module: { exports: unknown }, metaUrl: string, importFn: (spec: string) => Promise<unknown>) => void;
/** Module id (its path from the package root) -> [its dependencies' ids by specifier, null for Node's own loading; its code]. */
type BundleModules = Record<string, [Record<string, string | null>, ModuleFunction]>;

export interface LoadedBundle {
  /** The compiled bundle (its code cache can be made from it). */
  readonly script: Script;
  /** A bundled module's exports, running it on first use. */
  load(id: string): unknown;
  /** The ids of the modules run so far, in the order they started. */
  loadedIds(): string[];
}

/** Compiles and runs the bundle under `root`; `withCache`: use its code cache when V8 accepts it. */
export function loadCliBundleFrom(root: string, options: { withCache: boolean }): LoadedBundle {
  const files = bundleFiles(root);
  setFlagsFromString(BUNDLE_V8_FLAGS);
  const cachedData = options.withCache && existsSync(files.cache) ? readFileSync(files.cache) : undefined;
  const script = new Script(readFileSync(files.bundle, 'utf8'), { filename: files.bundle, ...(cachedData ? { cachedData } : {}) });
  const modules = script.runInThisContext() as () => BundleModules;
  const defs = modules();
  const nativeRequire = createRequire(join(root, 'package.json'));
  const loaded = new Map<string, { exports: unknown }>();

  const load = (id: string): unknown => {
    const done = loaded.get(id);
    if (done) return done.exports;
    const def = defs[id];
    if (!def) throw new Error(`pith: ${id} is not in the CLI bundle (rebuild with npm run build)`);
    const [deps, run] = def;
    const module = { exports: {} as unknown };
    loaded.set(id, module);
    const require = (spec: string): unknown => {
      const target = deps[spec];
      if (target === undefined) throw new Error(`pith: ${id} requires '${spec}', which the CLI bundle does not know`);
      return target === null ? nativeRequire(spec) : load(target);
    };
    const importFn = async (spec: string): Promise<unknown> => {
      const target = deps[spec];
      if (typeof target === 'string') return load(target);
      if (target === undefined && spec.startsWith('file:')) return load(bundleModuleId(root, fileURLToPath(spec)));
      return import(spec);
    };
    run.call(module.exports, module.exports, require, module, pathToFileURL(join(root, id)).href, importFn);
    return module.exports;
  };
  return { script, load, loadedIds: () => [...loaded.keys()] };
}

/** Whether the bundle under `root` runs `command` and was built after dist/ was. */
export function bundleServes(root: string, command: string | undefined): boolean {
  if (command === undefined || !(BUNDLE_COMMANDS as readonly string[]).includes(command)) return false;
  const files = bundleFiles(root);
  try {
    const manifest = JSON.parse(readFileSync(files.manifest, 'utf8')) as BundleManifest;
    if (!manifest.commands.includes(command)) return false;
    return statSync(files.bundle).mtimeMs >= statSync(join(root, 'dist', 'src', 'cli', 'main.js')).mtimeMs;
  } catch {
    return false;
  }
}

/**
 * The CLI's `main` from the bundle, when it serves `command`; else undefined (load
 * dist/src/cli/main.js). A damaged bundle (a build cut short, a file edited by hand) is said
 * once on `warn` and the ES modules serve instead: the bundle only ever saves time.
 */
export function bundledMain(
  root: string,
  command: string | undefined,
  warn: (line: string) => void = (line) => process.stderr.write(line),
): ((argv: readonly string[]) => Promise<number>) | undefined {
  if (!bundleServes(root, command)) return undefined;
  let main: { main: (argv: readonly string[]) => Promise<number> };
  try {
    main = loadCliBundleFrom(root, { withCache: true }).load('dist/src/cli/main.js') as typeof main;
  } catch (e) {
    warn(`pith: the CLI bundle could not be loaded (${(e as Error).message}); running from dist/ instead (npm run build remakes it)\n`);
    return undefined;
  }
  (globalThis as Record<symbol, unknown>)[BUNDLE_IN_USE] = root;
  return main.main;
}

/** The worker module that loads the bundle (bundle-worker.ts), when this thread's CLI runs from it; else undefined (workers load dist/ as ES modules). */
export function bundleWorkerModule(): URL | undefined {
  const root = (globalThis as Record<symbol, unknown>)[BUNDLE_IN_USE];
  return typeof root === 'string' ? bundleWorkerModuleUnder(root) : undefined;
}

/** The bundle's worker entry under the package root `root`. */
export function bundleWorkerModuleUnder(root: string): URL {
  return pathToFileURL(join(root, 'dist', 'src', 'cli', 'bundle-worker.js'));
}
