/** Per-host site models beside a general model: the seam the pipeline picks them by. */
import type { Page } from '../page.js';
import type { Prediction } from './labeler.js';
import type { FieldExtraction } from './wrapper/fields.js';
import { siteOfUrl } from '../util/site.js';

/**
 * A per-host site model (the wrapper of src/wrapper, or a learner trained on the site's pages,
 * site-learner.ts): labels a page of its site, or says it does not recognise the page
 * (undefined), and the general model labels it instead.
 */
export interface SiteLabeler {
  /** 'wrapper', or the learner's name ('maxent', 'ripper', ...). */
  readonly algorithm: string;
  /**
   * True when its probabilities are a learner's, like the general model's: the decoder's full
   * rules apply (DECODE_RULES), not the fewer a wrapper's rules take (SITE_DECODE_RULES).
   */
  readonly decodesAsGeneral?: boolean;
  /** The site's host as `siteOfUrl` (src/util/site.ts) gives it; pages of this host or its subdomains are its. */
  readonly host: string;
  /** `general`: the general model's prediction, computed on demand (for a part the site model lacks). */
  labelPage(page: Page, general?: () => Prediction): Prediction | undefined;
  /**
   * The page's headline by the site's conventions: `title` is what the article builder made of
   * the title block, `blockText` that block's text with its lines (undefined when there is
   * none); `recognised` is true when this site model labelled the page, false when the general
   * model did (the site's conventions that do not depend on its template may still apply).
   */
  headline?(page: Page, title: string, blockText: string | undefined, recognised: boolean): string;
  /** The page's named fields by the site's field rules (docs/fields.md); undefined when it has none. */
  extractFields?(page: Page): FieldExtraction | undefined;
  /** True when the site has field rules (so `extractFields` can give values). */
  readonly hasFieldRules?: boolean;
}

/** The site model for a page's URL: the one whose host is the page's or a parent domain of it (longest first). */
export function pickSiteModel<S extends SiteLabeler>(sites: readonly S[] | undefined, url: string | undefined): S | undefined {
  if (!sites || sites.length === 0) return undefined;
  const host = siteOfUrl(url);
  if (!host) return undefined;
  let best: S | undefined;
  for (const s of sites) {
    if ((host === s.host || host.endsWith(`.${s.host}`)) && (!best || s.host.length > best.host.length)) best = s;
  }
  return best;
}
