/**
 * Evaluation results as Markdown (two tables: text metrics, block metrics) and as plain
 * JSON (summaries only, no per-page scores unless asked). A dash marks a metric the
 * corpus' gold does not support or the extractor cannot be scored on.
 */
import type { EvalResult } from './runner.js';
import type { MetricSummary } from './page-scores.js';

const DASH = '—';

function num(x: number | undefined, digits = 3): string {
  return x === undefined || Number.isNaN(x) ? DASH : x.toFixed(digits);
}

function row(cells: readonly string[]): string {
  return `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
}

function table(header: readonly string[], align: readonly ('l' | 'r')[], rows: readonly (readonly string[])[]): string {
  const sep = `|${align.map((a) => (a === 'r' ? '---:' : '---')).join('|')}|`;
  return [row(header), sep, ...rows.map(row)].join('\n');
}

export interface ReportOptions {
  /** Heading level of the section titles. Default 2 (`##`). */
  readonly headingLevel?: number;
}

export interface ReportRow {
  readonly corpus: string;
  readonly extractor: string;
  readonly pages: number;
  readonly errors: number;
  readonly msPerPage: number;
  readonly summary: MetricSummary;
}

export function reportRows(result: EvalResult): ReportRow[] {
  const out: ReportRow[] = [];
  for (const c of result.corpora) {
    for (const r of c.runs) {
      // A failed page is scored too (as an extraction of nothing): `scores` has every page run.
      const n = r.scores.length;
      out.push({ corpus: c.corpus, extractor: r.extractor, pages: n, errors: r.errors + c.loadErrors, msPerPage: n ? r.ms / n : 0, summary: r.summary });
    }
  }
  return out;
}

export function textTable(rows: readonly ReportRow[]): string {
  return table(
    ['corpus', 'extractor', 'pages', 'errors', 'title acc', 'shingle P', 'shingle R', 'shingle F1', 'exact', 'word F1', 'snippet P', 'snippet R', 'snippet F1', 'ms/page'],
    ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    rows.map((r) => {
      const s = r.summary;
      return [
        r.corpus, r.extractor, String(r.pages), String(r.errors), num(s.title?.accuracy),
        num(s.shingle?.precision), num(s.shingle?.recall), num(s.shingle?.f1), num(s.shingle?.accuracy),
        num(s.word?.f1), num(s.snippets?.precision), num(s.snippets?.recall), num(s.snippets?.f1), num(r.msPerPage, 1),
      ];
    }),
  );
}

export function blockTable(rows: readonly ReportRow[]): string {
  const scored = rows.filter((r) => r.summary.labels);
  return table(
    ['corpus', 'extractor', 'pages', 'title F', 'heading F', 'body F', 'other F', 'body F macro', 'content P', 'content R', 'doc acc', 'doc P', 'doc R', 'contig acc', 'non-contig acc'],
    ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    scored.map((r) => {
      const l = r.summary.labels!;
      const d = r.summary.document;
      return [
        r.corpus, r.extractor, String(l.pages),
        num(l.micro.title?.f1), num(l.micro.heading?.f1), num(l.micro.body?.f1), num(l.micro.other?.f1), num(l.macro.body?.f1),
        num(d?.all.block.precision), num(d?.all.block.recall), num(d?.all.accuracy), num(d?.all.precision), num(d?.all.recall),
        d && d.contiguous.pages ? `${num(d.contiguous.accuracy)} (${d.contiguous.pages})` : DASH,
        d && d.nonContiguous.pages ? `${num(d.nonContiguous.accuracy)} (${d.nonContiguous.pages})` : DASH,
      ];
    }),
  );
}

/** The full Markdown report: both tables, then any errors with a few examples. */
export function toMarkdown(result: EvalResult, options: ReportOptions = {}): string {
  const h = '#'.repeat(options.headingLevel ?? 2);
  const rows = reportRows(result);
  const parts = [`${h} Text metrics\n`, textTable(rows), ''];
  if (rows.some((r) => r.summary.labels)) {
    parts.push(`${h} Block metrics\n`, blockTable(rows), '');
  }
  const errors = errorLines(result);
  if (errors.length) parts.push(`${h} Errors\n`, errors.join('\n'), '');
  return parts.join('\n');
}

/** One Markdown list item per corpus that had unloadable pages and per extractor that failed on pages, with a few examples. */
export function errorLines(result: EvalResult): string[] {
  const errors: string[] = [];
  for (const c of result.corpora) {
    if (c.loadErrors) errors.push(`- ${c.corpus}: ${c.loadErrors} page(s) could not be loaded, e.g. ${c.loadErrorSamples.map((e) => `${e.pageId} (${e.message})`).join('; ')}`);
    for (const r of c.runs) {
      if (r.errors) errors.push(`- ${c.corpus} / ${r.extractor}: ${r.errors} error(s), e.g. ${r.errorSamples.map((e) => `${e.pageId} (${e.message})`).join('; ')}`);
    }
  }
  return errors;
}

/** JSON-ready view: summaries per corpus and extractor, per-page scores only when asked. */
export function toJSON(result: EvalResult, options: { readonly pages?: boolean } = {}): unknown {
  return {
    corpora: result.corpora.map((c) => ({
      corpus: c.corpus, format: c.format, use: c.use, pages: c.pages, loadErrors: c.loadErrors, loadErrorSamples: c.loadErrorSamples,
      runs: c.runs.map((r) => ({
        extractor: r.extractor, pages: r.scores.length, errors: r.errors, errorSamples: r.errorSamples, ms: Math.round(r.ms), summary: r.summary,
        ...(options.pages ? { scores: r.scores } : {}),
      })),
    })),
  };
}
