/** A page with its block labels, as site learning (train.ts), title learning (title.ts) and feedback see it. */
import type { Page } from '../page.js';
import type { GoldLabel } from '../labels.js';

export interface LabelledPage {
  readonly id: string;
  readonly page: Page;
  readonly labels: readonly GoldLabel[];
  /** Share of the gold's words found on the page (1 when unknown). */
  readonly found: number;
  /**
   * Labels given block by block by a person (stored annotations), not aligned from gold text:
   * the induction takes every block labelled otherwise as a hard negative (induce.ts).
   */
  readonly exact?: boolean;
  /** The gold headline's text, when the corpus gives it (teaches the site's title prefix/suffix). */
  readonly goldTitle?: string;
  /** Named field values the page's examples give (`fields/<name>.json`, SWDE's ground truth). */
  readonly fields?: Readonly<Record<string, readonly string[]>>;
}
