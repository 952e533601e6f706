/**
 * Pages grouped into sites, and a site's templates (docs/sites.md): a page belongs to the site
 * the caller names (`--site`), else to its URL's host (the caller's URL, else the one the page
 * declares), else to a site named by its template (`template:<hash>`): pages without any URL are
 * grouped by their skeletons, never by the folder they were found in.
 */
import type { Page } from '../page.js';
import { siteUrlOf } from '../pipeline/extract.js';
import { siteOfHost, siteOfUrl } from '../util/site.js';
import { bestTemplateFit, groupByTemplate, pageSkeleton, SITE_GROUP_THRESHOLD, siteTemplatesOfPages, TEMPLATE_MATCH_THRESHOLD, templateName, templateOf } from '../models/site-template.js';

/** How a site got its name: given by the caller, its pages' URL host, or its template. */
export type SiteNaming = 'given' | 'host' | 'template';

export interface SiteGroup {
  readonly name: string;
  readonly by: SiteNaming;
  /** Indices of its pages in the list grouped. */
  readonly members: readonly number[];
}

/** The host a page gives: its URL's, else the one it declares (`<base href>`, og:url, canonical). */
export function pageHost(page: Page): string | undefined {
  return siteOfUrl(page.url) ?? siteOfUrl(siteUrlOf(page));
}

/** Pages grouped by site: all under `given` when named, else by host, the rest by template. */
export function groupPagesBySite(pages: readonly Page[], given?: string): SiteGroup[] {
  if (given !== undefined) return [{ name: given.startsWith('template:') ? given.toLowerCase() : siteOfHost(given), by: 'given', members: pages.map((_, i) => i) }];
  const byHost = new Map<string, number[]>();
  const unnamed: number[] = [];
  pages.forEach((p, i) => {
    const host = pageHost(p);
    if (!host) unnamed.push(i);
    else {
      let list = byHost.get(host);
      if (!list) byHost.set(host, (list = []));
      list.push(i);
    }
  });
  const out: SiteGroup[] = [...byHost].map(([name, members]) => ({ name, by: 'host' as const, members }));
  // A page without a URL whose skeleton fits a host's pages is that host's (older captures of a site often declare none).
  if (unnamed.length > 0 && out.length > 0) {
    const hostTemplates = out.map((g) => siteTemplatesOfPages(g.members.map((i) => ({ page: pages[i]! })), { chrome: false }));
    const left: number[] = [];
    for (const i of unnamed) {
      const skeleton = pageSkeleton(pages[i]!.tree);
      let best = -1;
      let bestFit = TEMPLATE_MATCH_THRESHOLD;
      hostTemplates.forEach((t, k) => {
        const f = bestTemplateFit(t, skeleton).fit;
        if (f >= bestFit) {
          best = k;
          bestFit = f;
        }
      });
      if (best >= 0) (out[best]!.members as number[]).push(i);
      else left.push(i);
    }
    unnamed.splice(0, unnamed.length, ...left);
  }
  if (unnamed.length > 0) {
    const skeletons = unnamed.map((i) => pageSkeleton(pages[i]!.tree));
    for (const g of groupByTemplate(skeletons, SITE_GROUP_THRESHOLD)) {
      out.push({ name: templateName(templateOf(g.map((k) => skeletons[k]!))), by: 'template', members: g.map((k) => unnamed[k]!) });
    }
  }
  return out;
}
