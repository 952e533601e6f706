/**
 * The retrain job, run in a worker thread (retrain.ts) so that building features and
 * training never hold up the server's event loop: reads the corpus's labelled pages
 * (tolerantly, see corpus-files.ts), trains, and writes the model atomically (temp file +
 * rename) to the output path it was given, never to the input model.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isPithError } from '../errors.js';
import { loadModel, saveModel } from '../models/model-file.js';
import { trainFromCorpora } from '../learn/train.js';
import { DEFAULT_MODEL_RECIPE } from '../learn/default-model.js';
import { labelledCorpus } from './corpus-files.js';
import type { RetrainJob, RetrainReply } from './retrain.js';

async function run(job: RetrainJob): Promise<RetrainReply> {
  const algorithm = job.modelPath ? (await loadModel(job.modelPath)).algorithm : DEFAULT_MODEL_RECIPE.algorithm;
  const { corpus, problems } = await labelledCorpus(job.corpusDir);
  const t0 = Date.now();
  if (corpus.pages.length === 0) return { ok: true, pages: 0, algorithm, seconds: 0, problems };
  const result = await trainFromCorpora([corpus], { algorithm });
  if (result.dataset.pages.length === 0) return { ok: true, pages: 0, algorithm, seconds: 0, problems };
  await saveModel(job.out, result.model);
  return { ok: true, pages: result.dataset.pages.length, algorithm, seconds: (Date.now() - t0) / 1000, problems };
}

run(workerData as RetrainJob).then(
  (reply) => parentPort!.postMessage(reply),
  (e: unknown) => parentPort!.postMessage({
    ok: false, message: (e as Error)?.message ?? String(e), ...(isPithError(e) ? { code: e.code } : {}),
  } satisfies RetrainReply),
);
