/**
 * The dearest pages of every shared corpus: each page extracted in this process as `pith batch`
 * does it (bytes as stored, gzip included -> extractBytes -> the JSON line), its CPU
 * (process.cpuUsage, user + sys) counted; the dearest of each corpus measured again and ranked
 * by the median of their runs. bench/speed.ts and bench/slow-pages.ts print them and write them
 * as JSON.
 */
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { extractBytes, resultExtraction, type LoadedModel } from '../src/pipeline/extract.js';
import { extractionJson } from '../src/pipeline/extraction.js';
import { pageIdFromPath } from '../src/page.js';
import { isGzip } from '../src/dom/bytes.js';
import { cpuMsNow, median } from './cpu-time.js';
import { bigProductPage, BIG_PRODUCT_PARAGRAPHS } from './big-product-page.js';

export interface PageCost {
  readonly corpus: string;
  /** The page file, relative to the corpora folder. */
  readonly file: string;
  /** Bytes as stored (gzip for most corpora). */
  readonly bytes: number;
  /** Bytes of the HTML once gunzipped. */
  readonly htmlBytes: number;
  /** Median CPU ms of its runs (user + sys of this process while it ran). */
  readonly cpuMs: number;
  readonly wallMs: number;
  readonly runs: number;
  readonly nodes: number;
  readonly blocks: number;
  /** The page failed (a PithError or worse): its message. */
  readonly error?: string;
}

/** One page as a batch worker does it, its CPU and wall ms, and the size of what it made. */
export function extractAsBatch(bytes: Uint8Array, model: LoadedModel, id: string): { cpuMs: number; wallMs: number; nodes: number; blocks: number; error?: string } {
  const c0 = cpuMsNow();
  const t0 = performance.now();
  let nodes = 0;
  let blocks = 0;
  let error: string | undefined;
  try {
    const result = extractBytes(bytes, model, { id }, {}, id);
    JSON.stringify({ id, url: null, ...extractionJson(resultExtraction(result)) });
    nodes = result.page.tree.nodes.length;
    blocks = result.page.blocks.length;
  } catch (e) {
    error = (e as Error).message;
  }
  return { cpuMs: cpuMsNow() - c0, wallMs: performance.now() - t0, nodes, blocks, ...(error !== undefined ? { error } : {}) };
}

/** The corpus a page file belongs to: its first folder under the corpora root. */
export function corpusOf(root: string, file: string): string {
  return relative(root, file).split(sep)[0]!;
}

export interface SlowestOptions {
  /** Pages kept per corpus. */
  readonly top: number;
  /** Runs of each candidate after the first pass (candidates: the `top * 1.5` dearest of a corpus). */
  readonly reruns: number;
  readonly onProgress?: (done: number, total: number) => void;
}

/** A corpus' share of the run: its page count, the CPU of its first pass, its dearest pages (dearest first). */
export interface CorpusCost {
  readonly pages: number;
  readonly cpuMs: number;
  readonly slowest: readonly PageCost[];
}

/** Every page's cost once, then the dearest of each corpus again; per corpus its `top` dearest, dearest first, and its page count and CPU. */
export async function slowestPages(root: string, files: readonly string[], model: LoadedModel, options: SlowestOptions): Promise<Map<string, CorpusCost>> {
  const read = async (f: string): Promise<Uint8Array> => new Uint8Array(await readFile(f));
  // Warm-up: the JIT's first compilations are not charged to the first corpus' pages.
  for (const f of files.slice(0, 20)) extractAsBatch(await read(f), model, pageIdFromPath(f));
  const first = new Map<string, Array<{ file: string; cpuMs: number }>>();
  const totals = new Map<string, number>();
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    const corpus = corpusOf(root, f);
    const r = extractAsBatch(await read(f), model, pageIdFromPath(f));
    if (!first.has(corpus)) first.set(corpus, []);
    first.get(corpus)!.push({ file: f, cpuMs: r.cpuMs });
    totals.set(corpus, (totals.get(corpus) ?? 0) + r.cpuMs);
    options.onProgress?.(i + 1, files.length);
  }
  const out = new Map<string, CorpusCost>();
  for (const [corpus, costs] of first) {
    const candidates = [...costs].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, Math.ceil(options.top * 1.5));
    const measured: PageCost[] = [];
    for (const c of candidates) {
      measured.push(pageCost(corpus, relative(root, c.file), await read(c.file), pageIdFromPath(c.file), model, options.reruns));
    }
    measured.sort((a, b) => b.cpuMs - a.cpuMs);
    out.set(corpus, { pages: costs.length, cpuMs: totals.get(corpus)!, slowest: measured.slice(0, options.top) });
  }
  return out;
}

/** One page's cost, the median of `runs` runs (at least one). */
function pageCost(corpus: string, file: string, bytes: Uint8Array, id: string, model: LoadedModel, runs: number): PageCost {
  const done = [extractAsBatch(bytes, model, id)];
  for (let k = 1; k < runs; k++) done.push(extractAsBatch(bytes, model, id));
  const last = done[done.length - 1]!;
  return {
    corpus, file, bytes: bytes.length, htmlBytes: isGzip(bytes) ? gunzipSync(bytes).length : bytes.length,
    cpuMs: median(done.map((r) => r.cpuMs)), wallMs: median(done.map((r) => r.wallMs)), runs: done.length,
    nodes: last.nodes, blocks: last.blocks, ...(last.error !== undefined ? { error: last.error } : {}),
  };
}

/** The generated product page (bench/big-product-page.ts, about 12 MB) as a corpus of its own, `generated`: median of `runs` runs. */
export function productPageCost(model: LoadedModel, runs: number): CorpusCost {
  const bytes = Buffer.from(bigProductPage(BIG_PRODUCT_PARAGRAPHS));
  const cost = pageCost('generated', `product page, ${BIG_PRODUCT_PARAGRAPHS} paragraphs`, bytes, 'product', model, runs);
  return { pages: 1, cpuMs: cost.cpuMs, slowest: [cost] };
}

/** The costs as Markdown: per corpus its page count, CPU and pages over 1 s, and a table of its dearest pages. */
export function slowestTables(byCorpus: ReadonlyMap<string, CorpusCost>): string {
  const lines: string[] = [];
  for (const [corpus, v] of byCorpus) {
    lines.push('', `${corpus}: ${v.pages} pages, ${(v.cpuMs / 1000).toFixed(1)} s CPU in all; pages over 1 s: ${v.slowest.filter((p) => p.cpuMs > 1000).length}`);
    lines.push('| CPU ms | wall ms | KB stored | KB html | nodes | blocks | file |', '|---:|---:|---:|---:|---:|---:|---|');
    for (const p of v.slowest) lines.push(`| ${p.cpuMs.toFixed(0)} | ${p.wallMs.toFixed(0)} | ${(p.bytes / 1024).toFixed(0)} | ${(p.htmlBytes / 1024).toFixed(0)} | ${p.nodes} | ${p.blocks} | ${p.file}${p.error ? ` (error: ${p.error})` : ''} |`);
  }
  return lines.join('\n');
}

/** The costs as the JSON bench:speed and bench:slow-pages write: when, under what load, how measured, per corpus. */
export function slowestJson(byCorpus: ReadonlyMap<string, CorpusCost>, top: number, reruns: number, commit: string): unknown {
  return {
    measured: new Date().toISOString(), commit, loadAverage: loadavg()[0],
    what: `each page as pith batch extracts it (bytes as stored -> extractBytes -> JSON line), in one process; CPU = process.cpuUsage user + sys; the dearest ${Math.ceil(top * 1.5)} of each corpus measured ${reruns} times, median`,
    corpora: Object.fromEntries([...byCorpus].map(([c, v]) => [c, { pages: v.pages, cpuMs: Math.round(v.cpuMs), slowest: v.slowest }])),
  };
}
