/**
 * What a batch worker thread runs (a worker pool's, src/util/worker-pool): loads the model
 * once (or takes the main thread's copy of it: PageHandlerInit's `modelFile`), then turns each
 * page it is sent into its line with batch-page.ts's handler (the tasks and answers are
 * described there). Started from batch-worker.ts (dist/ as ES modules) or from
 * the CLI bundle's worker entry (src/cli/bundle-worker.ts): this module runs nothing when
 * imported, so the bundle can hold it as a CommonJS function.
 */
import { workerData } from 'node:worker_threads';
import { extractionModelOf, loadExtractionModel, type LoadedModel } from '../pipeline/extract.js';
import { serveTasks } from '../util/worker-pool/host.js';
import { openPageHandler, type PageHandlerInit, type PageMessage, type PageReply } from './batch-page.js';

/** Serves the pool's pages until the thread is stopped; `info`: sent with `ready` (where the code came from). */
export async function serveBatchPages(info?: unknown): Promise<void> {
  const init = (workerData ?? {}) as PageHandlerInit;
  await serveTasks<PageMessage, PageReply>(async () => {
    const handler = await openPageHandler(init, await workerModel(init));
    return {
      ...(info !== undefined ? { info } : {}),
      handle: (msg) => handler.handle(msg),
      // The batch is done with this worker: its browser goes before the thread does.
      close: () => handler.close(),
    };
  });
}

/** The main thread's copy of the model file when it handed one over, else the file read here. */
async function workerModel(init: PageHandlerInit): Promise<LoadedModel> {
  return init.modelFile !== undefined ? extractionModelOf(init.modelFile, init.modelPath) : loadExtractionModel(init.modelPath);
}
