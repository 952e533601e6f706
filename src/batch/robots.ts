/**
 * robots.txt for the fetchers that crawl (`pith batch --urls`, the queue's workers): each
 * site's file fetched once, under the same fetch policy, User-Agent and time limit as its pages,
 * and kept per origin (scheme, host, port) for the crawl. What an answer means (RFC 9309):
 * 2xx: its rules; 4xx (or a 3xx without a Location): no rules; 5xx or no answer: nothing allowed. A robots.txt the fetch
 * policy refuses, too large or of an odd type counts as none: the page's own fetch then meets
 * the policy itself. Single fetches a person asks for (`pith extract URL`, `pith serve`'s
 * `{url}`) do not read robots.txt, as a browser does not.
 */
import { fetchPage } from '../dom/fetch.js';
import { PithError, isPithError } from '../errors.js';
import type { AddressPolicy } from '../util/fetch-policy.js';
import { ALLOW_ALL, DISALLOW_ALL, MAX_ROBOTS_BYTES, parseRobotsTxt, robotsAllows, type RobotsTxt } from '../util/robots.js';

export interface RobotsCacheOptions {
  readonly userAgent: string;
  readonly timeoutMs: number;
  readonly allowed: AddressPolicy;
  /** Most origins kept; the oldest is forgotten past it. Default 10 000. */
  readonly maxOrigins?: number;
}

/** How a site's robots.txt was had: what a refused URL's message says. */
type RobotsState = { readonly robots: RobotsTxt; readonly how: 'rules' | 'none' | 'unreachable'; readonly why?: string };

/** The origin robots.txt is kept by (scheme, host, port), for http(s) URLs only. */
function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

export class RobotsCache {
  private readonly origins = new Map<string, Promise<RobotsState>>();
  /** robots.txt requests made (a test counts them: one per origin). */
  fetches = 0;

  constructor(private readonly options: RobotsCacheOptions) {}

  /** Whether `url`'s site's robots.txt has been asked for (a fetcher gives that request a turn of its own). */
  known(url: string): boolean {
    const origin = originOf(url);
    return origin === undefined || this.origins.has(origin);
  }

  /** Reads `url`'s site's robots.txt unless already read (once per origin, concurrent callers share it). */
  async prepare(url: string): Promise<void> {
    const origin = originOf(url);
    if (origin !== undefined) await this.stateOf(origin);
  }

  /** Throws ROBOTS_DISALLOWED when `url`'s site does not let pith fetch it; a URL that does not parse is left to the fetch. */
  async check(url: string): Promise<void> {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return;
    const state = await this.stateOf(u.origin);
    if (robotsAllows(state.robots, this.options.userAgent, u)) return;
    const message = state.how === 'unreachable'
      ? `the site's robots.txt could not be read (${state.why}): nothing is fetched from it (RFC 9309; --ignore-robots fetches anyway)`
      : "the site's robots.txt does not allow it (--ignore-robots fetches anyway)";
    throw new PithError('ROBOTS_DISALLOWED', message, url);
  }

  private stateOf(origin: string): Promise<RobotsState> {
    let state = this.origins.get(origin);
    if (!state) {
      state = this.load(origin);
      this.origins.set(origin, state);
      if (this.origins.size > (this.options.maxOrigins ?? 10_000)) this.origins.delete(this.origins.keys().next().value!);
    }
    return state;
  }

  private async load(origin: string): Promise<RobotsState> {
    this.fetches++;
    try {
      const got = await fetchPage(`${origin}/robots.txt`, {
        userAgent: this.options.userAgent, timeoutMs: this.options.timeoutMs, allowed: this.options.allowed, maxBytes: MAX_ROBOTS_BYTES, anyStatus: true,
      });
      const status = got.status ?? 200;
      if (status >= 200 && status < 300) return { robots: parseRobotsTxt(Buffer.from(got.bytes).toString('utf8')), how: 'rules' };
      if (status >= 500) return { robots: DISALLOW_ALL, how: 'unreachable', why: `HTTP ${status}` };
      return { robots: ALLOW_ALL, how: 'none' };
    } catch (e) {
      if (isPithError(e) && (e.code === 'URL_NOT_ALLOWED' || e.code === 'TOO_LARGE' || e.code === 'NOT_HTML')) return { robots: ALLOW_ALL, how: 'none' };
      // Redirects that lead nowhere within the limit: RFC 9309 counts the file as unavailable (4xx), not unreachable.
      if (isPithError(e) && /more than \d+ redirects|redirected to a malformed URL|unsupported URL scheme/.test(e.message)) return { robots: ALLOW_ALL, how: 'none' };
      return { robots: DISALLOW_ALL, how: 'unreachable', why: (e as Error).message };
    }
  }
}
