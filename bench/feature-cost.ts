/**
 * Feature cost against weight: each feature family of the bundled model measured on
 * extraction, CPU per family (in the order extraction runs them, so page facts one family
 * computes first are charged to it; and each family alone from a fresh page context, with
 * the facts it needs) against what the model does with its output (attributes emitted, those
 * the model weighs, the model's attributes of the family, those with a nonzero weight, and
 * the weight they carry: sum over labels of |w|).
 *
 *     node dist/bench/feature-cost.js            first 300 trafilatura-eval pages, 5 rounds
 * Env: PAGES (300), ROUNDS (5), CORPUS (trafilatura-eval).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SHARED_CORPORA } from './folds.js';
import { listPageFiles } from './page-files.js';
import { loadPage, type Page } from '../src/page.js';
import { bundledModelPath, extractPage, loadExtractionModel } from '../src/pipeline/extract.js';
import { blockFamilies, computeEncodedFeatures, resolveFeatureOptions, type FamilyOutput, type FeatureFamily } from '../src/features/index.js';
import { matchesAttributePattern, namedOutput } from '../src/features/family.js';
import { PageContext } from '../src/features/page-context.js';
import { LinearLabeler } from '../src/models/linear/labeler-base.js';
import { cpuMsNow as cpuMs, median } from './cpu-time.js';

const PAGES = Number(process.env['PAGES'] ?? 300);
const ROUNDS = Number(process.env['ROUNDS'] ?? 5);
const CORPUS = process.env['CORPUS'] ?? 'trafilatura-eval';


/** A sink that does what extraction's does per attribute (a per-page cache in front of the vocabulary) and counts. */
function countingOutput(vocab: ReadonlyMap<string, number>, seen: Map<string, number>, tally: { emitted: number; known: number }): FamilyOutput {
  return namedOutput((_i, name) => {
    tally.emitted++;
    let k = seen.get(name);
    if (k === undefined) seen.set(name, (k = vocab.get(name) ?? -1));
    if (k >= 0) tally.known++;
  }, () => {});
}

async function main(): Promise<void> {
  const model = await loadExtractionModel(bundledModelPath());
  if (!(model.labeler instanceof LinearLabeler)) throw new Error('the bundled model is not a linear model');
  const { index, W } = model.labeler.model;
  const L = model.labeler.model.labels.length;
  // What extraction encodes against: the attributes with a nonzero weight.
  const vocab = model.labeler.weightedVocabulary;
  const options = model.featureOptions;
  const config = resolveFeatureOptions(options);
  const families: readonly FeatureFamily[] = blockFamilies(options);

  const files = (await listPageFiles(join(SHARED_CORPORA, CORPUS))).slice(0, PAGES);
  const bytes: Uint8Array[] = [];
  for (const f of files) {
    const raw = await readFile(f);
    bytes.push(f.endsWith('.gz') ? gunzipSync(raw) : new Uint8Array(raw));
  }
  const pages: Page[] = bytes.map((b, k) => loadPage(b, {}, files[k]));

  // Attributes emitted on these pages, and of them those the model weighs, per family.
  const emitted = new Map<string, { emitted: number; known: number }>();
  for (const fam of families) emitted.set(fam.name, { emitted: 0, known: 0 });
  for (const page of pages) {
    const ctx = new PageContext(page, config);
    const seen = new Map<string, number>();
    for (const fam of families) fam.compute(ctx, countingOutput(vocab, seen, emitted.get(fam.name)!));
  }
  // Each of the model's attributes by the family that declares it, with its weight.
  const ownerOf = (name: string): string | undefined => families.find((f) => matchesAttributePattern(f.attributes, name))?.name;
  const weight = new Map<string, { attrs: number; weighted: number; sumAbs: number }>();
  let unowned = 0;
  for (const [name, k] of index.lookup) {
    const fam = ownerOf(name);
    if (fam === undefined) { unowned++; continue; }
    let w = 0;
    for (let y = 0; y < L; y++) w += Math.abs(W[index.own[k]! * L + y]!);
    const e = weight.get(fam) ?? { attrs: 0, weighted: 0, sumAbs: 0 };
    e.attrs++;
    if (w > 0) e.weighted++;
    e.sumAbs += w;
    weight.set(fam, e);
  }

  // CPU per family, in extraction's order and alone, over ROUNDS rounds.
  const inOrder = new Map<string, number[]>(families.map((f) => [f.name, []]));
  const alone = new Map<string, number[]>(families.map((f) => [f.name, []]));
  const stage: number[] = [];
  const whole: number[] = [];
  const parse: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const sums = new Map<string, number>(families.map((f) => [f.name, 0]));
    for (const page of pages) {
      const ctx = new PageContext(page, config);
      const seen = new Map<string, number>();
      const tally = { emitted: 0, known: 0 };
      for (const fam of families) {
        const t = cpuMs();
        fam.compute(ctx, countingOutput(vocab, seen, tally));
        sums.set(fam.name, sums.get(fam.name)! + cpuMs() - t);
      }
    }
    for (const [k, v] of sums) inOrder.get(k)!.push(v);
    for (const fam of families) {
      const t = cpuMs();
      for (const page of pages) fam.compute(new PageContext(page, config), countingOutput(vocab, new Map(), { emitted: 0, known: 0 }));
      alone.get(fam.name)!.push(cpuMs() - t);
    }
    let t = cpuMs();
    for (const page of pages) computeEncodedFeatures(page, options, vocab);
    stage.push(cpuMs() - t);
    t = cpuMs();
    for (const page of pages) extractPage(page, model);
    whole.push(cpuMs() - t);
    t = cpuMs();
    bytes.forEach((b, k) => loadPage(b, {}, files[k]));
    parse.push(cpuMs() - t);
  }

  console.log(`${CORPUS}: ${pages.length} pages, ${ROUNDS} rounds (medians); model ${index.lookup.size} attributes, ${vocab.size} with a nonzero weight${unowned > 0 ? `, ${unowned} declared by no family of the model` : ''}`);
  console.log(`CPU ms: bytes to segmented page (loadPage) ${median(parse).toFixed(0)}; from the page: features stage (computeEncodedFeatures) ${median(stage).toFixed(0)}, whole extraction (extractPage: features, labels, decoder, article) ${median(whole).toFixed(0)}`);
  console.log('| family | CPU ms in order | CPU ms alone | attrs emitted | of them known | known attrs | of them weighted | sum abs w | sum abs w per ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const fam of families) {
    const ms = median(inOrder.get(fam.name)!);
    const e = emitted.get(fam.name)!;
    const w = weight.get(fam.name) ?? { attrs: 0, weighted: 0, sumAbs: 0 };
    console.log(`| ${fam.name} | ${ms.toFixed(1)} | ${median(alone.get(fam.name)!).toFixed(1)} | ${e.emitted} | ${e.known} | ${w.attrs} | ${w.weighted} | ${w.sumAbs.toFixed(1)} | ${(w.sumAbs / Math.max(ms, 0.1)).toFixed(2)} |`);
  }
}

await main();
