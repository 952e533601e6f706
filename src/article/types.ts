/**
 * The article tree: the one intermediate form every writer (text, markdown, html, json)
 * reads. Plain frozen data, closed unions, no DOM references, so an Article can be built
 * by hand in tests or by another front end and written out the same way.
 *
 * Nesting is bounded by construction (see `ArticleOptions.maxNesting`): writers may recurse.
 */

/** Paragraphs the article gets that no block holds, from the decoder (`buildArticle`'s `added`). */
import type { DroppedNodes } from '../dom/tree.js';
export type { AddedParagraphs } from '../labels.js';

/**
 * The page element (pith tree node id) a node was built from. Set only when the article is
 * built with `ArticleOptions.sources` (styled output reads the element's drawn style through
 * it); no writer but the styled one looks at it, and `toJson` leaves it out.
 */
export interface Sourced {
  readonly source?: number;
}

/** Inline content of a paragraph, heading, list item line, table cell or caption. */
export type Inline =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'break' }
  /** `href` undefined when the page's URL was unsafe or missing: the text stays, the link goes. */
  | ({ readonly kind: 'link'; readonly href: string | undefined; readonly title?: string; readonly children: readonly Inline[] } & Sourced)
  | ({ readonly kind: 'emphasis'; readonly children: readonly Inline[] } & Sourced)
  | ({ readonly kind: 'strong'; readonly children: readonly Inline[] } & Sourced)
  /** Subscript and superscript (`H₂O`, `x²`, footnote markers): written as `<sub>`/`<sup>` in HTML and Markdown, plain in text. */
  | ({ readonly kind: 'sub'; readonly children: readonly Inline[] } & Sourced)
  | ({ readonly kind: 'sup'; readonly children: readonly Inline[] } & Sourced)
  | ({ readonly kind: 'code'; readonly text: string } & Sourced)
  /** Only inside table cells and captions (elsewhere an image is a figure of its own). */
  | { readonly kind: 'image'; readonly src: string; readonly alt: string };

export type InlineKind = Inline['kind'];

export interface ArticleImage extends Sourced {
  readonly src: string;
  readonly alt: string;
  readonly title?: string;
}

export interface ListItem extends Sourced {
  /** Paragraphs, nested lists, figures, quotes, code, in page order. */
  readonly children: readonly ArticleNode[];
}

export interface TableCell {
  readonly header: boolean;
  readonly content: readonly Inline[];
  /** Only set when above 1. */
  readonly colspan?: number;
  readonly rowspan?: number;
}

export interface TableRow {
  /** True for rows in `<thead>` or made only of `<th>` cells at the top of the table. */
  readonly header: boolean;
  readonly cells: readonly TableCell[];
}

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export type ArticleNode = (
  | { readonly kind: 'heading'; readonly level: HeadingLevel; readonly content: readonly Inline[] }
  | { readonly kind: 'paragraph'; readonly content: readonly Inline[] }
  | { readonly kind: 'list'; readonly ordered: boolean; readonly start?: number; readonly items: readonly ListItem[] }
  | { readonly kind: 'table'; readonly caption?: readonly Inline[]; readonly rows: readonly TableRow[] }
  | { readonly kind: 'quote'; readonly children: readonly ArticleNode[] }
  | { readonly kind: 'code'; readonly text: string; readonly language?: string }
  /** `source` is the `<figure>` element; a bare image's figure has none (its image has). */
  | { readonly kind: 'figure'; readonly images: readonly ArticleImage[]; readonly caption?: readonly Inline[] }
  /** Video, audio, iframe or embed, written as a link to its source. */
  | { readonly kind: 'embed'; readonly src: string; readonly media: EmbedMedia; readonly title?: string }
  /** A boundary between posts of a thread (a forum's replies, each a post the page marks): `---` in Markdown, `<hr>` in HTML, nothing in text. */
  | { readonly kind: 'rule' }
) & Sourced;

export type ArticleNodeKind = ArticleNode['kind'];
export type EmbedMedia = 'video' | 'audio' | 'iframe' | 'embed';

export interface ArticleMetadata {
  /**
   * The title the page declares (JSON-LD headline, Dublin Core / Open Graph / Twitter title, else
   * `<title>` without the site name): Readability.js's convention. `Article.title` is the visible headline.
   */
  readonly pageTitle?: string;
  /** BCP 47-ish tag (`en`, `de-AT`); undefined when the page does not say and detection is off or unsure. */
  readonly lang?: string;
  readonly author?: string;
  /** Publication date as the page states it (ISO 8601 when the page uses it). */
  readonly date?: string;
  readonly siteName?: string;
  /** Canonical URL (link rel=canonical, og:url) or the page's own URL. */
  readonly url?: string;
  /** The summary the page declares (meta description, og:description, JSON-LD description), at most 500 characters. */
  readonly excerpt?: string;
  /** The page's lead image as it declares it (og:image, twitter:image, JSON-LD image), resolved. */
  readonly image?: string;
  /** Text direction: the page's `dir`, else right-to-left for a right-to-left language. */
  readonly dir?: 'ltr' | 'rtl';
  /** Set when the page was longer than pith reads (`MAX_TREE_NODES`): the article comes from its beginning. */
  readonly truncated?: true;
  /** Nodes the parser's budget dropped to keep the page within it (hidden content, empty and text-only inline elements), by reason. */
  readonly dropped?: DroppedNodes;
}

/** A reader's comment (`includeComments`): its text, and its author and date where the page gives them. */
export interface ArticleComment {
  readonly author?: string;
  /** As the page states it (a `<time datetime>`, a tooltip, or the date written in the comment's header). */
  readonly date?: string;
  /** Paragraphs separated by blank lines. */
  readonly text: string;
}

export interface Article {
  /**
   * The first block labelled `title`; when none, `ArticleOptions.fallbackTitle`, else `metadata.pageTitle`
   * cut at its first ` | `, else ''. Parts naming the site (its og:site_name or host) are cut from
   * either end of the shown or declared title; a `fallbackTitle` is used as given.
   */
  readonly title: string;
  readonly content: readonly ArticleNode[];
  readonly metadata: ArticleMetadata;
  /** The headline's element (the title block's), with `ArticleOptions.sources`; see `Sourced`. */
  readonly titleSource?: number;
  /** Readers' comments, in page order, when asked for (`includeComments`); never part of `content`. */
  readonly comments?: readonly ArticleComment[];
}
