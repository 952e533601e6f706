/**
 * The worker side of a worker pool: a worker module calls `serveTasks` once with what it
 * loads (a model, a browser) and how it handles one task. Tasks are handled one at a time in
 * the order sent, even while later ones wait; a setup that throws ends the thread with that
 * error, which the pool reports as the worker failing to start.
 */
import { parentPort } from 'node:worker_threads';
import { taskFailure, type FromWorker, type ToWorker } from './protocol.js';

export interface TaskHandler<I, O> {
  /** Sent to the pool with `ready`; the pool keeps the first worker's (`WorkerPool.info`). */
  readonly info?: unknown;
  handle(task: I): Promise<O> | O;
  /** Releases what the worker holds before the pool stops it (a graceful close). */
  close?(): Promise<void>;
}

/** Runs `setup`, then answers the pool's tasks until the thread is stopped. */
export async function serveTasks<I, O>(setup: () => Promise<TaskHandler<I, O>> | TaskHandler<I, O>): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread started by a WorkerPool');
  const handler = await setup();
  const send = (msg: FromWorker<O>): void => port.postMessage(msg);
  let chain = Promise.resolve();
  port.on('message', (msg: ToWorker<I>) => {
    chain = chain.then(msg.kind === 'close' ? () => closeWith(handler, send) : () => answer(handler, msg.task, send));
  });
  send({ kind: 'ready', info: handler.info });
}

async function answer<I, O>(handler: TaskHandler<I, O>, task: I, send: (msg: FromWorker<O>) => void): Promise<void> {
  try {
    send({ kind: 'done', value: await handler.handle(task) });
  } catch (e) {
    send({ kind: 'failed', error: taskFailure(e) });
  }
}

async function closeWith<I, O>(handler: TaskHandler<I, O>, send: (msg: FromWorker<O>) => void): Promise<void> {
  await handler.close?.().catch(() => undefined);
  send({ kind: 'closed' });
}
