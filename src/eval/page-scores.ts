/**
 * One extraction of one page, scored against whatever gold the page has, and the
 * summaries over many pages. A `PageScores` holds counts only (no text), so a run over
 * thousands of pages and several extractors stays small, and cross-validation can pool
 * the pages of all folds before summarising.
 */
import type { ExtractorOutput } from './extractor.js';
import type { GoldLabel } from '../labels.js';
import { blockCounts, documentReport, labelScores, type DocumentReport, type LabelScores, type PageBlockCounts } from './block-metrics.js';
import { shinglePageScore, shingleSummary, type ShinglePageScore, type ShingleSummary } from './article-benchmark.js';
import { prf, snippetCounts, titlesMatch, wordScore, type PRF, type SnippetCounts } from './text-metrics.js';

/** The gold of one page in the forms the metrics use. Every part is optional. */
export interface PageGold {
  /** Per-block gold labels (as long as the page's block list). */
  readonly blockLabels?: readonly GoldLabel[];
  /** Blocks that count for block metrics (default all); the runner passes the text blocks. */
  readonly blockIndices?: readonly number[];
  /** True when uncovered blocks are `unknown`: document-level scores need complete gold. */
  readonly partial?: boolean;
  readonly title?: string;
  /** Main text (headings and body). */
  readonly text?: string;
  /** The gold main text starts with the title (WCXB, some Readability pages): text metrics then compare title + body. */
  readonly textIncludesTitle?: boolean;
  readonly snippets?: { readonly with: readonly string[]; readonly without: readonly string[] };
  /** Share of the gold text's tokens the block alignment found on the page (how far `blockLabels` can be trusted). */
  readonly alignedShare?: number;
}

export interface PageScores {
  readonly pageId: string;
  readonly site: string;
  /** Present when both the gold and the extraction have block labels, and some gold is known. */
  readonly blocks?: PageBlockCounts;
  /** Whether `blocks` may count for document-level scores (complete gold). */
  readonly blocksComplete?: boolean;
  readonly titleCorrect?: boolean;
  /** The extraction's `pageTitle` against the gold title, when it reports one. */
  readonly pageTitleCorrect?: boolean;
  readonly shingle?: ShinglePageScore;
  readonly word?: PRF;
  readonly snippets?: SnippetCounts;
}

/** Scores one extraction against one page's gold. Pure. */
export function scorePage(pageId: string, site: string, extraction: ExtractorOutput, gold: PageGold): PageScores {
  const out: { -readonly [K in keyof PageScores]: PageScores[K] } = { pageId, site };
  if (gold.blockLabels && extraction.blockLabels) {
    const counts = blockCounts(extraction.blockLabels, gold.blockLabels, gold.blockIndices);
    if (counts.blocks > 0) {
      out.blocks = counts;
      out.blocksComplete = !gold.partial;
    }
  }
  if (gold.title !== undefined && gold.title.trim() !== '') {
    out.titleCorrect = titlesMatch(extraction.title, gold.title);
    if (extraction.pageTitle !== undefined) out.pageTitleCorrect = titlesMatch(extraction.pageTitle, gold.title);
  }
  if (gold.text !== undefined) {
    const text = gold.textIncludesTitle && extraction.title ? `${extraction.title}\n\n${extraction.body}` : extraction.body;
    out.shingle = shinglePageScore(text, gold.text);
    out.word = wordScore(text, gold.text);
  }
  if (gold.snippets && gold.snippets.with.length + gold.snippets.without.length > 0) {
    out.snippets = snippetCounts(extraction.body, gold.snippets);
  }
  return out;
}

export interface WordSummary extends PRF {
  readonly pages: number;
}

export interface SnippetSummary extends PRF {
  readonly pages: number;
  readonly counts: SnippetCounts;
}

/** Every metric the pages support; a metric no page supports is absent. */
export interface MetricSummary {
  readonly pages: number;
  readonly title?: { readonly pages: number; readonly accuracy: number };
  /** The declared page title (`ExtractorOutput.pageTitle`) against the gold title. */
  readonly pageTitle?: { readonly pages: number; readonly accuracy: number };
  /** article-extraction-benchmark shingle P/R/F1 and exact accuracy. */
  readonly shingle?: ShingleSummary;
  /** WCXB word P/R/F1, each the mean over pages. */
  readonly word?: WordSummary;
  /** trafilatura-eval snippet P/R/F over the counts summed over pages. */
  readonly snippets?: SnippetSummary;
  /** The memory-based study: per label, micro and macro over sites. */
  readonly labels?: LabelScores & { readonly pages: number; readonly blocks: number; readonly accuracy: number };
  /** The block-labelling study: Content vs NotContent over pages with complete gold. */
  readonly document?: DocumentReport;
}

export function summarize(pages: readonly PageScores[]): MetricSummary {
  const out: { -readonly [K in keyof MetricSummary]: MetricSummary[K] } = { pages: pages.length };
  const titles = pages.filter((p) => p.titleCorrect !== undefined);
  if (titles.length) out.title = { pages: titles.length, accuracy: titles.filter((p) => p.titleCorrect).length / titles.length };
  const pageTitles = pages.filter((p) => p.pageTitleCorrect !== undefined);
  if (pageTitles.length) out.pageTitle = { pages: pageTitles.length, accuracy: pageTitles.filter((p) => p.pageTitleCorrect).length / pageTitles.length };
  const shingles = pages.flatMap((p) => (p.shingle ? [p.shingle] : []));
  if (shingles.length) out.shingle = shingleSummary(shingles);
  const words = pages.flatMap((p) => (p.word ? [p.word] : []));
  if (words.length) {
    const mean = (f: (x: PRF) => number): number => words.reduce((a, w) => a + f(w), 0) / words.length;
    out.word = { pages: words.length, precision: mean((w) => w.precision), recall: mean((w) => w.recall), f1: mean((w) => w.f1) };
  }
  const snips = pages.flatMap((p) => (p.snippets ? [p.snippets] : []));
  if (snips.length) {
    const c = snips.reduce((a, s) => ({ tp: a.tp + s.tp, fp: a.fp + s.fp, tn: a.tn + s.tn, fn: a.fn + s.fn }), { tp: 0, fp: 0, tn: 0, fn: 0 });
    out.snippets = { pages: snips.length, counts: c, ...prf(c.tp, c.fp, c.fn) };
  }
  const blockPages = pages.flatMap((p) => (p.blocks ? [{ site: p.site, counts: p.blocks, complete: p.blocksComplete === true }] : []));
  if (blockPages.length) {
    const blocks = blockPages.reduce((a, p) => a + p.counts.blocks, 0);
    const exact = blockPages.reduce((a, p) => a + p.counts.exact, 0);
    out.labels = { ...labelScores(blockPages), pages: blockPages.length, blocks, accuracy: blocks ? exact / blocks : 0 };
    const complete = blockPages.filter((p) => p.complete).map((p) => p.counts);
    if (complete.length) out.document = documentReport(complete);
  }
  return out;
}
