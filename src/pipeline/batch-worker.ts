/**
 * A batch worker thread: loads the model once, then extracts each page it is sent.
 * Messages in: {path, id, root?}; out: {id, line} where line is the JSONL record (result or
 * error). `root`: the input folder the file was found in; a file whose real path has left it
 * is not read (OUTSIDE_ROOT). Reads are bounded (16 MiB, regular files only: see readPageBytes).
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
interface PageMessage {
  readonly path: string;
  readonly id: string;
  readonly root?: string;
}

async function handle(msg: PageMessage): Promise<void> {
  let line: string;
  let ok = true;
  try {
    const bytes = await readPageBytes(msg.path, undefined, msg.root !== undefined ? { root: msg.root } : {});
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
port.on('message', (msg: PageMessage) => {
  queue = queue.then(() => handle(msg));
});
port.postMessage({ ready: true });
