/**
 * One shard of a data-parallel objective (see shards.ts): waits for a request on the
 * control block, evaluates its sequences' loss and gradient at the shared weights without
 * the prior (the main shard adds it once) and signals the result. Errors are written to the
 * shared message buffer, because the main thread is blocked and cannot see worker events.
 */
import { workerData } from 'node:worker_threads';
import { crfObjective } from '../crf/objective.js';
import { maxentObjective } from '../maxent/maxent.js';
import { memmObjective } from '../memm/memm.js';
import type { FeatureIndex } from './feature-index.js';
import type { LinearAlgorithm } from './model.js';
import { CTRL, STATUS, type ObjectiveFactory, type ShardWorkerData } from './shards.js';

const FACTORIES: Record<LinearAlgorithm, ObjectiveFactory> = { crf: crfObjective, maxent: maxentObjective, memm: memmObjective };

const data = workerData as ShardWorkerData;
const ctrl = new Int32Array(data.control);
const loss = new Float64Array(data.loss);
const message = new Uint8Array(data.message);
const W = new Float64Array(data.weights);
const G = new Float64Array(data.gradient);

function fail(e: unknown): void {
  const text = new TextEncoder().encode(e instanceof Error ? e.message : String(e)).subarray(0, message.length - 1);
  message.fill(0);
  message.set(text);
  Atomics.store(ctrl, CTRL.status, STATUS.failed);
}

let objective: ((x: Float64Array, g: Float64Array) => number) | undefined;
try {
  // Only the fields scoring reads travel; names and lookup stay on the main thread.
  const ix = { ...data.index, names: [], lookup: new Map() } as FeatureIndex;
  objective = FACTORIES[data.algorithm](ix, data.enc, data.gold, data.L, Infinity, { edges: data.edges });
  Atomics.store(ctrl, CTRL.status, STATUS.ready);
} catch (e) {
  fail(e);
}
Atomics.notify(ctrl, CTRL.status);

let seen = 0;
while (objective !== undefined) {
  Atomics.wait(ctrl, CTRL.request, seen);
  seen = Atomics.load(ctrl, CTRL.request);
  if (Atomics.load(ctrl, CTRL.stop) === 1) break;
  try {
    // sigma = Infinity: the prior term and its gradient are zero here.
    loss[0] = objective(W, G);
  } catch (e) {
    fail(e);
  }
  Atomics.store(ctrl, CTRL.done, seen);
  Atomics.notify(ctrl, CTRL.done);
  if (Atomics.load(ctrl, CTRL.status) === STATUS.failed) break;
}
