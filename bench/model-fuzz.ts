/**
 * Model bombs for `npm run fuzz` (`--model-cases N`, default 200): seeded hostile model files
 * (huge arrays, deep nesting, white space, giant strings, wide objects, many strings, broken gzip,
 * bodies of random bytes, valid models cut short or padded), each loaded by pith's own loader in
 * a fresh process. A case is a finding when the load is anything but BAD_MODEL (or a clean load
 * of a valid file), or when it takes more than the CPU or memory bound: one second of CPU
 * (checked against MODEL_CPU_LIMIT_MS, which leaves a margin for a loaded machine) and 200 MB
 * above the process's start, plus three times the file's own size (an uncompressed file is read,
 * decoded and parsed: its size on disk is the user's, what it inflates to is the bound's).
 * Case I of seed S is always the same file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { seededRandom } from '../src/util/random.js';

/** CPU a hostile model may cost: the bound is one second; the margin covers a loaded machine's slower cores. */
export const MODEL_CPU_LIMIT_MS = 2000;
/** Memory above the loader process's own start a hostile model may cost, beyond FILE_COPIES times its size on disk. */
export const MODEL_PEAK_LIMIT_MB = 200;
/** Copies of an uncompressed file the loader holds at once: its bytes, its text, and JSON.parse's strings. */
export const FILE_COPIES = 3;

type Rng = () => number;
const randInt = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
const logInt = (rng: Rng, lo: number, hi: number): number => Math.round(Math.exp(Math.log(lo) + rng() * (Math.log(hi) - Math.log(lo))));

function header(body: string): string {
  return JSON.stringify({
    format: 'pith-model', version: 1, algorithm: 'maxent', labels: ['title', 'heading', 'body', 'other'],
    featureSchema: { name: 'fuzz', version: 1, families: [], columns: [], hash: 'x' }, trainingCorpora: [], params: {},
    createdAt: '2026-01-01T00:00:00.000Z', body: 0,
  }).replace('"body":0', () => `"body":${body}`);
}

/** One kind of hostile model: its JSON text (or bytes) at a size the random stream picks. */
interface ModelBomb {
  readonly name: string;
  readonly build: (rng: Rng) => string | Uint8Array;
}

export const MODEL_BOMBS: readonly ModelBomb[] = [
  { name: 'hugeArray', build: (rng) => header(`[${'0,'.repeat(logInt(rng, 1000, 30_000_000))}0]`) },
  { name: 'deepNesting', build: (rng) => { const n = logInt(rng, 100, 20_000_000); return header(`${'['.repeat(n)}${']'.repeat(rng() < 0.5 ? n : 0)}`); } },
  { name: 'deepObjects', build: (rng) => { const n = logInt(rng, 100, 5_000_000); return header(`${'{"a":'.repeat(n)}0${'}'.repeat(n)}`); } },
  { name: 'whitespace', build: (rng) => header(`${' \n\t\r'.repeat(logInt(rng, 1000, 60_000_000) >> 2)}0`) },
  { name: 'giantString', build: (rng) => header(`"${'A'.repeat(logInt(rng, 1000, 300_000_000))}"`) },
  { name: 'wideObject', build: (rng) => header(`{${Array.from({ length: logInt(rng, 10, 3_000_000) }, (_, i) => `"k${i}":0`).join(',')}}`) },
  { name: 'manyEmptyContainers', build: (rng) => header(`[${'{},[],'.repeat(logInt(rng, 100, 5_000_000))}0]`) },
  { name: 'manyStrings', build: (rng) => header(`[${'"abcdefghij",'.repeat(logInt(rng, 100, 8_000_000))}""]`) },
  { name: 'randomBytes', build: (rng) => Uint8Array.from({ length: logInt(rng, 1, 100_000) }, () => randInt(rng, 0, 255)) },
  { name: 'cutShort', build: (rng) => { const t = header(`[${'1.5,'.repeat(10_000)}0]`); return t.slice(0, randInt(rng, 0, t.length)); } },
  { name: 'escapes', build: (rng) => header(`"${'\\\\\\"'.repeat(logInt(rng, 10, 20_000_000))}"`) },
];

export interface ModelCase {
  readonly index: number;
  readonly bomb: string;
  readonly gzip: boolean;
  readonly bytes: Uint8Array;
}

export function generateModelCase(seed: number, index: number): ModelCase {
  const rng = seededRandom(((seed * 2654435761) ^ (index * 40503 + 0x5bd1e995)) >>> 0);
  const bomb = MODEL_BOMBS[Math.floor(rng() * MODEL_BOMBS.length)]!;
  const built = bomb.build(rng);
  const raw = typeof built === 'string' ? Buffer.from(built) : built;
  const gzip = rng() < 0.7;
  let bytes: Uint8Array = gzip ? gzipSync(raw, { level: 1 }) : raw;
  if (gzip && rng() < 0.1) bytes = bytes.subarray(0, randInt(rng, 10, bytes.length)); // a cut gzip stream
  return { index, bomb: bomb.name, gzip, bytes };
}

export interface ModelOutcome {
  readonly code: string;
  readonly cpuMs: number;
  readonly peakMb: number;
  readonly startMb: number;
}

/** Loads `path` with pith's model loader in a fresh process; its CPU time and its peak memory (VmHWM, Linux; else maxRSS). */
export function loadModelInChild(path: string, distRoot: string): ModelOutcome {
  const loader = pathToFileURL(join(distRoot, 'src', 'models', 'model-file.js')).href;
  const script = `
    const { readFileSync } = await import('node:fs');
    const hwm = () => { try { return Number(/VmHWM:\\s*(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024; } catch { return process.resourceUsage().maxRSS / 1024; } };
    const { loadModel } = await import(${JSON.stringify(loader)});
    const startMb = hwm();
    const before = process.cpuUsage();
    let code = 'loaded';
    try { await loadModel(${JSON.stringify(path)}); } catch (e) { code = e.code ?? ('crash: ' + String(e).slice(0, 200)); }
    const cpu = process.cpuUsage(before);
    console.log(JSON.stringify({ code, cpuMs: (cpu.user + cpu.system) / 1000, peakMb: hwm(), startMb }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const last = run.stdout.trim().split('\n').pop();
  if (run.status !== 0 || !last) return { code: `process exit ${run.status ?? run.signal}: ${run.stderr.slice(-300)}`, cpuMs: 0, peakMb: 0, startMb: 0 };
  return JSON.parse(last) as ModelOutcome;
}

export function isModelFinding(o: ModelOutcome, fileBytes: number): boolean {
  const memoryBound = MODEL_PEAK_LIMIT_MB + (FILE_COPIES * fileBytes) / (1024 * 1024);
  return (o.code !== 'BAD_MODEL' && o.code !== 'loaded') || o.cpuMs > MODEL_CPU_LIMIT_MS || o.peakMb - o.startMb > memoryBound;
}

export interface ModelCampaign {
  readonly cases: number;
  readonly findings: readonly (ModelCase & { readonly outcome: ModelOutcome })[];
  readonly worstCpuMs: number;
  readonly worstGrowthMb: number;
  readonly byBomb: Readonly<Record<string, number>>;
}

/** Runs `count` model cases of `seed` (or only the listed ones) and writes each finding's file to `out`. */
export function runModelCampaign(seed: number, count: number, out: string, distRoot = resolve('dist'), only: readonly number[] = []): ModelCampaign {
  const dir = mkdtempSync(join(tmpdir(), 'pith-model-fuzz-'));
  const findings: (ModelCase & { outcome: ModelOutcome })[] = [];
  const byBomb: Record<string, number> = {};
  let worstCpuMs = 0;
  let worstGrowthMb = 0;
  try {
    const indices = only.length > 0 ? only : Array.from({ length: count }, (_, i) => i);
    for (const index of indices) {
      const c = generateModelCase(seed, index);
      byBomb[c.bomb] = (byBomb[c.bomb] ?? 0) + 1;
      const path = join(dir, `case.model.json${c.gzip ? '.gz' : ''}`);
      writeFileSync(path, c.bytes);
      const outcome = loadModelInChild(path, distRoot);
      worstCpuMs = Math.max(worstCpuMs, outcome.cpuMs);
      worstGrowthMb = Math.max(worstGrowthMb, outcome.peakMb - outcome.startMb);
      if (isModelFinding(outcome, c.bytes.length)) {
        findings.push({ ...c, outcome });
        writeFileSync(join(out, `model-${seed}-${index}.model.json${c.gzip ? '.gz' : ''}`), c.bytes);
      }
    }
    return { cases: indices.length, findings, worstCpuMs, worstGrowthMb, byBomb };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
