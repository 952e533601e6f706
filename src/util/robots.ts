/**
 * robots.txt (RFC 9309) read into rules and asked about a URL. Pure: fetching and caching are
 * src/batch/robots.ts's. Groups start at `User-agent` lines (several lines may share one
 * group); the group(s) naming pith's product token apply, else those of `*`, else none. Among
 * the `Allow`/`Disallow` rules of the applying groups the longest matching pattern wins, `Allow`
 * on a tie; `*` matches any run of characters and a final `$` anchors the end. `/robots.txt`
 * itself is always allowed. Matching walks pattern and path without backtracking blow-ups, so
 * a hostile file cannot hang a crawl.
 */

/** The part of a robots.txt read (RFC 9309 asks parsers to read at least 500 KiB). */
export const MAX_ROBOTS_BYTES = 512 * 1024;

export interface RobotsRule {
  readonly allow: boolean;
  /** The path pattern, percent-encoding normalised (see `normalizePath`). */
  readonly pattern: string;
}

interface RobotsGroup {
  /** Lower-cased product tokens of its User-agent lines (`*` for any). */
  readonly agents: readonly string[];
  readonly rules: readonly RobotsRule[];
}

export interface RobotsTxt {
  readonly groups: readonly RobotsGroup[];
  /** `Sitemap:` lines, as given. */
  readonly sitemaps: readonly string[];
}

/** A robots.txt that allows everything (none, or one that could not be had: 4xx). */
export const ALLOW_ALL: RobotsTxt = Object.freeze({ groups: [], sitemaps: [] });
/** A robots.txt that allows nothing (RFC 9309: the file is unreachable, 5xx or no answer). */
export const DISALLOW_ALL: RobotsTxt = Object.freeze({ groups: [{ agents: ['*'], rules: [{ allow: false, pattern: '/' }] }], sitemaps: [] });

/** Non-ASCII characters percent-encoded (UTF-8) and `%xx` escapes upper-cased, as a URL's path is. */
export function normalizePath(s: string): string {
  let out = '';
  for (const ch of s) out += ch.charCodeAt(0) < 0x80 ? ch : encodeURIComponent(ch);
  return out.replace(/%[0-9a-f]{2}/gi, (e) => e.toUpperCase());
}

/** The product token of a User-Agent (`pith/0.1 (+...)` -> `pith`), lower-cased. */
export function productToken(userAgent: string): string {
  return (/^[A-Za-z_-]+/.exec(userAgent.trim())?.[0] ?? '').toLowerCase();
}

export function parseRobotsTxt(text: string): RobotsTxt {
  const groups: { agents: string[]; rules: RobotsRule[] }[] = [];
  const sitemaps: string[] = [];
  let current: { agents: string[]; rules: RobotsRule[] } | undefined;
  let lastWasAgent = false;
  for (const raw of text.slice(0, MAX_ROBOTS_BYTES).split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (!lastWasAgent || !current) groups.push((current = { agents: [], rules: [] }));
      const agent = value === '*' ? '*' : productToken(value);
      if (agent) current.agents.push(agent);
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (key === 'sitemap') {
      if (value) sitemaps.push(value);
    } else if ((key === 'allow' || key === 'disallow') && current && value !== '') {
      current.rules.push({ allow: key === 'allow', pattern: normalizePath(value) });
    }
  }
  return { groups, sitemaps };
}

/**
 * Whether `pattern` matches the start of `path` (all of it when the pattern ends in `$`).
 * Wildcard matching that remembers only the last `*`: O(pattern x path) at worst.
 */
export function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const p = anchored ? pattern.slice(0, -1) : pattern + '*';
  let i = 0, j = 0, star = -1, mark = 0;
  while (j < path.length) {
    if (i < p.length && p[i] === '*') {
      star = i++;
      mark = j;
    } else if (i < p.length && p[i] === path[j]) {
      i++;
      j++;
    } else if (star >= 0) {
      i = star + 1;
      j = ++mark;
    } else return false;
  }
  while (i < p.length && p[i] === '*') i++;
  return i === p.length;
}

/** The rules that apply to `agent` (a product token): its own groups', else `*`'s. */
function rulesFor(robots: RobotsTxt, agent: string): RobotsRule[] {
  const own = robots.groups.filter((g) => agent !== '' && g.agents.includes(agent));
  const chosen = own.length > 0 ? own : robots.groups.filter((g) => g.agents.includes('*'));
  return chosen.flatMap((g) => g.rules);
}

/** Whether `robots` lets `userAgent` fetch `url` (its path and query). */
export function robotsAllows(robots: RobotsTxt, userAgent: string, url: URL | string): boolean {
  const u = typeof url === 'string' ? new URL(url) : url;
  const path = normalizePath((u.pathname || '/') + u.search);
  if (u.pathname === '/robots.txt') return true;
  let best: RobotsRule | undefined;
  for (const rule of rulesFor(robots, productToken(userAgent))) {
    if (!patternMatches(rule.pattern, path)) continue;
    if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)) best = rule;
  }
  return best?.allow ?? true;
}
