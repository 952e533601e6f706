#!/usr/bin/env node
// Fails when a module imports from a later pipeline stage (DESIGN.md: dependencies point one way).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, dirname, resolve } from 'node:path';

const RANK = {
  'errors.ts': 0, 'labels.ts': 0, util: 0,
  dom: 1, segment: 2, render: 2.5, 'page.ts': 3, features: 4, models: 5, decode: 6, article: 7,
  pipeline: 7.5, batch: 7.6, corpus: 8, learn: 9, eval: 10, wrapper: 10, trainers: 10.5, experiments: 11, annotate: 12, service: 12, queue: 12, cli: 13, 'index.ts': 13,
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
const bad = [];
for (const f of files) {
  const from = layerOf(f);
  const text = readFileSync(f, 'utf8');
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)) {
    const target = resolve(dirname(f), m[1].replace(/\.js$/, '.ts'));
    if (!target.startsWith(src)) continue;
    const to = layerOf(target);
    if (RANK[to] > RANK[from]) bad.push(`${relative('.', f)} (${from}) imports ${m[1]} (${to})`);
  }
}
if (bad.length) { console.error('Backward imports:\n  ' + bad.join('\n  ')); process.exit(1); }
console.log(`check-layers: ${files.length} files, imports point one way`);
