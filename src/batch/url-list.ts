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
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { DEFAULT_MAX_REDIRECTS, fetchPage } from '../dom/fetch.js';
import { PithError, isPithError } from '../errors.js';
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
  let st;
  try {
    st = await stat(path);
  } catch (e) {
    throw new PithError('NOT_FOUND', 'no such file', path, { cause: e });
  }
  if (!st.isFile()) throw new PithError('NOT_A_FILE', 'the URL list must be a regular file', path);
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
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_URL_CONCURRENCY);
  const perHost = Math.max(1, options.perHost ?? DEFAULT_PER_HOST);
  const delay = Math.max(0, options.hostDelayMs ?? DEFAULT_HOST_DELAY_MS);
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const clock = options.clock ?? systemClock;
  /** A request to make: `target` (the URL or where it redirected to) for the listed `url`. */
  interface Request { url: string; target: string; redirectsLeft: number }
  interface HostState { queue: Request[]; inflight: number; next: number }
  const hosts = new Map<string, HostState>();
  const hostState = (h: string): HostState => {
    let s = hosts.get(h);
    if (!s) hosts.set(h, (s = { queue: [], inflight: 0, next: 0 }));
    return s;
  };
  for (const url of urls) hostState(hostOf(url)).queue.push({ url, target: url, redirectsLeft: maxRedirects });
  const robots = options.ignoreRobots ? undefined : robotsCacheFor(options);
  let active = 0;
  let failure: unknown;
  await new Promise<void>((resolve, reject) => {
    /** Ends the pause pump is waiting out, when a finished request calls it sooner. */
    let pause: AbortController | undefined;
    const run = async ({ url, target, redirectsLeft }: Request): Promise<void> => {
      let result: UrlResult;
      try {
        if (robots && !robots.known(target)) {
          // The site's robots.txt takes this turn, as a request of its own; the page is asked in the host's next turn.
          await robots.prepare(target);
          hostState(hostOf(target)).queue.unshift({ url, target, redirectsLeft });
          return;
        }
        await robots?.check(target);
        const got = await fetchWithAgent(target, options.userAgent, { ...options, maxRedirects: redirectsLeft, crossHostRedirects: 'return' });
        if (got.redirectTo !== undefined) {
          // Asked later, in the other host's turn; this turn ends now.
          hostState(hostOf(got.redirectTo)).queue.unshift({ url, target: got.redirectTo, redirectsLeft: redirectsLeft - (got.redirects ?? 1) });
          return;
        }
        result = { ok: true, url, finalUrl: got.finalUrl, bytes: got.bytes, charset: got.charset };
      } catch (e) {
        result = { ok: false, url, error: isPithError(e) ? { code: e.code, message: e.message } : { code: 'FETCH_FAILED', message: (e as Error).message } };
      }
      await onResult(result);
    };
    const pump = (): void => {
      pause?.abort();
      pause = undefined;
      if (failure !== undefined) {
        if (active === 0) reject(failure);
        return;
      }
      if (hosts.size === 0 && active === 0) return resolve();
      let wait = Infinity;
      for (const [h, s] of hosts) {
        while (active < concurrency && s.queue.length > 0 && s.inflight < perHost) {
          const now = clock.now();
          // Not a host (an invalid URL): no politeness to keep, it fails at once.
          if (h !== '' && now < s.next) {
            wait = Math.min(wait, s.next - now);
            break;
          }
          const request = s.queue.shift()!;
          s.inflight++;
          active++;
          s.next = now + delay;
          run(request).then(
            () => undefined,
            (e: unknown) => {
              failure ??= e;
            },
          ).finally(() => {
            s.inflight--;
            active--;
            s.next = Math.max(s.next, clock.now() + delay);
            if (s.queue.length === 0 && s.inflight === 0) hosts.delete(h);
            pump();
          });
        }
        if (active >= concurrency) break;
      }
      if (wait !== Infinity && active < concurrency) {
        const p = (pause = new AbortController());
        void clock.sleep(wait, p.signal).then(() => {
          if (!p.signal.aborted) pump();
        });
      }
    };
    pump();
  });
}
