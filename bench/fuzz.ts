/**
 * `npm run fuzz`: a seeded, reproducible fuzz harness for the whole extraction.
 *
 * Each case takes a shared page (or nothing) and applies a short chain of named mutators
 * (byte flips, truncations, splices of two pages, broken encodings, tag duplication,
 * nesting bombs, raw-text traps, huge attributes, deep JSON-LD, the known hostile shapes...),
 * then runs decode -> parse -> blocks -> features -> bundled model -> article -> text /
 * markdown / html / json writers in a worker thread with a heap limit and a CPU-time limit.
 * A case is a finding when the worker throws anything but a PithError (crash), uses more CPU
 * time than the limit (hang) or is killed for memory (blow-up). Findings are written to --out as
 * `<seed>-<case>.html` plus a line in `findings.jsonl`, and re-run alone with
 * `--seed S --case I`. Case I of seed S is always the same input (for the same --pages and
 * the same shared corpora): its random stream depends on (S, I) only.
 *
 * Options: --cases N (10000) --seed S (1) --timeout-ms (5000: CPU time per case) --heap-mb (1024)
 *   --out DIR (out/fuzz, git-ignored) --case I (repeatable: run only these) --pages N (pool size, 300)
 *   --corpora DIR (../shared/corpora; test/fixtures/pages when absent) --workers N (1)
 *   --progress-every N (500) --quiet --skip name,name (mutators left out)
 *   --max-page-kb N --max-growth-kb N (quick runs: smaller pool pages, smaller insertions)
 *   --redirect-cases N (1000; 0 = none): redirect chains on loopback against the fetch policy
 *   (bench/fuzz-redirects.ts), run after the page cases
 *   --quick (the 300-case campaign npm test once ran: seed 20250101, 16 pages of <= 60 KB, 256 KB growth)
 *   --shapes (no campaign: every known shape at full size and every test/fixtures/fuzz/*.html, 20 s CPU each)
 *   --model-cases N (200): hostile model files loaded by pith's loader (bench/model-fuzz.ts)
 * Exit code 1 when there is a finding.
 *
 * The module is also the harness library (test/fuzz imports it) and its own worker entry.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { existsSync, mkdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { getHeapStatistics } from 'node:v8';
import { seededRandom } from '../src/util/random.js';
import { listPageFiles } from './page-files.js';
import { cpuMsNow } from './cpu-time.js';
import { isPithError } from '../src/errors.js';
import { formatRedirectSummary, runRedirectCampaign } from './fuzz-redirects.js';
import { runModelCampaign } from './model-fuzz.js';
import { extractBytes, loadExtractionModel, bundledModelPath, formatResult, OUTPUT_FORMATS, type LoadedModel } from '../src/pipeline/extract.js';

// ---------------------------------------------------------------------------------------------
// Randomness: one stream per (seed, case), so any case can be re-run alone.
// ---------------------------------------------------------------------------------------------

export type Rng = () => number;

/** murmur3's 32-bit finaliser. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The random stream of case `index` of `seed`. */
export function caseRandom(seed: number, index: number): Rng {
  return seededRandom(fmix32(fmix32(seed ^ 0x9e3779b9) ^ Math.imul(index + 1, 0x632be5ab)));
}

/** Integer in [lo, hi]. */
export function randInt(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

/** Integer in [lo, hi], uniform in log scale (small values as often as huge ones). */
export function logInt(rng: Rng, lo: number, hi: number): number {
  const a = Math.log(Math.max(1, lo)), b = Math.log(Math.max(1, hi));
  return Math.min(hi, Math.max(lo, Math.round(Math.exp(a + rng() * (b - a)))));
}

export function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)]!;
}

// ---------------------------------------------------------------------------------------------
// Byte helpers. Markup-level mutators work on the latin1 view of the bytes (one char per
// byte), so every byte they do not touch comes back unchanged, valid UTF-8 or not.
// ---------------------------------------------------------------------------------------------

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
const fromLatin1 = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));
const fromUtf8 = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));

function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function insertBytes(bytes: Uint8Array, at: number, ins: Uint8Array): Uint8Array {
  return concatBytes(bytes.subarray(0, at), ins, bytes.subarray(at));
}

interface Edit {
  readonly at: number;
  /** Characters removed at `at` (0: a pure insertion). */
  readonly del?: number;
  readonly ins: string;
}

/** Applies edits in one pass (sorted by position; one overlapping an earlier one is dropped). */
function applyEdits(s: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.at - b.at);
  const parts: string[] = [];
  let pos = 0;
  for (const e of sorted) {
    if (e.at < pos) continue;
    parts.push(s.slice(pos, e.at), e.ins);
    pos = e.at + (e.del ?? 0);
  }
  parts.push(s.slice(pos));
  return parts.join('');
}

/** Where inserted markup lands: inside <body> when the page has one (else anywhere). */
function bodyPosition(s: string, rng: Rng): number {
  const body = s.search(/<body\b[^>]*>/i);
  if (body < 0 || rng() < 0.2) return randInt(rng, 0, s.length);
  const start = s.indexOf('>', body) + 1;
  return randInt(rng, start, s.length);
}

const START_TAG = /<([a-zA-Z][a-zA-Z0-9:-]*)([^<>]*)>/g;
const END_TAG = /<\/([a-zA-Z][a-zA-Z0-9:-]*)\s*>/g;

/** The first match of `re` at or after a random position (wrapping round), or undefined. */
function matchNear(s: string, re: RegExp, rng: Rng): RegExpExecArray | undefined {
  re.lastIndex = randInt(rng, 0, s.length);
  const m = re.exec(s);
  if (m) return m;
  re.lastIndex = 0;
  return re.exec(s) ?? undefined;
}

/** Up to `k` edits, each `edit` of a match of `re` near a random position; fewer when `re` matches nowhere. */
function editsNear(s: string, re: RegExp, k: number, rng: Rng, edit: (m: RegExpExecArray) => Edit): Edit[] {
  const edits: Edit[] = [];
  for (let i = 0; i < k; i++) {
    const m = matchNear(s, re, rng);
    if (!m) break;
    edits.push(edit(m));
  }
  return edits;
}

/** Repeats `unit` `n` times, keeping the result under `maxBytes`. */
function repeatCapped(unit: string, n: number, maxBytes: number): string {
  return unit.repeat(Math.max(1, Math.min(n, Math.floor(maxBytes / Math.max(1, unit.length)))));
}

/** By default a mutator adds at most this much to a page (the known shapes reach 4 MB). */
export const MAX_GROWTH_BYTES = 6 * 1024 * 1024;
/** Inputs are cut here: just past pith's 16 MiB limit, so TOO_LARGE is exercised but no more. */
export const MAX_CASE_BYTES = 16 * 1024 * 1024 + 4096;

// ---------------------------------------------------------------------------------------------
// The known hostile shapes (the issue's reproducers), generated at a scale in (0, 1]; 1 is the
// size the issue names. Each returns a whole document or a fragment to insert.
// ---------------------------------------------------------------------------------------------

export interface Shape {
  readonly name: string;
  build(scale: number, rng: Rng): Uint8Array;
}

const scaled = (full: number, scale: number): number => Math.max(1, Math.round(full * scale));
const textShape = (name: string, build: (scale: number, rng: Rng) => string): Shape => ({ name, build: (scale, rng) => fromLatin1(build(scale, rng)) });

const SPAN_GRID_PARA = `<p>${'An article paragraph with enough words to read as body text, about the table below. '.repeat(2)}</p>`;

export const SHAPES: readonly Shape[] = [
  // '<ul><li>' x N: 80-320 KB and 1.1 MB at full scale.
  textShape('ulLi', (s) => '<ul><li>'.repeat(scaled(140_000, s))),
  textShape('tableDivs', (s) => '<table>' + 'x<div>'.repeat(scaled(100_000, s))),
  textShape('bDivMisnest', (s) => ('<b>'.repeat(50) + '<div>x</b></div>').repeat(scaled(20_000, s))),
  textShape('pX', (s) => '<p>x'.repeat(scaled(1_000_000, s))),
  textShape('deepDivs', (s) => '<div>'.repeat(scaled(100_000, s))),
  textShape('svgStyleDiv', () => '<svg><style><div>ARTICLE</div></style></svg><p>After the svg, a paragraph of article text.</p>'),
  textShape('svgStyleComment', () => '<svg><style><!--</style><p>INJECTED</p>--></style></svg><p>After the svg.</p>'),
  textShape('scriptCommentEscape', (_s, rng) => pick(rng, [
    '<script><!--<script>var a = "</script>"; --></script><p>after</p>',
    '<script><!--<script></script><p>INSIDE</p>',
    '<script><!--<script>x</script>--></script><p>after</p>',
    '<script><!-- <script> </script> <p>still script</p> --></script><p>after</p>',
    '<script><!--</script><p>after</p>',
  ])),
  { name: 'binaryBytes', build: (s, rng) => Uint8Array.from({ length: scaled(65_536, s) }, () => randInt(rng, 0, 255)) },
  { name: 'invalidUtf8', build: (s, rng) => concatBytes(fromUtf8('<html><head><title>t</title></head><body><p>'), ...Array.from({ length: scaled(20_000, s) }, () => pick(rng, INVALID_UTF8)), fromUtf8('</p></body></html>')) },
  { name: 'bomMismatch', build: (_s, rng) => concatBytes(pick(rng, BOMS), fromLatin1(pick(rng, ['<meta charset="shift_jis">', '<meta charset="utf-16">', '<meta http-equiv="content-type" content="text/html; charset=gbk">', '']) + '<p>caf\xe9 na\xefve r\xe9sum\xe9</p>'), fromUtf8('<p>café – “quoted”</p>')) },
  textShape('empty', (_s, rng) => pick(rng, ['', ' ', '\n', '<', '<html>', '<!DOCTYPE html>', '<html><body></body></html>', '<!--', '\xef\xbb\xbf'])),
  textShape('hugeAttribute', (s) => `<div class="${'a'.repeat(scaled(4_000_000, s))}">x</div><p>text</p>`),
  textShape('deepJsonLd', (s, rng) => {
    const n = scaled(100_000, s);
    const [open, close] = pick(rng, [['[', ']'], ['{"a":', '}'], ['{"@graph":[', ']}']] as const);
    return `<script type="application/ld+json">${open.repeat(n)}{"@type":"NewsArticle","headline":"deep"}${close.repeat(n)}</script><p>text</p>`;
  }),
  // Found while fuzzing (docs/fuzz.md): flat runs of tiny blocks and deep nested tables,
  // 1.6-5.6 MB, 4-7 s each before the parser's node cap (manyElements, nestingBomb).
  textShape('manyTinyParagraphs', (s) => '<body>' + '<p>o</p>'.repeat(scaled(200_000, s))),
  textShape('manyOptions', (s) => '<body>' + '<option>o'.repeat(scaled(200_000, s))),
  textShape('manyHeadings', (s) => '<body>' + '<h2>h</h2>'.repeat(scaled(210_000, s))),
  textShape('manyTables', (s) => '<body>' + '<table><tr><td>x</td></tr></table>'.repeat(scaled(166_000, s))),
  textShape('nestedTables', (s) => '<body>' + '<table><tr><td>text '.repeat(scaled(91_500, s))),
  // A wide first row (colspan=50 cells) times many rows in an article: the writers' table grid is
  // columns x rows. 400 x 1000 (16 KB) runs 13 s; 1000 x 1000 (37 KB) 29 s and 780 MB of heap;
  // 2000 x 2000 (72 KB) passes 1 GB. spanTable explores the region.
  textShape('spanGrid', (s) => `<title>A table</title><article><h1>A table article</h1>${SPAN_GRID_PARA}${SPAN_GRID_PARA}<table><tr>${'<td colspan=50>x'.repeat(scaled(400, s))}${'<tr><td>y'.repeat(scaled(1000, s))}</table>${SPAN_GRID_PARA}</article>`),
];

export function shapeByName(name: string): Shape {
  const s = SHAPES.find((x) => x.name === name);
  if (!s) throw new Error(`no shape ${name}`);
  return s;
}

const INVALID_UTF8: readonly Uint8Array[] = [
  [0x80], [0xbf], [0xc0, 0x80], [0xc1, 0xbf], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xfe], [0xff], [0xef, 0xbf, 0xbe], [0xe0, 0x80, 0xaf],
].map((b) => Uint8Array.from(b));

const BOMS: readonly Uint8Array[] = [
  [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff], [0xff, 0xfe, 0x00, 0x00], [0x00, 0x00, 0xfe, 0xff],
  [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], [0xef, 0xbb],
].map((b) => Uint8Array.from(b));

const CHARSETS = [
  'utf-8', 'utf-16', 'utf-16be', 'utf-16le', 'shift_jis', 'gbk', 'gb18030', 'big5', 'euc-kr', 'euc-jp', 'iso-2022-jp',
  'koi8-r', 'windows-1251', 'windows-1252', 'iso-8859-1', 'iso-8859-8-i', 'x-user-defined', 'utf-7', 'replacement',
  'bogus-charset', '', '"utf-8', "'latin1'", 'utf-8;x=1', 'a'.repeat(300),
];

/** Tags with special parser or pipeline treatment. */
const TRICKY_TAGS = [
  'table', 'tr', 'td', 'th', 'caption', 'colgroup', 'select', 'option', 'svg', 'math', 'template', 'textarea', 'title',
  'script', 'style', 'plaintext', 'xmp', 'noscript', 'noembed', 'noframes', 'iframe', 'frameset', 'form', 'button', 'a',
  'p', 'li', 'dd', 'dt', 'h1', 'h2', 'pre', 'listing', 'image', 'isindex', 'foreignObject', 'annotation-xml', 'desc',
  'font', 'marquee', 'object', 'head', 'body', 'html', 'br', 'img', 'picture', 'figure', 'figcaption', 'blockquote',
  'article', 'main', 'nav', 'aside', 'footer', 'header', 'ruby', 'rt', 'wbr', 'hr', 'input', 'meta', 'base', 'video',
];

/** Openers whose content the tokenizer reads as raw text, comments or foreign content. */
const UNCLOSED_OPENERS = [
  '<script>', '<style>', '<textarea>', '<title>', '<xmp>', '<plaintext>', '<noscript>', '<noembed>', '<noframes>', '<iframe>',
  '<!--', '<![CDATA[', '<svg><style>', '<math><mi><style>', '<svg><desc><style>', '<template>', '<select>', '<table>',
  '<script><!--<script>', '<script type="application/ld+json">', '<svg>', '<math>', '<svg><![CDATA[', '<!DOCTYPE', '<?xml ',
];

const MARKUP_NOISE = [
  '</', '<', '<a', '<!', '<?', '<!---->', '<!-->', '<!--->', '--!>', '</p>', '</br>', '</html>', '<body>', '<html lang="x">',
  '<head>', '<frameset>', '<base href="javascript:alert(1)">', '<a href="javascript:alert(1)">x</a>', '<img src=x onerror=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=x">', '<p hidden>hidden text</p>', '<div style="display:none">hidden</div>',
  '<div style="visibility:hidden">', '</table>', '</td>', '<td>', '<tr>', '</select>', '</svg>', '</math>', '</template>',
  '<br><br><br>', '<h1>', '</h1>', '<li>', '<dd>', '<option>', '</body></html><p>after html</p>', '<isindex>', '<image>',
  '<a href="\u0000">', '<img srcset="a 1x, b 2x, , ,">', '<source src>', '<picture>', '<video poster="x">', '<embed src=x>',
];

const ENTITIES = [
  '&amp;', '&#0;', '&#xD800;', '&#xDFFF;', '&#x110000;', '&#99999999999;', '&notin;', '&notit;', '&amp', '&#x;', '&#;',
  '&#128;', '&#x80;', '&nbsp;', '&NotNestedGreaterGreater;', '&' + 'a'.repeat(64) + ';', '&#x' + '0'.repeat(40) + '41;', '&lt;script&gt;',
];

// ---------------------------------------------------------------------------------------------
// Mutators: small named functions (bytes, rng, context) -> bytes plus a note of what they did.
// ---------------------------------------------------------------------------------------------

export interface PoolPage {
  readonly path: string;
  readonly bytes: Uint8Array;
}

export interface MutationContext {
  readonly pool: readonly PoolPage[];
  /** The most bytes one mutator adds (MAX_GROWTH_BYTES; the CI test uses less). */
  readonly maxGrowth: number;
}

export interface Mutation {
  readonly bytes: Uint8Array;
  /** Parameters, e.g. `n=1000 at=532`. */
  readonly note: string;
}

export interface Mutator {
  readonly name: string;
  /** Relative frequency in random chains. */
  readonly weight: number;
  apply(bytes: Uint8Array, rng: Rng, ctx: MutationContext): Mutation;
}

export function flipBytes(bytes: Uint8Array, rng: Rng): Mutation {
  const out = new Uint8Array(bytes);
  const k = out.length === 0 ? 0 : logInt(rng, 1, 64);
  for (let i = 0; i < k; i++) out[randInt(rng, 0, out.length - 1)]! ^= 1 << randInt(rng, 0, 7);
  return { bytes: out, note: `k=${k}` };
}

export function insertRandomBytes(bytes: Uint8Array, rng: Rng): Mutation {
  const n = logInt(rng, 1, 4096);
  const at = randInt(rng, 0, bytes.length);
  const head = rng() < 0.1; // sometimes at the start, where binary sniffing looks
  const ins = Uint8Array.from({ length: n }, () => randInt(rng, 0, 255));
  return { bytes: insertBytes(bytes, head ? 0 : at, ins), note: `n=${n} at=${head ? 0 : at}` };
}

export function deleteRange(bytes: Uint8Array, rng: Rng): Mutation {
  if (bytes.length < 2) return { bytes, note: 'skip' };
  const n = logInt(rng, 1, Math.max(1, bytes.length >> 1));
  const at = randInt(rng, 0, bytes.length - n);
  return { bytes: concatBytes(bytes.subarray(0, at), bytes.subarray(at + n)), note: `n=${n} at=${at}` };
}

export function duplicateRange(bytes: Uint8Array, rng: Rng, ctx: MutationContext): Mutation {
  if (bytes.length < 2) return { bytes, note: 'skip' };
  const n = logInt(rng, 1, Math.min(65_536, bytes.length));
  const from = randInt(rng, 0, bytes.length - n);
  const times = Math.max(1, Math.min(logInt(rng, 1, 64), Math.floor(ctx.maxGrowth / n)));
  const chunk = bytes.subarray(from, from + n);
  const at = randInt(rng, 0, bytes.length);
  return { bytes: insertBytes(bytes, at, concatBytes(...Array.from({ length: times }, () => chunk))), note: `n=${n} from=${from} x${times} at=${at}` };
}

export function truncate(bytes: Uint8Array, rng: Rng): Mutation {
  let at = randInt(rng, 0, bytes.length);
  if (rng() < 0.5) {
    // Mid-tag: just after a '<'.
    const lt = bytes.indexOf(0x3c, at);
    if (lt >= 0) at = Math.min(bytes.length, lt + randInt(rng, 1, 6));
  }
  return { bytes: bytes.slice(0, at), note: `at=${at}` };
}

export function truncateHead(bytes: Uint8Array, rng: Rng): Mutation {
  const at = randInt(rng, 0, bytes.length);
  return { bytes: bytes.slice(at), note: `at=${at}` };
}

export function spliceTwoPages(bytes: Uint8Array, rng: Rng, ctx: MutationContext): Mutation {
  const other = pick(rng, ctx.pool);
  const a = randInt(rng, 0, bytes.length), b = randInt(rng, 0, other.bytes.length);
  return { bytes: concatBytes(bytes.subarray(0, a), other.bytes.subarray(b)), note: `a=${a} other=${other.path} b=${b}` };
}

export function insertInvalidUtf8(bytes: Uint8Array, rng: Rng): Mutation {
  const k = logInt(rng, 1, 256);
  const edits = Array.from({ length: k }, () => ({ at: randInt(rng, 0, bytes.length), ins: latin1(pick(rng, INVALID_UTF8)) }));
  return { bytes: fromLatin1(applyEdits(latin1(bytes), edits)), note: `k=${k}` };
}

export function prependBom(bytes: Uint8Array, rng: Rng): Mutation {
  const bom = pick(rng, BOMS);
  // Half the time the text really is in the BOM's encoding; else the BOM lies.
  const utf16 = bom[0] === 0xff || bom[0] === 0xfe;
  if (utf16 && rng() < 0.5) {
    const le = Buffer.from(latin1(bytes), 'utf16le');
    if (bom[0] === 0xfe) le.swap16();
    return { bytes: concatBytes(bom, new Uint8Array(le)), note: `bom=${Buffer.from(bom).toString('hex')} transcoded` };
  }
  return { bytes: concatBytes(bom, bytes), note: `bom=${Buffer.from(bom).toString('hex')}` };
}

export function mismatchCharset(bytes: Uint8Array, rng: Rng): Mutation {
  const cs = pick(rng, CHARSETS);
  const meta = rng() < 0.5 ? `<meta charset="${cs}">` : `<meta http-equiv="Content-Type" content="text/html; charset=${cs}">`;
  const s = latin1(bytes);
  const head = s.search(/<head\b[^>]*>/i);
  const at = head >= 0 && rng() < 0.7 ? s.indexOf('>', head) + 1 : randInt(rng, 0, Math.min(s.length, 9000));
  return { bytes: fromLatin1(s.slice(0, at) + meta + s.slice(at)), note: `charset=${cs.slice(0, 20)} at=${at}` };
}

export function insertNul(bytes: Uint8Array, rng: Rng): Mutation {
  const k = logInt(rng, 1, 16);
  const edits = Array.from({ length: k }, () => ({ at: randInt(rng, 0, bytes.length), ins: '\0' }));
  return { bytes: fromLatin1(applyEdits(latin1(bytes), edits)), note: `k=${k}` };
}

export function emptyDocument(_bytes: Uint8Array, rng: Rng): Mutation {
  const b = shapeByName('empty').build(1, rng);
  return { bytes: b, note: JSON.stringify(latin1(b)) };
}

export function gzipInput(bytes: Uint8Array, rng: Rng): Mutation {
  let gz = new Uint8Array(gzipSync(bytes));
  let note = 'whole';
  if (rng() < 0.4) {
    const at = randInt(rng, 2, gz.length);
    gz = gz.slice(0, at);
    note = `cut=${at}`;
  } else if (rng() < 0.3) {
    // A bomb: a long run of one byte, tiny compressed.
    gz = new Uint8Array(gzipSync(Buffer.alloc(logInt(rng, 1 << 20, 64 << 20), 0x61)));
    note = 'bomb';
  }
  return { bytes: gz, note };
}

export function duplicateTag(bytes: Uint8Array, rng: Rng, ctx: MutationContext): Mutation {
  const s = latin1(bytes);
  const m = matchNear(s, START_TAG, rng);
  if (!m) return { bytes, note: 'skip' };
  const n = logInt(rng, 2, 100_000);
  const rep = repeatCapped(m[0], n, ctx.maxGrowth);
  return { bytes: fromLatin1(s.slice(0, m.index) + rep + s.slice(m.index)), note: `tag=${m[1]} n=${rep.length / m[0].length} at=${m.index}` };
}

export function dropCloseTags(bytes: Uint8Array, rng: Rng): Mutation {
  const s = latin1(bytes);
  const edits = editsNear(s, END_TAG, logInt(rng, 1, 200), rng, (m) => ({ at: m.index, del: m[0].length, ins: '' }));
  return { bytes: fromLatin1(applyEdits(s, edits)), note: `k=${edits.length}` };
}

export function renameTag(bytes: Uint8Array, rng: Rng): Mutation {
  const s = latin1(bytes);
  const k = logInt(rng, 1, 32);
  const edits: Edit[] = [];
  const names: string[] = [];
  for (let i = 0; i < k; i++) {
    const m = matchNear(s, rng() < 0.7 ? START_TAG : END_TAG, rng);
    if (!m) break;
    const to = pick(rng, TRICKY_TAGS);
    edits.push({ at: m.index + m[0].indexOf(m[1]!), del: m[1]!.length, ins: to });
    names.push(`${m[1]}->${to}`);
  }
  return { bytes: fromLatin1(applyEdits(s, edits)), note: names.slice(0, 6).join(',') + (names.length > 6 ? `,+${names.length - 6}` : '') };
}

export function unclosedRawText(bytes: Uint8Array, rng: Rng): Mutation {
  const s = latin1(bytes);
  const opener = pick(rng, UNCLOSED_OPENERS);
  const at = bodyPosition(s, rng);
  return { bytes: fromLatin1(s.slice(0, at) + opener + s.slice(at)), note: `${opener} at=${at}` };
}

const WRAPPERS: ReadonlyArray<readonly [string, string]> = [
  ['<svg>', '</svg>'], ['<math>', '</math>'], ['<svg><style>', '</style></svg>'], ['<svg><foreignObject>', '</foreignObject></svg>'],
  ['<template>', '</template>'], ['<table>', '</table>'], ['<select>', '</select>'], ['<noscript>', '</noscript>'],
  ['<a href="#">', '</a>'], ['<p>', '</p>'], ['<pre>', '</pre>'], ['<div hidden>', '</div>'], ['<textarea>', '</textarea>'],
  ['<math><annotation-xml encoding="text/html">', '</annotation-xml></math>'], ['<ruby>', '</ruby>'], ['<button>', '</button>'],
];

export function wrapForeign(bytes: Uint8Array, rng: Rng): Mutation {
  const s = latin1(bytes);
  let a = randInt(rng, 0, s.length), b = randInt(rng, 0, s.length);
  if (a > b) [a, b] = [b, a];
  // Snap to tag starts so the wrapper does not land inside a tag (most of the time).
  if (rng() < 0.8) {
    const la = s.indexOf('<', a), lb = s.indexOf('<', b);
    a = la < 0 ? a : la;
    b = lb < 0 ? s.length : Math.max(a, lb);
  }
  const [open, close] = pick(rng, WRAPPERS);
  return { bytes: fromLatin1(s.slice(0, a) + open + s.slice(a, b) + close + s.slice(b)), note: `${open} ${a}..${b}` };
}

const BOMB_UNITS = [
  '<div>', '<span>', '<b>', '<ul><li>', '<table><tr><td>', '<p>', '<a href="#">', '<blockquote>', '<section>', '<font>', '<em>',
  '<i>', '<li>', '<ol>', '<dl><dd>', '<svg>', '<math>', '<object>', '<button>', '<form>', '<q>', '<sub>', '<table>', '<select>',
  '<template>', '<div>x', '<b><i>', '<a>', '<h1>', '<pre>', '<figure>', '<td>', '<tr>', '<article>', '<nav>', '<div><br>',
];

export function nestingBomb(bytes: Uint8Array, rng: Rng, ctx: MutationContext): Mutation {
  const s = latin1(bytes);
  const unit = pick(rng, BOMB_UNITS);
  const n = logInt(rng, 100, 100_000);
  const close = rng() < 0.3;
  const text = rng() < 0.3 ? 'text ' : '';
  const open = repeatCapped(unit + text, n, ctx.maxGrowth);
  const closeUnit = [...unit.matchAll(/<([a-z0-9]+)/g)].map((x) => `</${x[1]}>`).reverse().join('');
  const closer = close ? repeatCapped(closeUnit, n, ctx.maxGrowth) : '';
  const at = bodyPosition(s, rng);
  return { bytes: fromLatin1(s.slice(0, at) + open + closer + s.slice(at)), note: `unit=${unit} n=${n}${text ? ' text' : ''}${close ? ' closed' : ''} at=${at}` };
}

export function hugeAttribute(bytes: Uint8Array, rng: Rng, ctx: MutationContext): Mutation {
  const s = latin1(bytes);
  const m = matchNear(s, START_TAG, rng);
  if (!m) return { bytes, note: 'skip' };
  const name = pick(rng, ['class', 'id', 'style', 'href', 'src', 'alt', 'title', 'data-x', 'srcset', 'content', 'hidden', 'lang']);
  const len = logInt(rng, 1024, Math.max(1024, Math.min(4 << 20, ctx.maxGrowth)));
  const value = pick(rng, ['a', 'a ', 'display:none;', ' ', '&amp;', 'x,', '\u00e9', '"']).repeat(Math.ceil(len / 4)).slice(0, len);
  const quoted = rng() < 0.8;
  const attr = quoted ? ` ${name}="${value.replace(/"/g, '&quot;')}"` : ` ${name}=${value.replace(/[\s>]/g, 'z')}`;
  const at = m.index + 1 + m[1]!.length;
  return { bytes: fromLatin1(s.slice(0, at) + attr + s.slice(at)), note: `tag=${m[1]} attr=${name} len=${len}${quoted ? '' : ' unquoted'}` };
}

export function manyAttributes(bytes: Uint8Array, rng: Rng, ctx: MutationContext): Mutation {
  const s = latin1(bytes);
  const m = matchNear(s, START_TAG, rng);
  if (!m) return { bytes, note: 'skip' };
  const n = Math.min(logInt(rng, 10, 100_000), Math.floor(ctx.maxGrowth / 16));
  const distinct = rng() < 0.5;
  const attrs = Array.from({ length: n }, (_, i) => ` ${distinct ? `data-a${i}` : 'class'}="v${i}"`).join('');
  const at = m.index + 1 + m[1]!.length;
  return { bytes: fromLatin1(s.slice(0, at) + attrs + s.slice(at)), note: `tag=${m[1]} n=${n}${distinct ? ' distinct' : ' same-name'}` };
}

export function deepJsonLd(bytes: Uint8Array, rng: Rng, ctx: MutationContext): Mutation {
  const s = latin1(bytes);
  const depth = logInt(rng, 10, 200_000);
  const [open, close] = pick(rng, [['[', ']'], ['{"a":', '}'], ['{"@graph":[', ']}'], ['{"@type":"NewsArticle","author":', '}']] as const);
  const closed = rng() < 0.7;
  const core = rng() < 0.5 ? '{"@type":"NewsArticle","headline":"Deep headline"}' : '"x"';
  const wide = rng() < 0.2 ? `,${repeatCapped('{"headline":"h","@type":"Article"},', logInt(rng, 10, 100_000), ctx.maxGrowth / 2)}{}` : '';
  const body = repeatCapped(open, depth, ctx.maxGrowth / 2) + core + wide + (closed ? repeatCapped(close, depth, ctx.maxGrowth / 2) : '');
  const wrapper = pick(rng, ['', '<!--', '<![CDATA[']);
  const script = `<script type="application/ld+json">${wrapper}${body}${wrapper ? (wrapper === '<!--' ? '-->' : ']]>') : ''}</script>`;
  const head = s.search(/<\/head>/i);
  const at = head >= 0 && rng() < 0.5 ? head : bodyPosition(s, rng);
  return { bytes: fromLatin1(s.slice(0, at) + script + s.slice(at)), note: `depth=${depth} open=${open}${closed ? '' : ' unclosed'}${wide ? ' wide' : ''}${wrapper ? ` wrap=${wrapper}` : ''}` };
}

export function insertEntities(bytes: Uint8Array, rng: Rng, ctx: MutationContext): Mutation {
  const s = latin1(bytes);
  const n = logInt(rng, 1, 50_000);
  const ent = pick(rng, ENTITIES);
  const at = bodyPosition(s, rng);
  return { bytes: fromLatin1(s.slice(0, at) + repeatCapped(ent, n, ctx.maxGrowth) + s.slice(at)), note: `${ent.slice(0, 16)} n=${n}` };
}

const TEXT_UNITS = ['a', 'word ', '\u4e2d\u6587', '\u0645\u0631\u062d\u0628\u0627 ', 'e\u0301\u0301\u0301', '\u200b', '\u200d\ud83d\udc69', '\t', '\u00a0', '.'];

export function longText(bytes: Uint8Array, rng: Rng, ctx: MutationContext): Mutation {
  const s = latin1(bytes);
  const unit = pick(rng, TEXT_UNITS);
  const n = logInt(rng, 100, 2_000_000);
  const text = Buffer.from(repeatCapped(unit, n, ctx.maxGrowth / 4), 'utf8').toString('latin1');
  const at = bodyPosition(s, rng);
  return { bytes: fromLatin1(s.slice(0, at) + text + s.slice(at)), note: `unit=${JSON.stringify(unit)} n=${n}` };
}

const SIBLING_UNITS = [
  '<p>x</p>', '<img src="a.jpg">', '<a href="#">x</a>', '<li>', '<td>', '<h2>h</h2>', '<br>', '<tr><td>x', '<p>word word word</p>',
  '<div>text</div>', '<figure><img src=x><figcaption>c</figcaption></figure>', '<iframe src=x></iframe>', '<video src=x></video>',
  '<table><tr><td>x</td></tr></table>', '<pre>code</pre>', '<option>o', '<hr>', '<input>', '<span>s</span> ',
];

export function manyElements(bytes: Uint8Array, rng: Rng, ctx: MutationContext): Mutation {
  const s = latin1(bytes);
  const unit = pick(rng, SIBLING_UNITS);
  const n = logInt(rng, 100, 500_000);
  const at = bodyPosition(s, rng);
  const rep = repeatCapped(unit, n, ctx.maxGrowth);
  return { bytes: fromLatin1(s.slice(0, at) + rep + s.slice(at)), note: `unit=${unit} n=${rep.length / unit.length}` };
}

export function markupNoise(bytes: Uint8Array, rng: Rng): Mutation {
  const s = latin1(bytes);
  const k = logInt(rng, 1, 64);
  const edits = Array.from({ length: k }, () => ({ at: randInt(rng, 0, s.length), ins: pick(rng, MARKUP_NOISE) }));
  return { bytes: fromLatin1(applyEdits(s, edits)), note: `k=${k}` };
}

export function insertShape(bytes: Uint8Array, rng: Rng, ctx: MutationContext): Mutation {
  const shape = pick(rng, SHAPES);
  const scale = rng() < 0.3 ? 1 : Math.exp(Math.log(0.001) * rng());
  const full = shape.build(scale, rng);
  const built = full.length > ctx.maxGrowth ? full.subarray(0, ctx.maxGrowth) : full;
  const whole = rng() < 0.3;
  if (whole) return { bytes: built, note: `${shape.name} scale=${scale.toFixed(3)} whole` };
  const at = bodyPosition(latin1(bytes), rng);
  return { bytes: insertBytes(bytes, at, built), note: `${shape.name} scale=${scale.toFixed(3)} at=${at}` };
}

const SPAN_VALUES = ['1', '2', '3', '50', '1000', '65534', '0', '-1', '1e9', '99999999999', 'abc', '', ' 7 ', '2.5'];

/**
 * A table of random shape and spans (colspan/rowspan, hostile values included; half the time one
 * span on every cell of the first row), with text in its cells; in the page or, a third of the
 * time, as the body of a small article page.
 */
export function spanTable(bytes: Uint8Array, rng: Rng, ctx: MutationContext): Mutation {
  const s = latin1(bytes);
  const cols = logInt(rng, 1, 1000), rows = logInt(rng, 1, 3000);
  const uniform = rng() < 0.5 ? pick(rng, SPAN_VALUES) : undefined;
  const span = (): string => (rng() < 0.5 ? '' : ` ${rng() < 0.6 ? 'colspan' : 'rowspan'}=${pick(rng, SPAN_VALUES)}`);
  const head = Array.from({ length: cols }, () => `<td${uniform !== undefined ? ` colspan=${uniform}` : span()}>x`).join('');
  const rowUnits = Array.from({ length: Math.min(8, rows) }, () => `<tr><td${span()}>y`);
  const body = repeatCapped(rowUnits.join(''), Math.ceil(rows / rowUnits.length), Math.max(0, ctx.maxGrowth - head.length));
  const table = `<table><tr>${head}${body}</table>`;
  const note = `cols=${cols} rows=${rows}${uniform !== undefined ? ` colspan=${uniform}` : ''}`;
  if (rng() < 0.3) return { bytes: fromLatin1(`<title>A table</title><article><h1>A table article</h1>${SPAN_GRID_PARA}${SPAN_GRID_PARA}${table}${SPAN_GRID_PARA}</article>`), note: `${note} whole` };
  const at = bodyPosition(s, rng);
  return { bytes: fromLatin1(s.slice(0, at) + table + s.slice(at)), note: `${note} at=${at}` };
}

const HOSTILE_ATTRIBUTES = [
  'colspan="1000000"', 'rowspan="65535"', 'colspan="-1"', 'rowspan="0"', 'start="-99999999"', 'start="1e308"', 'value="99999999999"',
  'type="I"', 'reversed', 'href="javascript:alert(1)"', 'href=" http://[::1"', 'href="http://a b"', 'href="%"', 'href="\\\\x"',
  'href="data:text/html;base64,PHNjcmlwdD4="', 'src="//"', 'src=""', 'srcset="a 1x, b 2x, , ,"', 'srcset=" "', 'width="99999999999"',
  'height="-1"', 'lang=""', 'dir="rtl"', 'style="display:none"', 'style="visibility:hidden!important"', 'hidden', 'aria-hidden="true"',
  'role="navigation"', 'id=""', 'class=""', 'itemprop="articleBody"', 'datetime="not a date"', 'alt="a\nb"', 'content=""',
  'property="og:title"', 'name="description"', 'itemprop="headline"', 'data-src="x"', 'loading="lazy"', 'onerror="alert(1)"',
];

/** Attributes with hostile or edge values on random start tags. */
export function hostileAttributes(bytes: Uint8Array, rng: Rng): Mutation {
  const s = latin1(bytes);
  const edits = editsNear(s, START_TAG, logInt(rng, 1, 64), rng, (m) => ({ at: m.index + 1 + m[1]!.length, ins: ' ' + pick(rng, HOSTILE_ATTRIBUTES) }));
  return { bytes: fromLatin1(applyEdits(s, edits)), note: `k=${edits.length}` };
}

export function prependMagic(bytes: Uint8Array, rng: Rng): Mutation {
  const magic = pick(rng, [[0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], [0x25, 0x50, 0x44, 0x46, 0x2d], [0x50, 0x4b, 0x03, 0x04], [0x1f, 0x8b], [0x7f, 0x45, 0x4c, 0x46]]);
  return { bytes: concatBytes(Uint8Array.from(magic), bytes), note: Buffer.from(magic).toString('hex') };
}

const mutator = (name: string, weight: number, apply: Mutator['apply']): Mutator => ({ name, weight, apply });

export const MUTATORS: readonly Mutator[] = [
  mutator('flipBytes', 6, flipBytes),
  mutator('insertRandomBytes', 3, insertRandomBytes),
  mutator('deleteRange', 4, deleteRange),
  mutator('duplicateRange', 4, duplicateRange),
  mutator('truncate', 6, truncate),
  mutator('truncateHead', 2, truncateHead),
  mutator('spliceTwoPages', 5, spliceTwoPages),
  mutator('insertInvalidUtf8', 4, insertInvalidUtf8),
  mutator('prependBom', 3, prependBom),
  mutator('mismatchCharset', 4, mismatchCharset),
  mutator('insertNul', 1, insertNul),
  mutator('prependMagic', 1, prependMagic),
  mutator('emptyDocument', 1, emptyDocument),
  mutator('gzipInput', 1, gzipInput),
  mutator('duplicateTag', 5, duplicateTag),
  mutator('dropCloseTags', 4, dropCloseTags),
  mutator('renameTag', 6, renameTag),
  mutator('unclosedRawText', 5, unclosedRawText),
  mutator('wrapForeign', 4, wrapForeign),
  mutator('nestingBomb', 4, nestingBomb),
  mutator('hugeAttribute', 2, hugeAttribute),
  mutator('manyAttributes', 1, manyAttributes),
  mutator('deepJsonLd', 3, deepJsonLd),
  mutator('insertEntities', 3, insertEntities),
  mutator('longText', 3, longText),
  mutator('manyElements', 3, manyElements),
  mutator('markupNoise', 5, markupNoise),
  mutator('spanTable', 3, spanTable),
  mutator('hostileAttributes', 3, hostileAttributes),
  mutator('insertShape', 6, insertShape),
];

export function pickMutator(rng: Rng, mutators: readonly Mutator[] = MUTATORS): Mutator {
  const total = mutators.reduce((a, x) => a + x.weight, 0);
  let r = rng() * total;
  for (const x of mutators) {
    r -= x.weight;
    if (r < 0) return x;
  }
  return mutators[mutators.length - 1]!;
}

// ---------------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------------

export interface FuzzCase {
  readonly seed: number;
  readonly index: number;
  /** The pool page it started from. */
  readonly base: string;
  /** `name(note)` per applied mutator, in order. */
  readonly chain: readonly string[];
  readonly bytes: Uint8Array;
}

/** Case `index` of `seed`: a pool page and 1 to 4 mutators, all drawn from the case's own stream. */
export function generateCase(seed: number, index: number, pool: readonly PoolPage[], maxGrowth = MAX_GROWTH_BYTES, mutators: readonly Mutator[] = MUTATORS): FuzzCase {
  if (pool.length === 0) throw new Error('fuzz: the input pool is empty');
  const rng = caseRandom(seed, index);
  const base = pick(rng, pool);
  let bytes = base.bytes;
  const steps = 1 + (rng() < 0.5 ? 1 : 0) + (rng() < 0.25 ? 1 : 0) + (rng() < 0.1 ? 1 : 0);
  const chain: string[] = [];
  for (let k = 0; k < steps; k++) {
    const mut = pickMutator(rng, mutators);
    const r = mut.apply(bytes, rng, { pool, maxGrowth });
    bytes = r.bytes.length > MAX_CASE_BYTES ? r.bytes.slice(0, MAX_CASE_BYTES) : r.bytes;
    chain.push(`${mut.name}(${r.note.slice(0, 200)})${r.bytes.length > MAX_CASE_BYTES ? '+cap' : ''}`);
  }
  return { seed, index, base: base.path, chain, bytes };
}

// ---------------------------------------------------------------------------------------------
// The input pool: a seeded sample of the shared pages (gunzipped).
// ---------------------------------------------------------------------------------------------

export const DEFAULT_CORPORA = join(process.cwd(), '..', 'shared', 'corpora');
export const FIXTURE_PAGES = join(process.cwd(), 'test', 'fixtures', 'pages');


/** `n` paths drawn by `seed` (the same ones for the same listing), in listing order. */
export function samplePaths(paths: readonly string[], n: number, seed: number): string[] {
  const idx = paths.map((_, i) => i);
  const rng = seededRandom(fmix32(seed ^ 0x5bd1e995));
  const k = Math.min(n, idx.length);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(rng() * (idx.length - i));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx.slice(0, k).sort((a, b) => a - b).map((i) => paths[i]!);
}

export async function loadPool(paths: readonly string[], root = ''): Promise<PoolPage[]> {
  return Promise.all(paths.map(async (p) => {
    const raw = await readFile(p);
    const bytes = new Uint8Array(p.endsWith('.gz') ? gunzipSync(raw) : raw);
    return { path: root && p.startsWith(root) ? p.slice(root.length + 1) : p, bytes };
  }));
}

/**
 * The pool for a run: `pages` shared pages drawn by `seed` (only files up to `maxFileBytes` on
 * disk when given, for a quick run), or the fixture pages without the corpora.
 */
export async function buildPool(options: { corpora?: string; pages: number; seed: number; maxFileBytes?: number }): Promise<PoolPage[]> {
  const root = resolve(options.corpora ?? DEFAULT_CORPORA);
  if (existsSync(root)) {
    let files = await listPageFiles(root);
    if (options.maxFileBytes !== undefined) {
      const max = options.maxFileBytes;
      const sizes = await Promise.all(files.map(async (f) => (await stat(f)).size));
      files = files.filter((_, i) => sizes[i]! <= max);
    }
    if (files.length > 0) return loadPool(samplePaths(files, options.pages, options.seed), root);
  }
  return loadPool(await listPageFiles(FIXTURE_PAGES), FIXTURE_PAGES);
}

// ---------------------------------------------------------------------------------------------
// Running one case: a worker thread with a heap limit, terminated at the time limit.
// ---------------------------------------------------------------------------------------------

export type CaseKind = 'ok' | 'pith-error' | 'crash' | 'hang' | 'memory';
export const FINDING_KINDS: readonly CaseKind[] = ['crash', 'hang', 'memory'];

export interface CaseOutcome {
  readonly kind: CaseKind;
  /** Extraction time measured in the worker; wall time for hangs, crashes and blow-ups. */
  readonly ms: number;
  /** PithError code. */
  readonly code?: string;
  /** What went wrong (crash: name, message, top of stack). */
  readonly error?: string;
  /** The worker's V8 heap (committed) after the case, MB. */
  readonly heapMb?: number;
  /** Process RSS peak sampled while the case ran, MB (per case only with one worker). */
  readonly peakRssMb: number;
}

export interface RunnerOptions {
  /**
   * CPU time (ms) a case may use before it is a hang: the CPU time of this process while the
   * case runs, shared among the cases running at once. CPU time, not wall time, so a loaded
   * machine does not turn slow cases into hangs; a case that answers nothing after
   * WALL_BACKSTOP_FACTOR times this much wall time (stuck, burning no CPU) is a hang too.
   */
  readonly timeoutMs: number;
  readonly heapMb: number;
  readonly youngMb?: number;
  readonly modelPath?: string;
}

type WorkerReply =
  | { type: 'ready' }
  | { type: 'result'; status: 'ok' | 'pith-error' | 'crash'; ms: number; code?: string; error?: string; heapMb: number }
  | { type: 'error'; code?: string; message: string }
  | { type: 'exit'; exitCode: number }
  | { type: 'timeout' };

interface WorkerData {
  readonly pithFuzzWorker: true;
  readonly modelPath: string;
}

const MB = 1024 * 1024;
const RSS_SAMPLE_MS = 20;
/** How long a terminated worker may take to go before it is left behind. */
const TERMINATE_WAIT_MS = 3000;
/** How often a running case's CPU time is looked at, ms. */
const CPU_POLL_MS = 50;
/** A case that has not answered after this many times its CPU limit in wall time is stuck. */
const WALL_BACKSTOP_FACTOR = 10;
/** Cases running at once in this process (one per worker), who share its CPU time. */
let casesRunning = 0;

const START_ATTEMPTS = 4;

/** One worker, reused across cases and replaced after a finding. */
export class CaseRunner {
  /** The live worker and its boot (resolved once its model is loaded). */
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  /** Receives the next event of the live worker. */
  private waiter: ((r: WorkerReply) => void) | undefined;
  /** Workers started (1 + replacements). */
  started = 0;

  constructor(private readonly options: RunnerOptions) {}

  private boot(): void {
    const data: WorkerData = { pithFuzzWorker: true, modelPath: this.options.modelPath ?? bundledModelPath() };
    const worker = new Worker(new URL(import.meta.url), {
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb, maxYoungGenerationSizeMb: this.options.youngMb ?? 64 },
    });
    this.started++;
    this.worker = worker;
    // Events of a worker already discarded (a late exit) reach nobody.
    const deliver = (r: WorkerReply): void => {
      if (this.worker !== worker) return;
      const w = this.waiter;
      this.waiter = undefined;
      w?.(r);
    };
    worker.on('message', (r: WorkerReply) => deliver(r));
    worker.on('error', (e: Error & { code?: string }) => deliver({ type: 'error', code: e.code, message: describeError(e) }));
    worker.on('exit', (exitCode) => {
      deliver({ type: 'exit', exitCode });
      if (this.worker === worker) this.worker = undefined;
    });
    this.ready = new Promise<void>((resolveBoot, rejectBoot) => {
      this.waiter = (r) => (r.type === 'ready' ? resolveBoot() : rejectBoot(new Error(`fuzz worker failed to start: ${JSON.stringify(r)}`)));
    });
  }

  /**
   * The live worker, started when there is none. A start that fails (a build rewriting dist/
   * under a long run, say) is retried a few times before the run gives up.
   */
  private async ensureWorker(): Promise<Worker> {
    for (let attempt = 1; ; attempt++) {
      if (!this.worker) this.boot();
      try {
        await this.ready;
        if (this.worker) return this.worker;
        throw new Error('fuzz worker exited while starting');
      } catch (e) {
        await this.discard();
        if (attempt >= START_ATTEMPTS) throw e;
        await new Promise((r) => setTimeout(r, 1000 * attempt));
      }
    }
  }

  /** Drops the current worker (after a finding): terminated, waited for a little. */
  private async discard(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    this.waiter = undefined;
    if (!w) return;
    await Promise.race([w.terminate().catch(() => undefined), new Promise((r) => setTimeout(r, TERMINATE_WAIT_MS).unref())]);
  }

  async run(bytes: Uint8Array): Promise<CaseOutcome> {
    const worker = await this.ensureWorker();
    let peak = process.memoryUsage.rss();
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), RSS_SAMPLE_MS);
    const t0 = performance.now();
    let cpu = 0;
    casesRunning++;
    const reply = await new Promise<WorkerReply>((resolveReply) => {
      let lastCpu = cpuMsNow();
      const watch = setInterval(() => {
        const now = cpuMsNow();
        cpu += (now - lastCpu) / Math.max(1, casesRunning);
        lastCpu = now;
        if (cpu <= this.options.timeoutMs && performance.now() - t0 <= this.options.timeoutMs * WALL_BACKSTOP_FACTOR) return;
        clearInterval(watch);
        this.waiter = undefined;
        resolveReply({ type: 'timeout' });
      }, CPU_POLL_MS);
      this.waiter = (r) => {
        clearInterval(watch);
        resolveReply(r);
      };
      worker.postMessage({ bytes });
    }).finally(() => casesRunning--);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    const wall = performance.now() - t0;
    const peakRssMb = Math.round(peak / MB);
    switch (reply.type) {
      case 'result': {
        const outcome: CaseOutcome = { kind: reply.status, ms: reply.ms, peakRssMb, heapMb: reply.heapMb, ...(reply.code ? { code: reply.code } : {}), ...(reply.error ? { error: reply.error } : {}) };
        if (reply.status === 'crash') await this.discard();
        return outcome;
      }
      case 'timeout':
        await this.discard();
        return { kind: 'hang', ms: wall, peakRssMb, error: `no result after ${Math.round(cpu)} ms of CPU time (limit ${this.options.timeoutMs} ms), ${Math.round(wall)} ms in all` };
      case 'error':
        await this.discard();
        return reply.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { kind: 'memory', ms: wall, peakRssMb, error: `worker out of memory (heap limit ${this.options.heapMb} MB): ${reply.message}` }
          : { kind: 'crash', ms: wall, peakRssMb, error: `worker error: ${reply.message}` };
      default:
        await this.discard();
        return { kind: 'crash', ms: wall, peakRssMb, error: `worker gone: ${JSON.stringify(reply)}` };
    }
  }

  async close(): Promise<void> {
    await this.discard();
  }
}

export function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e).slice(0, 500);
  const stack = (e.stack ?? '').split('\n').slice(1, 7).map((l) => l.trim()).join(' | ');
  return `${e.name}: ${e.message.slice(0, 300)}${stack ? ` @ ${stack}` : ''}`.slice(0, 2000);
}

const WARM_UP_PAGE = fromUtf8(`<!DOCTYPE html><html><head><title>Warm-up</title></head><body><nav><a href="/">Home</a> <a href="/a">News</a></nav>
<article><h1>A headline for the warm-up</h1>${'<p>A paragraph of article text with a <a href="/x">link</a> and some words to count.</p>'.repeat(30)}
<ul><li>one</li><li>two</li></ul><table><tr><td>a</td><td>b</td></tr></table><img src="a.jpg" alt="x"></article><footer>(c) footer</footer></body></html>`);

/** The full extraction and every writer; a PithError is an expected outcome, anything else a crash. */
export function extractAndRender(bytes: Uint8Array, model: LoadedModel): { status: 'ok' | 'pith-error' | 'crash'; ms: number; code?: string; error?: string } {
  const t0 = performance.now();
  try {
    const result = extractBytes(bytes, model, { id: 'fuzz' }, {}, 'fuzz-case');
    for (const format of OUTPUT_FORMATS) formatResult(result, format);
    return { status: 'ok', ms: performance.now() - t0 };
  } catch (e) {
    return isPithError(e)
      ? { status: 'pith-error', code: e.code, ms: performance.now() - t0 }
      : { status: 'crash', error: describeError(e), ms: performance.now() - t0 };
  }
}

/** The worker side: load the bundled model once, then extract and render every input sent. */
async function workerMain(data: WorkerData): Promise<void> {
  const port = parentPort!;
  const model = await loadExtractionModel(data.modelPath);
  // Warm the JIT so a fresh worker's first case is not charged for compiling the pipeline.
  for (let i = 0; i < 3; i++) extractAndRender(WARM_UP_PAGE, model);
  port.on('message', (msg: { bytes: Uint8Array }) => {
    const outcome = extractAndRender(msg.bytes, model);
    port.postMessage({ type: 'result', ...outcome, heapMb: Math.round(getHeapStatistics().total_heap_size / MB) } satisfies WorkerReply);
  });
  port.postMessage({ type: 'ready' } satisfies WorkerReply);
}

// ---------------------------------------------------------------------------------------------
// A campaign: many cases, findings written out, a summary.
// ---------------------------------------------------------------------------------------------

export interface CaseRecord {
  readonly index: number;
  readonly base: string;
  readonly chain: readonly string[];
  readonly bytes: number;
  readonly outcome: CaseOutcome;
}

export interface CampaignOptions extends RunnerOptions {
  readonly seed: number;
  /** Cases 0..cases-1, unless `only` names some. */
  readonly cases: number;
  readonly only?: readonly number[];
  readonly pool: readonly PoolPage[];
  /** The most bytes one mutator adds (default MAX_GROWTH_BYTES). */
  readonly maxGrowth?: number;
  /** The mutators drawn from (default MUTATORS). */
  readonly mutators?: readonly Mutator[];
  /** Where findings go; none written without it. */
  readonly out?: string;
  readonly workers?: number;
  /** Extra arguments a re-run needs besides --seed and --case (e.g. `--pages 20`). */
  readonly rerunArgs?: string;
  readonly onCase?: (record: CaseRecord, done: number, total: number) => void;
}

export interface CampaignSummary {
  readonly seed: number;
  readonly cases: number;
  readonly counts: Readonly<Record<CaseKind, number>>;
  readonly pithErrors: Readonly<Record<string, number>>;
  readonly findings: readonly CaseRecord[];
  /** The slowest cases, slowest first. */
  readonly slowest: readonly CaseRecord[];
  /** The cases with the highest sampled RSS, highest first. */
  readonly biggest: readonly CaseRecord[];
  readonly workersStarted: number;
  readonly elapsedMs: number;
  readonly casesPerSecond: number;
}

/** Keeps the `n` largest by `key`, largest first. */
function keepTop(list: CaseRecord[], r: CaseRecord, n: number, key: (r: CaseRecord) => number): void {
  if (list.length === n && key(list[n - 1]!) >= key(r)) return;
  list.push(r);
  list.sort((a, b) => key(b) - key(a));
  if (list.length > n) list.pop();
}

export function isFinding(o: CaseOutcome): boolean {
  return FINDING_KINDS.includes(o.kind);
}

/** Writes `<seed>-<index>.html` and a line of `findings.jsonl` under `out`. */
export function writeFinding(out: string, seed: number, c: FuzzCase, r: CaseRecord, rerunArgs = ''): void {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `${seed}-${c.index}.html`), c.bytes);
  const line = {
    seed, case: c.index, kind: r.outcome.kind, ms: Math.round(r.outcome.ms), bytes: r.bytes, base: c.base, chain: c.chain,
    error: r.outcome.error, file: `${seed}-${c.index}.html`, rerun: `node dist/bench/fuzz.js --seed ${seed} --case ${c.index}${rerunArgs ? ' ' + rerunArgs : ''}`,
  };
  appendFileSync(join(out, 'findings.jsonl'), JSON.stringify(line) + '\n');
}

export async function runCampaign(options: CampaignOptions): Promise<CampaignSummary> {
  const indices = options.only ?? Array.from({ length: options.cases }, (_, i) => i);
  const counts: Record<CaseKind, number> = { ok: 0, 'pith-error': 0, crash: 0, hang: 0, memory: 0 };
  const pithErrors: Record<string, number> = {};
  const findings: CaseRecord[] = [];
  const slowest: CaseRecord[] = [];
  const biggest: CaseRecord[] = [];
  const runners = Array.from({ length: Math.max(1, options.workers ?? 1) }, () => new CaseRunner(options));
  if (options.out) mkdirSync(options.out, { recursive: true });
  const t0 = performance.now();
  let next = 0;
  let done = 0;
  const loop = async (runner: CaseRunner, slot: number): Promise<void> => {
    while (next < indices.length) {
      const index = indices[next++]!;
      const c = generateCase(options.seed, index, options.pool, options.maxGrowth, options.mutators);
      // A marker of the cases under way: if the whole process dies (a fatal V8 error), it names the culprit.
      if (options.out) writeFileSync(join(options.out, `in-flight-${slot}.json`), JSON.stringify({ seed: options.seed, case: index, chain: c.chain }) + '\n');
      const outcome = await runner.run(c.bytes);
      const record: CaseRecord = { index, base: c.base, chain: c.chain, bytes: c.bytes.length, outcome };
      counts[outcome.kind]++;
      if (outcome.code) pithErrors[outcome.code] = (pithErrors[outcome.code] ?? 0) + 1;
      if (isFinding(outcome)) {
        findings.push(record);
        if (options.out) writeFinding(options.out, options.seed, c, record, options.rerunArgs);
      }
      keepTop(slowest, record, 10, (r) => r.outcome.ms);
      keepTop(biggest, record, 5, (r) => r.outcome.peakRssMb);
      done++;
      options.onCase?.(record, done, indices.length);
    }
  };
  try {
    await Promise.all(runners.map((r, slot) => loop(r, slot)));
  } finally {
    await Promise.all(runners.map((r) => r.close()));
  }
  const elapsedMs = performance.now() - t0;
  findings.sort((a, b) => a.index - b.index);
  return {
    seed: options.seed, cases: done, counts, pithErrors, findings, slowest, biggest,
    workersStarted: runners.reduce((a, r) => a + r.started, 0),
    elapsedMs, casesPerSecond: done / (elapsedMs / 1000),
  };
}

/** How often each mutator (an inserted shape by its name) is in a finding's chain. */
export function findingMutatorCounts(findings: readonly CaseRecord[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const r of findings) {
    const names = new Set(r.chain.map((c) => (c.startsWith('insertShape(') ? `insertShape:${c.slice(12).split(' ')[0]}` : c.slice(0, c.indexOf('(')))));
    for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

export function formatSummary(s: CampaignSummary): string {
  const lines: string[] = [];
  const sec = (s.elapsedMs / 1000).toFixed(1);
  lines.push(`fuzz seed ${s.seed}: ${s.cases} cases in ${sec} s (${s.casesPerSecond.toFixed(1)} cases/s), ${s.workersStarted} worker(s) started`);
  lines.push(`  ok ${s.counts.ok}, PithError ${s.counts['pith-error']}, crashes ${s.counts.crash}, hangs ${s.counts.hang}, memory blow-ups ${s.counts.memory}`);
  const codes = Object.entries(s.pithErrors).sort((a, b) => b[1] - a[1]);
  if (codes.length) lines.push(`  PithErrors by code: ${codes.map(([c, n]) => `${c} ${n}`).join(', ')}`);
  lines.push('  slowest:');
  for (const r of s.slowest) lines.push(`    #${r.index} ${r.outcome.kind} ${Math.round(r.outcome.ms)} ms, ${(r.bytes / 1024).toFixed(0)} KB: ${r.chain.join(' > ')}`.slice(0, 400));
  lines.push('  highest RSS:');
  for (const r of s.biggest) lines.push(`    #${r.index} ${r.outcome.peakRssMb} MB RSS (heap ${r.outcome.heapMb ?? '?'} MB) ${r.outcome.kind}: ${r.chain.join(' > ')}`.slice(0, 400));
  if (s.findings.length) {
    lines.push(`  findings by mutator: ${findingMutatorCounts(s.findings).map(([n, k]) => `${n} ${k}`).join(', ')}`);
    lines.push(`  findings (${s.findings.length}):`);
    for (const r of s.findings) lines.push(`    #${r.index} ${r.outcome.kind} ${Math.round(r.outcome.ms)} ms, ${(r.bytes / 1024).toFixed(0)} KB: ${r.chain.join(' > ')}\n      ${r.outcome.error ?? ''}`.slice(0, 800));
  } else lines.push('  findings: none');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------------------------

export interface CliOptions {
  readonly cases: number;
  readonly seed: number;
  readonly timeoutMs: number;
  readonly heapMb: number;
  readonly out: string;
  readonly only: number[];
  readonly pages: number;
  readonly corpora: string | undefined;
  readonly workers: number;
  readonly progressEvery: number;
  readonly quiet: boolean;
  /** Mutators left out (`--skip insertShape,nestingBomb`): a different stream, reproducible with the same flag. */
  readonly skip: string[];
  /** Quick runs: only pool files up to this size on disk, and less growth per mutator. */
  readonly maxPageBytes: number | undefined;
  readonly maxGrowthKb: number | undefined;
  /** Rounds of slow and small attacks against `pith serve` after the cases (bench/fuzz-serve.ts); 0 skips them. */
  readonly serveRounds: number;
  /** Redirect chains to run after the page cases (0: none). */
  readonly redirectCases: number;
  /** `--quick`: the campaign the test suite once ran (QUICK); flags given beside it win. */
  readonly quick: boolean;
  /** `--shapes`: every known shape at full size and every fixture of test/fixtures/fuzz, no campaign. */
  readonly shapes: boolean;
  readonly modelCases: number;
}

/**
 * `--quick`: 300 seeded cases over 16 pool pages of at most 60 KB, 256 KB of growth per mutator:
 * the campaign `npm test` ran before it kept only a smoke of it (test/fuzz/fuzz.test.ts). Flags
 * given beside it win.
 */
export const QUICK = Object.freeze({ seed: 20_250_101, cases: 300, pages: 16, maxPageBytes: 60_000, maxGrowthKb: 256 });
/** `--shapes` allows each full-size shape this much CPU time unless --timeout-ms says otherwise. */
const SHAPES_TIMEOUT_MS = 20_000;
/** Hand-minimised reproducers of past findings (test/fixtures/fuzz/README.md). */
export const FIXTURE_FINDINGS = join(process.cwd(), 'test', 'fixtures', 'fuzz');

/** MUTATORS less the named ones (an unknown name is an error). */
export function mutatorsWithout(skip: readonly string[]): Mutator[] {
  for (const n of skip) if (!MUTATORS.some((x) => x.name === n)) throw new Error(`no mutator ${n} (known: ${MUTATORS.map((x) => x.name).join(', ')})`);
  return MUTATORS.filter((x) => !skip.includes(x.name));
}

export function parseArgs(argv: readonly string[]): CliOptions {
  const o = { cases: 10_000, seed: 1, timeoutMs: 5000, heapMb: 1024, out: join('out', 'fuzz'), only: [] as number[], pages: 300, corpora: undefined as string | undefined, workers: 1, progressEvery: 500, quiet: false, skip: [] as string[], maxPageBytes: undefined as number | undefined, maxGrowthKb: undefined as number | undefined, quick: false, shapes: false, serveRounds: 3, redirectCases: 1000, modelCases: 200 };
  let timeoutGiven = false;
  const num = (flag: string, v: string | undefined): number => {
    const n = Number(v);
    if (v === undefined || !Number.isFinite(n) || n < 0 || !Number.isInteger(n)) throw new Error(`${flag} needs a whole number, got ${v}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = argv[i + 1];
    switch (a) {
      case '--cases': o.cases = num(a, v); i++; break;
      case '--seed': o.seed = num(a, v); i++; break;
      case '--timeout-ms': o.timeoutMs = num(a, v); timeoutGiven = true; i++; break;
      case '--quick': o.quick = true; break;
      case '--shapes': o.shapes = true; break;
      case '--heap-mb': o.heapMb = num(a, v); i++; break;
      case '--out': if (!v) throw new Error('--out needs a folder'); o.out = v; i++; break;
      case '--case': o.only.push(num(a, v)); i++; break;
      case '--pages': o.pages = num(a, v); i++; break;
      case '--corpora': if (!v) throw new Error('--corpora needs a folder'); o.corpora = v; i++; break;
      case '--workers': o.workers = Math.max(1, num(a, v)); i++; break;
      case '--progress-every': o.progressEvery = num(a, v); i++; break;
      case '--quiet': o.quiet = true; break;
      case '--max-page-kb': o.maxPageBytes = num(a, v) * 1024; i++; break;
      case '--max-growth-kb': o.maxGrowthKb = num(a, v); i++; break;
      case '--serve-rounds': o.serveRounds = num(a, v); i++; break;
      case '--redirect-cases': o.redirectCases = num(a, v); i++; break;
      case '--model-cases': o.modelCases = num(a, v); i++; break;
      case '--skip': if (!v) throw new Error('--skip needs mutator names'); o.skip.push(...v.split(',').filter(Boolean)); i++; break;
      default: throw new Error(`unknown option ${a} (see the head of bench/fuzz.ts)`);
    }
  }
  if (o.shapes && !timeoutGiven) o.timeoutMs = SHAPES_TIMEOUT_MS;
  // --quick fills in what no flag gave, wherever it stands on the line.
  if (o.quick) {
    const given = new Set(argv);
    if (!given.has('--seed')) o.seed = QUICK.seed;
    if (!given.has('--cases')) o.cases = QUICK.cases;
    if (!given.has('--pages')) o.pages = QUICK.pages;
    if (!given.has('--max-page-kb')) o.maxPageBytes = QUICK.maxPageBytes;
    if (!given.has('--max-growth-kb')) o.maxGrowthKb = QUICK.maxGrowthKb;
  }
  return o;
}

/** `--shapes`: each known shape at full size and each fixture finding, once; exit code 1 on a finding. */
async function runShapes(o: CliOptions): Promise<void> {
  const runner = new CaseRunner({ timeoutMs: o.timeoutMs, heapMb: o.heapMb });
  const inputs: Array<[string, () => Uint8Array]> = [
    ...SHAPES.map((shape, k): [string, () => Uint8Array] => [`shape ${shape.name}`, () => shape.build(1, caseRandom(0, k))]),
    ...(await readdir(FIXTURE_FINDINGS)).filter((f) => f.endsWith('.html')).sort().map((f): [string, () => Uint8Array] => [`fixture ${f}`, () => new Uint8Array(readFileSync(join(FIXTURE_FINDINGS, f)))]),
  ];
  console.log(`fuzz --shapes: ${inputs.length} inputs, ${o.timeoutMs} ms of CPU time and ${o.heapMb} MB of heap each`);
  let findings = 0;
  try {
    for (const [name, build] of inputs) {
      const bytes = build();
      const r = await runner.run(bytes);
      if (isFinding(r)) findings++;
      console.log(`  ${isFinding(r) ? 'FINDING' : 'ok'} ${name} (${(bytes.length / 1024).toFixed(0)} KB): ${r.kind}${r.code ? ` ${r.code}` : ''} ${Math.round(r.ms)} ms${r.error ? ` ${r.error}` : ''}`.slice(0, 600));
    }
  } finally {
    await runner.close();
  }
  console.log(`fuzz --shapes: ${findings} finding(s)`);
  process.exitCode = findings > 0 ? 1 : 0;
}

async function cliMain(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  if (o.shapes) return runShapes(o);
  const pool = await buildPool({ pages: o.pages, seed: o.seed, ...(o.corpora ? { corpora: o.corpora } : {}), ...(o.maxPageBytes !== undefined ? { maxFileBytes: o.maxPageBytes } : {}) });
  const maxGrowth = o.maxGrowthKb !== undefined ? o.maxGrowthKb * 1024 : MAX_GROWTH_BYTES;
  // With --quick, only what a later flag changed; --seed is given with --case anyway.
  const base = o.quick ? { pages: QUICK.pages, maxPageBytes: QUICK.maxPageBytes as number | undefined, maxGrowthKb: QUICK.maxGrowthKb as number | undefined } : { pages: 300, maxPageBytes: undefined, maxGrowthKb: undefined };
  const sizes = [o.quick ? '--quick' : '', o.pages !== base.pages ? `--pages ${o.pages}` : '',
    o.maxPageBytes !== base.maxPageBytes && o.maxPageBytes !== undefined ? `--max-page-kb ${o.maxPageBytes / 1024}` : '',
    o.maxGrowthKb !== base.maxGrowthKb && o.maxGrowthKb !== undefined ? `--max-growth-kb ${o.maxGrowthKb}` : ''];
  const rerunArgs = [...sizes, o.corpora ? `--corpora ${o.corpora}` : '', o.timeoutMs !== 5000 ? `--timeout-ms ${o.timeoutMs}` : '', o.heapMb !== 1024 ? `--heap-mb ${o.heapMb}` : '', o.skip.length ? `--skip ${o.skip.join(',')}` : ''].filter(Boolean).join(' ');
  const mutators = mutatorsWithout(o.skip);
  const total = o.only.length || o.cases;
  console.log(`fuzz: seed ${o.seed}, ${total} case(s), pool ${pool.length} pages (${(pool.reduce((a, p) => a + p.bytes.length, 0) / MB).toFixed(1)} MB), ${o.timeoutMs} ms of CPU per case, heap ${o.heapMb} MB, ${o.workers} worker(s), findings -> ${o.out}`);
  const t0 = performance.now();
  let lastPrint = t0;
  let findings = 0;
  const summary = await runCampaign({
    seed: o.seed, cases: o.cases, ...(o.only.length ? { only: o.only } : {}), pool, out: o.out, workers: o.workers,
    timeoutMs: o.timeoutMs, heapMb: o.heapMb, rerunArgs, mutators, maxGrowth,
    onCase: (r, done, n) => {
      if (o.only.length) console.log(`#${r.index} ${r.outcome.kind}${r.outcome.code ? ` ${r.outcome.code}` : ''} ${Math.round(r.outcome.ms)} ms, ${r.bytes} bytes, RSS ${r.outcome.peakRssMb} MB\n  base: ${r.base}\n  chain: ${r.chain.join(' > ')}${r.outcome.error ? `\n  ${r.outcome.error}` : ''}`);
      if (isFinding(r.outcome)) {
        findings++;
        if (!o.quiet && !o.only.length) console.log(`  finding #${r.index}: ${r.outcome.kind} (${Math.round(r.outcome.ms)} ms) ${r.chain.join(' > ')}`.slice(0, 300));
      }
      const now = performance.now();
      if (!o.quiet && (done === n || (o.progressEvery > 0 && done % o.progressEvery === 0) || now - lastPrint > 30_000)) {
        lastPrint = now;
        console.log(`  ${done}/${n} cases, ${findings} finding(s), ${((now - t0) / 1000).toFixed(0)} s, ${(done / ((now - t0) / 1000)).toFixed(1)} cases/s, RSS ${Math.round(process.memoryUsage.rss() / MB)} MB`);
      }
    },
  });
  console.log(formatSummary(summary));
  // A case re-run alone leaves its input beside the findings, finding or not, to look at.
  for (const i of o.only) {
    mkdirSync(o.out, { recursive: true });
    writeFileSync(join(o.out, `${o.seed}-${i}.html`), generateCase(o.seed, i, pool, maxGrowth, mutators).bytes);
    console.log(`  input: ${join(o.out, `${o.seed}-${i}.html`)}`);
  }
  let serveFindings = 0;
  if (o.serveRounds > 0 && !o.only.length) {
    // Loaded here, not at the top: this module is also the fuzz workers' entry, and the service's modules must not load in them.
    const { formatServeSummary, runServeFuzz } = await import('./fuzz-serve.js');
    const serve = await runServeFuzz({ seed: o.seed, rounds: o.serveRounds, shapes: SHAPES, ...(o.quiet ? {} : { log: (l: string) => console.log(l) }) });
    console.log(formatServeSummary(serve));
    serveFindings = serve.findings.length;
  }
  let redirectFindings = 0;
  if (o.redirectCases > 0 && !o.only.length) {
    const redirects = await runRedirectCampaign({ seed: o.seed, cases: o.redirectCases, log: (line) => void (o.quiet || console.log(line)) });
    console.log(formatRedirectSummary(redirects));
    redirectFindings = redirects.findings.length;
  }
  let modelFindings = 0;
  if (o.modelCases > 0 && o.only.length === 0) {
    mkdirSync(o.out, { recursive: true });
    const m = runModelCampaign(o.seed, o.modelCases, o.out);
    modelFindings = m.findings.length;
    console.log(`model bombs: ${m.cases} case(s) (${Object.entries(m.byBomb).map(([k, n]) => `${k} ${n}`).join(', ')}), ${m.findings.length} finding(s); worst ${m.worstCpuMs.toFixed(0)} ms CPU, ${m.worstGrowthMb.toFixed(0)} MB above the loader's start`);
    for (const f of m.findings) console.log(`  model finding #${f.index} ${f.bomb}${f.gzip ? ' (gzip)' : ''}: ${f.outcome.code}, ${f.outcome.cpuMs.toFixed(0)} ms CPU, ${(f.outcome.peakMb - f.outcome.startMb).toFixed(0)} MB`);
  }
  process.exitCode = summary.findings.length + serveFindings + redirectFindings + modelFindings > 0 ? 1 : 0;
}

const data = workerData as Partial<WorkerData> | null;
if (!isMainThread && data?.pithFuzzWorker) await workerMain(data as WorkerData);
else if (isMainThread && process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await cliMain();
  } catch (e) {
    console.error(`fuzz: ${(e as Error).message}`);
    process.exitCode = 2;
  }
}
