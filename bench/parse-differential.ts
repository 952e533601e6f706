/**
 * `node dist/bench/parse-differential.js [corpora-root]`: the proof that pith's run tokenizer
 * (src/dom/run-tokenizer.ts) builds the trees parse5's own tokenizer builds. Every HTML file
 * under the shared corpora (every folder, gzip and plain, gold and annotated copies included) is
 * decoded as pith decodes it and parsed six ways:
 * - parse5's parser with its own tokenizer and with the run tokenizer, source locations on (so
 *   the preprocessor's positions, lines and columns are compared too, on every node);
 * - the same without locations (the run tokenizer reads plain tags in one step only then);
 * - pith's parser (html-parser.ts: script bodies skipped, the node budget) with each tokenizer,
 *   as extraction runs it (scripting off, no locations), with the budget's results.
 * Each pair's full dumps (parse5-dump.ts) must be equal. Prints pages compared and differing,
 * names the first differing pages, and exits 1 on any difference.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'parse5';
import { decodeHtml } from '../src/dom/bytes.js';
import { parseDocument } from '../src/dom/html-parser.js';
import { dumpParse5Tree } from '../src/dom/parse5-dump.js';
import { parseWithRuns } from '../src/dom/run-tokenizer.js';

const root = process.argv[2] ?? join(process.cwd(), '..', 'shared', 'corpora');

async function listHtmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listHtmlFiles(path)));
    else if (/\.x?html?(\.gz)?$/i.test(entry.name)) out.push(path);
  }
  return out.sort();
}

/** The first line where two dumps part, for the report. */
function firstDifference(a: string, b: string): string {
  const la = a.split('\n');
  const lb = b.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i]) return `line ${i}: stock ${JSON.stringify(la[i]?.slice(0, 160))} / runs ${JSON.stringify(lb[i]?.slice(0, 160))}`;
  }
  return 'equal';
}

function pithDump(html: string, readRuns: boolean): string {
  const parsed = parseDocument(html, { scriptingEnabled: false }, undefined, readRuns);
  const facts = JSON.stringify([parsed.truncated, parsed.dropped, parsed.nodesMade, parsed.segmentIds]);
  return `${facts}\n${dumpParse5Tree(parsed.document)}`;
}

const files = await listHtmlFiles(root);
const differing: string[] = [];
let done = 0;
let characters = 0;
const started = process.cpuUsage();
for (const file of files) {
  if (++done % 500 === 0) console.error(`${done}/${files.length} read, ${differing.length} differing so far`);
  const raw = await readFile(file);
  const bytes = file.endsWith('.gz') ? gunzipSync(raw) : raw;
  const html = decodeHtml(bytes).text;
  characters += html.length;
  const stock = dumpParse5Tree(parse(html, { sourceCodeLocationInfo: true }));
  const runs = dumpParse5Tree(parseWithRuns(html, { sourceCodeLocationInfo: true }));
  if (stock !== runs) {
    differing.push(`${file} (parse5, locations): ${firstDifference(stock, runs)}`);
    continue;
  }
  const plainStock = dumpParse5Tree(parse(html));
  const plainRuns = dumpParse5Tree(parseWithRuns(html));
  if (plainStock !== plainRuns) {
    differing.push(`${file} (parse5, no locations): ${firstDifference(plainStock, plainRuns)}`);
    continue;
  }
  const pithStock = pithDump(html, false);
  const pithRuns = pithDump(html, true);
  if (pithStock !== pithRuns) differing.push(`${file} (pith's parser): ${firstDifference(pithStock, pithRuns)}`);
}
const cpu = process.cpuUsage(started);
console.log(`pages compared: ${files.length} (${(characters / 1e6).toFixed(1)} M characters), parsed 6 ways each`);
console.log(`pages differing: ${differing.length}`);
for (const line of differing.slice(0, 20)) console.log(`  ${line}`);
console.log(`CPU: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`);
if (differing.length > 0) process.exitCode = 1;
