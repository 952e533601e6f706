/**
 * What every corpus reader yields, whatever the on-disk layout: pages with raw bytes
 * (loaded lazily) and gold in the form the corpus has it. Gold is turned into block
 * labels by alignment (`align.ts`) at load time, so a change in segmentation never
 * invalidates a corpus.
 */
import type { GoldLabel } from '../labels.js';

/** The on-disk layouts pith recognises. `pith` is pith's own format (docs/corpus-format.md). */
export type CorpusFormat =
  | 'pith'
  | 'readability'
  | 'wcxb'
  | 'trafilatura'
  | 'postlight'
  | 'l3s-gn1'
  | 'cleaneval'
  | 'dragnet'
  | 'msv'
  | 'swde'
  | 'fields';

/** How a corpus may be used (../shared/corpora/README.md): only `train` corpora feed the bundled model. */
export type CorpusUse = 'train' | 'eval-only';

/** A stored human annotation: robust to segmentation changes (text + DOM location). */
export interface Annotation {
  readonly label: GoldLabel;
  /** Whitespace-normalised text of the annotated node(s). */
  readonly text: string;
  /** `domPath` of the annotated node (an element or a text node). */
  readonly path: string;
}

export interface Gold {
  /** The page's headline as the corpus gives it. */
  readonly title?: string;
  /** The full main text (body + headings, not the title unless the corpus includes it), paragraphs separated by newlines. */
  readonly mainText?: string;
  /** Heading lines of the main text, when the corpus marks them. */
  readonly headings?: readonly string[];
  /** trafilatura-style partial gold: snippets that must / must not appear in the extraction. */
  readonly snippets?: { readonly with: readonly string[]; readonly without: readonly string[] };
  /** Per-node labels (pith format, l3s-gn1): the most precise form, preferred by alignment. */
  readonly annotations?: readonly Annotation[];
  /**
   * Labelled text in reading order (added by the corpus readers): the main text split into
   * lines marked `body` / `heading`, or, for corpora that label a whole page (l3s-gn1), every
   * piece of the page's text with its label. Alignment matches these to blocks.
   */
  readonly segments?: readonly GoldSegment[];
  /**
   * Named field values (SWDE's attributes, a `fields/<name>.json` file): per field the values
   * the page shows, as the source gives them (no clean-up). Not aligned to blocks.
   */
  readonly fields?: Readonly<Record<string, readonly string[]>>;
  /** True when blocks the gold does not cover are `unknown` rather than `other` (snippet and title-only gold). */
  readonly partial?: boolean;
}

/** A piece of gold text with the label the corpus gives it. */
export interface GoldSegment {
  readonly label: GoldLabel;
  readonly text: string;
}

export interface CorpusPage {
  /** Unique within the corpus. */
  readonly id: string;
  /** Grouping key for cross-site folds: the registrable host, lower-case, without `www.`. */
  readonly site: string;
  readonly url: string | undefined;
  /** Path of the page's HTML (plain or .gz). */
  readonly htmlPath: string;
  readonly gold: Gold;
  /** The pages sharing one site template (msv's site-year folder, e.g. `bbc-2013`), when the corpus groups them so. */
  readonly template?: string;
  /** The year the page was published or captured, when the corpus records it (msv). */
  readonly year?: number;
  /** What kind of page it is, when the corpus records it (wcxb: article, listing, product, forum, ...). */
  readonly pageType?: string;
}

/** A page a reader left out, and why (gold without its page, page without gold, unreadable gold). */
export interface SkippedPage {
  readonly id: string;
  /** The file that is missing or could not be used. */
  readonly path: string;
  readonly reason: string;
}

/**
 * Which pages a reader reads: the first `limit` (in the reader's own order), or the one page
 * `id`; every page when empty. Pages outside it are only listed, never read, so a command
 * that wants a few pages does not read a whole corpus (and its pages are the same as the
 * first ones of the whole corpus, in the same order).
 */
export interface PageScope {
  readonly limit?: number;
  readonly id?: string;
}

export interface Corpus {
  readonly name: string;
  readonly format: CorpusFormat;
  readonly root: string;
  readonly use: CorpusUse;
  readonly pages: readonly CorpusPage[];
  /** Pages the reader left out, with the reason (absent or empty when none were). */
  readonly skipped?: readonly SkippedPage[];
}
