/** The Trainer of a log-linear learner (CRF, MaxEnt, MEMM): its objective and labeler, the shared driver. */
import type { Labeler, LabeledSequence, LabelerReader, Params, ParamSpec, Trainer, TrainProgress } from '../labeler.js';
import { resolveParams } from '../params.js';
import type { LinearLabeler } from './labeler-base.js';
import { linearFromJSON, type LinearAlgorithm, type LinearModel } from './model.js';
import { trainLinearModel, type ObjectiveFactory } from './train.js';

/** A log-linear learner's Trainer, which also wraps a model already read (a compiled model file's) in its labeler. */
export interface LinearTrainer extends Trainer {
  readonly algorithm: LinearAlgorithm;
  fromModel(model: LinearModel): LinearLabeler;
}

/** Whether a learner is a log-linear one, which can wrap a model already read (the only kind compiled). */
export function isLinearTrainer(learner: LabelerReader): learner is LinearTrainer {
  return typeof (learner as Partial<LinearTrainer>).fromModel === 'function';
}

export function linearTrainer(
  algorithm: LinearAlgorithm, params: readonly ParamSpec[], objective: ObjectiveFactory, Labeler: new (model: LinearModel) => LinearLabeler,
): LinearTrainer {
  return {
    algorithm,
    params,
    fromModel: (model) => new Labeler(model),
    train(data: readonly LabeledSequence[], given: Params, progress?: TrainProgress): Labeler {
      return new Labeler(trainLinearModel(algorithm, data, resolveParams(params, given), objective, progress));
    },
    fromJSON(body: unknown): Labeler {
      return new Labeler(linearFromJSON(body, algorithm));
    },
  };
}
