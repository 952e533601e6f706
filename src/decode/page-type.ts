/**
 * What kind of page this is, from what the page declares (schema.org types of its own JSON-LD
 * objects, not of what they mention, or of microdata; `og:type`) and, where it declares
 * nothing, from its markup: several posts' user names make a forum thread, several blocks of
 * code documentation. A page that declares many products is a catalogue, whose kind its other
 * declarations or its markup tell. The decoder keeps what matters on each kind: who wrote each
 * post on a forum thread (`forum-posts`); lead-ins to links are left alone on documentation and
 * listings (`lead-ins`); a listing's cards are kept (`listing-cards`).
 */
import type { DomTree } from '../dom/tree.js';
import { typeNames, walkPageJsonLdObjects } from '../dom/json-ld.js';
import { parsedUrl } from '../util/site.js';
import { BlockRole } from './roles.js';
import type { Block } from '../segment/segment.js';

export const PAGE_TYPES = ['article', 'listing', 'product', 'forum', 'docs', 'unknown'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** schema.org type names of a product page (its offers included). */
const PRODUCT_NAMES = /^(?:Product|ProductGroup|IndividualProduct|Offer|AggregateOffer)$/;
/** schema.org type names by page type, in priority order (a forum thread may also declare an Article). */
const DECLARED: ReadonlyArray<readonly [PageType, RegExp]> = [
  ['forum', /^(?:DiscussionForumPosting|QAPage|SocialMediaPosting)$/],
  ['product', PRODUCT_NAMES],
  ['docs', /^(?:TechArticle|APIReference|SoftwareSourceCode|HowTo)$/],
  ['listing', /^(?:CollectionPage|SearchResultsPage)$/],
  ['article', /^(?:Article|NewsArticle|BlogPosting|Report|ReportageNewsArticle|AnalysisNewsArticle|OpinionNewsArticle|LiveBlogPosting|ScholarlyArticle|Recipe|Review)$/],
  // An article may also list related items: weaker than its own type. (A `Blog` says nothing:
  // WordPress marks every page's <body> one, its posts' included.)
  ['listing', /^ItemList$/],
];
const ONE_PRODUCT = /^(?:Product|IndividualProduct)$/;
/**
 * A page that declares this many products is a catalogue (a shop's category, a search's
 * results), not one product's page: its products say nothing of its kind, which its other
 * declarations or its markup tell (a product page's related items are a few at most).
 */
const MIN_CATALOGUE_PRODUCTS = 8;

function isCatalogue(declared: readonly string[]): boolean {
  let products = 0;
  for (const n of declared) if (ONE_PRODUCT.test(n) && ++products >= MIN_CATALOGUE_PRODUCTS) return true;
  return false;
}

/** A page with this many blocks of code in `<pre>` is documentation. */
const MIN_CODE_BLOCKS = 3;
const IN_PRE = /(?:^|\/)pre(?:\/|$)/;
/** A thread that declares nothing but has this many posts' user names is a forum thread. */
const MIN_AUTHORS = 3;

function declaredType(names: readonly string[]): PageType | undefined {
  for (const [type, re] of DECLARED) if (names.some((n) => re.test(n))) return type;
  return undefined;
}

export interface DetectedPageType {
  readonly type: PageType;
  /** An article on the page's `og:type` alone: nothing else declared, no markup of another kind. */
  readonly byOpenGraph: boolean;
  /**
   * Of unknown kind, but a page of a site rather than one of its articles: its `og:type` is
   * `website` (a home, section, landing or shop page names itself so where an article says
   * `article`), or it is the site's front page (`isFrontPage`).
   */
  readonly website?: boolean;
}

/** The page's kind; `roles` are its blocks' roles (`blockRoles`). */
export function detectPageType(tree: DomTree, roles: ArrayLike<number>, blocks: readonly Block[] = []): PageType {
  return detectPageTypeOf(tree, roles, blocks).type;
}

const FRONT_PATH = /^\/(?:(?:index|default|home)\.[a-z]{2,5})?$/i;

/**
 * A site's front page: its URL's path is the root (or the root's index file) and it asks for
 * nothing in a query (`/?p=123` is a post).
 */
export function isFrontPage(url: string | undefined): boolean {
  const parsed = parsedUrl(url);
  return parsed !== undefined && parsed.search === '' && FRONT_PATH.test(parsed.pathname);
}

/** The page's kind and whether only its `og:type` said so; `url` is the page's own (`isFrontPage`). */
export function detectPageTypeOf(tree: DomTree, roles: ArrayLike<number>, blocks: readonly Block[] = [], url?: string): DetectedPageType {
  const declared: string[] = [];
  walkPageJsonLdObjects(tree, (o) => {
    declared.push(...typeNames(o['@type']));
  });
  for (const node of tree.nodes) if (node.kind === 'element' && node.attrs['itemtype']) declared.push(...typeNames(node.attrs['itemtype']));
  const og = tree.meta.find((m) => m.key === 'og:type')?.content.trim().toLowerCase();
  if (og === 'product' || og === 'og:product') declared.push('Product');
  const type = declaredType(isCatalogue(declared) ? declared.filter((n) => !PRODUCT_NAMES.test(n)) : declared);
  if (type) return { type, byOpenGraph: false };
  let authors = 0;
  for (let i = 0; i < roles.length; i++) if (roles[i] === BlockRole.author) authors++;
  if (authors >= MIN_AUTHORS) return { type: 'forum', byOpenGraph: false };
  let code = 0;
  for (const b of blocks) if (b.kind === 'text' && IN_PRE.test(b.tagPath)) code++;
  if (code >= MIN_CODE_BLOCKS) return { type: 'docs', byOpenGraph: false };
  if (og === 'article') return { type: 'article', byOpenGraph: true };
  return og === 'website' || isFrontPage(url) ? { type: 'unknown', byOpenGraph: false, website: true } : { type: 'unknown', byOpenGraph: false };
}

/**
 * How much more p(body) counts, by page kind, before the decoder runs. The general model learns
 * mostly from articles, where a block it is unsure of is most often noise; on other kinds the
 * content comes in short pieces (a product's specs, a landing page's feature blurbs, posts, code
 * notes) that it undervalues. Product pages get less: their unsure blocks are as often
 * recommendations. A declared listing's cards are kept by `listing-cards`, and what else it is
 * unsure of is mostly navigation. How the weights were chosen: docs/decoder-tuning.md.
 */
export const KIND_BODY_WEIGHTS: Readonly<Record<PageType | 'website', number>> = Object.freeze({
  article: 1, unknown: 1, listing: 1, website: 2, docs: 2, forum: 2, product: 1.5,
});

/**
 * Kinds whose content comes in sections apart (a thread's posts; a product's description, specs
 * and details): `content-region` keeps their secondary clusters from a smaller size
 * (`sectionedMinClusterShare`, `sectionedMinClusterChars`).
 */
export const SECTIONED_KINDS: ReadonlySet<PageType> = new Set<PageType>(['forum', 'product']);

/** The page's kind as the decoder weighs it: its type, or `website` for an unknown page marked so. */
export function pageKindOf(detected: DetectedPageType): PageType | 'website' {
  return detected.website ? 'website' : detected.type;
}

/** The p(body) weight for a page of this kind (`KIND_BODY_WEIGHTS`). */
export function kindBodyWeight(detected: DetectedPageType): number {
  return KIND_BODY_WEIGHTS[pageKindOf(detected)];
}
