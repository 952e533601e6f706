/**
 * Fetching a page by URL with the failures a crawler meets named clearly: time-outs,
 * redirect loops, non-HTML content types, oversize bodies.
 */
import { PithError } from '../errors.js';
import { DEFAULT_MAX_BYTES } from './decode.js';

export interface FetchOptions {
  /** Whole-request time limit in ms. Default 15000. */
  readonly timeoutMs?: number;
  /** Most redirects followed. Default 5. */
  readonly maxRedirects?: number;
  /** Largest body accepted. Default 16 MiB. */
  readonly maxBytes?: number;
  /** The User-Agent header. Default `pith/0.1 (+article extraction)`. */
  readonly userAgent?: string;
  /**
   * A redirect to another host (host:port): `follow` it (default), or `return` it: the call
   * ends with `redirectTo` set and no body, so a caller that keeps per-host limits can wait for
   * that host's turn before asking it (`fetchUrls`, the queue's workers).
   */
  readonly crossHostRedirects?: 'follow' | 'return';
}

export const DEFAULT_MAX_REDIRECTS = 5;

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
}

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml|text\/plain|application\/xml|text\/xml)\b/i;

export async function fetchPage(url: string, options: FetchOptions = {}): Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? 15000;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new PithError('FETCH_FAILED', 'not a valid URL', url);
  }
  const signal = AbortSignal.timeout(timeoutMs);
  for (let hop = 0; ; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') {
      throw new PithError('FETCH_FAILED', `unsupported URL scheme '${current.protocol}'`, url);
    }
    let res: Response;
    try {
      res = await fetch(current, { redirect: 'manual', signal, headers: { 'user-agent': options.userAgent ?? DEFAULT_FETCH_USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' } });
    } catch (e) {
      const why = signal.aborted ? `timed out after ${timeoutMs} ms` : `unreachable (${(e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message})`;
      throw new PithError('FETCH_FAILED', why, current.href, { cause: e });
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      if (hop >= maxRedirects) throw new PithError('FETCH_FAILED', `more than ${maxRedirects} redirects`, url);
      const next = new URL(res.headers.get('location')!, current);
      await res.body?.cancel();
      if (options.crossHostRedirects === 'return' && next.host !== current.host) {
        return { url: current.href, bytes: new Uint8Array(0), charset: undefined, redirectTo: next.href, redirects: hop + 1 };
      }
      current = next;
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new PithError('FETCH_FAILED', `HTTP ${res.status} ${res.statusText}`, current.href);
    }
    const type = res.headers.get('content-type') ?? '';
    if (type && !HTML_TYPES.test(type)) {
      await res.body?.cancel();
      throw new PithError('NOT_HTML', `not an HTML page (Content-Type: ${type})`, current.href);
    }
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > maxBytes) {
      await res.body?.cancel();
      throw new PithError('TOO_LARGE', `body of ${declared} bytes is above the limit of ${maxBytes}`, current.href);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      const reader = res.body?.getReader();
      for (;;) {
        const next = reader ? await reader.read() : { done: true as const, value: undefined };
        if (next.done) break;
        const chunk = next.value;
        size += chunk.length;
        if (size > maxBytes) {
          await reader?.cancel();
          throw new PithError('TOO_LARGE', `body is above the limit of ${maxBytes} bytes`, current.href);
        }
        chunks.push(chunk);
      }
    } catch (e) {
      if (e instanceof PithError) throw e;
      throw new PithError('FETCH_FAILED', signal.aborted ? `timed out after ${timeoutMs} ms` : `connection failed while reading (${(e as Error).message})`, current.href, { cause: e });
    }
    const charset = /charset\s*=\s*["']?([\w.:-]+)/i.exec(type)?.[1];
    return { url: current.href, bytes: Buffer.concat(chunks), charset };
  }
}
