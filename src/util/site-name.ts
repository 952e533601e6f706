/**
 * What a site calls itself (its declared name, its host's labels) and whether a piece of text
 * is that name: the article cuts it from titles, the decoder keeps it from being the headline.
 */

/** Host labels that name no site. */
const GENERIC_HOST_LABELS: ReadonlySet<string> = new Set(['www', 'm', 'amp', 'mobile', 'news', 'blog', 'blogs', 'en', 'de', 'fr', 'es']);
/** A part names the site when its letters equal a site key, or one starts the other and they differ by this many letters at most ("Move.org" / move, "Bridgestone Tires" / bridgestonetire). */
const MAX_KEY_SLACK = 3;
const MIN_KEY_LETTERS = 3;

const lettersOf = (s: string): string => s.normalize('NFKD').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** What a site calls itself, as letters only: its declared name and the labels of its host(s), without the top-level domain. */
export function siteKeys(siteName: string | undefined, urls: readonly (string | undefined)[]): string[] {
  const keys = new Set<string>();
  if (siteName) keys.add(lettersOf(siteName));
  for (const u of urls) {
    if (!u) continue;
    let host: string;
    try {
      host = new URL(u).hostname;
    } catch {
      continue;
    }
    // An address names no site: its numbers ("127") would cut title parts that merely are numbers.
    if (isIpAddress(host)) continue;
    for (const label of host.split('.').slice(0, -1)) if (!GENERIC_HOST_LABELS.has(label)) keys.add(lettersOf(label));
  }
  return [...keys].filter((k) => k.length >= MIN_KEY_LETTERS);
}

/** IPv6 hosts come bracketed from URL; IPv4 ones are four decimal labels (URL normalises other forms to that). */
const isIpAddress = (host: string): boolean => host.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(host);

/** Whether `part` is the site's name: its letters equal a site key, or nearly (one starts the other, a few letters apart). */
export function namesSite(part: string, keys: readonly string[]): boolean {
  const l = lettersOf(part);
  if (l.length === 0) return false;
  return keys.some((k) => l === k ||
    (Math.min(l.length, k.length) > MIN_KEY_LETTERS && Math.abs(l.length - k.length) <= MAX_KEY_SLACK && (k.startsWith(l) || l.startsWith(k))));
}
