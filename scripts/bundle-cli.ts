/**
 * Builds the CLI bundle (run by `npm run build` after tsc): the modules `pith extract` and
 * `pith batch` load in the main thread, from dist/ and the packages they import (parse5), in
 * one script, and a V8 code cache for it made after a warm-up run. bin/pith.js runs these two
 * commands from it (src/cli/bundle-loader.ts), and `pith batch`'s worker threads too
 * (src/cli/bundle-worker.ts): Node 20's ES-module loader costs more than the modules' own code
 * at start-up, and it has no compile cache. Any other command loads dist/ as ES modules.
 * The cache is made under the flags the bundle runs under (BUNDLE_V8_FLAGS, which loading it sets).
 *
 * Each module is turned into a CommonJS function by TypeScript's transpiler (no type check:
 * the code is tsc's output already); `import.meta.url` becomes the module's own file URL and
 * `import()` the bundle's loader, which loads bundled modules from the bundle and anything
 * else (optional packages) with Node's own import(). A module using any other `import.meta`
 * stops the build.
 *
 * node dist/scripts/bundle-cli.js
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { PassThrough } from 'node:stream';
import { dirname, join, relative, resolve } from 'node:path';
import { isBuiltin } from 'node:module';
import ts from 'typescript';
import { BUNDLE_COMMANDS, bundleFiles, bundleModuleId, loadCliBundleFrom, type BundleManifest } from '../src/cli/bundle-loader.js';

const root = process.cwd();
const files = bundleFiles(root);

/** The file a bare specifier names: the package found up from `from`, its `exports` (import conditions) or `main`. */
function resolvePackage(spec: string, from: string): string {
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  const sub = spec.slice(name.length);
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const pkgDir = join(dir, 'node_modules', name);
    if (existsSync(join(pkgDir, 'package.json'))) {
      const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { exports?: unknown; main?: string; module?: string };
      const target = exportTarget(pkg.exports, `.${sub}`) ?? (sub === '' ? pkg.module ?? pkg.main ?? 'index.js' : `.${sub}`);
      return resolve(pkgDir, target);
    }
    if (dirname(dir) === dir) throw new Error(`bundle-cli: cannot find package '${name}' from ${from}`);
  }
}

/** The file an `exports` map gives for a subpath under the conditions of an ES-module import in Node. */
function exportTarget(exports: unknown, subpath: string): string | undefined {
  if (exports === undefined || exports === null) return undefined;
  const entry = typeof exports === 'string' || !Object.keys(exports as object).some((k) => k.startsWith('.'))
    ? (subpath === '.' ? exports : undefined)
    : (exports as Record<string, unknown>)[subpath];
  const pick = (v: unknown): string | undefined => {
    if (typeof v === 'string') return v;
    if (v === null || typeof v !== 'object') return undefined;
    for (const condition of ['import', 'node', 'default']) {
      const got = pick((v as Record<string, unknown>)[condition]);
      if (got !== undefined) return got;
    }
    return undefined;
  };
  return pick(entry);
}

/**
 * A module's dependencies by specifier, read from its CommonJS form (`require("...")` for its
 * static imports, `__import("...")` for its dynamic ones): the bundled file (absolute), or
 * undefined for what Node loads itself: its builtins, and packages loaded only with import()
 * (the optional ones).
 */
function dependenciesOf(file: string, code: string): Map<string, string | undefined> {
  const required = new Set([...code.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!));
  const imported = new Set([...code.matchAll(/\b__import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!));
  const deps = new Map<string, string | undefined>();
  for (const spec of [...required, ...imported]) {
    if (isBuiltin(spec)) deps.set(spec, undefined);
    else if (spec.startsWith('.') || spec.startsWith('/')) deps.set(spec, resolve(dirname(file), spec));
    else if (!required.has(spec)) deps.set(spec, undefined);
    else deps.set(spec, resolvePackage(spec, file));
  }
  return deps;
}

/** The module's code as the body of a CommonJS function. */
function asFunctionBody(file: string, text: string): string {
  const source = text.replace(/^\/\/# sourceMappingURL=.*$/m, '').replace(/\bimport\.meta\.url\b/g, '__meta_url');
  if (/\bimport\.meta\b/.test(source)) throw new Error(`bundle-cli: ${file} uses import.meta beyond import.meta.url`);
  // Only a dynamic import is `import(`: static ones are `import x from`, `import {`, `import '...'`.
  const withLoader = source.replace(/\bimport\s*\(/g, '__import(');
  const out = ts.transpileModule(withLoader, { fileName: file, reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, sourceMap: false, removeComments: true } });
  const problems = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (problems.length > 0) throw new Error(`bundle-cli: ${file}: ${ts.flattenDiagnosticMessageText(problems[0]!.messageText, '\n')}`);
  return out.outputText;
}

const idOf = (file: string): string => bundleModuleId(root, file);

/** What `pith batch`'s worker threads run from the bundle (src/cli/bundle-worker.ts). */
const WORKER_ENTRY = 'dist/src/batch/serve-pages.js';
const entries = [join(root, 'dist/src/cli/main.js'), ...BUNDLE_COMMANDS.map((c) => join(root, `dist/src/cli/commands/${c}.js`)), join(root, WORKER_ENTRY)];
const modules = new Map<string, { body: string; deps: Record<string, string | null> }>();
const stack = [...entries];
while (stack.length > 0) {
  const file = stack.pop()!;
  if (modules.has(idOf(file))) continue;
  const body = asFunctionBody(file, readFileSync(file, 'utf8'));
  const deps: Record<string, string | null> = {};
  for (const [spec, target] of dependenciesOf(file, body)) {
    deps[spec] = target === undefined ? null : idOf(target);
    if (target !== undefined) stack.push(target);
  }
  modules.set(idOf(file), { body, deps });
}

let bundle = '(function () {\n"use strict";\nreturn {\n';
for (const [id, { body, deps }] of [...modules].sort(([a], [b]) => a.localeCompare(b))) {
  bundle += `${JSON.stringify(id)}: [${JSON.stringify(deps)}, function (exports, require, module, __meta_url, __import) {\n${body}\n}],\n`;
}
bundle += '};\n})';

// The code cache belongs to this bundle only: the old one goes first.
for (const f of [files.cache, files.manifest, files.bundle]) rmSync(f, { force: true });
writeFileSync(files.bundle, bundle);
const manifest: BundleManifest = { commands: [...BUNDLE_COMMANDS], modules: modules.size };
writeFileSync(files.manifest, JSON.stringify(manifest, null, 2) + '\n');

// Warm-up: `pith extract` and a small `pith batch` on a page, from the bundle, so that the
// functions a run needs are compiled when the cache is made.
const loaded = loadCliBundleFrom(root, { withCache: false });
const bundledMain = (loaded.load('dist/src/cli/main.js') as typeof import('../src/cli/main.js')).main;
const warmPage = join(root, 'test', 'fixtures', 'pages', 'news-article.html');
for (const c of BUNDLE_COMMANDS) loaded.load(`dist/src/cli/commands/${c}.js`);
loaded.load(WORKER_ENTRY);
if (existsSync(warmPage)) {
  const scratch = mkdtempSync(join(tmpdir(), 'pith-bundle-warm-'));
  try {
    const io = { stdout: new PassThrough().resume(), stderr: new PassThrough().resume(), stdin: new PassThrough() };
    for (const format of ['json', 'text', 'markdown']) await bundledMain(['extract', warmPage, '--format', format], io);
    // And the model read from its JSON file (a model given with --model has no compiled form).
    process.env['PITH_COMPILED_MODELS'] = '0';
    try {
      await bundledMain(['extract', warmPage, '--format', 'json'], io);
    } finally {
      delete process.env['PITH_COMPILED_MODELS'];
    }
    copyFileSync(warmPage, join(scratch, 'page.html'));
    const code = await bundledMain(['batch', scratch, '--out', join(scratch, 'out.jsonl')], io);
    if (code !== 0) throw new Error(`bundle-cli: the warm-up batch failed (exit ${code})`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
writeFileSync(files.cache, loaded.script.createCachedData());
console.log(`bundle-cli: ${modules.size} modules, ${(bundle.length / 1e6).toFixed(2)} MB -> ${relative(root, files.bundle)} (+ code cache)`);
