/** Per-host site models beside a general model: the seam the pipeline picks them by. */
import type { Page } from '../page.js';
import type { Prediction } from './labeler.js';

/**
 * A per-host site model (the wrapper of src/wrapper): labels a page of its site, or says it
 * does not recognise the page (undefined), and the general model labels it instead.
 */
export interface SiteLabeler {
  /** 'wrapper'. */
  readonly algorithm: string;
  /** Lower-case host without `www.`; pages of this host or its subdomains are its. */
  readonly host: string;
  /** `general`: the general model's prediction, computed on demand (for a part the site model lacks). */
  labelPage(page: Page, general?: () => Prediction): Prediction | undefined;
}

/**
 * The site a URL belongs to: its host in lower case without `www.`; a web.archive.org capture
 * (`/web/<time>/<url>`) is the captured page's site. Undefined without a usable URL.
 */
export function siteHost(url: string | undefined): string | undefined {
  if (!url) return undefined;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  let host = u.hostname.toLowerCase();
  if (/(^|\.)archive\.org$/.test(host)) {
    const m = /^\/web\/[^/]+\/(.+)$/.exec(u.pathname + u.search);
    if (m) {
      const inner = /^[a-z][a-z0-9+.-]*:/i.test(m[1]!) ? m[1]! : `http://${m[1]!}`;
      const h = siteHost(inner.replace(/^(https?:)\/(?!\/)/i, '$1//'));
      if (h) return h;
    }
  }
  host = host.replace(/^www\d*\./, '').replace(/\.$/, '');
  return host || undefined;
}

/** The site model for a page's URL: the one whose host is the page's or a parent domain of it (longest first). */
export function pickSiteModel(sites: readonly SiteLabeler[] | undefined, url: string | undefined): SiteLabeler | undefined {
  if (!sites || sites.length === 0) return undefined;
  const host = siteHost(url);
  if (!host) return undefined;
  let best: SiteLabeler | undefined;
  for (const s of sites) {
    if ((host === s.host || host.endsWith(`.${s.host}`)) && (!best || s.host.length > best.host.length)) best = s;
  }
  return best;
}
