/** Per-host site models beside a general model: the seam the pipeline picks them by. */
import type { Page } from '../page.js';
import type { Prediction } from './labeler.js';
import { siteOfUrl } from '../util/site.js';

/**
 * A per-host site model (the wrapper of src/wrapper): labels a page of its site, or says it
 * does not recognise the page (undefined), and the general model labels it instead.
 */
export interface SiteLabeler {
  /** 'wrapper'. */
  readonly algorithm: string;
  /** The site's host as `siteOfUrl` (src/util/site.ts) gives it; pages of this host or its subdomains are its. */
  readonly host: string;
  /** `general`: the general model's prediction, computed on demand (for a part the site model lacks). */
  labelPage(page: Page, general?: () => Prediction): Prediction | undefined;
  /** The extracted headline as the site writes it, less what the site adds around every headline. */
  cleanTitle?(title: string): string;
}

/** The site model for a page's URL: the one whose host is the page's or a parent domain of it (longest first). */
export function pickSiteModel(sites: readonly SiteLabeler[] | undefined, url: string | undefined): SiteLabeler | undefined {
  if (!sites || sites.length === 0) return undefined;
  const host = siteOfUrl(url);
  if (!host) return undefined;
  let best: SiteLabeler | undefined;
  for (const s of sites) {
    if ((host === s.host || host.endsWith(`.${s.host}`)) && (!best || s.host.length > best.host.length)) best = s;
  }
  return best;
}
