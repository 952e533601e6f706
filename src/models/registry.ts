/**
 * Algorithm name -> Trainer: the one place that knows every learner. Add a learner by
 * adding its entry to TRAINERS.
 */
import { PithError } from '../errors.js';
import type { AlgorithmName, Labeler, ModelFile, Trainer } from './labeler.js';
import { crfTrainer } from './crf/crf.js';
import { maxentTrainer } from './maxent/maxent.js';
import { memmTrainer } from './memm/memm.js';
import { igtreeTrainer, knnTrainer } from './knn/index.js';
import { mlpTrainer } from './mlp/mlp.js';
import { ripperTrainer } from './ripper/ripper.js';
import { svmTrainer } from './svm/labeler.js';

const TRAINERS: Readonly<Partial<Record<AlgorithmName, Trainer>>> = Object.freeze({
  crf: crfTrainer,
  maxent: maxentTrainer,
  memm: memmTrainer,
  knn: knnTrainer,
  igtree: igtreeTrainer,
  mlp: mlpTrainer,
  ripper: ripperTrainer,
  svm: svmTrainer,
});

/** Algorithms with a trainer, in registry order. */
export function availableAlgorithms(): AlgorithmName[] {
  return Object.keys(TRAINERS) as AlgorithmName[];
}

/** The trainer for `name`; PithError('BAD_OPTION') naming the available ones otherwise. */
export function getTrainer(name: string): Trainer {
  const t = (TRAINERS as Record<string, Trainer | undefined>)[name];
  if (!t) throw new PithError('BAD_OPTION', `unknown algorithm '${name}' (available: ${availableAlgorithms().join(', ')})`);
  return t;
}

/** Rebuilds the labeler stored in a (validated) model file. */
export function labelerFromModel(file: ModelFile): Labeler {
  const t = (TRAINERS as Record<string, Trainer | undefined>)[file.algorithm];
  if (!t) throw new PithError('BAD_MODEL', `this pith cannot load '${file.algorithm}' models (available: ${availableAlgorithms().join(', ')})`);
  return t.fromJSON(file.body);
}

/** A labeler that can print itself as readable text (`pith model dump`). */
export interface DescribableLabeler extends Labeler {
  describe(top: number): string;
}

export function isDescribable(l: Labeler): l is DescribableLabeler {
  return typeof (l as Partial<DescribableLabeler>).describe === 'function';
}
