/**
 * Algorithm name -> learner: the one place that knows every learner. Add a block learner by
 * adding its Trainer to BLOCK_LEARNERS; a learner that trains on whole pages adds its
 * reader to PAGE_LEARNERS and a page trainer in src/trainers.
 */
import { PithError } from '../errors.js';
import type { AlgorithmName, Labeler, LabelerReader, ModelFile, Trainer } from './labeler.js';
import { crfTrainer } from './crf/crf.js';
import { maxentTrainer } from './maxent/maxent.js';
import { memmTrainer } from './memm/memm.js';
import { igtreeTrainer, knnTrainer } from './knn/index.js';
import { mlpTrainer } from './mlp/mlp.js';
import { ripperTrainer } from './ripper/ripper.js';
import { svmReader } from './svm/labeler.js';

/** Learners that train on labelled block sequences, in registry order. */
const BLOCK_LEARNERS: Readonly<Partial<Record<AlgorithmName, Trainer>>> = Object.freeze({
  crf: crfTrainer,
  maxent: maxentTrainer,
  memm: memmTrainer,
  knn: knnTrainer,
  igtree: igtreeTrainer,
  mlp: mlpTrainer,
  ripper: ripperTrainer,
});

/** Learners that train on whole pages (src/trainers holds their page trainers). */
const PAGE_LEARNERS: Readonly<Partial<Record<AlgorithmName, LabelerReader>>> = Object.freeze({
  svm: svmReader,
});

const READERS: Readonly<Partial<Record<AlgorithmName, LabelerReader>>> = Object.freeze({ ...BLOCK_LEARNERS, ...PAGE_LEARNERS });

/** Every algorithm a model file may hold, block learners first, in registry order. */
export function availableAlgorithms(): AlgorithmName[] {
  return Object.keys(READERS) as AlgorithmName[];
}

/** The algorithms that train on block sequences (`getTrainer` gives their trainers). */
export function blockLearners(): AlgorithmName[] {
  return Object.keys(BLOCK_LEARNERS) as AlgorithmName[];
}

/** The parameters and reader of the learner named `name`; undefined when there is none (a name off the registry, never an Object.prototype key). */
export function findLearner(name: string): LabelerReader | undefined {
  return Object.hasOwn(READERS, name) ? (READERS as Record<string, LabelerReader>)[name] : undefined;
}

/** The parameters and reader of any learner; PithError('BAD_OPTION') naming the available ones otherwise. */
export function getLearner(name: string): LabelerReader {
  const r = findLearner(name);
  if (!r) throw new PithError('BAD_OPTION', `unknown algorithm '${name}' (available: ${availableAlgorithms().join(', ')})`);
  return r;
}

/**
 * The block-sequence trainer for `name`; PithError('BAD_OPTION') for an unknown name, or for a
 * learner that trains on whole pages (its page trainer is in src/trainers).
 */
export function getTrainer(name: string): Trainer {
  const t = (BLOCK_LEARNERS as Record<string, Trainer | undefined>)[name];
  if (t) return t;
  const { algorithm } = getLearner(name);
  throw new PithError('BAD_OPTION', `the ${algorithm} learner trains on whole pages, not block sequences: use \`pith train CORPUS --model ${algorithm} -o MODEL\` (src/trainers)`);
}

/** Rebuilds the labeler stored in a (validated) model file. */
export function labelerFromModel(file: ModelFile): Labeler {
  const r = findLearner(file.algorithm);
  if (!r) throw new PithError('BAD_MODEL', `this pith cannot load '${file.algorithm}' models (available: ${availableAlgorithms().join(', ')})`);
  return r.fromJSON(file.body);
}

/** A labeler that can print itself as readable text (`pith model dump`). */
export interface DescribableLabeler extends Labeler {
  describe(top: number): string;
}

export function isDescribable(l: Labeler): l is DescribableLabeler {
  return typeof (l as Partial<DescribableLabeler>).describe === 'function';
}
