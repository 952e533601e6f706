/** The decoder's settings: options as given, and the resolved config the rules read. */
import { PithError } from '../errors.js';
import { PARAGRAPH_WORDS } from './blocks.js';
import { comparableText } from '../util/comparable-text.js';
import type { BlockContainers } from './containers.js';
import type { PageType } from './page-type.js';

const DEFAULT_COMMENT_BODY = 0.2;

export interface ConstrainOptions {
  /**
   * Least title probability for a block to become the title. Default 0.05: a page with a gold
   * title whose best block stays under 0.2 usually still has it as that block (chosen on one
   * cross-site fold: title exact +0.014 on trafilatura-eval, +0.019 on wcxb-dev, no change on
   * postlight or readability-test-pages; 0.2 before).
   */
  readonly titleThreshold?: number;
  /** Cost of noise between two body clusters that splits them (1 per block + 1 per 100 non-link chars). Default 12. */
  readonly maxGapCost?: number;
  /**
   * A secondary cluster is kept when its text is at least this share of the main one's. Default
   * 0.25; 0.1 on the kinds whose content comes in sections apart (`SECTIONED_KINDS`).
   */
  readonly minClusterShare?: number;
  /**
   * ... or at least this many characters. Default 150 (400 before; 150 chosen on two held-out
   * cross-site folds: trafilatura-eval snippet F +0.003 on both, wcxb-dev word F1 +0.002); 60
   * on `SECTIONED_KINDS`.
   */
  readonly minClusterChars?: number;
  /** Texts the page declares as its headline (og:title, JSON-LD headline, <title>): a tie-breaker for the title. */
  readonly declaredTitles?: readonly string[];
  /** Summaries the page declares of itself (og:description, description, twitter:description, an article's JSON-LD description). */
  readonly declaredDescriptions?: readonly string[];
  /** The descriptions the page's own product declares (JSON-LD `Product`), each as its paragraphs (`productDescriptions`, features/page-meta.ts). */
  readonly productDescriptions?: readonly (readonly string[])[];
  /** What the site calls itself, as letters only (`siteKeys`, util/site-name.ts): a block that only names the site is no headline. */
  readonly siteKeys?: readonly string[];
  /** With no body at all, the fallback takes runs of prose blocks of at least this many words each. Default 12; 0 = no fallback. */
  readonly fallbackMinWords?: number;
  /**
   * The heaviest run of prose also becomes body when the model's body text is under this share of it.
   * Default 1 (chosen on a held-out cross-site fold: 0.3-3 all help, 1 best); 0 = off.
   */
  readonly rescueShare?: number;
  /**
   * When the rescue (not the no-body fallback) fires, blocks of the run whose p(body) is under
   * this stay as they are: a sign-off, a licence line or a caption the model is sure of is not
   * let in with the post around it. Default 0.2, chosen with the MaxEnt model on two held-out
   * cross-site folds (against 0: trafilatura-eval snippet F +0.003 / +0.007, wcxb-dev word F1
   * +0.006 / -0.001, readability-test-pages shingle F1 +0.002 / -0.002; 0.05, 0.1 and 0.3 were
   * scored too). 0 = every block of the run, for a chain stuck in `other` that gives them all
   * a low p(body).
   */
  readonly rescueMinBody?: number;
  /** Other text blocks a run of prose may span. Default 2. */
  readonly proseGap?: number;
  /** Added to p(body) when weighing runs of prose. Default 0.05. */
  readonly prosePrior?: number;
  /** Other runs of prose at least this share of the heaviest one's weight go with it. Default 0.3; 0 = the heaviest alone. */
  readonly companionRunShare?: number;
  /**
   * Body blocks that are mostly link text, after the body's last paragraph of prose, become
   * other when together they are under this share of the body's prose characters: a short
   * link list trailing an article (tags, "more on this", archive links) is not its text, while
   * a listing page's long run of teasers is. Default 0.3; 0 = off.
   */
  readonly linkTailShare?: number;
  /**
   * Per block, 1 when it sits in a comment section (`commentSectionBlocks`); absent = none known.
   */
  readonly commentBlocks?: ArrayLike<number>;
  /**
   * When the page has a paragraph of prose outside its comment sections, p(body) of every block
   * inside them is multiplied by this (what it loses goes to `other`) and they are left out of
   * the prose runs the rescue weighs. Default 0.2; 1 = off. On two held-out cross-site folds of
   * the train corpora every share from 0.5 down gave the same labels and the rule was level
   * (wcxb-dev word F1 +0.002 / -0.003: forum pages whose gold counts replies as content); on
   * dragnet's test split, never looked at, word F1 0.835 -> 0.883 (docs/ablation.md).
   */
  readonly commentBody?: number;
  /**
   * Per block, 1 when it sits in a product page's customer reviews (`reviewSectionBlocks`);
   * absent = none known. Scaled by `commentBody` on product pages (`product-reviews`).
   */
  readonly reviewBlocks?: ArrayLike<number>;
  /** Per block, 1 when it is advertising (`adSlotBlocks`); absent = none known. */
  readonly adBlocks?: ArrayLike<number>;
  /** p(body) of advertising blocks is multiplied by this (what it loses goes to `other`). Default 0; 1 = off. */
  readonly adBody?: number;
  /** Per block, 1 when it sits in a dialog (`dialogBlocks`, decode/dialogs.ts); absent = none known. */
  readonly dialogBlocks?: ArrayLike<number>;
  /** Per block, 1 when it sits in a footer (`footerBlocks`, decode/dialogs.ts); absent = none known. */
  readonly footerBlocks?: ArrayLike<number>;
  /** Per block, 1 when it sits in an aside (`asideBlocks`, decode/dialogs.ts); absent = none known. */
  readonly asideBlocks?: ArrayLike<number>;
  /** Per block, 1 when it sits in an element marked no content for search engines (`noContentBlocks`, decode/dialogs.ts); absent = none known. */
  readonly noContentBlocks?: ArrayLike<number>;
  /** Per block, 1 when it sits in an element a utility class hides (`classHiddenBox`, decode/class-hidden.ts); absent = none known. */
  readonly hiddenBlocks?: ArrayLike<number>;
  /**
   * A lead image in a `<figure>` just before the content region is kept when its p(body) is at
   * least this (other images need 0.5): publishers mark their lead photos as figures. Default 0.3.
   */
  readonly leadFigureMinBody?: number;
  /**
   * A text block inside `<pre>` (or a block-level `<code>`) inside the content region becomes
   * body when its p(body) is above this: code in an article is content, and the model gives a
   * documentation page's examples a middling p(body). Default 0.1; 1 = off.
   */
  readonly codeMinBody?: number;
  /**
   * The article's container is the innermost element holding at least this share of the
   * body's characters (and two of its blocks); body blocks after it, outside it, become
   * other (`article-end`). Default 0.8 (0.6-0.95 scored on two cross-site folds: 0.8 was the
   * only setting no worse anywhere); above 0.5 to act; 0 = off.
   */
  readonly containerShare?: number;
  /** Per block, the elements holding it (`blockContainers`); absent = the tree is not known. */
  readonly blockContainers?: BlockContainers;
  /** Lead-in lines ("Read more", "Auch interessant") and the teasers they introduce become other (`lead-ins`). Default 1; 0 = off. */
  readonly leadIns?: number;
  /** Lines that only credit a picture or name a source ("Foto: dpa", "Quelle: ...") become other (`credit-lines`). Default 1; 0 = off. */
  readonly creditLines?: number;
  /** Lines that are only a date ("03.04.2020", a short `<time>`) become other (`date-lines`). Default 1; 0 = off. */
  readonly dateLines?: number;
  /** Per block, its role as the markup names it (`blockRoles`, decode/roles.ts); absent = none known. */
  readonly blockRoles?: ArrayLike<number>;
  /** What kind of page it is (`detectPageType`); absent = unknown. */
  readonly pageType?: PageType;
  /** The page's kind is an article on its `og:type` alone, a weak word (many themes mark their archive pages so). Default false. */
  readonly pageTypeByOpenGraph?: boolean;
}

export interface ConstrainConfig {
  readonly titleThreshold: number;
  readonly maxGapCost: number;
  readonly minClusterShare: number;
  readonly minClusterChars: number;
  readonly declaredTitles: readonly string[];
  /** `declaredTitles` as `comparableText` keys (empty ones left out), for rules that match blocks against them. */
  readonly declaredTitleKeys: ReadonlySet<string>;
  readonly siteKeys: readonly string[];
  /** `declaredDescriptions` as `comparableText` keys (empty ones left out). */
  readonly declaredDescriptionKeys: readonly string[];
  readonly productDescriptions: readonly (readonly string[])[];
  readonly fallbackMinWords: number;
  readonly rescueShare: number;
  readonly rescueMinBody: number;
  readonly proseGap: number;
  readonly prosePrior: number;
  readonly companionRunShare: number;
  readonly linkTailShare: number;
  readonly commentBlocks: ArrayLike<number> | undefined;
  readonly commentBody: number;
  readonly reviewBlocks: ArrayLike<number> | undefined;
  readonly adBlocks: ArrayLike<number> | undefined;
  readonly adBody: number;
  readonly dialogBlocks: ArrayLike<number> | undefined;
  readonly footerBlocks: ArrayLike<number> | undefined;
  readonly asideBlocks: ArrayLike<number> | undefined;
  readonly noContentBlocks: ArrayLike<number> | undefined;
  readonly hiddenBlocks: ArrayLike<number> | undefined;
  readonly leadFigureMinBody: number;
  readonly codeMinBody: number;
  readonly containerShare: number;
  readonly blockContainers: BlockContainers | undefined;
  readonly leadIns: number;
  readonly creditLines: number;
  readonly dateLines: number;
  readonly blockRoles: ArrayLike<number> | undefined;
  readonly pageType: PageType;
  readonly pageTypeByOpenGraph: boolean;
}

/**
 * Kinds whose content comes in sections apart (a thread's posts; a product's description, specs
 * and details): their secondary clusters are kept from a smaller size (docs/quality.md).
 */
export const SECTIONED_KINDS: ReadonlySet<PageType> = new Set<PageType>(['forum', 'product']);

export function resolveConstrainOptions(o: ConstrainOptions = {}): ConstrainConfig {
  const sectioned = o.pageType !== undefined && SECTIONED_KINDS.has(o.pageType);
  // A share of p(body): outside [0, 1] it would make probabilities negative.
  if (o.commentBody !== undefined && !(o.commentBody >= 0 && o.commentBody <= 1)) {
    throw new PithError('BAD_OPTION', `commentBody must be a number in 0..1, got ${String(o.commentBody)}`, 'commentBody');
  }
  if (o.adBody !== undefined && !(o.adBody >= 0 && o.adBody <= 1)) {
    throw new PithError('BAD_OPTION', `adBody must be a number in 0..1, got ${String(o.adBody)}`, 'adBody');
  }
  if (o.codeMinBody !== undefined && !(o.codeMinBody >= 0 && o.codeMinBody <= 1)) {
    throw new PithError('BAD_OPTION', `codeMinBody must be a number in 0..1, got ${String(o.codeMinBody)}`, 'codeMinBody');
  }
  return Object.freeze({
    titleThreshold: o.titleThreshold ?? 0.05,
    maxGapCost: o.maxGapCost ?? 12,
    minClusterShare: o.minClusterShare ?? (sectioned ? 0.1 : 0.25),
    minClusterChars: o.minClusterChars ?? (sectioned ? 60 : 150),
    declaredTitles: o.declaredTitles ?? [],
    declaredTitleKeys: new Set((o.declaredTitles ?? []).map(comparableText).filter(Boolean)),
    siteKeys: o.siteKeys ?? [],
    declaredDescriptionKeys: (o.declaredDescriptions ?? []).map(comparableText).filter(Boolean),
    productDescriptions: o.productDescriptions ?? [],
    fallbackMinWords: o.fallbackMinWords ?? PARAGRAPH_WORDS,
    rescueShare: o.rescueShare ?? 1,
    rescueMinBody: o.rescueMinBody ?? 0.2,
    proseGap: o.proseGap ?? 2,
    prosePrior: o.prosePrior ?? 0.05,
    companionRunShare: o.companionRunShare ?? 0.3,
    linkTailShare: o.linkTailShare ?? 0.3,
    commentBlocks: o.commentBlocks,
    commentBody: o.commentBody ?? DEFAULT_COMMENT_BODY,
    reviewBlocks: o.reviewBlocks,
    adBlocks: o.adBlocks,
    adBody: o.adBody ?? 0,
    dialogBlocks: o.dialogBlocks,
    footerBlocks: o.footerBlocks,
    asideBlocks: o.asideBlocks,
    noContentBlocks: o.noContentBlocks,
    hiddenBlocks: o.hiddenBlocks,
    leadFigureMinBody: o.leadFigureMinBody ?? 0.3,
    codeMinBody: o.codeMinBody ?? 0.1,
    containerShare: o.containerShare ?? 0.8,
    blockContainers: o.blockContainers,
    leadIns: o.leadIns ?? 1,
    creditLines: o.creditLines ?? 1,
    dateLines: o.dateLines ?? 1,
    blockRoles: o.blockRoles,
    pageType: o.pageType ?? 'unknown',
    pageTypeByOpenGraph: o.pageTypeByOpenGraph ?? false,
  });
}

/** The numeric settings, by name (for tools that take them as text). */
export const CONSTRAIN_NUMBERS: readonly string[] = Object.freeze(
  Object.entries(resolveConstrainOptions()).filter(([, v]) => typeof v === 'number').map(([k]) => k),
);
