/**
 * `npm run bench:favor`: what `favor` (precision | balanced | recall) trades, measured with
 * the bundled model on the eval-only corpora (l3s-gn1, dragnet, cleaneval), which no model
 * here is trained on, all three settings in one run over the same pages.
 *
 *   node dist/bench/favor.js [--limit N] [--out FILE]
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openCorpus, writeFileAtomic } from '../src/corpus/index.js';
import { evaluateCorpora } from '../src/eval/runner.js';
import { toMarkdown } from '../src/eval/report.js';
import { modelExtractor } from '../src/eval/model-extractor.js';
import { loadExtractionModel } from '../src/pipeline/extract.js';
import { FAVORS, FAVOR_SETTINGS } from '../src/pipeline/library.js';

const { values } = parseArgs({ options: { limit: { type: 'string' }, out: { type: 'string' } } });
const limit = values.limit !== undefined ? Number(values.limit) : undefined;
if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new Error(`--limit must be a whole number >= 1, got ${values.limit}`);

const root = join(process.cwd(), '..', 'shared', 'corpora');
const corpora = await Promise.all(['l3s-gn1', 'dragnet', 'cleaneval'].map((name) => openCorpus(join(root, name))));
const model = await loadExtractionModel();
const extractors = FAVORS.map((favor) => modelExtractor(model, `favor:${favor}`, FAVOR_SETTINGS[favor]));
const started = Date.now();
let lastLine = 0;
const result = await evaluateCorpora(corpora, extractors, {
  ...(limit !== undefined ? { limit } : {}),
  onProgress: (p) => {
    if (p.done === p.total || Date.now() - lastLine > 10_000) {
      lastLine = Date.now();
      console.error(`${p.corpus}: ${p.done}/${p.total} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  },
});
const settings = FAVORS.map((f) => `${f}: ${JSON.stringify(FAVOR_SETTINGS[f])}`).join('; ');
const report = `# favor: precision / balanced / recall\n\nBundled model; ${settings}. Run time ${((Date.now() - started) / 1000).toFixed(0)} s.\n\n${toMarkdown(result)}`;
process.stdout.write(report);
if (values.out) await writeFileAtomic(values.out, report);
