/**
 * The features stage on a first pass against the same stage warm (issue 60): a batch sees
 * every page once, so `computeEncodedFeatures` runs where each page's strings are new and,
 * early on, where the process has not yet met the page's names. Three conditions in one
 * process, over the same pages, CPU ms (user + sys) of the stage alone:
 *
 * - A, first sight: each page loaded (decoded, parsed, segmented; not timed), then the stage
 *   timed once, as a batch runs it;
 * - B, after a full round of A: each page loaded again from its bytes (new strings, code warm,
 *   the vocabulary's process-wide refs already holding the names) and timed once;
 * - C, the page of B again (same tree and strings, warm);
 * - D, after B: each page loaded again and encoded against a copy of the vocabulary (same
 *   names and numbers, made once), whose process-wide refs start empty: code warm, names new.
 *
 * A - B is the first sight of names in process-wide tables and compiling; D - B the names
 * alone, so A - D is compiling (and type feedback); B - C is per-string work (hashing a new
 * string, splitting class strings) and allocation. Run it as the CLI runs
 * (`node --no-regexp-tier-up ...`, BUNDLE_V8_FLAGS) for figures that match a batch:
 *
 *   node $(flags) dist/bench/features-first-pass.js LIST [--rounds-b N]
 *
 * LIST is a file of page paths (`.gz` read through gunzip), one a line. Each condition is
 * also given over the first WARM pages and over the rest (WARM = 50): where the difference
 * falls says whether it is a start-up cost or a cost of every page.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { loadPage } from '../src/page.js';
import { computeEncodedFeatures } from '../src/features/index.js';
import { loadExtractionModel } from '../src/pipeline/extract.js';
import type { AttributeVocabulary } from '../src/features/types.js';
import { cpuMsNow } from './cpu-time.js';

function pageBytes(path: string): Uint8Array {
  const raw = readFileSync(path);
  return path.endsWith('.gz') ? gunzipSync(raw) : raw;
}

/** Pages in the first part of each split figure. */
const WARM = 50;

/** ms/page of `ms` over all pages, the first WARM and the rest. */
function split(ms: readonly number[]): { all: number; first: number; rest: number } {
  const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
  const head = ms.slice(0, WARM);
  const tail = ms.slice(WARM);
  const per = (xs: readonly number[]): number => (xs.length ? Math.round((sum(xs) / xs.length) * 1000) / 1000 : NaN);
  return { all: per(ms), first: per(head), rest: per(tail) };
}

async function main(): Promise<void> {
  const listPath = process.argv[2];
  if (!listPath) throw new Error('usage: features-first-pass LIST');
  const paths = readFileSync(listPath, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const bytes = paths.map(pageBytes);
  const model = await loadExtractionModel();
  const labeler = model.labeler;
  const vocab = (labeler.weightedVocabulary ?? labeler.vocabulary);
  if (!vocab) throw new Error('the bundled model has no vocabulary');
  const options = model.featureOptions;
  const a: number[] = [];
  const b: number[] = [];
  const c: number[] = [];
  const d: number[] = [];
  // A: a fresh page each, the stage once.
  for (let p = 0; p < bytes.length; p++) {
    const page = loadPage(bytes[p]!, { id: String(p) });
    const t0 = cpuMsNow();
    computeEncodedFeatures(page, options, vocab);
    a.push(cpuMsNow() - t0);
  }
  // B and C: the same pages loaded again from their bytes, then the same tree a second time.
  for (let p = 0; p < bytes.length; p++) {
    const page = loadPage(bytes[p]!, { id: String(p) });
    const t0 = cpuMsNow();
    computeEncodedFeatures(page, options, vocab);
    const t1 = cpuMsNow();
    computeEncodedFeatures(page, options, vocab);
    b.push(t1 - t0);
    c.push(cpuMsNow() - t1);
  }
  // D: the vocabulary's refs start empty (its copy is a new key for every per-vocabulary table),
  // the copy's family list worked out on a page of its own first.
  const fresh: AttributeVocabulary = new Map(vocab);
  computeEncodedFeatures(loadPage(new TextEncoder().encode('<p>x</p>')), options, fresh);
  for (let p = 0; p < bytes.length; p++) {
    const page = loadPage(bytes[p]!, { id: String(p) });
    const t0 = cpuMsNow();
    computeEncodedFeatures(page, options, fresh);
    d.push(cpuMsNow() - t0);
  }
  const A = split(a);
  const B = split(b);
  const C = split(c);
  const D = split(d);
  const diff = (x: typeof A, y: typeof A): typeof A => ({ all: +(x.all - y.all).toFixed(3), first: +(x.first - y.first).toFixed(3), rest: +(x.rest - y.rest).toFixed(3) });
  const report = { pages: bytes.length, warmPages: WARM, A, B, C, D, 'A-B': diff(A, B), 'D-B': diff(D, B), 'A-D': diff(A, D), 'B-C': diff(B, C) };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

await main();
