/**
 * Retraining from the app: trains a model of the same algorithm as `--model` (without one,
 * the bundled model's) on the corpus's saved labels, in a worker thread, writes it into the
 * corpus folder and reloads it. The `--model` file is an input and is never written: the new
 * model goes to `<corpus>/retrained.model.json.gz`, or `<corpus>/retrained-2.model.json.gz`
 * when the former is the `--model` file itself (a session restarted on its own output).
 */
import { Worker } from 'node:worker_threads';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PithError, type PithErrorCode } from '../errors.js';
import type { RetrainResult } from './server.js';
import type { CorpusProblem } from './corpus-files.js';
import { loadModelPredictor } from './model-predictor.js';

/** The file names a retrained model is written to, in the corpus folder. */
export const RETRAINED_MODEL_NAMES = ['retrained.model.json.gz', 'retrained-2.model.json.gz'] as const;

/** What the worker is given. */
export interface RetrainJob {
  readonly corpusDir: string;
  readonly modelPath?: string;
  readonly out: string;
}

/** What the worker answers. */
export type RetrainReply =
  | { readonly ok: true; readonly pages: number; readonly algorithm: string; readonly seconds: number; readonly problems: readonly CorpusProblem[] }
  | { readonly ok: false; readonly message: string; readonly code?: PithErrorCode };

async function sameFile(a: string, b: string): Promise<boolean> {
  if (resolve(a) === resolve(b)) return true;
  const [x, y] = await Promise.all([stat(a).catch(() => undefined), stat(b).catch(() => undefined)]);
  return x !== undefined && y !== undefined && x.dev === y.dev && x.ino === y.ino;
}

/** Where a retrain writes its model: in the corpus folder, never the `--model` input file. */
export async function retrainOutputPath(corpusDir: string, modelPath?: string): Promise<string> {
  for (const name of RETRAINED_MODEL_NAMES) {
    const out = join(corpusDir, name);
    if (!modelPath || !(await sameFile(out, modelPath))) return out;
  }
  throw new PithError('BAD_OPTION', 'no output path for the retrained model differs from --model', modelPath);
}

/** Runs one retrain job in a worker thread; `signal` stops it (the worker is terminated). */
export function runRetrainJob(job: RetrainJob, signal?: AbortSignal): Promise<RetrainReply & { ok: true }> {
  return new Promise((resolvePromise, reject) => {
    if (signal?.aborted) {
      reject(new PithError('TRAINING_FAILED', 'retrain cancelled'));
      return;
    }
    const worker = new Worker(new URL('./retrain-worker.js', import.meta.url), { workerData: job });
    let settled = false;
    const onAbort = (): void => {
      void worker.terminate();
      finish(() => reject(new PithError('TRAINING_FAILED', 'retrain cancelled')));
    };
    const finish = (f: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      f();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (r: RetrainReply) => {
      finish(() => (r.ok ? resolvePromise(r) : reject(new PithError(r.code ?? 'TRAINING_FAILED', r.message))));
    });
    worker.once('error', (e) => finish(() => reject(new PithError('TRAINING_FAILED', `training thread failed: ${e.message}`, undefined, { cause: e }))));
    worker.once('exit', (code) => finish(() => reject(new PithError('TRAINING_FAILED', `training thread exited with code ${code} before answering`))));
  });
}

export interface RetrainerOptions {
  readonly corpusDir: string;
  /** The `--model` file: its algorithm is trained again; it is read, never written. */
  readonly modelPath?: string;
}

/** The `retrain` callback for `startLabelServer`. */
export function createRetrainer(options: RetrainerOptions): (signal?: AbortSignal) => Promise<RetrainResult> {
  return async (signal) => {
    const out = await retrainOutputPath(options.corpusDir, options.modelPath);
    const r = await runRetrainJob({ corpusDir: options.corpusDir, out, ...(options.modelPath ? { modelPath: options.modelPath } : {}) }, signal);
    const left = r.problems.length > 0 ? `; ${r.problems.length} unreadable file(s) left out: ${r.problems.map((p) => p.file).join(', ')}` : '';
    if (r.pages === 0) return { message: `nothing to train on yet: save some labelled pages first${left}` };
    const predictor = await loadModelPredictor(out);
    return {
      message: `trained ${r.algorithm} on ${r.pages} labelled page(s) in ${r.seconds.toFixed(1)} s -> ${out}${left}`,
      predictor, path: out,
    };
  };
}
