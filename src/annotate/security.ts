/**
 * Who may talk to the labelling server. It listens on loopback only, but any web page the
 * person visits can still send requests to 127.0.0.1, and DNS rebinding can make a foreign
 * host name resolve there. So every request must:
 * - name the server itself in `Host` (defeats rebinding);
 * - carry the per-session token in a cookie, set when the person opens the printed URL
 *   (cookies are not port-isolated, so the cookie name carries the port);
 * - if it has an `Origin` (browsers send one on every non-GET), come from the app's own
 *   origin; unsafe methods must have one (or `Sec-Fetch-Site: same-origin`).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export function newToken(): string {
  return randomBytes(24).toString('hex');
}

export function cookieName(port: number): string {
  return `pith_label_${port}`;
}

export function tokensEqual(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function readCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function allowedHosts(port: number): ReadonlySet<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export type AccessDecision = { readonly ok: true } | { readonly ok: false; readonly status: number; readonly reason: string };

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** Host, Origin and Fetch-Metadata checks (the token is checked by the caller, which knows the bootstrap route). */
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
