/**
 * `node dist/bench/parse-front.js OLD_ROOT [pages-dir-or-list] [rounds]`: pith's front (bytes ->
 * text, parse5 -> pith's tree -> segmentation) of this build against an earlier build's, in one
 * process on the same pages, the passes in alternation, process CPU time (user + system) per
 * pass. OLD_ROOT is a folder holding a copy of an earlier `dist/` (as `OLD_ROOT/dist`) and a
 * `node_modules` (a link to the shared install will do), so both builds read the same parse5.
 * Passes, each over every page, old and new:
 * - decode: `decodeHtml` of the page's bytes (gunzipped once beforehand);
 * - parse: pith's parser alone (`parseDocument`: script bodies skipped, the node budget);
 * - front: `segment(parseHtml(text))`, as extraction runs it.
 * Before timing, every page's blocks and tree from both builds are compared (JSON): a difference
 * is reported and fails the run. Pages: a folder of `.html`/`.html.gz` files or a file listing
 * them (default: the first 300 trafilatura-eval pages as speed-baseline.sh copies them). Rounds: 5.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import * as newBytes from '../src/dom/bytes.js';
import * as newParser from '../src/dom/html-parser.js';
import * as newParse from '../src/dom/parse.js';
import * as newSegment from '../src/segment/segment.js';
import { cpuMsOf, median } from './cpu-time.js';
import { pageFiles } from './page-files.js';

const oldRoot = process.argv[2];
if (oldRoot === undefined) {
  console.error('usage: node dist/bench/parse-front.js OLD_ROOT [pages-dir-or-list] [rounds]');
  process.exit(2);
}
const source = process.argv[3] ?? '/tmp/sb-main/pages-300';
const rounds = Number(process.argv[4] ?? 5);

const oldModule = async <T>(path: string): Promise<T> => (await import(pathToFileURL(resolve(oldRoot, 'dist', path)).href)) as T;
const oldBytes = await oldModule<typeof newBytes>('src/dom/bytes.js');
const oldParser = await oldModule<typeof newParser>('src/dom/html-parser.js');
const oldParse = await oldModule<typeof newParse>('src/dom/parse.js');
const oldSegment = await oldModule<typeof newSegment>('src/segment/segment.js');

const bytes: Uint8Array[] = [];
for (const file of await pageFiles(source)) {
  const raw = await readFile(file);
  bytes.push(file.endsWith('.gz') ? gunzipSync(raw) : raw);
}
const texts = bytes.map((b) => newBytes.decodeHtml(b).text);

interface Front {
  bytes: typeof newBytes;
  parser: typeof newParser;
  parse: typeof newParse;
  segment: typeof newSegment;
}
const builds: Record<'old' | 'new', Front> = {
  old: { bytes: oldBytes, parser: oldParser, parse: oldParse, segment: oldSegment },
  new: { bytes: newBytes, parser: newParser, parse: newParse, segment: newSegment },
};

let differing = 0;
for (let i = 0; i < texts.length; i++) {
  const [a, b] = (['old', 'new'] as const).map((name) => {
    const f = builds[name];
    const decoded = f.bytes.decodeHtml(bytes[i]!);
    return JSON.stringify([decoded.text.length, decoded.encoding, decoded.replacements, f.segment.segment(f.parse.parseHtml(decoded.text)).blocks]);
  });
  if (a !== b) {
    differing++;
    if (differing <= 5) console.log(`page ${i} differs between the builds`);
  }
}

/** CPU ms per page of one pass of `work` over every page. */
function pass(work: (i: number) => void): number {
  return cpuMsOf(() => {
    for (let i = 0; i < texts.length; i++) work(i);
  }) / texts.length;
}

const passes: Record<string, (i: number) => void> = {};
for (const name of ['old', 'new'] as const) {
  const f = builds[name];
  passes[`decode, ${name}`] = (i) => void f.bytes.decodeHtml(bytes[i]!);
  passes[`parse, ${name}`] = (i) => void f.parser.parseDocument(texts[i]!, { scriptingEnabled: false });
  passes[`front, ${name}`] = (i) => void f.segment.segment(f.parse.parseHtml(texts[i]!));
}
const times = new Map<string, number[]>(Object.keys(passes).map((name) => [name, []]));
// A warm-up pass each, then the rounds in alternation (old, new, old, new within a round).
for (const work of Object.values(passes)) pass(work);
for (let r = 0; r < rounds; r++) {
  for (const stage of ['decode', 'parse', 'front']) {
    const order = r % 2 === 0 ? ['old', 'new'] : ['new', 'old'];
    for (const name of order) times.get(`${stage}, ${name}`)!.push(pass(passes[`${stage}, ${name}`]!));
  }
}

console.log(`pages: ${texts.length}, rounds: ${rounds}, pages whose blocks differ: ${differing} (CPU ms/page per pass, alternating)`);
for (const [name, xs] of times) console.log(`${name}: median ${median(xs).toFixed(2)}  [${xs.map((x) => x.toFixed(2)).join(' ')}]`);
for (const stage of ['decode', 'parse', 'front']) {
  const ratio = median(times.get(`${stage}, new`)!) / median(times.get(`${stage}, old`)!);
  console.log(`${stage}: new/old ${ratio.toFixed(3)}`);
}
if (differing > 0) process.exitCode = 1;
