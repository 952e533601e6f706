/**
 * Proof that a change leaves every extraction as it was: extracts every page of every shared
 * corpus with the bundled model and compares a digest of each corpus' outputs (the JSON every
 * output writes: found, title, headings, body, Markdown, HTML, metadata, confidence) with the
 * digests recorded in test/golden/extraction-digests.json.
 *
 *     npm run check:identical                     compare with the recorded digests
 *     npm run check:identical -- --pages F.json   also write each page's digest to F.json
 *     npm run check:identical -- --diff F.json    name the pages whose digest differs from F.json
 *     npm run check:identical -- --update         record the current digests (an intended change)
 *
 * A change that alters outputs on purpose updates the recorded file in the same commit, so the
 * difference shows in review.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SHARED_CORPORA } from './folds.js';
import { openCorpus, readPageBytes } from '../src/corpus/open.js';
import { extractWith, loadModel, type PithModel } from '../src/pipeline/library.js';
import { extractionJson } from '../src/pipeline/extraction.js';
import { writeFileAtomic } from '../src/util/atomic-write.js';

const GOLDEN = join('test', 'golden', 'extraction-digests.json');
const CORPORA = [
  'trafilatura-eval', 'readability-test-pages', 'wcxb-dev', 'postlight-titles', 'l3s-gn1',
  'cleaneval', 'dragnet', 'msv-big9', 'swde-book',
];

interface CorpusDigest { readonly pages: number; readonly sha256: string }
type PageDigests = Record<string, string>;

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** One page's outputs as one string; an error is an output too (its code and message). */
function pageOutput(model: PithModel, bytes: Uint8Array, url: string | undefined): string {
  try {
    return JSON.stringify(extractionJson(extractWith(model, bytes, url !== undefined ? { url } : {})));
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

async function digestCorpus(model: PithModel, name: string, pageDigests: PageDigests): Promise<CorpusDigest> {
  const corpus = await openCorpus(join(SHARED_CORPORA, name));
  const all = createHash('sha256');
  for (const page of corpus.pages) {
    const digest = sha256(pageOutput(model, await readPageBytes(page.htmlPath), page.url));
    pageDigests[`${name}/${page.id}`] = digest;
    all.update(`${page.id}\t${digest}\n`);
  }
  return { pages: corpus.pages.length, sha256: all.digest('hex') };
}

async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

function differingPages(now: PageDigests, before: PageDigests): string[] {
  const keys = new Set([...Object.keys(now), ...Object.keys(before)]);
  return [...keys].filter((k) => now[k] !== before[k]).sort();
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { pages: { type: 'string' }, diff: { type: 'string' }, update: { type: 'boolean' } } });
  const model = await loadModel();
  const digests: Record<string, CorpusDigest> = {};
  const pageDigests: PageDigests = {};
  const started = process.cpuUsage();
  for (const name of CORPORA) {
    if (!existsSync(join(SHARED_CORPORA, name))) { console.log(`${name}: not in ../shared/corpora, skipped`); continue; }
    digests[name] = await digestCorpus(model, name, pageDigests);
    console.log(`${name}: ${digests[name]!.pages} pages ${digests[name]!.sha256.slice(0, 16)}`);
  }
  const cpu = process.cpuUsage(started);
  console.log(`CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`);
  if (values.pages) await writeFileAtomic(values.pages, `${JSON.stringify(pageDigests, null, 1)}\n`);
  if (values.diff) {
    const differ = differingPages(pageDigests, await readJson<PageDigests>(values.diff));
    console.log(`${differ.length} pages differ from ${values.diff}${differ.length > 0 ? `:\n  ${differ.slice(0, 50).join('\n  ')}` : ''}`);
  }
  if (values.update) {
    await writeFileAtomic(GOLDEN, `${JSON.stringify(digests, null, 1)}\n`);
    console.log(`recorded in ${GOLDEN}`);
    return;
  }
  const recorded = await readJson<Record<string, CorpusDigest>>(GOLDEN);
  const changed = Object.keys(digests).filter((n) => recorded[n]?.sha256 !== digests[n]!.sha256 || recorded[n]?.pages !== digests[n]!.pages);
  if (changed.length > 0) {
    console.log(`NOT identical: ${changed.join(', ')} differ from ${GOLDEN}`);
    process.exitCode = 1;
  } else {
    console.log(`identical: every corpus matches ${GOLDEN}`);
  }
}

await main();
