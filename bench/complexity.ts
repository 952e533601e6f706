/**
 * `npm run bench:complexity`: the hostile shapes (bench/complexity-shapes.ts) at sizes N, 2N and
 * 4N through the whole pipeline (bytes -> article -> the four writers), the least CPU time of
 * three runs each; the growth per doubling is the figure to read. Exit code 1 when a shape grows
 * more than 2.5x per doubling over N -> 4N (linear is 2x, n log n a little more, quadratic 4x).
 * This is the full sweep the test suite used to run; test/complexity/ keeps a small smoke of it.
 * CPU time is steadier than wall time on a busy machine, but run it on a quiet one.
 *
 *   node dist/bench/complexity.js [--runs 3] [--max-growth 2.5]
 */
import { parseArgs } from 'node:util';
import { loadExtractionModel } from '../src/pipeline/extract.js';
import { cpuMsBySize, extractionCpuMs, growthPerDoubling, HOSTILE_SHAPES, LARGE_SHAPES } from './complexity-shapes.js';

const { values } = parseArgs({ options: { runs: { type: 'string' }, 'max-growth': { type: 'string' } } });
const runs = Number(values.runs ?? 3);
const maxGrowth = Number(values['max-growth'] ?? 2.5);

const model = await loadExtractionModel();
extractionCpuMs('<p>warm up the code paths</p>'.repeat(500), model);
const over: string[] = [];
console.log('| shape | KB at N | CPU ms at N | 2N | 4N | x per doubling (N->2N, 2N->4N, N->4N) |');
console.log('|---|---:|---:|---:|---:|---|');
for (const shape of [...HOSTILE_SHAPES, ...LARGE_SHAPES]) {
  const sizes = [shape.n, 2 * shape.n, 4 * shape.n];
  const ms = cpuMsBySize(shape, sizes, runs, model);
  const growth = growthPerDoubling(sizes, ms);
  if (growth > maxGrowth) over.push(`${shape.name}: ${growth.toFixed(2)}x`);
  const kb = (shape.page(shape.n).length / 1024).toFixed(0);
  const steps = [ms[1]! / ms[0]!, ms[2]! / ms[1]!, growth].map((r) => r.toFixed(2)).join(', ');
  console.log(`| ${shape.name} | ${kb} | ${ms.map((t) => t.toFixed(0)).join(' | ')} | ${steps} |`);
}
if (over.length > 0) {
  console.log(`\ngrowing more than ${maxGrowth}x per doubling: ${over.join('; ')}`);
  process.exitCode = 1;
}
