/**
 * Fetching the page of a `{url}` request. Like `fetchPage` (src/dom/fetch.ts: time limit,
 * redirects, HTML content types, body limit), but every connection, the first and each
 * redirect's, goes through `guardedLookup`: the addresses it is about to connect to are
 * checked against the policy (public only, unless `--allow-private-urls`). A literal IP in a
 * URL is checked before any connection.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { PithError } from '../errors.js';
import { AddressRefused, guardedLookup, type AddressPolicy } from './address-guard.js';
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

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml|text\/plain|application\/xml|text\/xml)\b/i;

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

function refused(url: URL, why: string): ServiceError {
  return new ServiceError(403, 'URL_NOT_ALLOWED', `${url.href}: ${why}; the server does not fetch loopback, private, link-local or reserved addresses (start it with --allow-private-urls to allow them)`);
}

function get(url: URL, options: GuardedFetchOptions): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(url, {
      method: 'GET',
      signal: options.signal,
      lookup: guardedLookup(options.allowed) as never,
      agent: false,
      headers: { 'user-agent': 'pith/0.1 (+article extraction)', accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', 'accept-encoding': 'gzip' },
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

export async function guardedFetch(start: URL, options: GuardedFetchOptions): Promise<FetchedBytes> {
  const maxRedirects = options.maxRedirects ?? 5;
  let current = start;
  for (let hop = 0; ; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') {
      throw new PithError('FETCH_FAILED', `redirected to an unsupported URL scheme '${current.protocol}'`, start.href);
    }
    const host = current.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !options.allowed(host)) throw refused(current, `${host} is not a public address`);
    let res: IncomingMessage;
    try {
      res = await get(current, options);
    } catch (e) {
      if (e instanceof AddressRefused) throw refused(current, e.message);
      if (options.signal.aborted) throw new ServiceError(504, 'TIMEOUT', `fetching ${current.href} took longer than the request's time limit`);
      throw new PithError('FETCH_FAILED', `unreachable (${(e as Error).message})`, current.href, { cause: e });
    }
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location) {
      res.destroy();
      if (hop >= maxRedirects) throw new PithError('FETCH_FAILED', `more than ${maxRedirects} redirects`, start.href);
      try {
        current = new URL(location, current);
      } catch {
        throw new PithError('FETCH_FAILED', `redirected to a malformed URL '${location.slice(0, 200)}'`, current.href);
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      res.destroy();
      throw new PithError('FETCH_FAILED', `HTTP ${status} ${res.statusMessage ?? ''}`.trim(), current.href);
    }
    const type = res.headers['content-type'] ?? '';
    if (type && !HTML_TYPES.test(type)) {
      res.destroy();
      throw new PithError('FETCH_FAILED', `not an HTML page (Content-Type: ${type})`, current.href);
    }
    const encoding = (res.headers['content-encoding'] ?? 'identity').toLowerCase().trim();
    // gzip is passed on as it is: pith gunzips pages itself, with the same size limit.
    if (encoding !== 'identity' && encoding !== 'gzip' && encoding !== 'x-gzip') {
      res.destroy();
      throw new PithError('FETCH_FAILED', `unsupported Content-Encoding '${encoding}'`, current.href);
    }
    const declared = Number(res.headers['content-length'] ?? 0);
    if (declared > options.maxBytes) {
      res.destroy();
      throw new PithError('TOO_LARGE', `body of ${declared} bytes is above the limit of ${options.maxBytes}`, current.href);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > options.maxBytes) {
          res.destroy();
          throw new PithError('TOO_LARGE', `body is above the limit of ${options.maxBytes} bytes`, current.href);
        }
        chunks.push(chunk);
      }
    } catch (e) {
      if (e instanceof PithError) throw e;
      if (options.signal.aborted) throw new ServiceError(504, 'TIMEOUT', `fetching ${current.href} took longer than the request's time limit`);
      throw new PithError('FETCH_FAILED', `connection failed while reading (${(e as Error).message})`, current.href, { cause: e });
    }
    const charset = /charset\s*=\s*["']?([\w.:-]+)/i.exec(type)?.[1];
    return { url: current.href, bytes: Buffer.concat(chunks, size), charset };
  }
}
