/**
 * Fetching a page by URL with the failures a crawler meets named clearly: time-outs,
 * redirect loops, non-HTML content types, oversize bodies, and addresses the fetch policy
 * refuses (src/util/fetch-policy.ts).
 *
 * This is pith's one HTTP client: `pith serve`'s `{url}`, `pith batch --urls`, `pith worker`
 * and `pith extract URL` all fetch through it. Every connection (the first and each
 * redirect's, followed here one at a time, never by the HTTP library) resolves its host
 * through `guardedLookup`, so the policy judges the very addresses the socket connects to.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PithError } from '../errors.js';
import { AddressRefused, checkUrlHost, guardedLookup, publicOnly, type AddressPolicy } from '../util/fetch-policy.js';
import { DEFAULT_MAX_BYTES } from './bytes.js';

export interface FetchOptions {
  /** Whole-request time limit in ms. Default 15000. */
  readonly timeoutMs?: number;
  /** Most redirects followed. Default 5. */
  readonly maxRedirects?: number;
  /** Largest body accepted (after gunzip, unless `gzip: 'keep'`). Default 16 MiB. */
  readonly maxBytes?: number;
  /** The User-Agent header. Default `pith/0.1 (+article extraction)`. */
  readonly userAgent?: string;
  /**
   * A redirect to another host (host:port): `follow` it (default), or `return` it: the call
   * ends with `redirectTo` set and no body, so a caller that keeps per-host limits can wait for
   * that host's turn before asking it (`fetchUrls`, the queue's workers). The target is judged
   * by the policy when it is fetched.
   */
  readonly crossHostRedirects?: 'follow' | 'return';
  /**
   * Which addresses may be connected to, checked on every connection. Default `publicOnly`:
   * loopback, private, link-local and reserved addresses are refused (URL_NOT_ALLOWED).
   */
  readonly allowed?: AddressPolicy;
  /** Ends the fetch early as well (a request's own deadline, a client gone). */
  readonly signal?: AbortSignal;
  /**
   * A gzip-encoded body: `inflate` it here, within `maxBytes` (default), or `keep` it as it
   * came, for a caller that gunzips with its own limit.
   */
  readonly gzip?: 'inflate' | 'keep';
  /** The Content-Types accepted (default: HTML, XHTML, plain text and XML); another is NOT_HTML. */
  readonly types?: RegExp;
  /** A final answer outside 2xx is returned (`status` set, no body) instead of thrown: for robots.txt, whose 4xx and 5xx mean different things. */
  readonly anyStatus?: boolean;
}

export const DEFAULT_MAX_REDIRECTS = 5;

export const DEFAULT_FETCH_TIMEOUT = 15_000;

export const DEFAULT_FETCH_USER_AGENT = 'pith/0.1 (+article extraction)';

export interface FetchedPage {
  readonly url: string;
  readonly bytes: Uint8Array;
  /** charset from Content-Type, when given. */
  readonly charset: string | undefined;
  /** With `crossHostRedirects: 'return'`: the other host's URL this one redirects to (`bytes` is then empty). */
  readonly redirectTo?: string;
  /** Redirects followed by this call, the returned one included. */
  readonly redirects?: number;
  /** With `anyStatus`: the HTTP status of an answer outside 2xx (`bytes` is then empty). */
  readonly status?: number;
}

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml|text\/plain|application\/xml|text\/xml)\b/i;

/** The message of a connection the policy refused, naming the way to allow it. */
function notAllowed(url: URL, e: AddressRefused): PithError {
  return new PithError('URL_NOT_ALLOWED', `${e.message}; refused by the fetch policy (--allow-private-urls allows it)`, url.href);
}

/** One GET of `url`, its connection's addresses judged by `allowed`; resolves on the response head. */
function get(url: URL, allowed: AddressPolicy, signal: AbortSignal, userAgent: string, gzip: boolean): Promise<IncomingMessage> {
  checkUrlHost(url, allowed);
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, {
      method: 'GET',
      signal,
      lookup: guardedLookup(allowed) as never,
      agent: false,
      headers: { 'user-agent': userAgent, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', 'accept-encoding': gzip ? 'gzip' : 'identity' },
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

/** A response's body, at most `maxBytes` (counted after gunzip when `inflate`). */
async function readBody(res: IncomingMessage, maxBytes: number, inflate: boolean, subject: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new PithError('TOO_LARGE', `body is above the limit of ${maxBytes} bytes`, subject));
      chunks.push(chunk);
      done();
    },
  });
  if (inflate) await pipeline(res, createGunzip(), sink);
  else await pipeline(res, sink);
  return Buffer.concat(chunks, size);
}

export async function fetchPage(url: string, options: FetchOptions = {}): Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const allowed = options.allowed ?? publicOnly;
  const userAgent = options.userAgent ?? DEFAULT_FETCH_USER_AGENT;
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new PithError('FETCH_FAILED', 'not a valid URL', url);
  }
  const timer = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timer, options.signal]) : timer;
  const stopped = (): string => (timer.aborted ? `timed out after ${timeoutMs} ms` : 'stopped by the caller');
  for (let hop = 0; ; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') {
      throw new PithError('FETCH_FAILED', `unsupported URL scheme '${current.protocol}'`, hop === 0 ? url : current.href);
    }
    let res: IncomingMessage;
    try {
      res = await get(current, allowed, signal, userAgent, true);
    } catch (e) {
      if (e instanceof AddressRefused) throw notAllowed(current, e);
      const why = signal.aborted ? stopped() : `unreachable (${(e as Error).message})`;
      throw new PithError('FETCH_FAILED', why, current.href, { cause: e });
    }
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location) {
      res.destroy();
      if (hop >= maxRedirects) throw new PithError('FETCH_FAILED', `more than ${maxRedirects} redirects`, url);
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        throw new PithError('FETCH_FAILED', `redirected to a malformed URL '${location.slice(0, 200)}'`, current.href);
      }
      if (options.crossHostRedirects === 'return' && next.host !== current.host) {
        return { url: current.href, bytes: new Uint8Array(0), charset: undefined, redirectTo: next.href, redirects: hop + 1 };
      }
      current = next;
      continue;
    }
    if (status < 200 || status >= 300) {
      res.destroy();
      if (options.anyStatus) return { url: current.href, bytes: new Uint8Array(0), charset: undefined, status };
      throw new PithError('FETCH_FAILED', `HTTP ${status} ${res.statusMessage ?? ''}`.trim(), current.href);
    }
    const type = res.headers['content-type'] ?? '';
    if (type && !(options.types ?? HTML_TYPES).test(type)) {
      res.destroy();
      throw new PithError('NOT_HTML', `not an HTML page (Content-Type: ${type})`, current.href);
    }
    const encoding = (res.headers['content-encoding'] ?? 'identity').toLowerCase().trim();
    const gzipped = encoding === 'gzip' || encoding === 'x-gzip';
    if (encoding !== 'identity' && !gzipped) {
      res.destroy();
      throw new PithError('FETCH_FAILED', `unsupported Content-Encoding '${encoding}'`, current.href);
    }
    const declared = Number(res.headers['content-length'] ?? 0);
    if (declared > maxBytes) {
      res.destroy();
      throw new PithError('TOO_LARGE', `body of ${declared} bytes is above the limit of ${maxBytes}`, current.href);
    }
    let bytes: Buffer;
    try {
      bytes = await readBody(res, maxBytes, gzipped && options.gzip !== 'keep', current.href);
    } catch (e) {
      if (e instanceof PithError) throw e;
      if (signal.aborted) throw new PithError('FETCH_FAILED', stopped(), current.href, { cause: e });
      if (typeof (e as { errno?: unknown }).errno === 'number' && String((e as { code?: unknown }).code).startsWith('Z_')) {
        throw new PithError('BAD_GZIP', `the gzip-encoded body does not inflate (${(e as Error).message})`, current.href, { cause: e });
      }
      throw new PithError('FETCH_FAILED', `connection failed while reading (${(e as Error).message})`, current.href, { cause: e });
    }
    const charset = /charset\s*=\s*["']?([\w.:-]+)/i.exec(type)?.[1];
    return { url: current.href, bytes, charset };
  }
}
