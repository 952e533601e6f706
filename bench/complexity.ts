/**
 * `npm run bench:complexity`: the hostile shapes of the issue that found them, at sizes N, 2N
 * and 4N, through the whole pipeline (bytes -> article -> the four writers), best of three runs
 * each; the growth per doubling is the figure to read (at most ~2.5x: linear or n log n).
 * test/complexity/ checks the same at CI-sized N.
 *
 *   node dist/bench/complexity.js [--runs 3]
 */
import { parseArgs } from 'node:util';
import { loadPage } from '../src/page.js';
import { extractPage, loadExtractionModel, OUTPUT_FORMATS, renderResult, type LoadedModel } from '../src/pipeline/extract.js';

const { values } = parseArgs({ options: { runs: { type: 'string' } } });
const runs = Number(values.runs ?? 3);

/** Shape -> (page of size n, the three n). */
const SHAPES: readonly { name: string; page: (n: number) => string; sizes: readonly number[] }[] = [
  { name: "'<ul><li>' x N", page: (n) => '<ul><li>'.repeat(n), sizes: [10_000, 20_000, 40_000] },
  { name: "'<ul><li>' x N (1.1 MB at 4N)", page: (n) => '<ul><li>'.repeat(n), sizes: [35_000, 70_000, 140_000] },
  { name: "'<table>' + 'x<div>' x N", page: (n) => '<table>' + 'x<div>'.repeat(n), sizes: [25_000, 50_000, 100_000] },
  { name: "('<b>' x 50 + '<div>x</b></div>') x N", page: (n) => ('<b>'.repeat(50) + '<div>x</b></div>').repeat(n), sizes: [5_000, 10_000, 20_000] },
  { name: "'<p>x' x N", page: (n) => '<p>x'.repeat(n), sizes: [25_000, 50_000, 100_000] },
  { name: "'<p>x' x N (node cap)", page: (n) => '<p>x'.repeat(n), sizes: [250_000, 500_000, 1_000_000] },
  { name: "'<div>' x N + text", page: (n) => '<div>'.repeat(n) + '<p>Deep text of an article.</p>', sizes: [25_000, 50_000, 100_000] },
  { name: "'<ul><li>words' x N + '<h2>'", page: (n) => '<ul><li>words of an item'.repeat(n) + '<h2>end</h2>', sizes: [3_000, 6_000, 12_000] },
];

function once(html: string, model: LoadedModel): number {
  const started = performance.now();
  const result = extractPage(loadPage(Buffer.from(html)), model);
  for (const format of OUTPUT_FORMATS) renderResult(result, format);
  return performance.now() - started;
}

const model = await loadExtractionModel();
once('<p>warm up</p>'.repeat(500), model);
console.log('| shape | KB at N | ms at N | 2N | 4N | x per doubling (N->2N, 2N->4N) |');
console.log('|---|---:|---:|---:|---:|---|');
for (const shape of SHAPES) {
  const times = shape.sizes.map((n) => {
    const html = shape.page(n);
    return Math.min(...Array.from({ length: runs }, () => once(html, model)));
  });
  const kb = (shape.page(shape.sizes[0]!).length / 1024).toFixed(0);
  const r1 = times[1]! / times[0]!;
  const r2 = times[2]! / times[1]!;
  console.log(`| ${shape.name} | ${kb} | ${times.map((t) => t.toFixed(0)).join(' | ')} | ${r1.toFixed(2)}, ${r2.toFixed(2)} |`);
}
