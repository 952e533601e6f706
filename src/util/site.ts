/**
 * The one answer to "which site is this page from?", shared by the corpus readers (the `site`
 * field cross-site folds group by), the feature registry (an instance's `site`) and the
 * per-host site models (which one a page's URL picks).
 */

export interface SiteOptions {
  /**
   * Whether a web.archive.org capture (`/web/<time>/<url>`) counts as the captured page's site
   * (true, the default: what site models pick) or as `web.archive.org` (the corpus readers,
   * see CORPUS_SITE). Default true.
   */
  readonly unwrapArchive?: boolean;
}

/**
 * How the corpus readers derive a page's `site` from its URL: archive captures are not
 * unwrapped, so the shared corpora keep the sites (and the cross-site folds, the bundled
 * model's training and bench:quality) they had. Unwrapping would move 21 trafilatura-eval
 * pages from the one site `web.archive.org` to 21 sites of their own; change it only together
 * with a re-run of the benchmarks.
 */
export const CORPUS_SITE: SiteOptions = Object.freeze({ unwrapArchive: false });

/** The URL parsed; undefined when there is none or it does not parse. */
export function parsedUrl(url: string | undefined): URL | undefined {
  if (!url) return undefined;
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * The site a URL belongs to: its host in lower case without a leading `www.` / `www2.` (any
 * `www<digits>.`) and without a trailing dot; a web.archive.org capture (`/web/<time>/<url>`)
 * is the captured page's site unless `unwrapArchive` is false. Undefined without a usable URL.
 */
export function siteOfUrl(url: string | undefined, options: SiteOptions = {}): string | undefined {
  const u = parsedUrl(url);
  if (!u) return undefined;
  let host = u.hostname.toLowerCase();
  if (options.unwrapArchive !== false && /(^|\.)archive\.org$/.test(host)) {
    const m = /^\/web\/[^/]+\/(.+)$/.exec(u.pathname + u.search);
    if (m) {
      const inner = /^[a-z][a-z0-9+.-]*:/i.test(m[1]!) ? m[1]! : `http://${m[1]!}`;
      const h = siteOfUrl(inner.replace(/^(https?:)\/(?!\/)/i, '$1//'), options);
      if (h) return h;
    }
  }
  host = host.replace(/^www\d*\./, '').replace(/\.$/, '');
  return host || undefined;
}

/** A host as a user names it (`--site www.Example.com`) in the form `siteOfUrl` gives (`example.com`). */
export function siteOfHost(name: string): string {
  return siteOfUrl(`http://${name}/`) ?? name;
}
