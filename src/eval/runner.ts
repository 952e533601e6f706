/**
 * The evaluation runner: every page is loaded, parsed, segmented and aligned to its gold
 * once, then handed to every extractor; each extraction is scored on every metric the
 * page's gold supports. One extractor failing on one page is counted and reported, never
 * fatal; a page that cannot be loaded is counted for its corpus and skipped.
 * Pages are processed one at a time and only their scores (counts) are kept.
 */
import type { Corpus } from '../corpus/types.js';
import type { GoldLabel } from '../labels.js';
import type { ExtractorOutput, Extractor } from './extractor.js';
import type { LoadedPage, PageLoader, PageRef } from './page-ref.js';
import { scorePage, summarize, type MetricSummary, type PageScores } from './page-scores.js';

export type { LoadedPage, PageLoader, PageRef } from './page-ref.js';

export interface ProgressEvent {
  readonly corpus: string;
  readonly done: number;
  readonly total: number;
}

export interface RunOptions {
  /** Loads a page; default `loadForEval` (src/eval/load.ts). */
  readonly loader?: PageLoader;
  /** Called after each page. */
  readonly onProgress?: (e: ProgressEvent) => void;
  /** How many error messages to keep per extractor and per corpus. Default 5. */
  readonly errorSamples?: number;
}

export interface ErrorSample {
  readonly pageId: string;
  readonly message: string;
}

export interface ExtractorRun {
  readonly extractor: string;
  /** Scores of the pages this extractor handled without error. */
  readonly scores: readonly PageScores[];
  readonly errors: number;
  readonly errorSamples: readonly ErrorSample[];
  /** Milliseconds spent in `extract` over all pages. */
  readonly ms: number;
  readonly summary: MetricSummary;
}

export interface CorpusRun {
  readonly corpus: string;
  readonly format: string;
  readonly use: string;
  /** Pages attempted. */
  readonly pages: number;
  readonly loadErrors: number;
  readonly loadErrorSamples: readonly ErrorSample[];
  readonly runs: readonly ExtractorRun[];
}

export interface EvalResult {
  readonly corpora: readonly CorpusRun[];
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

interface RunState {
  scores: PageScores[];
  errors: number;
  errorSamples: ErrorSample[];
  ms: number;
}

/** What a failed extraction is scored as: nothing found. */
const NOTHING: ExtractorOutput = Object.freeze({ title: '', headings: Object.freeze([]), body: '' });

/**
 * Runs one extractor on one loaded page. An exception becomes an error count, and the page is
 * scored as an extraction of nothing: left out, a page the extractor fails on would raise its
 * means instead of lowering them.
 */
async function runOne(extractor: Extractor, loaded: LoadedPage, site: string, state: RunState, maxSamples: number): Promise<void> {
  const t0 = performance.now();
  try {
    const input = extractor.needsGold
      ? { page: loaded.page, html: loaded.html, ...(loaded.gold.blockLabels ? { goldLabels: loaded.gold.blockLabels as readonly GoldLabel[] } : {}) }
      : { page: loaded.page, html: loaded.html };
    const extraction: ExtractorOutput = await extractor.extract(input);
    state.ms += performance.now() - t0;
    state.scores.push(scorePage(loaded.page.id, site, extraction, loaded.gold));
  } catch (e) {
    state.ms += performance.now() - t0;
    state.errors++;
    if (state.errorSamples.length < maxSamples) state.errorSamples.push({ pageId: loaded.page.id, message: message(e) });
    state.scores.push(scorePage(loaded.page.id, site, NOTHING, loaded.gold));
  }
}

/**
 * Evaluates extractors over pages (grouped by corpus in the result, in the order corpora
 * first appear). Every page is loaded once for all extractors.
 */
export async function evaluatePages(refs: readonly PageRef[], extractors: readonly Extractor[], options: RunOptions = {}): Promise<EvalResult> {
  const loader = options.loader ?? (await defaultLoader());
  const maxSamples = options.errorSamples ?? 5;
  const byCorpus = new Map<Corpus, PageRef[]>();
  for (const r of refs) {
    let list = byCorpus.get(r.corpus);
    if (!list) byCorpus.set(r.corpus, (list = []));
    list.push(r);
  }
  const corpora: CorpusRun[] = [];
  for (const [corpus, list] of byCorpus) {
    const states: RunState[] = extractors.map(() => ({ scores: [], errors: 0, errorSamples: [], ms: 0 }));
    let loadErrors = 0;
    const loadErrorSamples: ErrorSample[] = [];
    let done = 0;
    for (const ref of list) {
      let loaded: LoadedPage | undefined;
      try {
        loaded = await loader(ref);
      } catch (e) {
        loadErrors++;
        if (loadErrorSamples.length < maxSamples) loadErrorSamples.push({ pageId: ref.page.id, message: message(e) });
      }
      if (loaded) {
        for (let k = 0; k < extractors.length; k++) await runOne(extractors[k]!, loaded, ref.page.site, states[k]!, maxSamples);
      }
      done++;
      options.onProgress?.({ corpus: corpus.name, done, total: list.length });
    }
    corpora.push({
      corpus: corpus.name,
      format: corpus.format,
      use: corpus.use,
      pages: list.length,
      loadErrors,
      loadErrorSamples,
      runs: extractors.map((x, k) => {
        const s = states[k]!;
        return { extractor: x.name, scores: s.scores, errors: s.errors, errorSamples: s.errorSamples, ms: s.ms, summary: summarize(s.scores) };
      }),
    });
  }
  return { corpora };
}

/** Evaluates extractors over whole corpora. */
export async function evaluateCorpora(corpora: readonly Corpus[], extractors: readonly Extractor[], options: RunOptions = {}): Promise<EvalResult> {
  const refs: PageRef[] = [];
  for (const corpus of corpora) {
    for (const page of corpus.pages) refs.push({ corpus, page });
  }
  return evaluatePages(refs, extractors, options);
}

// Loaded lazily so that the runner (and its tests with their own loaders) do not depend on
// every corpus reader.
async function defaultLoader(): Promise<PageLoader> {
  const mod = await import('./load.js');
  return mod.loadForEval;
}
