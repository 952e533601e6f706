/**
 * The dearest pages of every shared corpus: each page extracted in this process as `pith batch`
 * does it (bytes as stored, gzip included -> extractBytes -> the JSON line), its CPU
 * (process.cpuUsage, user + sys) counted; the dearest of each corpus measured again and ranked
 * by the median of their runs. bench/speed.ts prints them and writes them as JSON.
 */
import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { extractBytes, resultExtraction, type LoadedModel } from '../src/pipeline/extract.js';
import { extractionJson } from '../src/pipeline/extraction.js';
import { pageIdFromPath } from '../src/page.js';
import { median } from './process-cpu.js';

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

const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** One page as a batch worker does it, its CPU and wall ms, and the size of what it made. */
export function extractAsBatch(bytes: Uint8Array, model: LoadedModel, id: string): { cpuMs: number; wallMs: number; nodes: number; blocks: number; error?: string } {
  const c0 = cpuNow();
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
  return { cpuMs: cpuNow() - c0, wallMs: performance.now() - t0, nodes, blocks, ...(error !== undefined ? { error } : {}) };
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

/** Every page's cost once, then the dearest of each corpus again; per corpus its `top` dearest, dearest first, and its page count and CPU. */
export async function slowestPages(root: string, files: readonly string[], model: LoadedModel, options: SlowestOptions): Promise<Map<string, { pages: number; cpuMs: number; slowest: PageCost[] }>> {
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
  const out = new Map<string, { pages: number; cpuMs: number; slowest: PageCost[] }>();
  for (const [corpus, costs] of first) {
    const candidates = [...costs].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, Math.ceil(options.top * 1.5));
    const measured: PageCost[] = [];
    for (const c of candidates) {
      const bytes = await read(c.file);
      const id = pageIdFromPath(c.file);
      const runs = [extractAsBatch(bytes, model, id)];
      for (let k = 1; k < options.reruns; k++) runs.push(extractAsBatch(bytes, model, id));
      const last = runs[runs.length - 1]!;
      measured.push({
        corpus, file: relative(root, c.file), bytes: bytes.length, htmlBytes: isGzip(bytes) ? gunzipSync(bytes).length : bytes.length,
        cpuMs: median(runs.map((r) => r.cpuMs)), wallMs: median(runs.map((r) => r.wallMs)), runs: runs.length,
        nodes: last.nodes, blocks: last.blocks, ...(last.error !== undefined ? { error: last.error } : {}),
      });
    }
    measured.sort((a, b) => b.cpuMs - a.cpuMs);
    out.set(corpus, { pages: costs.length, cpuMs: totals.get(corpus)!, slowest: measured.slice(0, options.top) });
  }
  return out;
}

function isGzip(b: Uint8Array): boolean {
  return b.length > 2 && b[0] === 0x1f && b[1] === 0x8b;
}
