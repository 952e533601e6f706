/**
 * `npm run bench:render`: what `--render` costs. Over the first N pages of each train corpus
 * (env N, default 150; CORPORA, default trafilatura-eval,readability-test-pages,wcxb-dev), one
 * reused browser: read + parse + render + map + extract per page (median, p90), the share of
 * pages rendered without error, and the parser-only extraction of the same pages in the same
 * run for the ratio. Issue 22's goal: median under 250 ms, at least 99% rendered.
 */
import { join } from 'node:path';
import { openCorpus } from '../src/corpus/index.js';
import { readPageBytes } from '../src/page.js';
import { extractBytes, extractPage, loadExtractionModel, renderedModelPath } from '../src/pipeline/extract.js';
import { loadRenderedPage } from '../src/batch/render-page.js';
import { Renderer } from '../src/render/renderer.js';

const shared = join(process.cwd(), '..', 'shared', 'corpora');
const perCorpus = Number(process.env.N ?? 150);
const corpora = (process.env.CORPORA ?? 'trafilatura-eval,readability-test-pages,wcxb-dev').split(',');

const files: string[] = [];
for (const name of corpora) {
  const c = await openCorpus(join(shared, name));
  files.push(...c.pages.slice(0, perCorpus).map((p) => p.htmlPath));
}
const model = await loadExtractionModel(renderedModelPath());
const parserModel = await loadExtractionModel();
const renderer = await Renderer.launch();
const rendered: number[] = [];
const parserOnly: number[] = [];
const failures: string[] = [];
let mappedSum = 0;
for (const [k, path] of files.entries()) {
  const bytes = await readPageBytes(path);
  let t = performance.now();
  try {
    const page = await loadRenderedPage(bytes, { renderer }, {}, path);
    extractPage(page, model);
    rendered.push(performance.now() - t);
    mappedSum += page.layout!.mapped;
  } catch (e) {
    failures.push(`${path}: ${(e as Error).message}`);
  }
  t = performance.now();
  extractBytes(bytes, parserModel, {}, {}, path);
  parserOnly.push(performance.now() - t);
  if ((k + 1) % 100 === 0) process.stderr.write(`[render] ${k + 1}/${files.length}\n`);
}
await renderer.close();
const q = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
const ok = rendered.length / files.length;
console.log(`# Render benchmark\n\n${new Date().toISOString()}; ${files.length} pages (first ${perCorpus} of ${corpora.join(', ')}); one reused Chromium, scripts off; model ${model.path.split('/').pop()}\n`);
console.log('| path | median ms/page | p90 ms/page | pages ok | mean elements mapped |\n|---|---:|---:|---:|---:|');
console.log(`| read + parse + render + extract | ${q(rendered, 0.5).toFixed(0)} | ${q(rendered, 0.9).toFixed(0)} | ${(ok * 100).toFixed(1)}% | ${((mappedSum / Math.max(1, rendered.length)) * 100).toFixed(2)}% |`);
console.log(`| read + parse + extract (parser only) | ${q(parserOnly, 0.5).toFixed(0)} | ${q(parserOnly, 0.9).toFixed(0)} | 100% | – |`);
console.log(`\nrender / parser-only median: ${(q(rendered, 0.5) / Math.max(0.001, q(parserOnly, 0.5))).toFixed(1)}x; browser restarts ${renderer.restarts}`);
for (const f of failures) console.log(`- failed: ${f}`);
