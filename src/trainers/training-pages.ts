/**
 * The corpus of pages a trainer learns from: the folders and files named (`pith train
 * FOLDER...`), opened the way the trainer reads them (labelled corpora, or HTML pages for
 * learning without labels), each at most once.
 */
import { PithError } from '../errors.js';
import type { Corpus } from '../corpus/types.js';
import { openCorpora } from '../learn/dataset.js';
import { collectPages, type CollectedPages } from '../batch/batch.js';

export class TrainingPages {
  private opened: Promise<readonly Corpus[]> | undefined;

  private constructor(
    /** The folders and files as named; error messages name them. */
    readonly inputs: readonly string[],
    corpora?: readonly Corpus[],
  ) {
    if (corpora) this.opened = Promise.resolve(corpora);
  }

  /** Pages at these paths: corpus folders, or HTML files and folders for learning without labels. */
  static at(inputs: readonly string[]): TrainingPages {
    return new TrainingPages(inputs);
  }

  /** Corpora already opened (benchmarks, tests). */
  static ofCorpora(corpora: readonly Corpus[]): TrainingPages {
    return new TrainingPages(corpora.map((c) => c.root), corpora);
  }

  /** The inputs as labelled corpora (opened once). */
  corpora(): Promise<readonly Corpus[]> {
    return (this.opened ??= openCorpora(this.inputs));
  }

  /** The inputs as page files (files, and the pages found under folders). */
  files(): Promise<CollectedPages> {
    return collectPages(this.inputs);
  }

  /** What error messages about the inputs name as their subject. */
  get subject(): string {
    return this.inputs.join(', ');
  }
}

/**
 * Corpora marked eval-only (../shared/corpora/README.md) teach no general model unless the
 * caller allows it for an experiment; site models are per-site learning and accept them.
 */
export function refuseEvalOnly(corpora: readonly Corpus[], allow: boolean | undefined): void {
  const evalOnly = corpora.filter((c) => c.use === 'eval-only');
  if (evalOnly.length && !allow) {
    throw new PithError('BAD_OPTION', `${evalOnly.map((c) => c.name).join(', ')} may be used for evaluation only (see ../shared/corpora/README.md); pass --allow-eval-only for experiments`);
  }
}
