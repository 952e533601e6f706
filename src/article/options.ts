/** `ArticleOptions` (user input, all optional) resolved once into a frozen `ArticleConfig`. */
import { PithError } from '../errors.js';

/**
 * Which image blocks an article keeps:
 * - `labelled`: image and media blocks labelled `body` (the decoder already limits them to the content region);
 * - `region`: also unlabelled ones lying between the first and last kept text block;
 * - `none`: no images or embeds.
 */
export type ImagePolicy = 'labelled' | 'region' | 'none';

export interface ArticleOptions {
  /** Title when no block is labelled `title`, used as given. Default: the page's declared title (`metadata.pageTitle`, without the site's name), else ''. */
  readonly fallbackTitle?: string;
  /** Default `labelled`. */
  readonly images?: ImagePolicy;
  /**
   * Most structural containers (lists, quotes, tables, figures) nested in one another;
   * deeper ones are flattened into their deepest kept ancestor. Bounds writer recursion
   * on hostile pages. Default 8.
   */
  readonly maxNesting?: number;
  /** Guess `metadata.lang` from stop words when the page does not declare it. Default true. */
  readonly detectLanguage?: boolean;
  /** Keep text hidden by `hidden` / display:none (match the segmentation's setting). Default false. */
  readonly includeHidden?: boolean;
  /**
   * Record on every node the page element it was built from (`source`, `Article.titleSource`),
   * for styled output (`toStyledHtml`). Default false: the tree is then exactly as without it.
   */
  readonly sources?: boolean;
}

export interface ArticleConfig {
  readonly fallbackTitle: string | undefined;
  readonly images: ImagePolicy;
  readonly maxNesting: number;
  readonly detectLanguage: boolean;
  readonly includeHidden: boolean;
  readonly sources: boolean;
}

const IMAGE_POLICIES: readonly ImagePolicy[] = ['labelled', 'region', 'none'];

export function resolveArticleOptions(o: ArticleOptions = {}): ArticleConfig {
  const images = o.images ?? 'labelled';
  if (!IMAGE_POLICIES.includes(images)) {
    throw new PithError('BAD_OPTION', `images must be one of ${IMAGE_POLICIES.join(', ')}, got '${String(images)}'`);
  }
  const maxNesting = o.maxNesting ?? 8;
  if (!Number.isInteger(maxNesting) || maxNesting < 1 || maxNesting > 64) {
    throw new PithError('BAD_OPTION', `maxNesting must be a whole number from 1 to 64, got '${String(maxNesting)}'`);
  }
  return Object.freeze({
    fallbackTitle: o.fallbackTitle,
    images,
    maxNesting,
    detectLanguage: o.detectLanguage ?? true,
    includeHidden: o.includeHidden ?? false,
    sources: o.sources ?? false,
  });
}
