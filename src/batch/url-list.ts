/**
 * Pages from a list of URLs, fetched politely: at most `concurrency` requests in flight, at most
 * `perHost` to any one host (host:port), and a pause of `hostDelayMs` between two requests to
 * one host (after the previous one started and after it ended). Every request names itself
 * (`userAgent`) and has the fetch limits of `fetchPage` (time, redirects, HTML only, 16 MiB)
 * and its fetch policy: public addresses only, on every hop, unless `allowPrivateUrls`.
 * Each site's robots.txt is read once and obeyed (ROBOTS_DISALLOWED), unless `ignoreRobots`.
 * A URL that fails is a result with an error, never an exception: the list goes on.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { DEFAULT_MAX_REDIRECTS, fetchPage } from '../dom/fetch.js';
import { requireRegularFile } from './regular-file.js';
import { isPithError } from '../errors.js';
import { addressPolicyOf, type AddressPolicy } from '../util/fetch-policy.js';
import { systemClock, type Clock } from '../util/clock.js';
import { RobotsCache } from './robots.js';

export interface UrlFetchOptions {
  /** Requests in flight at once. Default 4. */
  readonly concurrency?: number;
  /** Requests in flight to one host. Default 1. */
  readonly perHost?: number;
  /** Pause between two requests to one host, in ms. Default 500. */
  readonly hostDelayMs?: number;
  /** The User-Agent header. Default `pith/<version>`. */
  readonly userAgent?: string;
  /** Whole-request time limit in ms (connecting, redirects, body). Default 15 000. */
  readonly timeoutMs?: number;
  readonly maxRedirects?: number;
  readonly maxBytes?: number;
  /** Let fetches (and their redirects) reach loopback, private, link-local and reserved addresses (`--allow-private-urls`). */
  readonly allowPrivateUrls?: boolean;
  /** Which addresses may be connected to (tests); overrides `allowPrivateUrls`. */
  readonly addressPolicy?: AddressPolicy;
  /** What the pauses between requests are measured and waited on. Default: the real clock. */
  readonly clock?: Clock;
  /** Fetch pages whatever the sites' robots.txt say (`--ignore-robots`); by default each site's is read once and obeyed (src/batch/robots.ts). */
  readonly ignoreRobots?: boolean;
}

export const DEFAULT_URL_CONCURRENCY = 4;
export const DEFAULT_PER_HOST = 1;
export const DEFAULT_HOST_DELAY_MS = 500;
export const DEFAULT_FETCH_TIMEOUT_MS = 15_000;
/** What pith calls itself when it fetches. */
export const DEFAULT_USER_AGENT = 'pith/0.1.0 (+article extraction; batch)';

export type UrlResult =
  | { readonly ok: true; readonly url: string; readonly finalUrl: string; readonly bytes: Uint8Array; readonly charset: string | undefined }
  | { readonly ok: false; readonly url: string; readonly error: { readonly code: string; readonly message: string } };

/** A URL list file: one URL a line; blank lines and lines starting with `#` are left out; duplicates once. */
export async function readUrlList(path: string): Promise<string[]> {
  await requireRegularFile(path, 'the URL list must be a regular file');
  const seen = new Set<string>();
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    const url = line.trim();
    if (url === '' || url.startsWith('#')) continue;
    seen.add(url);
  }
  return [...seen];
}

export interface FetchedWithAgent {
  readonly finalUrl: string;
  readonly bytes: Uint8Array;
  readonly charset: string | undefined;
  /** With `crossHostRedirects: 'return'`: the other host's URL to ask next, in that host's turn. */
  readonly redirectTo?: string;
  /** Redirects this request followed (the returned one included). */
  readonly redirects?: number;
}

/** One request with the limits and fetch policy of `fetchPage` (src/dom/fetch.ts) and a User-Agent of the caller's choosing. */
export async function fetchWithAgent(url: string, userAgent: string, options: UrlFetchOptions & { crossHostRedirects?: 'follow' | 'return' } = {}): Promise<FetchedWithAgent> {
  const got = await fetchPage(url, {
    userAgent, timeoutMs: options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS, allowed: addressPolicyOf(options),
    ...(options.maxRedirects !== undefined ? { maxRedirects: options.maxRedirects } : {}),
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
    ...(options.crossHostRedirects !== undefined ? { crossHostRedirects: options.crossHostRedirects } : {}),
  });
  return {
    finalUrl: got.url, bytes: got.bytes, charset: got.charset,
    ...(got.redirectTo !== undefined ? { redirectTo: got.redirectTo, redirects: got.redirects ?? 1 } : {}),
  };
}

/** The robots.txt cache of one crawl, fetching as its pages are fetched (agent, time limit, fetch policy). */
export function robotsCacheFor(options: UrlFetchOptions & { userAgent: string }): RobotsCache {
  return new RobotsCache({ userAgent: options.userAgent, timeoutMs: options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS, allowed: addressPolicyOf(options) });
}

/** The host (host:port) politeness counts by; '' for a string that is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/**
 * Fetches every URL politely and hands each result to `onResult`, in the order they finish. A
 * request keeps its slot until `onResult` resolves, so a caller that waits (a full queue) slows
 * fetching down instead of piling pages up in memory. A redirect to another host is not
 * followed in the same turn: the redirect's target joins that host's queue (at its front) and
 * is asked in that host's turn, with the redirects left.
 */
export async function fetchUrls(urls: readonly string[], options: UrlFetchOptions & { userAgent: string }, onResult: (r: UrlResult) => Promise<void>): Promise<void> {
  await new PoliteFetcher(urls, options, onResult).run();
}

/** A request to make: `target` (the URL or where it redirected to) for the listed `url`. */
interface HostRequest {
  readonly url: string;
  readonly target: string;
  readonly redirectsLeft: number;
}

/** One host's requests waiting, in flight, and the earliest time of its next one. */
interface HostState {
  readonly queue: HostRequest[];
  inflight: number;
  next: number;
}

class PoliteFetcher {
  private readonly concurrency: number;
  private readonly perHost: number;
  private readonly delay: number;
  private readonly clock: Clock;
  private readonly robots: ReturnType<typeof robotsCacheFor> | undefined;
  private readonly hosts = new Map<string, HostState>();
  private active = 0;
  private failure: unknown;
  /** Ends the pause `pump` is waiting out, when a finished request calls it sooner. */
  private pause: AbortController | undefined;
  private settle: { resolve: () => void; reject: (e: unknown) => void } | undefined;

  constructor(urls: readonly string[], private readonly options: UrlFetchOptions & { userAgent: string }, private readonly onResult: (r: UrlResult) => Promise<void>) {
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_URL_CONCURRENCY);
    this.perHost = Math.max(1, options.perHost ?? DEFAULT_PER_HOST);
    this.delay = Math.max(0, options.hostDelayMs ?? DEFAULT_HOST_DELAY_MS);
    this.clock = options.clock ?? systemClock;
    const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    for (const url of urls) this.hostState(hostOf(url)).queue.push({ url, target: url, redirectsLeft: maxRedirects });
    this.robots = options.ignoreRobots ? undefined : robotsCacheFor(options);
  }

  /** Resolves once every URL has its result handed on; rejects with the first error of `onResult`. */
  run(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
      this.pump();
    });
  }

  private hostState(h: string): HostState {
    let s = this.hosts.get(h);
    if (!s) this.hosts.set(h, (s = { queue: [], inflight: 0, next: 0 }));
    return s;
  }

  /** Starts every request a host's turn and the concurrency allow now; sleeps until the nearest turn otherwise. */
  private pump(): void {
    this.pause?.abort();
    this.pause = undefined;
    if (this.failure !== undefined) {
      if (this.active === 0) this.settle!.reject(this.failure);
      return;
    }
    if (this.hosts.size === 0 && this.active === 0) return this.settle!.resolve();
    let wait = Infinity;
    for (const [h, s] of this.hosts) {
      wait = Math.min(wait, this.startTurns(h, s));
      if (this.active >= this.concurrency) break;
    }
    if (wait !== Infinity && this.active < this.concurrency) {
      const p = (this.pause = new AbortController());
      void this.clock.sleep(wait, p.signal).then(() => {
        if (!p.signal.aborted) this.pump();
      });
    }
  }

  /** Starts the host's requests that may go now; returns how long until its next turn (Infinity: none to wait for). */
  private startTurns(h: string, s: HostState): number {
    while (this.active < this.concurrency && s.queue.length > 0 && s.inflight < this.perHost) {
      const now = this.clock.now();
      // Not a host (an invalid URL): no politeness to keep, it fails at once.
      if (h !== '' && now < s.next) return s.next - now;
      const request = s.queue.shift()!;
      s.inflight++;
      this.active++;
      s.next = now + this.delay;
      this.request(request).then(
        () => undefined,
        (e: unknown) => {
          this.failure ??= e;
        },
      ).finally(() => {
        s.inflight--;
        this.active--;
        s.next = Math.max(s.next, this.clock.now() + this.delay);
        if (s.queue.length === 0 && s.inflight === 0) this.hosts.delete(h);
        this.pump();
      });
    }
    return Infinity;
  }

  /** One request in its host's turn: the page, its robots.txt first, or a redirect queued for the other host's turn. */
  private async request({ url, target, redirectsLeft }: HostRequest): Promise<void> {
    let result: UrlResult;
    try {
      if (this.robots && !this.robots.known(target)) {
        // The site's robots.txt takes this turn, as a request of its own; the page is asked in the host's next turn.
        await this.robots.prepare(target);
        this.hostState(hostOf(target)).queue.unshift({ url, target, redirectsLeft });
        return;
      }
      await this.robots?.check(target);
      const got = await fetchWithAgent(target, this.options.userAgent, { ...this.options, maxRedirects: redirectsLeft, crossHostRedirects: 'return' });
      if (got.redirectTo !== undefined) {
        // Asked later, in the other host's turn; this turn ends now.
        this.hostState(hostOf(got.redirectTo)).queue.unshift({ url, target: got.redirectTo, redirectsLeft: redirectsLeft - (got.redirects ?? 1) });
        return;
      }
      result = { ok: true, url, finalUrl: got.finalUrl, bytes: got.bytes, charset: got.charset };
    } catch (e) {
      result = { ok: false, url, error: isPithError(e) ? { code: e.code, message: e.message } : { code: 'FETCH_FAILED', message: (e as Error).message } };
    }
    await this.onResult(result);
  }
}
