/**
 * The hostile page shapes whose cost must grow linearly (or n log n) with their size, shared by
 * `npm run bench:complexity` (the full sweep) and test/complexity/ (a small smoke of it), and
 * how their cost is measured: CPU time of this process for the whole pipeline (parse, segment,
 * features, model, decoder, article, the four writers), never wall time, so a busy machine
 * does not read as growth.
 */
import { loadPage } from '../src/page.js';
import { bigProductPage } from './big-product-page.js';
import { cpuMsOf } from './cpu-time.js';
import { extractPage, OUTPUT_FORMATS, formatResult, type LoadedModel } from '../src/pipeline/extract.js';

export interface Shape {
  readonly name: string;
  /** The page at size n. */
  readonly page: (n: number) => string;
  /** The smallest size of the sweep (N); the sweep runs N, 2N and 4N. */
  readonly n: number;
}

/** The shapes of the probes that found super-linear walks, at an N where one run takes some tens of ms. */
export const HOSTILE_SHAPES: readonly Shape[] = [
  { name: 'nested lists', page: (n) => '<ul><li>'.repeat(n), n: 12000 },
  { name: 'nested lists with text', page: (n) => '<ul><li>item text here'.repeat(n), n: 1500 },
  { name: 'nested lists closed by a heading', page: (n) => '<ul><li>words of an item'.repeat(n) + '<h2>end</h2>', n: 1500 },
  { name: 'divs after a table', page: (n) => '<table>' + 'x<div>'.repeat(n), n: 2000 },
  { name: 'formatting elements across blocks', page: (n) => ('<b>'.repeat(50) + '<div>x</b></div>').repeat(n), n: 150 },
  { name: 'unclosed paragraphs', page: (n) => '<p>x'.repeat(n), n: 3000 },
  // From 20 000 levels the smallest size still fits the CPU caches and 4N does not, which reads as
  // ~2.5x per doubling from a linear walk; starting at 40 000 puts all three sizes past them.
  { name: 'deep divs', page: (n) => '<div>'.repeat(n) + '<p>Deep text of an article with words.</p>', n: 40000 },
  { name: 'nested figures', page: (n) => '<figure><img src=a.jpg><p>caption words here for a figure</p>'.repeat(n), n: 1000 },
  { name: 'nested quotes', page: (n) => '<blockquote><p>Quoted words of a nested quote here.'.repeat(n), n: 1000 },
  { name: 'siblings hidden by a class', page: (n) => '<div><p class="tab">shown tab text</p>' + '<p class="tab hidden">hidden tab text</p><p class="hide">x</p>'.repeat(n), n: 3000 },
  { name: 'nested panels hidden by a class', page: (n) => '<button>open</button><div class="hidden">panel text'.repeat(n), n: 3000 },
  { name: 'nested tables', page: (n) => '<table><tr><td>cell text words<td>more words'.repeat(n), n: 800 },
  // The 12 MB product page of issue 60 (bench/big-product-page.ts) at 0.5% of its paragraphs.
  { name: 'product page declaring a description it does not show', page: (n) => bigProductPage(n), n: 300 },
];

/** The same kinds of shape at the sizes the issues reported them (up to 1 MB and the node cap). */
export const LARGE_SHAPES: readonly Shape[] = [
  { name: "'<ul><li>' x N", page: (n) => '<ul><li>'.repeat(n), n: 10_000 },
  { name: "'<ul><li>' x N (1.1 MB at 4N)", page: (n) => '<ul><li>'.repeat(n), n: 35_000 },
  { name: "'<table>' + 'x<div>' x N", page: (n) => '<table>' + 'x<div>'.repeat(n), n: 25_000 },
  { name: "('<b>' x 50 + '<div>x</b></div>') x N", page: (n) => ('<b>'.repeat(50) + '<div>x</b></div>').repeat(n), n: 5_000 },
  { name: "'<p>x' x N", page: (n) => '<p>x'.repeat(n), n: 25_000 },
  { name: "'<p>x' x N (node cap)", page: (n) => '<p>x'.repeat(n), n: 250_000 },
  { name: "'<div>' x N + text", page: (n) => '<div>'.repeat(n) + '<p>Deep text of an article.</p>', n: 25_000 },
  { name: "'<ul><li>words' x N + '<h2>'", page: (n) => '<ul><li>words of an item'.repeat(n) + '<h2>end</h2>', n: 3_000 },
  { name: 'product page, N paragraphs (12 MB at 4N)', page: (n) => bigProductPage(n), n: 15_000 },
];

/** CPU ms of one extraction of `html` and its four writers. */
export function extractionCpuMs(html: string, model: LoadedModel): number {
  return cpuMsOf(() => {
    const result = extractPage(loadPage(Buffer.from(html)), model);
    for (const format of OUTPUT_FORMATS) formatResult(result, format);
  });
}

/**
 * The least CPU ms of `runs` extractions at each size, the runs of all sizes taken in turns so
 * that a busy moment of the machine cannot land on every run of one size.
 */
export function cpuMsBySize(shape: Shape, sizes: readonly number[], runs: number, model: LoadedModel): number[] {
  const pages = sizes.map((n) => shape.page(n));
  const best = sizes.map(() => Infinity);
  for (let r = 0; r < runs; r++) pages.forEach((html, k) => (best[k] = Math.min(best[k]!, extractionCpuMs(html, model))));
  return best;
}

/** Growth per doubling between the first and last size (sizes[last] / sizes[0] a power of two). */
export function growthPerDoubling(sizes: readonly number[], ms: readonly number[]): number {
  const doublings = Math.log2(sizes[sizes.length - 1]! / sizes[0]!);
  return (ms[ms.length - 1]! / Math.max(ms[0]!, 0.01)) ** (1 / doublings);
}
