/**
 * `npm run bench:baselines`: the three baselines (all-text, Readability, gold oracle) over
 * every shared corpus, as one Markdown report: the floor, a widely used peer and the
 * ceiling pith's segmentation allows, measured in the same run.
 *
 *   node dist/bench/baselines.js [corpora-root] [--limit N] [--out FILE] [--extractor LIST]
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openCorpus, writeFileAtomic } from '../src/corpus/index.js';
import type { Corpus } from '../src/corpus/types.js';
import { DEFAULT_EXTRACTORS, resolveExtractors } from '../src/eval/extractor-spec.js';
import { evaluateCorpora } from '../src/eval/runner.js';
import { toMarkdown } from '../src/eval/report.js';
import { corpusProgress } from './eval-progress.js';

const { values, positionals } = parseArgs({
  options: { limit: { type: 'string' }, out: { type: 'string' }, extractor: { type: 'string' } },
  allowPositionals: true,
});
const root = positionals[0] ?? join(process.cwd(), '..', 'shared', 'corpora');
const limit = values.limit !== undefined ? Number(values.limit) : undefined;
if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new Error(`--limit must be a whole number >= 1, got ${values.limit}`);

const corpora: Corpus[] = [];
for (const e of (await readdir(root, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
  if (!e.isDirectory()) continue;
  try {
    corpora.push(await openCorpus(join(root, e.name), limit !== undefined ? { limit } : {}));
  } catch (err) {
    console.error(`skipping ${e.name}: ${(err as Error).message}`);
  }
}
const extractors = await resolveExtractors(values.extractor ?? DEFAULT_EXTRACTORS);
const started = Date.now();
const result = await evaluateCorpora(corpora, extractors, { onProgress: corpusProgress(started) });
const secs = (Date.now() - started) / 1000;
const header = [
  '# Baselines',
  '',
  `Corpora: ${corpora.map((c) => `${c.name} (${c.pages.length} pages, ${c.use})`).join(', ')}.`,
  `Extractors: ${extractors.map((x) => x.name).join(', ')}. Run time ${secs.toFixed(0)} s on Node ${process.version}.`,
  '',
].join('\n');
const report = `${header}\n${toMarkdown(result)}`;
process.stdout.write(report);
if (values.out) await writeFileAtomic(values.out, report);
