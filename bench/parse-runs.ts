/**
 * `node dist/bench/parse-runs.js [pages-dir-or-list] [rounds]`: the run tokenizer's saving
 * (src/dom/run-tokenizer.ts), measured in one process on the same decoded pages, parse5's own
 * tokenizer and the run tokenizer in alternation, process CPU time (user + system) per pass:
 * - parse5 alone (`parse` against `parseWithRuns`, no locations);
 * - pith's front: parse (html-parser.ts) + pith's tree + segmentation, as extraction runs it.
 * Pages: a folder of `.html`/`.html.gz` files or a file listing them (default: the first 300
 * trafilatura-eval pages as speed-baseline.sh copies them). Rounds: 5. Reports each pass's
 * ms/page, the medians and their ratio.
 */
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { parse } from 'parse5';
import { decodeHtml } from '../src/dom/bytes.js';
import { parseHtml } from '../src/dom/parse.js';
import { parseWithRuns } from '../src/dom/run-tokenizer.js';
import { segment } from '../src/segment/segment.js';
import { cpuMsOf, median } from './cpu-time.js';
import { pageFiles } from './page-files.js';

const source = process.argv[2] ?? '/tmp/sb-main/pages-300';
const rounds = Number(process.argv[3] ?? 5);

const texts: string[] = [];
for (const file of await pageFiles(source)) {
  const raw = await readFile(file);
  texts.push(decodeHtml(file.endsWith('.gz') ? gunzipSync(raw) : raw).text);
}

/** CPU ms per page of one pass of `work` over every page. */
function pass(work: (html: string) => void): number {
  return cpuMsOf(() => {
    for (const html of texts) work(html);
  }) / texts.length;
}

const passes = {
  'parse5, own tokenizer': (html: string) => void parse(html),
  'parse5, run tokenizer': (html: string) => void parseWithRuns(html),
  'pith parse+tree+segment, own tokenizer': (html: string) => void segment(parseHtml(html, { readRuns: false })),
  'pith parse+tree+segment, run tokenizer': (html: string) => void segment(parseHtml(html, { readRuns: true })),
};
type PassName = keyof typeof passes;
const times = new Map<PassName, number[]>(Object.keys(passes).map((name) => [name as PassName, []]));
// A warm-up pass each, then the rounds in alternation.
for (const work of Object.values(passes)) pass(work);
for (let r = 0; r < rounds; r++) {
  for (const [name, work] of Object.entries(passes) as [PassName, (html: string) => void][]) times.get(name)!.push(pass(work));
}

console.log(`pages: ${texts.length}, rounds: ${rounds} (CPU ms/page per pass, alternating)`);
for (const [name, xs] of times) console.log(`${name}: median ${median(xs).toFixed(2)}  [${xs.map((x) => x.toFixed(2)).join(' ')}]`);
const ratio = (a: PassName, b: PassName) => (median(times.get(b)!) / median(times.get(a)!)).toFixed(3);
console.log(`parse5 alone, run/own: ${ratio('parse5, own tokenizer', 'parse5, run tokenizer')}`);
console.log(`pith front, run/own: ${ratio('pith parse+tree+segment, own tokenizer', 'pith parse+tree+segment, run tokenizer')}`);
