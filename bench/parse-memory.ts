/**
 * `node --expose-gc dist/bench/parse-memory.js [pages-dir-or-list] [count]`: what a page's front
 * keeps alive, for the `count` largest pages (decoded characters; default 10) of a folder of
 * `.html`/`.html.gz` files or a file listing them (default: the 776 trafilatura-eval pages as
 * speed-baseline.sh copies them). For each page, the heap held after a full collection
 * (`heapUsed` after two `gc()`, this bench's own data subtracted) while one of these is alive:
 * - parse5's document as pith's parser leaves it (`parseDocument`: script bodies skipped, the budget);
 * - pith's tree (`parseHtml`; parse5's document already released);
 * - the segmentation's blocks, on top of the tree.
 * What a batch worker's peak is made of besides (V8's young generation, the old generation's
 * headroom, code) is in docs/benchmarks.md, "Peak memory".
 */
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { decodeHtml } from '../src/dom/bytes.js';
import { parseDocument } from '../src/dom/html-parser.js';
import { parseHtml } from '../src/dom/parse.js';
import { segment } from '../src/segment/segment.js';
import { pageFiles } from './page-files.js';

const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) {
  console.error('usage: node --expose-gc dist/bench/parse-memory.js [pages-dir-or-list] [count]');
  process.exit(2);
}
const source = process.argv[2] ?? '/tmp/sb-main/pages-776';
const count = Number(process.argv[3] ?? 10);

const pages: { file: string; text: string }[] = [];
for (const file of await pageFiles(source)) {
  const raw = await readFile(file);
  pages.push({ file, text: decodeHtml(file.endsWith('.gz') ? gunzipSync(raw) : raw).text });
}
pages.sort((a, b) => b.text.length - a.text.length);
const largest = pages.slice(0, count);
pages.length = 0;

/** Heap bytes in use after a full collection. */
function heapHeld(): number {
  collect!();
  collect!();
  return process.memoryUsage().heapUsed;
}

const mib = (bytes: number): string => (bytes / 1048576).toFixed(2);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** Bytes held by each of the three, one measurement. */
function held(text: string): { document: number; tree: number; blocks: number; nodes: number } {
  const base = heapHeld();
  let document: ReturnType<typeof parseDocument> | undefined = parseDocument(text, { scriptingEnabled: false });
  const documentBytes = heapHeld() - base;
  document = undefined;
  void document;
  const tree = parseHtml(text);
  const treeBytes = heapHeld() - base;
  const blocks = segment(tree);
  const blockBytes = heapHeld() - base - treeBytes;
  void blocks;
  return { document: documentBytes, tree: treeBytes, blocks: blockBytes, nodes: tree.nodes.length };
}

const ROUNDS = 3;
console.log(`page | characters | nodes | parse5 document MiB | pith tree MiB | blocks MiB (medians of ${ROUNDS})`);
const totals = { document: 0, tree: 0, blocks: 0 };
for (const { file, text } of largest) {
  const runs = Array.from({ length: ROUNDS }, () => held(text));
  const row = { document: median(runs.map((r) => r.document)), tree: median(runs.map((r) => r.tree)), blocks: median(runs.map((r) => r.blocks)) };
  totals.document += row.document;
  totals.tree += row.tree;
  totals.blocks += row.blocks;
  console.log(`${file.split('/').pop()} | ${text.length} | ${runs[0]!.nodes} | ${mib(row.document)} | ${mib(row.tree)} | ${mib(row.blocks)}`);
}
console.log(`all ${largest.length} | | | ${mib(totals.document)} | ${mib(totals.tree)} | ${mib(totals.blocks)}`);
