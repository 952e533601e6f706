/**
 * Fetching the page of a `{url}` request with `fetchPage` (src/dom/fetch.ts), pith's one HTTP
 * client: time limit, redirects, HTML content types, body limit, and the fetch policy
 * (src/util/fetch-policy.ts) on every connection, the first and each redirect's: public
 * addresses only, unless `--allow-private-urls`. Its failures are answered as the service's
 * errors: a refused address 403 URL_NOT_ALLOWED, the request's time limit 504 TIMEOUT.
 */
import { fetchPage } from '../dom/fetch.js';
import { isPithError, PithError } from '../errors.js';
import type { AddressPolicy } from '../util/fetch-policy.js';
import { ServiceError } from './errors.js';

export interface GuardedFetchOptions {
  /** Which addresses may be connected to. */
  readonly allowed: AddressPolicy;
  /** Aborts the fetch (the request's time limit). */
  readonly signal: AbortSignal;
  readonly maxBytes: number;
  /** Default 5. */
  readonly maxRedirects?: number;
}

export interface FetchedBytes {
  readonly url: string;
  readonly bytes: Buffer;
  readonly charset: string | undefined;
}

/** A client's URL, checked: http(s) only, well formed. Bad ones are 400 BAD_OPTION. */
export function parseClientUrl(text: string): URL {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new ServiceError(400, 'BAD_OPTION', `url: not a valid absolute URL: '${text.slice(0, 200)}'`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ServiceError(400, 'BAD_OPTION', `url: only http and https URLs are fetched, not '${u.protocol}'`);
  return u;
}

const SERVICE_USER_AGENT = 'pith/0.1 (+article extraction)';

export async function guardedFetch(start: URL, options: GuardedFetchOptions): Promise<FetchedBytes> {
  try {
    const got = await fetchPage(start.href, {
      allowed: options.allowed, signal: options.signal, maxBytes: options.maxBytes, userAgent: SERVICE_USER_AGENT,
      // gzip is passed on as it is: pith gunzips pages itself, with the same size limit.
      gzip: 'keep',
      // The request's own deadline (the signal) is the limit; this one never comes first.
      timeoutMs: 2 ** 31 - 1,
      ...(options.maxRedirects !== undefined ? { maxRedirects: options.maxRedirects } : {}),
    });
    return { url: got.url, bytes: Buffer.from(got.bytes.buffer, got.bytes.byteOffset, got.bytes.byteLength), charset: got.charset };
  } catch (e) {
    if (options.signal.aborted) throw new ServiceError(504, 'TIMEOUT', `fetching ${start.href} took longer than the request's time limit`);
    if (!isPithError(e)) throw e;
    if (e.code === 'URL_NOT_ALLOWED') throw new ServiceError(403, 'URL_NOT_ALLOWED', e.message);
    // Not a page the service can extract: the upstream's fault, as every other fetch failure.
    if (e.code === 'NOT_HTML') throw new PithError('FETCH_FAILED', e.message.slice(e.subject !== undefined ? e.subject.length + 2 : 0), e.subject);
    throw e;
  }
}
