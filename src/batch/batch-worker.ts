/**
 * A batch worker thread (a worker pool's, src/util/worker-pool): loads the model once, then
 * turns each page it is sent into its line with batch-page.ts's handler (the tasks and answers
 * are described there). Used by `pith batch` and the queue worker.
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { loadExtractionModel } from '../pipeline/extract.js';
import { serveTasks } from '../util/worker-pool/host.js';
import { openPageHandler, type PageHandlerInit, type PageMessage, type PageReply } from './batch-page.js';

export type { PageMessage, PageReply } from './batch-page.js';

if (!isMainThread) {
  const init = (workerData ?? {}) as PageHandlerInit;
  await serveTasks<PageMessage, PageReply>(async () => {
    const handler = await openPageHandler(init, await loadExtractionModel(init.modelPath));
    return {
      handle: (msg) => handler.handle(msg),
      // The batch is done with this worker: its browser goes before the thread does.
      close: () => handler.close(),
    };
  });
}
