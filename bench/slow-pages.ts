/**
 * The slowest pages of the shared corpora (issue 60 item 6: no page over a second): extracts
 * every page of every shared corpus in this process, as `check:identical` does (bytes -> the
 * JSON every output writes), and times each page in CPU time of this process (user + system),
 * never wall time. The slowest pages of each corpus are then run again, in turns, and each
 * keeps the least of its runs, so a busy moment of the machine does not make a page slow.
 *
 *     node dist/bench/slow-pages.js [--top 20] [--runs 3] [--corpus NAME]... [--out F.json]
 *     node dist/bench/slow-pages.js --product            also the generated product page (bench/big-product-page.ts)
 *     node dist/bench/slow-pages.js --product-only       that page alone
 *
 * Prints, per corpus, the slowest pages with their size (as HTML, gunzipped) and CPU ms; `--out`
 * writes them as JSON.
 */
import { existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SHARED_CORPORA } from './folds.js';
import { openCorpus, readPageBytes } from '../src/corpus/open.js';
import { extractWith, loadModel, type PithModel } from '../src/pipeline/library.js';
import { extractionJson } from '../src/pipeline/extraction.js';
import { writeFileAtomic } from '../src/util/atomic-write.js';
import { bigProductPage, BIG_PRODUCT_PARAGRAPHS } from './big-product-page.js';

const CORPORA = [
  'trafilatura-eval', 'readability-test-pages', 'wcxb-dev', 'postlight-titles', 'l3s-gn1',
  'cleaneval', 'dragnet', 'msv-big9', 'swde-book',
];

interface TimedPage {
  readonly corpus: string;
  readonly id: string;
  readonly bytes: number;
  readonly cpuMs: number;
}

/** CPU ms of one page through the whole pipeline and every output; an error counts as an output. */
function pageCpuMs(model: PithModel, bytes: Uint8Array, url: string | undefined): number {
  const start = process.cpuUsage();
  try {
    JSON.stringify(extractionJson(extractWith(model, bytes, url !== undefined ? { url } : {})));
  } catch {
    // A page that fails is timed to its failure, as check:identical records the failure.
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

interface LoadedPage { readonly id: string; readonly bytes: Uint8Array; readonly url: string | undefined }

/** The page's size as HTML: the corpora store most pages gzipped. */
function htmlBytes(bytes: Uint8Array): number {
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).length : bytes.length;
}

async function timeCorpus(model: PithModel, name: string, top: number, runs: number): Promise<TimedPage[]> {
  const corpus = await openCorpus(join(SHARED_CORPORA, name));
  const timed: { page: LoadedPage; cpuMs: number }[] = [];
  for (const p of corpus.pages) {
    const page = { id: p.id, bytes: await readPageBytes(p.htmlPath), url: p.url };
    timed.push({ page, cpuMs: pageCpuMs(model, page.bytes, page.url) });
  }
  // The first pass holds the code's warm-up and the machine's busy moments: the slowest pages
  // (twice as many as asked, so one slowed by a busy moment does not push a slow one out) run again.
  const slowest = timed.sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 2 * top);
  for (let r = 1; r < runs; r++) {
    for (const t of slowest) t.cpuMs = Math.min(t.cpuMs, pageCpuMs(model, t.page.bytes, t.page.url));
  }
  return slowest
    .sort((a, b) => b.cpuMs - a.cpuMs)
    .slice(0, top)
    .map((t) => ({ corpus: name, id: t.page.id, bytes: htmlBytes(t.page.bytes), cpuMs: Math.round(t.cpuMs) }));
}

function productPageCpuMs(model: PithModel, runs: number): TimedPage {
  const bytes = Buffer.from(bigProductPage(BIG_PRODUCT_PARAGRAPHS));
  let best = Infinity;
  for (let r = 0; r < runs; r++) best = Math.min(best, pageCpuMs(model, bytes, 'https://shop.example/product/1'));
  return { corpus: 'generated', id: `product page, ${BIG_PRODUCT_PARAGRAPHS} paragraphs`, bytes: bytes.length, cpuMs: Math.round(best) };
}

const kb = (bytes: number): string => (bytes / 1024).toFixed(0);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      top: { type: 'string' }, runs: { type: 'string' }, corpus: { type: 'string', multiple: true },
      out: { type: 'string' }, product: { type: 'boolean' }, 'product-only': { type: 'boolean' },
    },
  });
  const top = Number(values.top ?? 20);
  const runs = Number(values.runs ?? 3);
  const model = await loadModel();
  const all: TimedPage[] = [];
  const names = values['product-only'] ? [] : (values.corpus ?? CORPORA);
  for (const name of names) {
    if (!existsSync(join(SHARED_CORPORA, name))) { console.log(`${name}: not in ../shared/corpora, skipped`); continue; }
    const pages = await timeCorpus(model, name, top, runs);
    all.push(...pages);
    console.log(`${name}: ${pages.map((p) => `${p.id} ${p.cpuMs} ms (${kb(p.bytes)} KB)`).join(', ')}`);
  }
  if (values.product || values['product-only']) {
    const p = productPageCpuMs(model, runs);
    all.push(p);
    console.log(`${p.id}: ${p.cpuMs} ms (${kb(p.bytes)} KB)`);
  }
  const over = all.filter((p) => p.cpuMs >= 1000);
  console.log(`${over.length} page(s) at 1 s CPU or more${over.length ? `: ${over.map((p) => `${p.corpus}/${p.id} ${p.cpuMs} ms`).join(', ')}` : ''}`);
  if (values.out) await writeFileAtomic(values.out, `${JSON.stringify(all, null, 1)}\n`);
}

await main();
