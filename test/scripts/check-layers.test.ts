/** scripts/check-layers.mjs on small hand-made src trees: each rule fails where it should and says where. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';

const script = join(repoRoot, 'scripts', 'check-layers.mjs');

/** Runs the checker over a tree of `files` (paths under src/, with their text). */
function check(files: Record<string, string>): { ok: boolean; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pith-layers-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, 'src', path)), { recursive: true });
      writeFileSync(join(dir, 'src', path), text);
    }
    const r = spawnSync(process.execPath, [script], { cwd: dir, encoding: 'utf8' });
    return { ok: r.status === 0, out: r.stdout + r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Every allowance is used (`util -> errors.ts`, `cli -> index.ts`); a tree without them would fail as stale.
const base = {
  'errors.ts': 'export class PithError extends Error {}\n',
  'util/a.ts': "import { PithError } from '../errors.js';\nexport const a = PithError;\n",
  'index.ts': "export { a } from './util/a.js';\n",
  'cli/run.ts': "import { a } from '../index.js';\nexport const run = a;\n",
};

test('a tree whose imports point to earlier stages passes', () => {
  const r = check({ ...base, 'dom/parse.ts': "import { a } from '../util/a.js';\nexport const p = a;\n", 'features/f.ts': "import type { p } from '../dom/parse.js';\nexport type F = typeof p;\n" });
  assert.ok(r.ok, r.out);
  assert.match(r.out, /6 files, imports point one way, no loops/);
});

test('a backward import fails, static or dynamic, and names the file', () => {
  const stat = check({ ...base, 'dom/parse.ts': "import { f } from '../features/f.js';\nexport const p = f;\n", 'features/f.ts': 'export const f = 1;\n' });
  assert.ok(!stat.ok);
  assert.match(stat.out, /Backward imports[\s\S]*src\/dom\/parse\.ts \(dom\) imports \.\.\/features\/f\.js \(features\)/);
  const dyn = check({ ...base, 'dom/parse.ts': "export const p = () => import('../features/f.js');\n", 'features/f.ts': 'export const f = 1;\n' });
  assert.ok(!dyn.ok);
  assert.match(dyn.out, /src\/dom\/parse\.ts \(dom\) import\(\)s \.\.\/features\/f\.js/);
  const typeOf = check({ ...base, 'dom/parse.ts': "export type P = typeof import('../features/f.js');\n", 'features/f.ts': 'export const f = 1;\n' });
  assert.ok(!typeOf.ok);
});

test('an import in a comment is not an import', () => {
  const r = check({ ...base, 'dom/parse.ts': "// import { f } from '../features/f.js';\n/* import('../features/f.js') */\nexport const p = 1;\n" });
  assert.ok(r.ok, r.out);
});

test('an import between two folders of the same rank fails unless allowed', () => {
  const r = check({ ...base, 'eval/e.ts': "import { w } from '../wrapper/w.js';\nexport const e = w;\n", 'wrapper/w.ts': 'export const w = 1;\n' });
  assert.ok(!r.ok);
  assert.match(r.out, /same rank[\s\S]*src\/eval\/e\.ts \(eval\) imports \.\.\/wrapper\/w\.js \(wrapper, the same rank 10\)/);
});

test('an allowance nothing uses any more fails as stale', () => {
  const r = check({ 'errors.ts': 'export class PithError extends Error {}\n', 'util/a.ts': 'export const a = 1;\n' });
  assert.ok(!r.ok);
  assert.match(r.out, /util -> errors\.ts: no such import any more/);
});

test('an import loop fails and is printed as a cycle, type-only imports included', () => {
  const two = check({ ...base, 'eval/load.ts': "import type { R } from './runner.js';\nexport type L = R;\n", 'eval/runner.ts': "export type R = 1;\nexport const load = () => import('./load.js');\n" });
  assert.ok(!two.ok);
  assert.match(two.out, /Import loops:\n {2}src\/eval\/load\.ts -> src\/eval\/runner\.ts -> src\/eval\/load\.ts/);
  const three = check({ ...base, 'dom/a.ts': "import './b.js';\n", 'dom/b.ts': "import './c.js';\n", 'dom/c.ts': "import './a.js';\n" });
  assert.ok(!three.ok);
  assert.match(three.out, /src\/dom\/a\.ts -> src\/dom\/b\.ts -> src\/dom\/c\.ts -> src\/dom\/a\.ts/);
});

test('a computed import() is refused outside the files that declare one', () => {
  const r = check({ ...base, 'eval/e.ts': 'export const e = (p: string) => import(p);\n' });
  assert.ok(!r.ok);
  assert.match(r.out, /Computed import\(\)[\s\S]*src\/eval\/e\.ts \(eval\) imports a computed specifier: import\(p\)/);
  assert.ok(check({ ...base, 'cli/main.ts': 'export const c = (u: string) => import(u);\n' }).ok);
});

test('a folder in no layer is an error that says what to add', () => {
  const r = check({ ...base, 'gadgets/g.ts': 'export const g = 1;\n' });
  assert.ok(!r.ok);
  assert.match(r.out, /add 'gadgets' to RANK/);
});

test('the repository itself passes', () => {
  const r = spawnSync(process.execPath, [script], { cwd: repoRoot, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
