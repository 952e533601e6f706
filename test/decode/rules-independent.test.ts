/**
 * The decoder's rules are independent: a rule file (src/decode/rules/*.ts) imports no other rule
 * file (what rules share lives in rules/shared/), and no rule decides by reading the state's
 * `notes` (the `--explain` log). File reads only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';

const RULES = join(repoRoot, 'src', 'decode', 'rules');
const SHARED = join(RULES, 'shared');

/** The source less its comments and the contents of its string and template literals. */
function codeOnly(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      i++;
      while (i < source.length && source[i] !== c) i += source[i] === '\\' ? 2 : 1;
      i++;
      out += `${c}${c}`;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The module specifiers a source imports or re-exports (static `from '...'` and `import('...')`). */
function importedPaths(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}

/** A sibling rule file, as seen from a rule file (`./content-region.js`), or from a shared helper (`../content-region.js`). */
function namesRuleFile(specifier: string, fromShared: boolean): boolean {
  return fromShared ? /^\.\.\/[^/]+\.js$/.test(specifier) && !/^\.\.\/\.\./.test(specifier) : /^\.\/[^/]+\.js$/.test(specifier);
}

/** Whether the code (comments and strings left out) reads `notes`. */
function readsNotes(source: string): boolean {
  return /\bnotes\b/.test(codeOnly(source));
}

const tsFiles = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.ts')).sort();

test('the checks find what they look for', () => {
  assert.deepEqual(importedPaths("import { a } from './content-region.js';\nexport { b } from './shared/cards.js';\nconst m = await import('./short-page.js');"), ['./content-region.js', './shared/cards.js', './short-page.js']);
  assert.ok(namesRuleFile('./content-region.js', false));
  assert.ok(!namesRuleFile('./shared/cards.js', false) && !namesRuleFile('../rule.js', false));
  assert.ok(namesRuleFile('../listing-cards.js', true) && !namesRuleFile('../../rule.js', true) && !namesRuleFile('./cards.js', true));
  assert.ok(readsNotes('for (const n of s.notes) if (n.rule === x) dropped.add(n.block);'));
  assert.ok(readsNotes('const { notes } = s;'));
  assert.ok(!readsNotes("// the notes are a log\nconst name = 'site-notes'; /* notes */ doc: `footnotes and notes`;"));
});

test('no rule file imports another rule file, and no shared helper imports a rule file', () => {
  const bad: string[] = [];
  for (const f of tsFiles(RULES)) {
    if (f === 'index.ts') continue; // the ordered list of the rules, not a rule
    for (const spec of importedPaths(readFileSync(join(RULES, f), 'utf8'))) if (namesRuleFile(spec, false)) bad.push(`rules/${f} imports ${spec}`);
  }
  for (const f of tsFiles(SHARED)) {
    for (const spec of importedPaths(readFileSync(join(SHARED, f), 'utf8'))) if (namesRuleFile(spec, true)) bad.push(`rules/shared/${f} imports ${spec}`);
  }
  assert.deepEqual(bad, [], 'rules share helpers through rules/shared/ and state through tags (DecodeState)');
});

test('no rule or shared helper reads the notes (the --explain log)', () => {
  const bad = [...tsFiles(RULES).map((f) => join(RULES, f)), ...tsFiles(SHARED).map((f) => join(SHARED, f))]
    .filter((p) => readsNotes(readFileSync(p, 'utf8')))
    .map((p) => p.slice(RULES.length + 1));
  assert.deepEqual(bad, [], 'a rule decides from the evidence, the labels, probabilities and tags, never from the notes');
});
