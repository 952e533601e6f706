/**
 * The one interface for everything pith learns from pages: the block learners (CRF, MaxEnt,
 * ...), the subtree SVM, the wrapper's site rules and a block learner as one site's model.
 * A trainer takes a corpus of pages and options and returns the model file and a report of
 * plain data; writing the file, printing the report and choosing an exit code are the
 * caller's (`pith train` in cli/commands/train.ts). Trainers are looked up by name in
 * registry.ts.
 */
import type { PithErrorCode } from '../errors.js';
import type { FeatureOptions } from '../features/index.js';
import type { ModelFile, ParamSpec } from '../models/labeler.js';
import type { RawParams } from '../models/params.js';
import type { SvmTrainingReport } from '../models/svm/train.js';
import type { SiteNaming } from '../wrapper/site-groups.js';
import type { TrainingPages } from './training-pages.js';

/** A progress step: `stage` names the work (`features`, `train maxent`), `done` of `total`. */
export interface TrainStageProgress {
  readonly stage: string;
  readonly done: number;
  readonly total: number;
}

export interface TrainOptions {
  /** Raw learner parameters (`--set name=value`), checked against the trainer's `params`. */
  readonly params?: RawParams;
  /** The block feature families (trainers of block learners; others ignore them). */
  readonly features?: FeatureOptions;
  /** At most this many pages of each corpus (the first ones). */
  readonly limit?: number;
  /** A folder of cached layouts (`pith render -o DIR`): pages found there carry their boxes. */
  readonly layouts?: string;
  /** The host whose site model to learn (site models only; the wrapper's default: each page's host). */
  readonly site?: string;
  /** The general model that site models are stored beside (default: the bundled model). */
  readonly general?: string;
  /** Accept corpora marked eval-only for a general model (experiments; never a bundled model). */
  readonly allowEvalOnly?: boolean;
  /** Learn from pages without labels (trainers whose `learnsUnlabelled` is true). */
  readonly unlabelled?: boolean;
  readonly onProgress?: (event: TrainStageProgress) => void;
}

/** A page a trainer could not use, named `corpus/id` (or by its file for unlabelled pages). */
export interface UnusedPage {
  readonly page: string;
  readonly reason: string;
}

/** The general model site models were stored beside. */
export interface GeneralModelUsed {
  readonly algorithm: string;
  readonly path: string;
}

/** Pages a corpus reader left out before training (Corpus.skipped). */
export interface CorpusLeftOut {
  readonly name: string;
  readonly skipped?: ReadonlyArray<{ readonly id: string; readonly path: string; readonly reason: string }>;
}

/** A block learner trained on every page given: a general model. */
export interface BlockLearnerReport {
  readonly kind: 'block-learner';
  readonly algorithm: string;
  readonly pages: number;
  readonly blocks: number;
  readonly unused: readonly UnusedPage[];
  readonly seconds: { readonly dataset: number; readonly training: number };
  readonly leftOut: readonly CorpusLeftOut[];
  /** The visual family was asked for without a layout folder: every page reads as unrendered. */
  readonly visualWithoutLayouts: boolean;
}

/** A block learner trained on one site's pages, stored as that host's site model. */
export interface SiteLearnerReport {
  readonly kind: 'site-learner';
  readonly host: string;
  readonly algorithm: string;
  readonly pages: number;
  readonly unused: readonly UnusedPage[];
  readonly seconds: { readonly dataset: number; readonly training: number };
  readonly general: GeneralModelUsed;
}

/** The subtree SVM's body and title models. */
export interface SvmReport {
  readonly kind: 'svm';
  /** The trained labeler's own account (`describe()`). */
  readonly description: string;
  readonly pages: number;
  /** Pages that had a cached layout. */
  readonly rendered: number;
  readonly unused: readonly UnusedPage[];
  readonly training: SvmTrainingReport;
  readonly loadingSeconds: number;
}

/** One site model the wrapper learned from labelled pages. */
export interface WrapperSiteReport {
  readonly host: string;
  /** The site model's own account (`describe()`): rules, notes, pages skipped. */
  readonly description: string;
  readonly namedBy: SiteNaming | undefined;
  /** The page templates it is recognised by: paths and pages of each. */
  readonly templates: ReadonlyArray<{ readonly paths: number; readonly pages: number }>;
  /** Pages it learned from (none: it was not stored). */
  readonly pages: number;
}

/** Wrapper site models learned from labelled pages. */
export interface WrapperReport {
  readonly kind: 'wrapper';
  readonly sites: readonly WrapperSiteReport[];
  readonly pages: number;
  readonly msPerPage: number;
  readonly general: GeneralModelUsed;
}

/** Wrapper site models learned from pages without labels. */
export interface UnlabelledWrapperReport {
  readonly kind: 'wrapper-unlabelled';
  readonly unreadable: readonly UnusedPage[];
  readonly sites: ReadonlyArray<{ readonly description: string; readonly notes: readonly string[] }>;
  /** Hosts of the site models stored. */
  readonly hosts: readonly string[];
  readonly pages: number;
  readonly general: GeneralModelUsed;
}

export type TrainingReport = BlockLearnerReport | SiteLearnerReport | SvmReport | WrapperReport | UnlabelledWrapperReport;

/** Why nothing was learned (the caller turns it into a PithError and an exit code). */
export interface TrainingFailure {
  readonly code: PithErrorCode;
  readonly message: string;
  readonly subject?: string;
}

/** A trainer's result: the model file, or (nothing learned) the failure; the report either way. */
export type Trained =
  | { readonly model: ModelFile; readonly report: TrainingReport; readonly failure?: undefined }
  | { readonly model?: undefined; readonly report: TrainingReport; readonly failure: TrainingFailure };

export interface PageTrainer {
  /** The `--model` name. */
  readonly name: string;
  /** Parameters `--set` takes (none for the wrapper). */
  readonly params: readonly ParamSpec[];
  /** Whether the trainer can learn from pages without labels (`unlabelled`). */
  readonly learnsUnlabelled: boolean;
  /**
   * Learns from `pages`. Bad options and unreadable inputs throw PithError; a run that could
   * use no page returns its report with a `failure`.
   */
  train(pages: TrainingPages, options?: TrainOptions): Promise<Trained>;
}
