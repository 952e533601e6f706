/**
 * bench:speed's per-stage profile: the pipeline of src/pipeline/extract.ts run stage by stage
 * through the library's own stage functions, in one process over the same pages, the CPU of
 * each stage summed (process.cpuUsage: user + sys of the process while the stage runs, so
 * V8's GC and compiler threads count where they run).
 *
 * Seams the library has no call for are measured by difference: pith's own tree is
 * `parseHtml` (parse5 + the tree) less parse5 alone (`parseDocument`, run a second time on the
 * same text); each feature family is timed where `computeEncodedFeatures` runs it, so the page
 * facts computed lazily are charged to the first family that reads them. `stageChain` gives the
 * stages' results too, so a test can hold them to `extractBytes`' own.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeHtml } from '../src/dom/bytes.js';
import { parseDocument } from '../src/dom/html-parser.js';
import { parseHtml } from '../src/dom/parse.js';
import { segment, type Block } from '../src/segment/segment.js';
import { pageIdFromPath, type LoadOptions, type Page } from '../src/page.js';
import { computeEncodedFeatures, computeFeatures } from '../src/features/index.js';
import { bodyWeightOf, constrainLabels, DECODE_RULES, pageEvidence, resolveDecodeSettings } from '../src/decode/constrain.js';
import { buildArticle, toHtml, toMarkdown, toText } from '../src/article/index.js';
import { bundledModelPath, loadExtractionModel, resultExtraction, siteUrlOf, type ExtractResult, type LoadedModel } from '../src/pipeline/extract.js';
import { extractionJson } from '../src/pipeline/extraction.js';
import type { Prediction } from '../src/models/labeler.js';
import { predictPage } from '../src/models/page-prediction.js';
import { extractAsBatch } from './slowest-pages.js';
import { measureNodeProcess, stagePages } from './process-cpu.js';
import { cpuMsNow, median } from './cpu-time.js';

/** loadPage's rule (src/page.ts): below this much visible text, blocks are made again with hidden text ... */
const REVEAL_MAX_VISIBLE_CHARS = 500;
/** ... and kept when the hidden text is at least this much. */
const REVEAL_MIN_HIDDEN_CHARS = 1000;

/** Adds the CPU ms of `f` to `into[key]` and returns its result. */
function timed<T>(into: Map<string, number>, key: string, f: () => T): T {
  const c0 = cpuMsNow();
  const r = f();
  into.set(key, (into.get(key) ?? 0) + cpuMsNow() - c0);
  return r;
}

function textChars(blocks: readonly Block[]): number {
  let n = 0;
  for (const b of blocks) if (b.kind === 'text') n += b.text.length;
  return n;
}

/** What the stage chain made of one page: what `extractBytes` makes, built stage by stage. */
export interface StageChainResult {
  readonly page: Page;
  readonly result: ExtractResult;
  /** The batch line's JSON (without id and url). */
  readonly line: string;
  /** Characters of the decoded HTML. */
  readonly htmlChars: number;
}

/**
 * One page through every stage, each one's CPU added to `cpu` (ms). The page and result are
 * built as src/page.ts's loadPage and src/pipeline/extract.ts's extractPage build them for the
 * general model (no site models, no options).
 */
export function stageChain(bytes: Uint8Array, model: LoadedModel, id: string, cpu: Map<string, number>): StageChainResult {
  const load: LoadOptions = { id };
  const decoded = timed(cpu, 'decode bytes', () => decodeHtml(bytes, load, id));
  timed(cpu, 'parse5 (alone, its own tree)', () => parseDocument(decoded.text, { scriptingEnabled: false }));
  const tree = timed(cpu, 'parse5 + pith tree (parseHtml)', () => parseHtml(decoded.text, load));
  let blocks = timed(cpu, 'segmentation', () => segment(tree, load).blocks);
  let includesHidden = false;
  if (textChars(blocks) < REVEAL_MAX_VISIBLE_CHARS) {
    const all = timed(cpu, 'segmentation', () => segment(tree, { ...load, includeHidden: true }).blocks);
    if (textChars(all) >= REVEAL_MIN_HIDDEN_CHARS) {
      blocks = all;
      includesHidden = true;
    }
  }
  const page: Page = Object.freeze({ includesHidden, id, url: undefined, tree, blocks, encoding: decoded.encoding, replacements: decoded.replacements });

  const { labeler, featureOptions } = model;
  let prediction: Prediction;
  if (labeler.vocabulary && labeler.predictEncoded && !labeler.predictPage) {
    // Each family timed inside the features stage, as extraction runs it (the same vocabulary,
    // the same encoding); the family rows are parts of the features row, not stages of their own.
    const vocab = labeler.weightedVocabulary ?? labeler.vocabulary;
    const timeFamily = (name: string, run: () => void): void => timed(cpu, `family ${name}`, run);
    const encoded = timed(cpu, 'features (computeEncodedFeatures)', () => computeEncodedFeatures(page, featureOptions, vocab, timeFamily));
    prediction = timed(cpu, 'model (predictEncoded)', () => labeler.predictEncoded!(encoded));
  } else {
    // A learner with its own page path (the SVM) or one that reads names: features and model as one.
    prediction = timed(cpu, 'features + model (predictPage)', () => predictPage(page, labeler, featureOptions));
  }

  const settings = resolveDecodeSettings({});
  const evidence = timed(cpu, 'decoder: page evidence', () => pageEvidence(page, settings, siteUrlOf(page)));
  const constrained = timed(cpu, 'decoder: rules', () => constrainLabels(page.blocks, prediction.probs, evidence, settings, DECODE_RULES));
  const article = timed(cpu, 'article', () => buildArticle(page, constrained.labels, { includeHidden: page.includesHidden }, constrained.addedText));
  timed(cpu, 'render: text', () => toText(article));
  timed(cpu, 'render: markdown', () => toMarkdown(article));
  timed(cpu, 'render: html', () => toHtml(article));
  const result: ExtractResult = {
    page, article, labels: constrained.labels, probs: prediction.probs, confidence: constrained.confidence, notes: constrained.notes,
    ...(constrained.addedText ? { addedText: constrained.addedText } : {}),
    pageKind: evidence.pageKind, bodyWeight: bodyWeightOf(evidence, settings),
    get features() {
      return computeFeatures(page, featureOptions);
    },
  };
  const line = timed(cpu, 'render: JSON line (text, markdown, html again inside)', () => JSON.stringify(extractionJson(resultExtraction(result))));
  return { page, result, line, htmlChars: decoded.text.length };
}

export interface StageProfile {
  readonly pages: number;
  /** Millions of characters of decoded HTML. */
  readonly htmlMB: number;
  /** CPU ms per stage, summed over the pages, in first-run order. */
  readonly cpu: ReadonlyMap<string, number>;
  /** extractAsBatch over the same pages (one call a page): what the stages add up to. */
  readonly wholeMs: number;
  readonly startup?: StartupCost;
  readonly modelLoadMs: number;
}

export interface StartupCost {
  /** Median CPU s of `pith batch` over one page, whole process. */
  readonly onePageProcess: number;
  /** Median CPU s of `node -e 0`. */
  readonly bareNode: number;
  /** That page's CPU in this (warm) process, s. */
  readonly pageWarm: number;
  readonly reps: number;
}

/** The stage profile over `files` (PROFILE_STARTUP_REPS one-page processes for start-up, 0 for none). */
export async function profileStages(files: readonly string[], scratch: string): Promise<StageProfile> {
  const c0 = cpuMsNow();
  const model = await loadExtractionModel(bundledModelPath());
  const modelLoadMs = cpuMsNow() - c0;
  const pages = await Promise.all(files.map(async (f) => ({ id: pageIdFromPath(f), bytes: new Uint8Array(await readFile(f)) })));
  // Warm-up, not counted: the JIT's first compilations.
  const warm = new Map<string, number>();
  for (const p of pages.slice(0, 20)) stageChain(p.bytes, model, p.id, warm);
  const cpu = new Map<string, number>();
  let htmlBytes = 0;
  for (const p of pages) htmlBytes += stageChain(p.bytes, model, p.id, cpu).htmlChars;
  let wholeMs = 0;
  for (const p of pages) wholeMs += extractAsBatch(p.bytes, model, p.id).cpuMs;
  const reps = Number(process.env['PROFILE_STARTUP_REPS'] ?? 5);
  const startup = reps > 0 && pages.length > 0 ? await startupCost(files[0]!, pages[0]!.bytes, model, reps, scratch) : undefined;
  return { pages: pages.length, htmlMB: htmlBytes / 1e6, cpu, wholeMs, modelLoadMs, ...(startup ? { startup } : {}) };
}

/** Start-up: a one-page `pith batch` process against its page extracted in this warm process. */
async function startupCost(file: string, bytes: Uint8Array, model: LoadedModel, reps: number, scratch: string): Promise<StartupCost> {
  const staged = await stagePages([file], join(scratch, 'pages-startup'));
  const pith = new URL('../../bin/pith.js', import.meta.url).pathname;
  const one: number[] = [];
  const bare: number[] = [];
  const out = join(scratch, 'startup.jsonl');
  for (let r = 0; r < reps; r++) {
    // `pith batch` skips the pages its output already holds: each run starts with none.
    await rm(out, { force: true });
    one.push((await measureNodeProcess([pith, 'batch', staged.dir, '--workers', '1', '--out', out], scratch)).cpu);
    bare.push((await measureNodeProcess(['-e', '0'], scratch)).cpu);
  }
  const warm: number[] = [];
  for (let r = 0; r < 5; r++) warm.push(extractAsBatch(bytes, model, 'startup').cpuMs / 1000);
  return { onePageProcess: median(one), bareNode: median(bare), pageWarm: median(warm), reps };
}

/** The profile as a Markdown table: stage, CPU s, ms/page, share of the whole. */
export function profileTable(p: StageProfile): string {
  const cpu = new Map(p.cpu);
  const get = (k: string): number => cpu.get(k) ?? 0;
  const parse5 = get('parse5 (alone, its own tree)');
  const tree = get('parse5 + pith tree (parseHtml)') - parse5;
  const families = [...cpu.keys()].filter((k) => k.startsWith('family ') || k.startsWith('features: page context'));
  const familySum = families.reduce((a, k) => a + get(k), 0);
  const features = cpu.has('features (computeEncodedFeatures)') ? get('features (computeEncodedFeatures)') : 0;
  const renders = ['render: text', 'render: markdown', 'render: html', 'render: JSON line (text, markdown, html again inside)'];
  // The whole a page costs as the pipeline runs it: each stage once (parse5 counted inside parseHtml,
  // features once, the JSON line but not the three renderings it repeats).
  const whole = get('decode bytes') + get('parse5 + pith tree (parseHtml)') + get('segmentation') + features + get('model (predictEncoded)') +
    get('features + model (predictPage)') + get('decoder: page evidence') + get('decoder: rules') + get('article') + get(renders[3]!);
  const row = (name: string, ms: number): string => `| ${name} | ${(ms / 1000).toFixed(2)} | ${(ms / p.pages).toFixed(2)} | ${((100 * ms) / whole).toFixed(1)}% |`;
  const lines = [
    `stage profile: ${p.pages} pages (${p.htmlMB.toFixed(1)} M characters of decoded HTML), one process, CPU user + sys, after 20 warm-up pages`,
    '',
    '| stage | CPU s | ms/page | share |',
    '|---|---:|---:|---:|',
    row('decode bytes (gunzip, sniff, decode)', get('decode bytes')),
    row('parse5 (its own document, alone)', parse5),
    row("pith's tree beyond parse5 (parseHtml less parse5 alone)", tree),
    row('segmentation', get('segmentation')),
  ];
  if (features > 0) {
    lines.push(row('features (computeEncodedFeatures)', features));
    for (const k of families.sort((a, b) => get(b) - get(a))) lines.push(row(`&nbsp;&nbsp;${k}`, get(k)));
    lines.push(row('&nbsp;&nbsp;(families summed, inside the features row)', familySum));
    lines.push(row('model (predictEncoded)', get('model (predictEncoded)')));
  } else {
    lines.push(row('features + model (predictPage)', get('features + model (predictPage)')));
  }
  lines.push(
    row('decoder: page evidence', get('decoder: page evidence')),
    row('decoder: rules', get('decoder: rules')),
    row('article', get('article')),
    row('render: text', get(renders[0]!)),
    row('render: markdown', get(renders[1]!)),
    row('render: html', get(renders[2]!)),
    row('render: JSON line (renders text, markdown and html again)', get(renders[3]!)),
    row('**sum of the stages as the pipeline runs them**', whole),
    row('extractBytes + JSON line, one call a page (the same pages)', p.wholeMs),
    '',
    `model load (loadExtractionModel, in this process): ${(p.modelLoadMs / 1000).toFixed(2)} s CPU`,
    `pith's work after parsing / parse: ${((whole - get('parse5 + pith tree (parseHtml)') - get('decode bytes')) / get('parse5 + pith tree (parseHtml)')).toFixed(2)}x (after = segmentation onwards; parse = parseHtml)`,
  );
  if (p.startup) {
    const s = p.startup;
    lines.push(`start-up: one-page \`pith batch --workers 1\` process ${s.onePageProcess.toFixed(2)} s CPU (median of ${s.reps}) less its page in a warm process ${s.pageWarm.toFixed(3)} s = **${(s.onePageProcess - s.pageWarm).toFixed(2)} s**; bare \`node -e 0\` ${s.bareNode.toFixed(2)} s`);
  }
  return lines.join('\n');
}
