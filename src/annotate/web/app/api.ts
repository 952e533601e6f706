/**
 * The app's HTTP client. The session token is handed over once in the page served for the
 * printed URL (a `<meta name="pith-token">`), then kept in sessionStorage (this origin's
 * alone, never sent anywhere by the browser) and sent in the X-Pith-Token header. No
 * cookie: cookies would reach every other port of 127.0.0.1.
 */
import type { ApiTokenHeader, ErrorReply } from '../../api-types.js';

const TOKEN_HEADER: ApiTokenHeader = 'x-pith-token';

function takeToken(): string {
  const meta = document.querySelector('meta[name="pith-token"]');
  let t = meta ? meta.getAttribute('content') : null;
  if (meta) meta.remove();
  try {
    if (t) sessionStorage.setItem('pith-token', t);
    else t = sessionStorage.getItem('pith-token');
  } catch {
    // storage off: the token lives as long as this page
  }
  if (/[?&]token=/.test(location.search)) history.replaceState(null, '', '/' + location.hash);
  return t || '';
}

/** Read once, when the app's first module loads. */
export const TOKEN = takeToken();

/** A reply: `data` is the route's JSON on success, else its error body (`{error}` when it was not JSON). */
export type ApiResult<T, E = ErrorReply> =
  | { readonly ok: true; readonly status: number; readonly data: T }
  | { readonly ok: false; readonly status: number; readonly data: E | null };

/** Calls the API with the session header; a JSON body is sent as is when it is a string. */
export function api<T, E = ErrorReply>(method: string, path: string, body?: unknown): Promise<ApiResult<T, E>> {
  const headers: Record<string, string> = { [TOKEN_HEADER]: TOKEN };
  const init: RequestInit = { method, credentials: 'omit', headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  return fetch(path, init).then((r) =>
    r.text().then((t) => {
      let data: unknown = null;
      try {
        data = t ? JSON.parse(t) : null;
      } catch {
        data = { error: t };
      }
      return { status: r.status, ok: r.ok, data } as ApiResult<T, E>;
    }),
  );
}

/** A raw GET with the session header (for a download, whose body is not JSON to parse). */
export function apiFetch(path: string): Promise<Response> {
  return fetch(path, { credentials: 'omit', headers: { [TOKEN_HEADER]: TOKEN } });
}

/** The `error` of a reply's body, when it has one. */
export function errorOf(data: unknown): string | undefined {
  return data !== null && typeof data === 'object' && typeof (data as ErrorReply).error === 'string' ? (data as ErrorReply).error : undefined;
}
