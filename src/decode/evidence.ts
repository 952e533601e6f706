/**
 * What the page says to the decoder, apart from the model's probabilities: which blocks sit in
 * comment sections, reviews, ads, dialogs, footers, asides, no-content marks and hidden boxes;
 * each block's chain of elements and its role; the page's kind; the titles, descriptions and
 * site names it declares. Built once from the `Page` (`pageEvidence`), so that no rule walks a
 * tree; rules read it and never change it. Tuning values are not evidence: `DecodeSettings`.
 */
import type { Page } from '../page.js';
import { walkJsonLdObjects } from '../dom/json-ld.js';
import { comparableText } from '../util/comparable-text.js';
import { siteKeys } from '../util/site-name.js';
import { pageDescriptions, productDescriptions } from '../features/page-meta.js';
import { adSlotBlocksFrom, adSlotMarker } from './ads.js';
import { ClassNames } from './class-names.js';
import { commentSectionBlocksFrom, sectionMarker } from './comments.js';
import { blockContainers, type BlockContainers } from './containers.js';
import { detectPageTypeOf, pageKindOf, type DetectedPageType, type PageType } from './page-type.js';
import { reviewSectionBlocksFrom, reviewSectionMarker } from './reviews.js';
import { blockRoles } from './roles.js';
import { setAsideMarks } from './set-aside-marks.js';
import type { DecodeSettings } from './settings.js';

/** Per block, 1 when the block has the mark; undefined when the page's tree was not read for it. */
export type BlockMarks = ArrayLike<number> | undefined;

export interface PageEvidence {
  /** What kind of page it is (`detectPageTypeOf`). */
  readonly pageType: PageType;
  /** The page is an article on its `og:type` alone, a weak word (many themes mark their archive pages so). */
  readonly pageTypeByOpenGraph: boolean;
  /** The kind p(body) is weighed by (`KIND_BODY_WEIGHTS`): `pageType`, or `website` for an unknown page marked so. */
  readonly pageKind: PageType | 'website';
  /** The headlines the page declares (og:title, JSON-LD headline, `<title>`) as `comparableText` keys: a tie-breaker for the title. */
  readonly declaredTitleKeys: ReadonlySet<string>;
  /** The summaries the page declares of itself (og:description, description, ...) as `comparableText` keys. */
  readonly declaredDescriptionKeys: readonly string[];
  /** What the site calls itself, as letters only (`siteKeys`): a block that only names the site is no headline. */
  readonly siteKeys: readonly string[];
  /** The descriptions the page's own product declares (JSON-LD `Product`), each as its paragraphs; product pages only. */
  readonly productDescriptions: readonly (readonly string[])[];
  /** Blocks in comment sections (`commentSectionBlocks`). */
  readonly commentBlocks: BlockMarks;
  /** Blocks in a product page's customer reviews (`reviewSectionBlocks`). */
  readonly reviewBlocks: BlockMarks;
  /** Advertising blocks (`adSlotBlocks`). */
  readonly adBlocks: BlockMarks;
  /** Blocks in dialogs (`setAsideMarks`). */
  readonly dialogBlocks: BlockMarks;
  /** Blocks in footers (`setAsideMarks`). */
  readonly footerBlocks: BlockMarks;
  /** Blocks in asides (`setAsideMarks`). */
  readonly asideBlocks: BlockMarks;
  /** Blocks in elements marked no content for search engines (`setAsideMarks`). */
  readonly noContentBlocks: BlockMarks;
  /** Blocks in boxes a utility class hides (`setAsideMarks`); none on a page read with its hidden text. */
  readonly hiddenBlocks: BlockMarks;
  /** Per block, the elements holding it (`blockContainers`); undefined when the tree is not known. */
  readonly blockContainers: BlockContainers | undefined;
  /** Per block, its role as the markup names it (`BlockRole`, `blockRoles`); undefined when none is known. */
  readonly blockRoles: BlockMarks;
}

/** Evidence as a caller that has no tree gives it (tests, tools over blocks alone): each fact left out is unknown. */
export interface PageFacts {
  readonly pageType?: PageType;
  readonly pageTypeByOpenGraph?: boolean;
  /** Of unknown kind but declared a website or a site's front page (`DetectedPageType.website`). */
  readonly website?: boolean;
  readonly declaredTitles?: readonly string[];
  readonly declaredDescriptions?: readonly string[];
  readonly siteKeys?: readonly string[];
  readonly productDescriptions?: readonly (readonly string[])[];
  readonly commentBlocks?: ArrayLike<number>;
  readonly reviewBlocks?: ArrayLike<number>;
  readonly adBlocks?: ArrayLike<number>;
  readonly dialogBlocks?: ArrayLike<number>;
  readonly footerBlocks?: ArrayLike<number>;
  readonly asideBlocks?: ArrayLike<number>;
  readonly noContentBlocks?: ArrayLike<number>;
  readonly hiddenBlocks?: ArrayLike<number>;
  readonly blockContainers?: BlockContainers;
  readonly blockRoles?: ArrayLike<number>;
}

/** Texts as `comparableText` keys, empty ones left out. */
function keysOf(texts: readonly string[]): string[] {
  return texts.map(comparableText).filter(Boolean);
}

/** The evidence `facts` give; what they leave out is unknown (no marks, kind `unknown`, nothing declared). */
export function evidenceFrom(facts: PageFacts = {}): PageEvidence {
  const detected: DetectedPageType = {
    type: facts.pageType ?? 'unknown',
    byOpenGraph: facts.pageTypeByOpenGraph ?? false,
    ...(facts.website ? { website: true } : {}),
  };
  return Object.freeze({
    pageType: detected.type,
    pageTypeByOpenGraph: detected.byOpenGraph,
    pageKind: pageKindOf(detected),
    declaredTitleKeys: new Set(keysOf(facts.declaredTitles ?? [])),
    declaredDescriptionKeys: keysOf(facts.declaredDescriptions ?? []),
    siteKeys: facts.siteKeys ?? [],
    productDescriptions: facts.productDescriptions ?? [],
    commentBlocks: facts.commentBlocks,
    reviewBlocks: facts.reviewBlocks,
    adBlocks: facts.adBlocks,
    dialogBlocks: facts.dialogBlocks,
    footerBlocks: facts.footerBlocks,
    asideBlocks: facts.asideBlocks,
    noContentBlocks: facts.noContentBlocks,
    hiddenBlocks: facts.hiddenBlocks,
    blockContainers: facts.blockContainers,
    blockRoles: facts.blockRoles,
  });
}

/** The evidence of no page: nothing known. */
export const NO_EVIDENCE: PageEvidence = evidenceFrom();

/** Declared headlines a page carries, for the title tie-break (never a replacement). */
export function declaredTitles(page: Page): string[] {
  const out: string[] = [];
  for (const m of page.tree.meta) if (m.key === 'og:title' || m.key === 'twitter:title' || m.key === 'headline') out.push(m.content);
  walkJsonLdObjects(page.tree, (o) => {
    const headline = o['headline'];
    if (typeof headline === 'string' && headline.trim()) out.push(headline);
  });
  if (page.tree.title) out.push(page.tree.title);
  return out;
}

/** What the page's site calls itself: its declared name (og:site_name, application-name) and the host labels of its URLs (`url`: the one it gives for itself). */
export function declaredSiteKeys(page: Page, url: string | undefined): string[] {
  const name = page.tree.meta.find((m) => m.key === 'og:site_name' || m.key === 'application-name')?.content;
  return siteKeys(name, [page.url, url]);
}

/**
 * The page's evidence, read from its tree and blocks. `url` is the page's own (given, or the
 * one it declares: `<base href>`, og:url, canonical), for its kind (a site's front page) and its
 * site's name. The settings say what is not needed: no comment sections or reviews with
 * `commentBody` 1, no ad slots with `adBody` 1, no containers with `containerShare` 0.
 */
export function pageEvidence(page: Page, settings: DecodeSettings, url?: string): PageEvidence {
  const { tree, blocks } = page;
  // The roles and the set-aside walk read the same class names: each split and matched once.
  const names = new ClassNames(tree);
  const roles = blockRoles(tree, blocks, names);
  const detected = detectPageTypeOf(tree, roles, blocks, url);
  const kind = detected.type;
  const keepsComments = settings.commentBody === 1;
  const readsReviews = !keepsComments && (kind === 'product' || kind === 'unknown');
  const readsAds = settings.adBody !== 1;
  // Comment sections, review sections and ad slots are found in the set-aside marks' walk.
  const namesSection = sectionMarker(names);
  const namesReviewSection = reviewSectionMarker(names);
  const namesAdSlot = adSlotMarker(names);
  const also = [...(keepsComments ? [] : [namesSection]), ...(readsReviews ? [namesReviewSection] : []), ...(readsAds ? [namesAdSlot] : [])];
  const marks = setAsideMarks(tree, blocks, also, names);
  const under = (marker: (typeof also)[number]): Uint8Array => marks.also[also.indexOf(marker)]!;
  // Read by one rule, and only under a declared headline: normalised on first need.
  let descriptionKeys: readonly string[] | undefined;
  return Object.freeze({
    pageType: kind,
    pageTypeByOpenGraph: detected.byOpenGraph,
    pageKind: pageKindOf(detected),
    declaredTitleKeys: new Set(keysOf(declaredTitles(page))),
    get declaredDescriptionKeys() {
      return (descriptionKeys ??= keysOf(pageDescriptions(tree)));
    },
    siteKeys: declaredSiteKeys(page, url),
    productDescriptions: kind === 'product' ? productDescriptions(tree) : [],
    commentBlocks: keepsComments ? undefined : commentSectionBlocksFrom(tree, blocks, under(namesSection)),
    reviewBlocks: readsReviews ? reviewSectionBlocksFrom(tree, blocks, under(namesReviewSection)) : undefined,
    adBlocks: readsAds ? adSlotBlocksFrom(tree, blocks, under(namesAdSlot)) : undefined,
    dialogBlocks: marks.dialogBlocks,
    footerBlocks: marks.footerBlocks,
    asideBlocks: marks.asideBlocks,
    noContentBlocks: marks.noContentBlocks,
    // With hidden text asked for (or revealed: the page hides nearly all of it), none is set aside.
    hiddenBlocks: page.includesHidden ? undefined : marks.hiddenBlocks,
    blockContainers: settings.containerShare === 0 ? undefined : blockContainers(tree, blocks),
    blockRoles: roles,
  });
}
