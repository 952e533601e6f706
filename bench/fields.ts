/**
 * Named fields by example on swde-book (docs/fields.md): for k = 1, 2, 3, the first k pages
 * by id are the examples (their fields/ values), the field rules are learned from them, and
 * the other pages are scored with SWDE's page-level metric per attribute: a page is right
 * for an attribute when one extracted value equals one gold value after white-space
 * normalisation and the clean-up every value gets (normalizeValue: a leading ": " and such
 * dropped, on both sides); precision over pages with a value extracted, recall over pages
 * with gold. Times: learning per training page (parse + induction) and extraction per test
 * page (parse + field rules), and pith's whole extraction with the site model per page, all in process CPU time.
 *   node dist/bench/fields.js [--corpus DIR] [--ks 1,2,3] [--json OUT]
 */
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { openCorpus } from '../src/corpus/open.js';
import { readBytes } from '../src/corpus/readers/files.js';
import type { CorpusPage } from '../src/corpus/types.js';
import { parsePage } from '../src/dom/parse.js';
import type { DomTree } from '../src/dom/tree.js';
import { extractFields, normalizeValue, type FieldRuleKind, type FieldsBody } from '../src/models/wrapper/fields.js';
import { induceFields } from '../src/wrapper/fields.js';
import { WrapperSiteModel } from '../src/models/wrapper/site-model.js';
import { extractPage, loadExtractionModel } from '../src/pipeline/extract.js';
import { loadPage } from '../src/page.js';
import { argValue } from './args.js';
import { cpuMsNow } from './cpu-time.js';

const root = argValue('corpus', join(process.cwd(), '..', 'shared', 'corpora', 'swde-book'));
const ks = argValue('ks', '1,2,3').split(',').map(Number);
const jsonOut = argValue('json', '');

const corpus = await openCorpus(root);
const pages = [...corpus.pages].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
const attributes = [...new Set(pages.flatMap((p) => Object.keys(p.gold.fields ?? {})))].sort();

interface Loaded { readonly entry: CorpusPage; readonly bytes: Uint8Array }
const loaded: Loaded[] = [];
for (const entry of pages) loaded.push({ entry, bytes: await readBytes(entry.htmlPath) });
const parse = (l: Loaded): DomTree => parsePage(l.bytes, l.entry.url !== undefined ? { url: l.entry.url } : {}).tree;

interface Counts { withValue: number; withGold: number; correct: number; values: number; goldValues: number; gold: number; goldFound: number }
const prf = (c: Counts): { p: number; r: number; f1: number } => {
  const p = c.withValue ? c.correct / c.withValue : 1;
  const r = c.withGold ? c.correct / c.withGold : 1;
  return { p, r, f1: p + r ? (2 * p * r) / (p + r) : 0 };
};

const general = await loadExtractionModel();
/**
 * pith's whole extraction (article by the general model, fields by the site model, as `pith
 * extract --model` runs it) on the test pages: its time per page, and a check that it gives
 * the values the field rules alone gave.
 */
function wholePipeline(body: FieldsBody, test: readonly Loaded[]): { ms: number; same: number } {
  const host = 'booksamillion.com';
  const site = new WrapperSiteModel(host, { version: 3, rules: [], trainingPages: 0, notes: [], minBodyChars: 1, fields: body });
  const model = { ...general, sites: [site] };
  let ms = 0;
  let same = 0;
  for (const l of test) {
    const t0 = cpuMsNow();
    const r = extractPage(loadPage(l.bytes, l.entry.url !== undefined ? { url: l.entry.url } : {}), model);
    ms += cpuMsNow() - t0;
    const direct = extractFields(parse(l), body);
    if (JSON.stringify(r.fields?.fields) === JSON.stringify(direct.fields)) same++;
  }
  return { ms: ms / test.length, same };
}

// Warm-up (untimed): the first induction and extraction of a process pay for compiling the code.
extractFields(parse(loaded[1]!), induceFields([{ id: loaded[0]!.entry.id, tree: parse(loaded[0]!), fields: loaded[0]!.entry.gold.fields ?? {} }]));

const results: unknown[] = [];
const whole: string[] = [];
const rows: string[] = [];
/** Every rule kind (pith), and wrapper induction's tag paths alone (the ablation row). */
const VARIANTS: readonly { name: string; kinds?: readonly FieldRuleKind[] }[] = [{ name: 'pith' }, { name: 'paths only (wrapper induction)', kinds: ['path'] }];
for (const variant of VARIANTS) for (const k of ks) {
  const train = loaded.slice(0, k);
  const test = loaded.slice(k);
  const t0 = cpuMsNow();
  const w0 = performance.now();
  const body: FieldsBody = induceFields(train.map((l) => ({ id: l.entry.id, tree: parse(l), fields: l.entry.gold.fields ?? {} })), variant.kinds ? { kinds: variant.kinds } : {});
  const learnMs = (cpuMsNow() - t0) / k;
  const learnWallMs = (performance.now() - w0) / k;
  let extractWallMs = 0;
  const counts = new Map(attributes.map((a) => [a, { withValue: 0, withGold: 0, correct: 0, values: 0, goldValues: 0, gold: 0, goldFound: 0 } as Counts]));
  let extractMs = 0;
  let warned = 0;
  const warnKinds = new Map<string, number>();
  const misses: string[] = [];
  for (const l of test) {
    const t1 = cpuMsNow();
    const w1 = performance.now();
    const got = extractFields(parse(l), body);
    extractMs += cpuMsNow() - t1;
    extractWallMs += performance.now() - w1;
    if (got.warnings.length) warned++;
    for (const w of got.warnings) warnKinds.set(`${w.field} ${w.reason}`, (warnKinds.get(`${w.field} ${w.reason}`) ?? 0) + 1);
    for (const a of attributes) {
      const gold = new Set((l.entry.gold.fields?.[a] ?? []).map(normalizeValue).filter(Boolean));
      const values = (got.fields[a] ?? []).map((v) => normalizeValue(v.value));
      const c = counts.get(a)!;
      if (gold.size) c.withGold++;
      if (values.length) c.withValue++;
      c.values += values.length;
      c.goldValues += values.filter((v) => gold.has(v)).length;
      c.gold += gold.size;
      c.goldFound += [...gold].filter((g) => values.includes(g)).length;
      if (values.some((v) => gold.has(v))) c.correct++;
      else if ((gold.size || values.length) && misses.length < 12) misses.push(`${l.entry.id} ${a}: got ${JSON.stringify(values.slice(0, 2))} gold ${JSON.stringify([...gold].slice(0, 2))}`);
    }
  }
  const per = attributes.map((a) => {
    const c = counts.get(a)!;
    return { attribute: a, ...prf(c), valuePrecision: c.values ? c.goldValues / c.values : 1, valueRecall: c.gold ? c.goldFound / c.gold : 1 };
  });
  const meanValueP = per.reduce((s, x) => s + x.valuePrecision, 0) / per.length;
  const meanValueR = per.reduce((s, x) => s + x.valueRecall, 0) / per.length;
  if (warnKinds.size) process.stderr.write(`  k=${k} warnings: ${[...warnKinds].map(([w, n]) => `${w} ${n}`).join(', ')}\n`);
  if (k === 2 && !variant.kinds) {
    const w = wholePipeline(body, test);
    whole.push(`whole pith extract (article + fields) at k = 2: ${w.ms.toFixed(1)} ms CPU per page; fields identical to the rules' own on ${w.same}/${test.length} pages`);
  }
  const meanF1 = per.reduce((s, x) => s + x.f1, 0) / per.length;
  results.push({ rules: variant.name, k, testPages: test.length, perAttribute: per, meanF1, meanValuePrecision: meanValueP, meanValueRecall: meanValueR, learnMsPerPage: learnMs, extractMsPerPage: extractMs / test.length, learnWallMsPerPage: learnWallMs, extractWallMsPerPage: extractWallMs / test.length, pagesWithWarnings: warned });
  rows.push(`| ${variant.name} | ${k} | ${per.map((x) => `${x.p.toFixed(3)} / ${x.r.toFixed(3)} / ${x.f1.toFixed(3)}`).join(' | ')} | **${meanF1.toFixed(3)}** | ${meanValueP.toFixed(3)} | ${meanValueR.toFixed(3)} | ${learnMs.toFixed(1)} (${learnWallMs.toFixed(1)}) | ${(extractMs / test.length).toFixed(2)} (${(extractWallMs / test.length).toFixed(2)}) | ${warned} |`);
  for (const m of misses) process.stderr.write(`  ${variant.name} k=${k} miss ${m}\n`);
}
process.stdout.write(`swde-book (${corpus.pages.length} pages): P / R / F1 per attribute, first k pages by id as examples, the rest tested\n\n`);
process.stdout.write(`| rules | k | ${attributes.join(' | ')} | mean F1 | value P | value R | learn ms/page CPU (wall) | extract ms/page CPU (wall) | pages warned |\n|${'---|'.repeat(attributes.length + 8)}\n`);
for (const r of rows) process.stdout.write(r + '\n');
for (const w of whole) process.stdout.write(`\n${w}\n`);
if (jsonOut) await writeFile(jsonOut, JSON.stringify(results, null, 2) + '\n');
