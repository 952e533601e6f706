/**
 * Structural checks over a page's block labels (memory-based study, section 6.8): a news article
 * has exactly one title and never two headings in a row. The memory-based study ran these as a state
 * machine after its classifier to find ill-formed predictions without asking a person:
 *   E1 no title, E2 more than one title, E3 two or more headings together.
 * The annotation tool queues flagged pages first (active learning) and the rerun of the
 * memory-based study (src/experiments) reuses the same function to count E1-E3 over predictions.
 *
 * Pure: labels in, flags out. `other` (and `unknown`) blocks are noise between the
 * content items, so they are skipped when deciding what is "together", as the memory-based study's
 * state machine only sees the title / heading / body sequence.
 */
import type { GoldLabel } from '../labels.js';

export type StructureCheck =
  | 'no-title' // E1
  | 'several-titles' // E2
  | 'adjacent-headings' // E3
  | 'no-body'; // not in the memory-based study: a page with no body text at all is nearly always mislabelled

/** The three checks of the memory-based study's post-processing state machine, in its order. */
export const STATE_MACHINE_CHECKS: readonly StructureCheck[] = Object.freeze(['no-title', 'several-titles', 'adjacent-headings']);
export const ALL_CHECKS: readonly StructureCheck[] = Object.freeze([...STATE_MACHINE_CHECKS, 'no-body']);

export interface StructureFlag {
  readonly check: StructureCheck;
  /** Block indices the flag is about (titles for several-titles, the heading run for adjacent-headings; empty otherwise). */
  readonly blocks: readonly number[];
  /** One line for people. */
  readonly message: string;
}

export interface CheckOptions {
  /** Which checks to run. Default: all of `ALL_CHECKS`. */
  readonly checks?: readonly StructureCheck[];
  /**
   * Count a run of consecutive title blocks as one title (a headline split over two
   * blocks by a `<br><br>` is still one title). Default true. The memory-based study's units were
   * text/tail pieces, where the same merging applied implicitly through its state machine.
   */
  readonly mergeTitleRuns?: boolean;
}

interface CheckConfig {
  readonly checks: ReadonlySet<StructureCheck>;
  readonly mergeTitleRuns: boolean;
}

function resolve(options: CheckOptions): CheckConfig {
  return Object.freeze({
    checks: new Set(options.checks ?? ALL_CHECKS),
    mergeTitleRuns: options.mergeTitleRuns ?? true,
  });
}

/**
 * Flags for one page. An empty page (no blocks) is not flagged: there is nothing a
 * person could label. Flags come in `ALL_CHECKS` order.
 */
export function checkStructure(labels: readonly GoldLabel[], options: CheckOptions = {}): StructureFlag[] {
  const cfg = resolve(options);
  if (labels.length === 0) return [];

  // The content sequence the memory-based study's state machine walks: (label, block index), noise dropped.
  const titleRuns: number[][] = [];
  const headingRuns: number[][] = [];
  let bodies = 0;
  let prev: GoldLabel | undefined; // previous content label
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (l === 'other' || l === 'unknown') continue;
    if (l === 'title') {
      if (prev === 'title' && cfg.mergeTitleRuns) titleRuns[titleRuns.length - 1]!.push(i);
      else titleRuns.push([i]);
    } else if (l === 'heading') {
      if (prev === 'heading') headingRuns[headingRuns.length - 1]!.push(i);
      else headingRuns.push([i]);
    } else bodies++;
    prev = l;
  }

  const flags: StructureFlag[] = [];
  if (cfg.checks.has('no-title') && titleRuns.length === 0) {
    flags.push({ check: 'no-title', blocks: [], message: 'no block is labelled title' });
  }
  if (cfg.checks.has('several-titles') && titleRuns.length > 1) {
    flags.push({
      check: 'several-titles', blocks: titleRuns.flat(),
      message: `${titleRuns.length} separate titles (blocks ${titleRuns.map((r) => r[0]).join(', ')})`,
    });
  }
  if (cfg.checks.has('adjacent-headings')) {
    const together = headingRuns.filter((r) => r.length > 1);
    if (together.length > 0) {
      flags.push({
        check: 'adjacent-headings', blocks: together.flat(),
        message: `${together.length} run(s) of headings with no body between (first at block ${together[0]![0]})`,
      });
    }
  }
  if (cfg.checks.has('no-body') && bodies === 0) {
    flags.push({ check: 'no-body', blocks: [], message: 'no block is labelled body' });
  }
  return flags;
}
