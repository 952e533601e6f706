/**
 * URL policy for everything an article writes: resolve against the page's base URL,
 * then keep only schemes a reader can safely follow. Decided once here so the builder
 * and every writer agree.
 *
 * - links: http, https, mailto, or relative (including `#fragment` and `//host/path`);
 * - images: http, https, or relative. `data:` images are dropped too: they are mostly
 *   1x1 trackers or lazy-load placeholders, can be megabytes, and `data:image/svg+xml`
 *   is a script vector in some viewers;
 * - everything else (`javascript:`, `vbscript:`, `data:` links, `file:`, ...) is dropped.
 *
 * Browsers ignore tabs, newlines and control characters inside a scheme (`java\tscript:`),
 * so the scheme is read after removing them.
 */

export type UrlUse = 'link' | 'image';

const SCHEME_RE = /^([a-z][a-z0-9+.-]*):/i;
// eslint-disable-next-line no-control-regex
const IGNORED_IN_SCHEME_RE = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200d\ufeff]/g;

const ALLOWED: Readonly<Record<UrlUse, ReadonlySet<string>>> = Object.freeze({
  link: new Set(['http', 'https', 'mailto']),
  image: new Set(['http', 'https']),
});

/** Longest URL kept; longer ones are payloads, not links. */
export const MAX_URL_LENGTH = 4096;

/** The scheme a browser would see (lower case), or undefined for relative URLs. */
export function urlScheme(url: string): string | undefined {
  // Only what comes before the first ':' can be a scheme; look at no more.
  const colon = url.indexOf(':');
  if (colon < 0) return undefined;
  const m = SCHEME_RE.exec(url.slice(0, colon + 1).replace(IGNORED_IN_SCHEME_RE, ''));
  return m ? m[1]!.toLowerCase() : undefined;
}

/** True when `url` may be written as an `href` (link) or `src` (image). */
export function isSafeUrl(url: string, use: UrlUse): boolean {
  if (url.length === 0 || url.length > MAX_URL_LENGTH) return false;
  const scheme = urlScheme(url);
  if (scheme === undefined) {
    // A relative URL must not smuggle a scheme after stripped characters (checked above) nor
    // start with a backslash pair, which browsers read as `//host`: harmless, but keep it strict.
    return !/^[\\]{2}/.test(url.trim());
  }
  return ALLOWED[use].has(scheme);
}

/**
 * Resolves `raw` against `base` (when given and resolvable) and applies the policy.
 * Returns undefined for unsafe or empty URLs.
 */
export function resolveSafeUrl(raw: string | undefined, base: string | undefined, use: UrlUse): string | undefined {
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  if (!trimmed || !isSafeUrl(trimmed, use)) return undefined;
  let out = trimmed;
  if (base) {
    try {
      out = new URL(trimmed, base).href;
    } catch {
      out = trimmed;
    }
  }
  return isSafeUrl(out, use) ? out : undefined;
}
