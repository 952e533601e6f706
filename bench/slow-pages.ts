/**
 * `npm run bench:slow-pages`: the slowest pages of the shared corpora (issue 60 item 6: no page
 * over a second), measured as bench:speed's `slowest` section measures them
 * (bench/slowest-pages.ts): every page extracted in this process as `pith batch` does it, its
 * CPU time (user + sys, never wall time) counted; the dearest of each corpus run again and ranked
 * by the median of their runs, so a busy moment of the machine does not make a page slow.
 *
 *     node dist/bench/slow-pages.js [--top 20] [--runs 3] [--corpus NAME]... [--out F.json]
 *     node dist/bench/slow-pages.js --product            also the generated product page (bench/big-product-page.ts)
 *     node dist/bench/slow-pages.js --product-only       that page alone
 *
 * Prints, per corpus, the slowest pages with their size and CPU ms, and the pages at 1 s or
 * more; `--out` writes them as bench:speed's JSON.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SHARED_CORPORA } from './folds.js';
import { listPageFiles } from './page-files.js';
import { bundledModelPath, loadExtractionModel } from '../src/pipeline/extract.js';
import { writeFileAtomic } from '../src/util/atomic-write.js';
import { commitOf } from './speed-process.js';
import { productPageCost, slowestJson, slowestPages, slowestTables, type CorpusCost } from './slowest-pages.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      top: { type: 'string' }, runs: { type: 'string' }, corpus: { type: 'string', multiple: true },
      out: { type: 'string' }, product: { type: 'boolean' }, 'product-only': { type: 'boolean' },
    },
  });
  const top = Number(values.top ?? 20);
  const runs = Number(values.runs ?? 3);
  const model = await loadExtractionModel(bundledModelPath());
  const byCorpus = new Map<string, CorpusCost>();
  if (!values['product-only']) {
    const files: string[] = [];
    for (const name of values.corpus ?? [undefined]) {
      const dir = name === undefined ? SHARED_CORPORA : join(SHARED_CORPORA, name);
      if (!existsSync(dir)) { console.log(`${dir}: not there, skipped`); continue; }
      files.push(...await listPageFiles(dir));
    }
    for (const [corpus, cost] of await slowestPages(SHARED_CORPORA, files, model, { top, reruns: runs })) byCorpus.set(corpus, cost);
  }
  if (values.product || values['product-only']) byCorpus.set('generated', productPageCost(model, runs));
  console.log(slowestTables(byCorpus));
  const over = [...byCorpus.values()].flatMap((c) => c.slowest).filter((p) => p.cpuMs >= 1000);
  console.log(`\n${over.length} page(s) at 1 s CPU or more${over.length ? `: ${over.map((p) => `${p.file} ${p.cpuMs.toFixed(0)} ms`).join(', ')}` : ''}`);
  if (values.out) await writeFileAtomic(values.out, `${JSON.stringify(slowestJson(byCorpus, top, runs, commitOf()), null, 1)}\n`);
}

await main();
