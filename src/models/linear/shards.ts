/**
 * Data-parallel objectives: the training sequences are cut into contiguous shards of about
 * equal work, each worker thread evaluates its shard's loss and gradient, and the main
 * thread sums them. The optimiser still sees one synchronous `Objective`, so L-BFGS and the
 * learners stay unaware of threads.
 *
 * The threads meet on shared memory: the weights are copied into one SharedArrayBuffer,
 * each worker writes its gradient into its own, and `Atomics.wait/notify` on a small
 * control block hands evaluations over. Blocking waits keep the objective synchronous; a
 * worker that fails reports it through the control block (the main thread cannot see
 * worker events while it waits), and one that stops answering is timed out.
 */
import { Worker } from 'node:worker_threads';
import { PithError } from '../../errors.js';
import type { Objective } from '../optim/types.js';
import type { EncodedItems } from './encode.js';
import type { FeatureIndex } from './feature-index.js';
import type { LinearAlgorithm } from './model.js';

/** Control block slots (Int32Array over a SharedArrayBuffer). */
export const CTRL = Object.freeze({ request: 0, done: 1, status: 2, stop: 3, size: 4 });
export const STATUS = Object.freeze({ starting: 0, ready: 1, failed: 2 });

/** What a shard worker needs: enough of the FeatureIndex for scoring, its items and the shared buffers. */
export interface ShardWorkerData {
  readonly algorithm: LinearAlgorithm;
  readonly index: Pick<FeatureIndex, 'own' | 'prev' | 'next' | 'rows' | 'history'>;
  readonly enc: EncodedItems;
  readonly gold: Int8Array;
  readonly L: number;
  readonly edges: boolean;
  readonly weights: SharedArrayBuffer;
  readonly gradient: SharedArrayBuffer;
  readonly control: SharedArrayBuffer;
  /** Loss (slot 0) and, on failure, nothing: the message goes to `message`. */
  readonly loss: SharedArrayBuffer;
  /** UTF-8 error text of a failed evaluation, zero-padded. */
  readonly message: SharedArrayBuffer;
}

export type ObjectiveFactory = (ix: FeatureIndex, enc: EncodedItems, gold: Int8Array, L: number, sigma: number, options: { readonly edges?: boolean }) => Objective;

export interface ShardedObjective {
  readonly objective: Objective;
  /** Threads actually used (1 = no workers were started). */
  readonly threads: number;
  /** Stops the workers; safe to call twice. */
  close(): void;
}

/** A worker that has not answered this long after the main thread's own shard is taken for dead. */
const MIN_STALL_MS = 120_000;
const STALL_FACTOR = 50;
const START_TIMEOUT_MS = 60_000;
const MESSAGE_BYTES = 2048;

/**
 * Sequence boundaries that cut [0, nSeq) into `parts` runs of about equal attribute count
 * (the work of an evaluation is linear in it). Returns parts + 1 sequence numbers.
 */
export function shardBounds(enc: EncodedItems, parts: number): number[] {
  const nSeq = enc.seqStart.length - 1;
  const total = enc.itemStart[enc.seqStart[nSeq]!]!;
  const bounds = [0];
  let s = 0;
  for (let k = 1; k < parts; k++) {
    const target = (total * k) / parts;
    while (s < nSeq && enc.itemStart[enc.seqStart[s + 1]!]! <= target) s++;
    bounds.push(Math.max(s, bounds[bounds.length - 1]!));
  }
  bounds.push(nSeq);
  return bounds;
}

/** Sequences [s0, s1) as their own EncodedItems (offsets rebased, arrays copied) and gold. */
export function sliceEncoded(enc: EncodedItems, gold: Int8Array, s0: number, s1: number): { enc: EncodedItems; gold: Int8Array } {
  const i0 = enc.seqStart[s0]!, i1 = enc.seqStart[s1]!;
  const p0 = enc.itemStart[i0]!, p1 = enc.itemStart[i1]!;
  const itemStart = enc.itemStart.slice(i0, i1 + 1);
  for (let i = 0; i < itemStart.length; i++) itemStart[i]! -= p0;
  const seqStart = enc.seqStart.slice(s0, s1 + 1);
  for (let s = 0; s < seqStart.length; s++) seqStart[s]! -= i0;
  return {
    enc: { itemStart, seqStart, ids: enc.ids.slice(p0, p1), vals: enc.vals ? enc.vals.slice(p0, p1) : null },
    gold: gold.slice(i0, i1),
  };
}

interface ShardWorker {
  readonly worker: Worker;
  readonly ctrl: Int32Array;
  readonly loss: Float64Array;
  readonly gradient: Float64Array;
  readonly message: Uint8Array;
}

function failureText(w: ShardWorker): string {
  const end = w.message.indexOf(0);
  return new TextDecoder().decode(w.message.subarray(0, end < 0 ? undefined : end)) || 'unknown error';
}

/**
 * The objective of `makeObjective` over all sequences, evaluated by `threads` threads (the
 * main thread takes the first shard). The Gaussian prior is added once, by the main shard.
 * Falls back to one thread when workers cannot start.
 */
export function shardedObjective(
  algorithm: LinearAlgorithm, makeObjective: ObjectiveFactory,
  ix: FeatureIndex, enc: EncodedItems, gold: Int8Array, L: number, sigma: number, dim: number,
  options: { readonly edges?: boolean; readonly threads: number },
): ShardedObjective {
  const nSeq = enc.seqStart.length - 1;
  const threads = Math.max(1, Math.min(Math.floor(options.threads), nSeq));
  const oneThread = (): ShardedObjective => ({ objective: makeObjective(ix, enc, gold, L, sigma, options), threads: 1, close: () => {} });
  if (threads === 1) return oneThread();
  const bounds = shardBounds(enc, threads);
  const weights = new SharedArrayBuffer(dim * 8);
  const W = new Float64Array(weights);
  const workers: ShardWorker[] = [];
  const close = () => {
    for (const w of workers.splice(0)) {
      Atomics.store(w.ctrl, CTRL.stop, 1);
      Atomics.add(w.ctrl, CTRL.request, 1);
      Atomics.notify(w.ctrl, CTRL.request);
      void w.worker.terminate();
    }
  };
  const index = { own: ix.own, prev: ix.prev, next: ix.next, rows: ix.rows, history: ix.history };
  for (let k = 1; k < threads; k++) {
    const shard = sliceEncoded(enc, gold, bounds[k]!, bounds[k + 1]!);
    const data: ShardWorkerData = {
      algorithm, index, enc: shard.enc, gold: shard.gold, L, edges: options.edges === true, weights,
      gradient: new SharedArrayBuffer(dim * 8),
      control: new SharedArrayBuffer(CTRL.size * 4),
      loss: new SharedArrayBuffer(8),
      message: new SharedArrayBuffer(MESSAGE_BYTES),
    };
    const worker = new Worker(new URL('./shard-worker.js', import.meta.url), { workerData: data });
    worker.unref();
    // Failures are reported through the control block; this only keeps an error from being unhandled.
    worker.on('error', () => {});
    workers.push({
      worker, ctrl: new Int32Array(data.control), loss: new Float64Array(data.loss),
      gradient: new Float64Array(data.gradient), message: new Uint8Array(data.message),
    });
  }
  for (const w of workers) {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Atomics.load(w.ctrl, CTRL.status) === STATUS.starting && Date.now() < deadline) {
      Atomics.wait(w.ctrl, CTRL.status, STATUS.starting, 100);
    }
    if (Atomics.load(w.ctrl, CTRL.status) !== STATUS.ready) {
      // Workers cannot run here (or failed to load): train on one thread rather than not at all.
      close();
      return oneThread();
    }
  }
  const main = sliceEncoded(enc, gold, bounds[0]!, bounds[1]!);
  const local = makeObjective(ix, main.enc, main.gold, L, sigma, options);
  const objective: Objective = (x, G) => {
    W.set(x);
    for (const w of workers) {
      Atomics.add(w.ctrl, CTRL.request, 1);
      Atomics.notify(w.ctrl, CTRL.request);
    }
    const t0 = Date.now();
    let f = local(x, G);
    const allowed = Math.max(MIN_STALL_MS, STALL_FACTOR * (Date.now() - t0));
    for (const w of workers) {
      const want = Atomics.load(w.ctrl, CTRL.request);
      const since = Date.now();
      for (let got = Atomics.load(w.ctrl, CTRL.done); got !== want; got = Atomics.load(w.ctrl, CTRL.done)) {
        if (Date.now() - since > allowed) {
          close();
          throw new PithError('TRAINING_FAILED', `a training thread stopped answering (no result in ${Math.round(allowed / 1000)} s)`);
        }
        Atomics.wait(w.ctrl, CTRL.done, got, 1000);
      }
      if (Atomics.load(w.ctrl, CTRL.status) === STATUS.failed) {
        const text = failureText(w);
        close();
        throw new PithError('TRAINING_FAILED', `a training thread failed: ${text}`);
      }
      f += w.loss[0]!;
      const g = w.gradient;
      for (let j = 0; j < G.length; j++) G[j]! += g[j]!;
    }
    return f;
  };
  return { objective, threads, close };
}
