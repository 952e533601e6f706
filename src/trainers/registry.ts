/**
 * `--model` name -> page trainer: the one place that knows everything `pith train` can learn.
 * Every block learner of the learner registry (models/registry.ts) is a trainer here; the
 * subtree SVM and the wrapper, which read whole pages, have trainers of their own.
 */
import { blockLearners } from '../models/registry.js';
import { DEFAULT_MODEL_RECIPE } from '../learn/default-model.js';
import { blockLearnerTrainer } from './block-learner.js';
import { svmPageTrainer } from './svm.js';
import type { PageTrainer } from './trainer.js';
import { wrapperTrainer } from './wrapper.js';

const TRAINERS: readonly PageTrainer[] = Object.freeze([...blockLearners().map(blockLearnerTrainer), svmPageTrainer, wrapperTrainer]);

/** Every trainer, in registry order (block learners, then the SVM and the wrapper). */
export function pageTrainers(): readonly PageTrainer[] {
  return TRAINERS;
}

export function trainerNames(): string[] {
  return TRAINERS.map((t) => t.name);
}

/** The trainer called `name`, if there is one. */
export function findTrainer(name: string): PageTrainer | undefined {
  return TRAINERS.find((t) => t.name === name);
}

/** The trainer of the bundled model's recipe (the default of `pith train`). */
export function defaultTrainerName(): string {
  return DEFAULT_MODEL_RECIPE.algorithm;
}
