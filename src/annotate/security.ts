/**
 * Who may talk to the labelling server. It listens on loopback only, but any web page the
 * person visits can still send requests to 127.0.0.1, DNS rebinding can make a foreign host
 * name resolve there, and every other service on 127.0.0.1 receives the browser's cookies for
 * 127.0.0.1 (cookies are not port-scoped). So no cookie is ever set or accepted, and every
 * request must:
 * - name the server itself in `Host` (defeats rebinding);
 * - for the API, carry the per-session token in the `X-Pith-Token` header. The app gets the
 *   token once, from the page served for the printed URL, and keeps it in `sessionStorage`,
 *   which belongs to this origin (scheme, host and port) alone: a page or service on another
 *   port can neither read it nor receive it. A cross-origin page cannot add the header
 *   without a CORS preflight, which is refused. The page frame, loaded by the iframe (which
 *   cannot send headers), takes a per-page key derived from the token instead;
 * - if it has an `Origin` (browsers send one on every non-GET), come from the app's own
 *   origin; unsafe methods must have one (or `Sec-Fetch-Site: same-origin`); `same-site`
 *   (another port of 127.0.0.1) and `cross-site` requests are refused.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The request header every API call carries the session token in. */
export const TOKEN_HEADER = 'x-pith-token';

export function newToken(): string {
  return randomBytes(24).toString('hex');
}

export function tokensEqual(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The token from the `X-Pith-Token` header (undefined when absent or repeated). */
export function headerToken(req: IncomingMessage): string | undefined {
  const v = req.headers[TOKEN_HEADER];
  return typeof v === 'string' ? v.trim() : undefined;
}

/**
 * The key that lets the app's iframe load one page's frame: an HMAC of the page id under the
 * session token. It opens that frame only, and only for this session.
 */
export function frameKey(token: string, id: string): string {
  return createHmac('sha256', token).update(`frame\n${id}`).digest('hex').slice(0, 32);
}

export function allowedHosts(port: number): ReadonlySet<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export type AccessDecision = { readonly ok: true } | { readonly ok: false; readonly status: number; readonly reason: string };

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** Host, Origin and Fetch-Metadata checks (the token is checked by the caller, which knows the routes). */
export function checkOrigin(req: IncomingMessage, port: number): AccessDecision {
  const hosts = allowedHosts(port);
  const host = (req.headers.host ?? '').toLowerCase();
  if (!hosts.has(host)) return { ok: false, status: 421, reason: 'unexpected Host header' };
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== 'null') {
    let o: URL;
    try {
      o = new URL(origin);
    } catch {
      return { ok: false, status: 403, reason: 'malformed Origin' };
    }
    if (o.protocol !== 'http:' || !hosts.has(o.host)) return { ok: false, status: 403, reason: 'foreign Origin' };
  } else if (origin === 'null') return { ok: false, status: 403, reason: 'opaque Origin' };
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return { ok: false, status: 403, reason: 'cross-site request' };
  if (!SAFE_METHODS.has(req.method ?? 'GET') && origin === undefined && site !== 'same-origin') {
    return { ok: false, status: 403, reason: 'state-changing request without Origin' };
  }
  return { ok: true };
}
