/**
 * The memory-based study's post-processing state machine (§6.8) as an error detector: for each check
 * (no title, several titles, adjacent headings; decode/checks.ts), how many pages the
 * predictions trip it on, and how well a flag predicts a real error on the page.
 *
 * A "real error" for a check is a mistake the check is about: for the title checks, a
 * scored block where prediction and gold disagree on being a title; for adjacent
 * headings, the same for headings. "any" flags a page when any check fires and counts an
 * error when any scored block is wrong in title, heading or body.
 * Only pages where the check can be judged count: the title checks on pages whose gold has
 * a title, the heading check on pages whose corpus marks headings.
 */
import { checkStructure, NEWS_STRUCTURE_CHECKS, type StructureCheck } from '../../decode/checks.js';
import type { GoldLabel, Label } from '../../labels.js';

export type FlagName = StructureCheck | 'any';
export const FLAG_NAMES: readonly FlagName[] = Object.freeze([...NEWS_STRUCTURE_CHECKS, 'any']);

export interface FlagPage {
  readonly predicted: readonly Label[];
  readonly gold: readonly GoldLabel[];
  /** Scored blocks. */
  readonly counted: readonly number[];
  /** Gold marks titles / headings on this page (else that check is not judged here). */
  readonly hasTitleGold: boolean;
  readonly hasHeadingGold: boolean;
}

export interface FlagStats {
  readonly flag: FlagName;
  /** Pages the check is judged on. */
  readonly pages: number;
  readonly flagged: number;
  /** Pages with a real error of the check's kind. */
  readonly errorPages: number;
  /** Flagged pages with such an error. */
  readonly hits: number;
  /** hits / flagged (undefined when nothing was flagged). */
  readonly precision: number | undefined;
  /** hits / errorPages (undefined when no page had an error). */
  readonly recall: number | undefined;
  /** Pages whose gold labels themselves trip the check. */
  readonly goldFlagged: number;
}

function labelError(p: FlagPage, label: Label | 'content'): boolean {
  for (const i of p.counted) {
    const g = p.gold[i]!;
    const y = p.predicted[i]!;
    if (label === 'content') {
      if (g !== 'unknown' && g !== y) return true;
    } else if ((g === label) !== (y === label)) return true;
  }
  return false;
}

/** Labels of the scored blocks only, in order (what the state machine walks). */
function scoredLabels<L extends string>(labels: readonly L[], counted: readonly number[]): L[] {
  return counted.map((i) => labels[i]!);
}

export function flagStats(pages: readonly FlagPage[]): FlagStats[] {
  return FLAG_NAMES.map((flag) => {
    let n = 0, flagged = 0, errorPages = 0, hits = 0, goldFlagged = 0;
    for (const p of pages) {
      const titleCheck = flag === 'no-title' || flag === 'several-titles';
      if (titleCheck && !p.hasTitleGold) continue;
      if (flag === 'adjacent-headings' && !p.hasHeadingGold) continue;
      n++;
      const checks = flag === 'any' ? NEWS_STRUCTURE_CHECKS.filter((c) => (c === 'adjacent-headings' ? p.hasHeadingGold : p.hasTitleGold)) : [flag];
      if (checks.length === 0) {
        n--;
        continue;
      }
      const isFlagged = checkStructure(scoredLabels(p.predicted, p.counted), { checks }).length > 0;
      const goldIs = checkStructure(scoredLabels(p.gold, p.counted), { checks }).length > 0;
      const err = labelError(p, titleCheck ? 'title' : flag === 'adjacent-headings' ? 'heading' : 'content');
      if (isFlagged) flagged++;
      if (err) errorPages++;
      if (isFlagged && err) hits++;
      if (goldIs) goldFlagged++;
    }
    return {
      flag, pages: n, flagged, errorPages, hits, goldFlagged,
      precision: flagged ? hits / flagged : undefined,
      recall: errorPages ? hits / errorPages : undefined,
    };
  });
}
