/**
 * Anything that extracts an article plugs in here: a learned model, a baseline, a peer
 * (Readability.js) or the gold oracle. Evaluation sees only this interface.
 */
import type { Page } from '../page.js';
import type { GoldLabel, Label } from '../labels.js';

export interface ExtractorInput {
  /** The decoded, parsed and segmented page. */
  readonly page: Page;
  /** The decoded HTML text, for peers that parse it themselves. */
  readonly html: string;
  /** Gold block labels, given only to extractors that declare `needsGold` (the oracle). */
  readonly goldLabels?: readonly GoldLabel[];
}

/** What an extractor gives for one page (the library's public `Extraction` is another, richer type). */
export interface ExtractorOutput {
  readonly title: string;
  /** The title the page declares (pith's `metadata.pageTitle`), when the extractor reports one apart from `title`. */
  readonly pageTitle?: string;
  /** Heading texts in order. */
  readonly headings: readonly string[];
  /** Article text without the title: headings on their own lines, paragraphs separated by a blank line. */
  readonly body: string;
  /** Per-block labels when the extractor labels pith's blocks (enables block metrics). */
  readonly blockLabels?: readonly Label[];
}

export interface Extractor {
  readonly name: string;
  readonly needsGold?: boolean;
  extract(input: ExtractorInput): ExtractorOutput | Promise<ExtractorOutput>;
}
