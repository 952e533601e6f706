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
import { namesSite } from '../util/site-name.js';

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

/** Separators between a headline and a site (or section) name, in a shown or declared title. */
const NAME_SEPARATOR = / (?:[|\-–—·»]|::) /g;
/**
 * A title without the site's name at either end ("Headline | WRAL", "TechCrunch | Startup
 * News"): parts between separators are cut while they name the site. With `firstPart` (a
 * declared title standing in for a headline the page does not show), what remains is cut at
 * its first ` | ` as well, where sites append sections and slogans. Never returns less than one part.
 */
export function withoutSiteName(title: string, keys: readonly string[], firstPart = false): string {
  const parts: string[] = [];
  const separators: string[] = [];
  let from = 0;
  for (const m of title.matchAll(NAME_SEPARATOR)) {
    parts.push(title.slice(from, m.index));
    separators.push(m[0]);
    from = m.index! + m[0].length;
  }
  parts.push(title.slice(from));
  let lo = 0;
  let hi = parts.length - 1;
  if (keys.length > 0) {
    while (hi > lo && namesSite(parts[hi]!, keys)) hi--;
    while (lo < hi && namesSite(parts[lo]!, keys)) lo++;
  }
  let out = parts[lo]!;
  for (let k = lo + 1; k <= hi; k++) {
    if (firstPart && separators[k - 1] === ' | ') break;
    out += separators[k - 1]! + parts[k]!;
  }
  return out.trim() || title;
}
