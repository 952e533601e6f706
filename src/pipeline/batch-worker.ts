/**
 * A batch worker thread: loads the model once, then extracts each page it is sent.
 * Messages in: {path, id}; out: {id, line} where line is the JSONL record (result or error).
 * Pages are handled one after another in the order sent (the batch relies on that order to
 * know which page a crash interrupted), even while the next one waits in the queue.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readPageBytes } from '../page.js';
import { extractBytes, KEEP_COMMENTS, loadExtractionModel, resultToJson } from './extract.js';
import { isPithError } from '../errors.js';

interface WorkerInit {
  readonly modelPath: string;
  readonly withBlocks: boolean;
  readonly keepComments: boolean;
}

const init = workerData as WorkerInit;
const port = parentPort!;
const model = await loadExtractionModel(init.modelPath);
async function handle(msg: { path: string; id: string }): Promise<void> {
  let line: string;
  let ok = true;
  try {
    const bytes = await readPageBytes(msg.path);
    const result = extractBytes(bytes, model, { id: msg.id }, init.keepComments ? KEEP_COMMENTS : {}, msg.path);
    line = JSON.stringify({ id: msg.id, ...resultToJson(result, init.withBlocks) });
  } catch (e) {
    const error = isPithError(e) ? { code: e.code, message: e.message } : { code: 'INTERNAL', message: (e as Error).message };
    line = JSON.stringify({ id: msg.id, error });
    ok = false;
  }
  port.postMessage({ id: msg.id, line, ok });
}
let queue = Promise.resolve();
port.on('message', (msg: { path: string; id: string }) => {
  queue = queue.then(() => handle(msg));
});
port.postMessage({ ready: true });
