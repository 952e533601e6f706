/**
 * The one interface every learner shares, so the CLI, evaluation and the annotation
 * tool treat a CRF, a k-NN or a rule set alike: train -> predict with probabilities ->
 * explain -> serialise.
 */
import type { GoldLabel, Label } from '../labels.js';
import type { AttributeVocabulary, EncodedFeatures, FeatureSchema, SequenceInstance } from '../features/types.js';
import type { Page } from '../page.js';

export interface LabeledSequence extends SequenceInstance {
  /** Gold label per item; `unknown` items are ignored by training (partial gold). */
  readonly labels: readonly GoldLabel[];
}

export interface Prediction {
  /** Best label per item. */
  readonly labels: readonly Label[];
  /** Per item, probability of each label in `LABELS` order (title, heading, body, other). */
  readonly probs: readonly (readonly number[])[];
}

export interface FeatureContribution {
  readonly feature: string;
  /** Signed contribution towards the predicted label (weight x value, or the learner's own measure). */
  readonly weight: number;
}

export interface Labeler {
  readonly algorithm: AlgorithmName;
  predict(seq: SequenceInstance): Prediction;
  /**
   * Learners that read attribute numbers (the log-linear ones) expose their vocabulary and
   * predict from features encoded against it: the same prediction as `predict`, without
   * the named attributes being built first (extraction's fast path).
   */
  readonly vocabulary?: AttributeVocabulary;
  /**
   * The names of `vocabulary` that carry weight (same numbers); features encoded against it
   * predict the same, and extraction skips families with none of them. Absent: all of `vocabulary`.
   */
  readonly weightedVocabulary?: AttributeVocabulary;
  predictEncoded?(features: EncodedFeatures): Prediction;
  /**
   * Learners that select DOM subtrees rather than label a block sequence (the subtree SVM)
   * read the whole page (tree, blocks and, when rendered, its layout); the pipeline calls
   * this instead of `predict` when it is there.
   */
  predictPage?(page: Page): Prediction;
  /** The features that weighed most for item `i`'s label, strongest first. */
  explain(seq: SequenceInstance, i: number, top?: number): FeatureContribution[];
  /** The learner's own state as plain JSON (the model file's `body`). */
  toJSON(): unknown;
}

export type AlgorithmName = 'crf' | 'maxent' | 'memm' | 'knn' | 'igtree' | 'svm' | 'ripper' | 'mlp';

export type ParamType = 'number' | 'integer' | 'boolean' | 'string';

/** A training parameter, declared once: drives defaults, validation, `--set name=value` and help. */
export interface ParamSpec {
  readonly name: string;
  readonly type: ParamType;
  readonly default: number | boolean | string;
  readonly help: string;
  readonly min?: number;
  readonly max?: number;
  /** For string parameters: the allowed values. */
  readonly choices?: readonly string[];
}

export type Params = Readonly<Record<string, number | boolean | string>>;

export interface TrainProgress {
  (event: { readonly stage: string; readonly done: number; readonly total: number; readonly message?: string }): void;
}

/** What a trainer may know beyond the data (optional; learners that need nothing ignore it). */
export interface TrainContext {
  readonly schema?: FeatureSchema;
}

/** What every learner declares: its name, its training parameters, and how its model file's body is read back. */
export interface LabelerReader {
  readonly algorithm: AlgorithmName;
  readonly params: readonly ParamSpec[];
  /** Rebuilds a labeler from `toJSON()` output; throws PithError('BAD_MODEL') on malformed input. */
  fromJSON(body: unknown): Labeler;
}

/**
 * A block learner: trains on labelled block sequences. (A learner that reads whole pages, the
 * subtree SVM, is a `LabelerReader` only; its page trainer is in src/trainers.)
 */
export interface Trainer extends LabelerReader {
  /** `context.schema`: the schema the columns follow (names, kinds), for learners that use it. */
  train(data: readonly LabeledSequence[], params: Params, progress?: TrainProgress, context?: TrainContext): Labeler;
}

/** The versioned model file (docs/model-format.md). */
export interface ModelFile {
  readonly format: 'pith-model';
  readonly version: 1;
  readonly algorithm: AlgorithmName;
  readonly labels: readonly Label[];
  readonly featureSchema: FeatureSchema;
  /** The feature options the model was trained with (re-resolved at load; must give `featureSchema.hash`). */
  readonly featureOptions?: Readonly<Record<string, unknown>>;
  readonly trainingCorpora: ReadonlyArray<{ readonly name: string; readonly pages: number; readonly hash: string }>;
  readonly params: Params;
  readonly createdAt: string;
  readonly body: unknown;
}
