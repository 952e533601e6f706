/**
 * Cross-validation as a plain function over anything that can be fitted (TiMBL's lesson:
 * not a subclass of an experiment class). For each fold the learner is fitted on the
 * training pages only and the resulting extractor is evaluated on the test pages; the
 * test pages of all folds are then pooled into one summary (block-labelling study: "aggregated from
 * four-fold cross validation"), next to the per-fold summaries.
 */
import { PithError } from '../errors.js';
import type { Extractor } from './extractor.js';
import { summarize, type MetricSummary, type PageScores } from './page-scores.js';
import { evaluatePages, type ErrorSample, type PageRef, type RunOptions } from './runner.js';
import { makeFolds, type Split, type SplitOptions } from './splits.js';

/** A learner: anything that turns training pages into an extractor. */
export interface Fittable {
  readonly name: string;
  fit(trainPages: readonly PageRef[]): Promise<Extractor>;
}

export interface CrossValidateOptions extends SplitOptions, RunOptions {
  /**
   * Text used to find near-duplicate pages; default: the gold main text (or the `with`
   * snippets joined) from the corpus, which needs no page loading.
   */
  readonly textOf?: (ref: PageRef) => string | undefined;
  /** Called when a fold starts fitting. */
  readonly onFold?: (e: { readonly fold: number; readonly folds: number; readonly train: number; readonly test: number }) => void;
}

export interface FoldResult {
  readonly index: number;
  readonly trainPages: number;
  readonly testPages: number;
  readonly errors: number;
  readonly errorSamples: readonly ErrorSample[];
  readonly summary: MetricSummary;
}

export interface CrossValidationResult {
  readonly learner: string;
  readonly split: Split;
  readonly folds: readonly FoldResult[];
  /** Scores of every test page of every fold. */
  readonly scores: readonly PageScores[];
  readonly errors: number;
  readonly summary: MetricSummary;
}

/** The corpus' own text for a page, for near-duplicate detection without loading it. */
export function goldTextForDuplicates(ref: PageRef): string | undefined {
  const g = ref.page.gold;
  if (g.mainText) return g.mainText;
  if (g.segments?.length) return g.segments.filter((s) => s.label === 'body' || s.label === 'heading').map((s) => s.text).join('\n');
  if (g.snippets?.with.length) return g.snippets.with.join('\n');
  return undefined;
}

export async function crossValidate(pages: readonly PageRef[], learner: Fittable, options: CrossValidateOptions = {}): Promise<CrossValidationResult> {
  const textOf = options.textOf ?? goldTextForDuplicates;
  const items = pages.map((r) => {
    const text = textOf(r);
    return text !== undefined ? { site: r.page.site, text } : { site: r.page.site };
  });
  const split = makeFolds(items, options);
  const folds: FoldResult[] = [];
  const scores: PageScores[] = [];
  let errors = 0;
  for (const fold of split.folds) {
    const testSet = new Set(fold.test);
    if (fold.train.some((i) => testSet.has(i))) throw new PithError('BAD_OPTION', `fold ${fold.index} trains on a test page`);
    const train = Object.freeze(fold.train.map((i) => pages[i]!));
    const test = fold.test.map((i) => pages[i]!);
    options.onFold?.({ fold: fold.index, folds: split.folds.length, train: train.length, test: test.length });
    const extractor = await learner.fit(train);
    const result = await evaluatePages(test, [extractor], options);
    const runs = result.corpora.flatMap((c) => c.runs.map((r) => ({ run: r, loadErrors: c.loadErrors, loadSamples: c.loadErrorSamples })));
    const foldScores = runs.flatMap((x) => x.run.scores);
    const foldErrors = runs.reduce((a, x) => a + x.run.errors + x.loadErrors, 0);
    const samples = runs.flatMap((x) => [...x.loadSamples, ...x.run.errorSamples]).slice(0, options.errorSamples ?? 5);
    scores.push(...foldScores);
    errors += foldErrors;
    folds.push({ index: fold.index, trainPages: train.length, testPages: test.length, errors: foldErrors, errorSamples: samples, summary: summarize(foldScores) });
  }
  return { learner: learner.name, split, folds, scores, errors, summary: summarize(scores) };
}
