#!/usr/bin/env node
// Checks the import rules of docs/architecture.md ("Packages"): dependencies point one way.
//   1. No import from a later stage (a folder of higher RANK).
//   2. No import between two folders of the same rank, unless SAME_RANK_ALLOWED names the pair.
//   3. No import loop among src files (a cycle of any length; type-only imports count too).
// Static imports and re-exports, side-effect imports, `import('...')` and `typeof import('...')`
// are all imports. A dynamic import of a computed specifier is allowed only in the files of
// COMPUTED_IMPORTS, which say what they load.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, dirname, resolve } from 'node:path';

const RANK = {
  'errors.ts': 0, 'labels.ts': 0, util: 0,
  dom: 1, segment: 2, render: 2.5, 'page.ts': 3, features: 4, models: 5, decode: 6, article: 7,
  pipeline: 7.5, batch: 7.6, corpus: 8, learn: 9, eval: 10, wrapper: 10, trainers: 10.5, experiments: 11, annotate: 12, service: 12, queue: 12, cli: 13, 'index.ts': 13,
};
/**
 * Imports between folders of the same rank that are allowed, as 'from -> to', each with why.
 * Any other is an error: two folders of one rank are peers (eval and wrapper; annotate, service
 * and queue), and what both need belongs in a lower layer. An allowance no import uses any more
 * is an error too, so the list stays true.
 */
const SAME_RANK_ALLOWED = {
  'util -> errors.ts': 'utilities raise PithError',
  'cli -> index.ts': 'the CLI reaches the library through its public API where it can',
};
/** Files that import a computed specifier, and what they load. */
const COMPUTED_IMPORTS = {
  'src/cli/main.ts': 'the command files of src/cli/commands/, one by one, when asked for',
  'src/cli/bundle-loader.ts': 'what a module of the CLI bundle imports that the bundle does not hold (optional packages)',
};

const src = resolve('src');
const layerOf = (file) => {
  const first = relative(src, file).split('/')[0];
  if (!(first in RANK)) throw new Error(`check-layers: ${relative('.', file)} is in no known layer; add '${first}' to RANK`);
  return first;
};
const files = [];
const walk = (d) => { for (const f of readdirSync(d)) { const p = join(d, f); if (statSync(p).isDirectory()) walk(p); else if (p.endsWith('.ts')) files.push(p); } };
walk(src);

/** Every import specifier of a file's text, with its kind. */
function importsOf(text) {
  const out = [];
  // import x from '..'; export { y } from '..'; import type { z } from '..' (possibly over several lines)
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s+['"]([^'"]+)['"]/gm)) out.push({ spec: m[1], kind: 'static' });
  // import '..'; (side effects only)
  for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) out.push({ spec: m[1], kind: 'static' });
  // import('..') and typeof import('..'), literal specifiers
  for (const m of text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ spec: m[1], kind: 'dynamic' });
  // import(expression): not checkable; allowed only where COMPUTED_IMPORTS says so
  for (const m of text.matchAll(/\bimport\s*\(\s*(?!['"])([^)\s][^)]*)\)/g)) out.push({ spec: m[1], kind: 'computed' });
  return out;
}
/** A file's text less its comments (a comment may show an import as an example). */
const codeOf = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const backward = [];
const sameRank = [];
const computed = [];
const usedAllowances = new Set();
/** file -> files it imports (src only) */
const graph = new Map();
for (const f of files) {
  const from = layerOf(f);
  const edges = new Set();
  graph.set(f, edges);
  for (const { spec, kind } of importsOf(codeOf(readFileSync(f, 'utf8')))) {
    const where = `${relative('.', f)} (${from})`;
    if (kind === 'computed') {
      if (!(relative('.', f) in COMPUTED_IMPORTS)) computed.push(`${where} imports a computed specifier: import(${spec.trim()})`);
      continue;
    }
    if (!spec.startsWith('.')) continue; // a package
    const target = resolve(dirname(f), spec.replace(/\.js$/, '.ts'));
    if (!target.startsWith(src + '/')) continue;
    edges.add(target);
    const to = layerOf(target);
    const how = kind === 'dynamic' ? 'import()s' : 'imports';
    if (RANK[to] > RANK[from]) backward.push(`${where} ${how} ${spec} (${to})`);
    else if (to !== from && RANK[to] === RANK[from]) {
      const pair = `${from} -> ${to}`;
      if (pair in SAME_RANK_ALLOWED) usedAllowances.add(pair);
      else sameRank.push(`${where} ${how} ${spec} (${to}, the same rank ${RANK[to]})`);
    }
  }
}

/** Import loops: the strongly connected components of more than one file (Tarjan), each with one cycle through it. */
function loops() {
  let next = 0;
  const index = new Map(); const low = new Map(); const onStack = new Set(); const stack = []; const out = [];
  for (const root of files) {
    if (index.has(root)) continue;
    // iterative Tarjan: frames of [node, iterator over its edges]
    const frames = [[root, [...graph.get(root)][Symbol.iterator]()]];
    index.set(root, next); low.set(root, next); next++; stack.push(root); onStack.add(root);
    while (frames.length) {
      const [v, it] = frames[frames.length - 1];
      const step = it.next();
      if (!step.done) {
        const w = step.value;
        if (!graph.has(w)) continue; // an import of a file that does not exist: tsc reports it
        if (!index.has(w)) {
          index.set(w, next); low.set(w, next); next++; stack.push(w); onStack.add(w);
          frames.push([w, [...graph.get(w)][Symbol.iterator]()]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
        continue;
      }
      frames.pop();
      if (frames.length) { const u = frames[frames.length - 1][0]; low.set(u, Math.min(low.get(u), low.get(v))); }
      if (low.get(v) === index.get(v)) {
        const component = [];
        let w;
        do { w = stack.pop(); onStack.delete(w); component.push(w); } while (w !== v);
        if (component.length > 1) out.push(cycleIn(new Set(component)));
      }
    }
  }
  return out;
}
/** One cycle inside a component: a breadth-first path from its first file back to itself. */
function cycleIn(component) {
  const start = [...component].sort()[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v)) {
      if (!component.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let p = prev.get(v); p; p = prev.get(p)) path.push(p);
        const files = path.reverse().map((x) => relative('.', x));
        return `${files.join(' -> ')} -> ${relative('.', start)}${component.size > files.length ? ` (${component.size} files tied in all)` : ''}`;
      }
      if (!prev.has(w)) { prev.set(w, v); queue.push(w); }
    }
  }
  return [...component].map((x) => relative('.', x)).join(', ');
}
const cycles = loops();

const unused = Object.keys(SAME_RANK_ALLOWED).filter((p) => !usedAllowances.has(p));
const report = [
  [backward, 'Backward imports (a folder imports a later stage)'],
  [sameRank, 'Imports between folders of the same rank (not in SAME_RANK_ALLOWED)'],
  [computed, 'Computed import() outside COMPUTED_IMPORTS'],
  [cycles, 'Import loops'],
  [unused.map((p) => `${p}: no such import any more; remove it from SAME_RANK_ALLOWED`), 'Stale allowances'],
];
let failed = false;
for (const [list, title] of report) if (list.length) { failed = true; console.error(`${title}:\n  ${list.join('\n  ')}`); }
if (failed) process.exit(1);
console.log(`check-layers: ${files.length} files, imports point one way, no loops`);
