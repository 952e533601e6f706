/**
 * The title a page declares for itself, as opposed to the headline it shows.
 *
 * Reading apps built on Readability.js show this title: a declared headline from the page's
 * metadata when there is one, else the `<title>` text without its site-name part. pith's own
 * `title` is the visible headline its model picks; this is offered beside it as
 * `metadata.pageTitle` for users who want the declared convention.
 */
import type { MetaTag } from '../dom/tree.js';
import { normalizeSpace } from '../dom/tree.js';

/** Meta keys that declare a headline, most specific first. */
const DECLARED_KEYS: readonly string[] = ['dc:title', 'dc.title', 'dcterm:title', 'dcterms.title', 'og:title', 'title', 'twitter:title'];

/** Separators sites put between the headline and the site's name in `<title>`. */
const SEPARATOR = / [|\-–—\/\\»>·] /g;
/** A cut that leaves this many words or fewer keeps the whole `<title>`. */
const MAX_SHORT_WORDS = 4;
const MAX_TITLE_CHARS = 300;

const words = (s: string): number => (s.match(/\S+/g) ?? []).length;

/** The `<title>` text without the site name: the part before the last separator, or after the first one when that part is too short. */
function trimSiteName(title: string): string {
  const whole = normalizeSpace(title);
  const cuts = [...whole.matchAll(SEPARATOR)].map((m) => m.index!);
  if (cuts.length === 0) return whole;
  let kept = whole.slice(0, cuts[cuts.length - 1]).trim();
  if (words(kept) < 3) kept = whole.slice(cuts[0]! + 3).trim();
  // A short remainder is more likely a section or site name than the headline.
  return words(kept) <= MAX_SHORT_WORDS ? whole : kept;
}

/**
 * The declared title: the JSON-LD article headline (given by the caller, which parses JSON-LD
 * once for all metadata), then Dublin Core, Open Graph, `<meta name=title>` and Twitter titles
 * (a key may sit in a space-separated list, and a later tag overrides an earlier one), then the
 * `<title>` without its site name. Undefined when the page declares nothing.
 */
export function declaredPageTitle(meta: readonly MetaTag[], documentTitle: string, jsonLdHeadline: string | undefined): string | undefined {
  const clean = (s: string | undefined): string | undefined => {
    const t = s === undefined ? '' : normalizeSpace(s);
    return t.length > 0 && t.length <= MAX_TITLE_CHARS ? t : undefined;
  };
  const fromLd = clean(jsonLdHeadline);
  if (fromLd) return fromLd;
  const byKey = new Map<string, string>();
  for (const m of meta) {
    const content = clean(m.content);
    if (!content) continue;
    for (const key of m.key.split(/\s+/)) byKey.set(key, content);
  }
  for (const key of DECLARED_KEYS) {
    const v = byKey.get(key);
    if (v) return v;
  }
  return clean(trimSiteName(documentTitle));
}
