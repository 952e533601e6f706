/**
 * The labelling server: a loopback HTTP server for the app (static page, style and the
 * compiled browser modules of web/app/), the inert page frames and a small JSON API over a
 * `Workspace`, dispatched through one table of routes (method + path pattern -> handler).
 * See security.ts for who may call it (a per-session token in the `X-Pith-Token` header,
 * never a cookie), api-types.ts for the replies and docs/annotate.md for the routes.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPithError, PithError } from '../errors.js';
import { BodyError, lingeringClose, readBodyLimited } from '../util/http-body.js';
import { checkOrigin, frameKey, headerToken, newToken, TOKEN_HEADER, tokensEqual } from './security.js';
import type { Workspace } from './workspace.js';
import type { Predictor } from './predictor.js';
import { exportBundle, importBundle, MAX_BUNDLE_BYTES, MAX_BUNDLE_DEPTH, MAX_BUNDLE_VALUES, parseBundleBytes } from './bundle.js';
import { parseJsonLimited } from './safe-files.js';
import { appHtml } from './web/app-html.js';
import { APP_CSS } from './web/app-css.js';
import { checkCorrection, correctPage, learnSite, LEARN_FROM_PAGES, listSites, siteReport } from './sites.js';
import { isValidHost } from './site-store.js';
import { checkFieldName, checkFieldValues, correctField, fieldPreview, saveFieldFiles, setFieldExample } from './field-mode.js';
import type {
  FieldChangeReply, FieldPreviewReply, FieldSaveReply,
  ApiTokenHeader, ConflictReply, CorrectReply, ErrorReply, ImportReply, LearnReply, PageReply, QueueReply, RetrainReply, SaveReply, SaveRequest,
  SiteReply, SitesReply,
} from './api-types.js';

// The app sends the token in the header security.ts checks.
TOKEN_HEADER satisfies ApiTokenHeader;

/**
 * Where `npm run build` puts the browser modules (tsconfig.web.json compiles
 * src/annotate/web/app/ to dist/web/web/app/); found from this file, dist/src/annotate/.
 */
export const APP_DIR = fileURLToPath(new URL('../../web/web/app/', import.meta.url));

export interface RetrainResult {
  /** Shown to the person. */
  readonly message: string;
  /** The new model, when one was trained or reloaded. */
  readonly predictor?: Predictor;
  /** Where the new model was written. */
  readonly path?: string;
}

export interface LabelServerOptions {
  /** Port on 127.0.0.1. Default 0: a free port. */
  readonly port?: number;
  /** Session token. Default: 24 random bytes, hex. */
  readonly token?: string;
  /**
   * Runs the training pipeline (or reloads a model), off the event loop (retrain.ts runs it in
   * a worker thread); `signal` is aborted when the server closes. Without it the retrain
   * button says `pith train` is needed.
   */
  readonly retrain?: (signal: AbortSignal) => Promise<RetrainResult>;
  /** Largest JSON body for a save. Default 4 MiB. */
  readonly maxBodyBytes?: number;
  /** Largest import or export bundle. Default `MAX_BUNDLE_BYTES` (64 MiB). */
  readonly maxImportBytes?: number;
  /** The compiled browser modules served under /app/. Default `APP_DIR`. */
  readonly appDir?: string;
}

export interface LabelServer {
  /** The URL to open: carries the token once; the app then keeps it in this origin's sessionStorage. */
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  /** The header every API request must carry: `{'x-pith-token': token}`. */
  readonly authHeaders: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

const APP_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
// The page frame: sandboxed even if opened on its own, no script at all, nothing remote.
const FRAME_CSP = "sandbox allow-same-origin; default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; font-src data:; " +
  "media-src 'none'; script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
} as const;

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, type: string, body: string | Uint8Array, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...COMMON_HEADERS, 'content-type': type, 'content-length': Buffer.byteLength(body), ...extra });
  res.end(body);
}

/** A JSON reply; the type parameter names the reply's shape in api-types.ts. */
function sendJson<T>(res: ServerResponse, status: number, data: T, extra: Record<string, string> = {}): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(data), extra);
}

/** A page id from the path, URL-decoded (validated by the workspace). */
function pageId(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, 'malformed page id');
  }
}

/** A host from the path, URL-decoded and checked (a file name in `<corpus>/sites/`). */
function hostParam(raw: string): string {
  let h: string;
  try {
    h = decodeURIComponent(raw).toLowerCase();
  } catch {
    throw new HttpError(400, 'malformed host');
  }
  if (!isValidHost(h)) throw new HttpError(400, 'invalid host');
  return h;
}

// ---- routes ----------------------------------------------------------------------------

export interface RouteContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly url: URL;
  /** The path's `:name` segments in order, still URL-encoded. */
  readonly params: readonly string[];
}

export interface Route {
  readonly method: string;
  /** `/literal/:param/literal`: a `:param` matches one non-empty path segment. */
  readonly path: string;
  /**
   * Who may call it: `public` (the static app, which holds no data), `token` (the session
   * header) or `frame` (the session header, or the page's own frame key `?k=` for a GET).
   */
  readonly access: 'public' | 'token' | 'frame';
  readonly handle: (ctx: RouteContext) => void | Promise<void>;
}

export type RouteMatch<R> =
  | { readonly status: 200; readonly route: R; readonly params: readonly string[] }
  | { readonly status: 405; readonly allow: readonly string[]; readonly params: readonly string[] }
  | { readonly status: 404; readonly params: readonly string[] };

export interface RouteTable<R> {
  /** The route for a method and path; 405 (with the methods allowed) when only the method is wrong; else 404. */
  match(method: string, pathname: string): RouteMatch<R>;
}

function pattern(path: string): RegExp {
  if (!path.startsWith('/')) throw new Error(`route path must start with /: ${path}`);
  const parts = path.split('/').slice(1).map((seg) => {
    if (seg.startsWith(':')) {
      if (!/^:[A-Za-z]\w*$/.test(seg)) throw new Error(`bad route parameter ${seg} in ${path}`);
      return '([^/]+)';
    }
    return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^/${parts.join('/')}$`);
}

/** Compiles routes into a matcher; two routes with the same method and path are a mistake. */
export function routeTable<R extends Pick<Route, 'method' | 'path'>>(routes: readonly R[]): RouteTable<R> {
  const compiled = routes.map((route) => ({ route, re: pattern(route.path) }));
  const seen = new Set<string>();
  for (const { route } of compiled) {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) throw new Error(`duplicate route ${key}`);
    seen.add(key);
  }
  return {
    match(method, pathname) {
      const allow: string[] = [];
      let params: readonly string[] = [];
      for (const { route, re } of compiled) {
        const m = re.exec(pathname);
        if (!m) continue;
        if (route.method === method) return { status: 200, route, params: m.slice(1) };
        if (!allow.includes(route.method)) allow.push(route.method);
        params = m.slice(1);
      }
      return allow.length > 0 ? { status: 405, allow, params } : { status: 404, params };
    },
  };
}

// ---- the compiled app ------------------------------------------------------------------

const loaded = new Map<string, Promise<ReadonlyMap<string, Buffer>>>();

/**
 * The browser modules (`*.js`) of `dir`, read once per process. Missing modules (a build
 * with `tsc -p .` alone) stop the server from starting, with what to run.
 */
export function loadAppModules(dir: string): Promise<ReadonlyMap<string, Buffer>> {
  let p = loaded.get(dir);
  if (!p) {
    p = (async () => {
      let names: string[];
      try {
        names = (await readdir(dir)).filter((n) => /^[A-Za-z0-9_-]+\.js$/.test(n)).sort();
      } catch {
        names = [];
      }
      if (!names.includes('main.js')) {
        throw new PithError('NOT_FOUND', `the label app's browser modules are not built (no main.js in ${dir}): run npm run build`);
      }
      const out = new Map<string, Buffer>();
      for (const n of names) out.set(n, await readFile(join(dir, n)));
      return out;
    })();
    p.catch(() => loaded.delete(dir));
    loaded.set(dir, p);
  }
  return p;
}

/**
 * The request body, at most `limit` bytes, as raw bytes. A declared `Content-Length` above
 * the limit is refused before any byte is read; a longer (chunked) body is refused as soon as
 * it passes the limit: reading stops there, nothing more is buffered, and the connection is
 * closed after the 413 reply.
 */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  // JSON only: a cross-origin form cannot send it without a (refused) preflight.
  if (type !== 'application/json') throw new HttpError(415, 'expected Content-Type: application/json');
  try {
    return await readBodyLimited(req, limit);
  } catch (e) {
    throw e instanceof BodyError ? new HttpError(e.reason === 'too-large' ? 413 : 400, e.message) : e;
  }
}

/** A JSON object body, else 400 naming the shape expected. */
function jsonObject(x: unknown, shape: string): Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw new HttpError(400, `expected ${shape}`);
  return x as Record<string, unknown>;
}

function statusOf(e: PithError): number {
  switch (e.code) {
    case 'CONFLICT': return 409;
    case 'NOT_FOUND': return 404;
    case 'BAD_OPTION': case 'BAD_CORPUS': case 'NOT_HTML': case 'BAD_GZIP': return 400;
    case 'TOO_LARGE': return 413;
    default: return 500;
  }
}

/** What the route groups share: the workspace, the session and the server's limits. */
interface Session {
  readonly ws: Workspace;
  readonly options: LabelServerOptions;
  readonly token: string;
  readonly maxBody: number;
  readonly maxImport: number;
  /** Aborted when the server closes (a running retrain stops). */
  readonly closing: AbortSignal;
}

/** A JSON request body of at most `maxBody` bytes, parsed with the bundle's depth and size limits. */
async function readJsonBody(session: Session, req: IncomingMessage): Promise<unknown> {
  const limits = { maxBytes: session.maxBody, maxDepth: MAX_BUNDLE_DEPTH, maxValues: MAX_BUNDLE_VALUES };
  return parseJsonLimited(await readBody(req, session.maxBody), limits, 'request body');
}

/** Runs a change to a page's labels; a stale `baseRevision` is a 409 that tells the app the page's revision now. */
async function unlessConflict(session: Session, res: ServerResponse, id: string, change: () => Promise<void>): Promise<void> {
  try {
    return await change();
  } catch (e) {
    if (isPithError(e) && e.code === 'CONFLICT') {
      const now = await session.ws.view(id);
      return sendJson<ConflictReply>(res, 409, { error: e.message, conflict: true, revision: now.revision });
    }
    throw e;
  }
}

const APP_HEADERS = { 'content-security-policy': APP_CSP, 'x-frame-options': 'DENY' };

/**
 * The app itself: static and holding no data, served to whoever passes the Host/Origin checks.
 * The printed URL carries the token once: the page served for it hands the token to the app
 * (which keeps it in sessionStorage, this origin's alone) and drops it from the address bar.
 */
function appRoutes(session: Session, modules: ReadonlyMap<string, Buffer>): Route[] {
  return [
    { method: 'GET', path: '/favicon.ico', access: 'public', handle: ({ res }) => send(res, 204, 'text/plain', '') },
    {
      method: 'GET', path: '/', access: 'public',
      handle: ({ res, url }) => {
        const given = url.searchParams.has('token');
        if (given && !tokensEqual(url.searchParams.get('token') ?? undefined, session.token)) {
          return sendJson<ErrorReply>(res, 403, { error: 'wrong token: open the URL pith label printed' });
        }
        return send(res, 200, 'text/html; charset=utf-8', appHtml(given ? session.token : undefined), APP_HEADERS);
      },
    },
    { method: 'GET', path: '/app.css', access: 'public', handle: ({ res }) => send(res, 200, 'text/css; charset=utf-8', APP_CSS, APP_HEADERS) },
    {
      method: 'GET', path: '/app/:file', access: 'public',
      handle: ({ res, params }) => {
        const body = modules.get(params[0]!);
        if (!body) throw new HttpError(404, 'no such route');
        return send(res, 200, 'text/javascript; charset=utf-8', body, APP_HEADERS);
      },
    },
  ];
}

// Every API route needs the token in the X-Pith-Token header (never a cookie: cookies reach
// every port of 127.0.0.1); the iframe's page frame takes its per-page key instead.

/** The queue, one page's view and frame, and saving its labels. */
function pageRoutes(session: Session): Route[] {
  const { ws, options, token } = session;
  return [
    {
      method: 'GET', path: '/api/queue', access: 'token',
      handle: async ({ res }) => {
        const q = await ws.queueReport();
        return sendJson<QueueReply>(res, 200, {
          corpus: ws.header.name, model: ws.modelName ?? null, retrain: options.retrain !== undefined, pages: q.pages, unreadable: q.unreadable,
          limits: { importBytes: session.maxImport },
        });
      },
    },
    {
      method: 'GET', path: '/api/pages/:id', access: 'token',
      handle: async ({ res, params }) => {
        const id = pageId(params[0]!);
        const view = await ws.view(id);
        return sendJson<PageReply>(res, 200, { ...view, frame: `/api/pages/${encodeURIComponent(id)}/frame?k=${frameKey(token, id)}` });
      },
    },
    {
      method: 'GET', path: '/api/pages/:id/frame', access: 'frame',
      handle: async ({ res, params }) => send(res, 200, 'text/html; charset=utf-8', await ws.frame(pageId(params[0]!)), {
        'content-security-policy': FRAME_CSP, 'x-frame-options': 'SAMEORIGIN',
      }),
    },
    {
      method: 'PUT', path: '/api/pages/:id/labels', access: 'token',
      handle: async ({ req, res, params }) => {
        const id = pageId(params[0]!);
        const body = await readJsonBody(session, req) as Partial<Record<keyof SaveRequest, unknown>>;
        if (typeof body !== 'object' || body === null || !Array.isArray(body.labels) || !Number.isInteger(body.baseRevision)) {
          throw new HttpError(400, 'expected {"labels": [...], "baseRevision": n}');
        }
        const labels = body.labels;
        return unlessConflict(session, res, id, async () => sendJson<SaveReply>(res, 200, await ws.save(id, labels, body.baseRevision as number)));
      },
    },
  ];
}

/** Site models (wrappers induced per site) learned from a host's labelled pages, and corrections fed back (sites.ts). */
function siteRoutes(session: Session): Route[] {
  const { ws } = session;
  return [
    {
      method: 'GET', path: '/api/sites', access: 'token',
      handle: async ({ res }) => sendJson<SitesReply>(res, 200, { sites: await listSites(ws), learnFrom: LEARN_FROM_PAGES }),
    },
    {
      method: 'GET', path: '/api/sites/:host', access: 'token',
      handle: async ({ res, params }) => sendJson<SiteReply>(res, 200, await siteReport(ws, hostParam(params[0]!))),
    },
    {
      method: 'POST', path: '/api/sites/:host/learn', access: 'token',
      handle: async ({ req, res, params }) => {
        const host = hostParam(params[0]!);
        await readBody(req, session.maxBody); // a JSON body (`{}`): a cross-origin form cannot send one
        return sendJson<LearnReply>(res, 200, await learnSite(ws, host));
      },
    },
    {
      method: 'POST', path: '/api/pages/:id/correct', access: 'token',
      handle: async ({ req, res, params }) => {
        const id = pageId(params[0]!);
        const body = checkCorrection(await readJsonBody(session, req));
        return unlessConflict(session, res, id, async () => sendJson<CorrectReply>(res, 200, await correctPage(ws, id, body.blocks, body.label, body.baseRevision)));
      },
    },
  ];
}

/** Field mode: named fields by example (field-mode.ts). */
function fieldRoutes(session: Session): Route[] {
  const { ws } = session;
  return [
    {
      method: 'GET', path: '/api/pages/:id/fields', access: 'token',
      handle: async ({ res, params }) => sendJson<FieldPreviewReply>(res, 200, await fieldPreview(ws, pageId(params[0]!))),
    },
    {
      method: 'PUT', path: '/api/pages/:id/fields', access: 'token',
      handle: async ({ req, res, params }) => {
        const id = pageId(params[0]!);
        const body = jsonObject(await readJsonBody(session, req), '{"field": "name", "values": ["..."] | null}');
        const values = body['values'] === null ? null : checkFieldValues(body['values']);
        return sendJson<FieldChangeReply>(res, 200, await setFieldExample(ws, id, checkFieldName(body['field']), values));
      },
    },
    {
      method: 'POST', path: '/api/pages/:id/fields/correct', access: 'token',
      handle: async ({ req, res, params }) => {
        const id = pageId(params[0]!);
        const body = jsonObject(await readJsonBody(session, req), '{"field": "name", "wrong"?: "...", "right"?: "..."}');
        const one = (k: string): string | undefined => {
          const v = body[k];
          if (v === undefined || v === null) return undefined;
          const [s] = checkFieldValues([v]);
          if (s === undefined) throw new HttpError(400, `"${k}" is an empty value`);
          return s;
        };
        return sendJson<FieldChangeReply>(res, 200, await correctField(ws, id, checkFieldName(body['field']), one('wrong'), one('right')));
      },
    },
    {
      method: 'POST', path: '/api/fields/save', access: 'token',
      handle: async ({ req, res }) => {
        await readBody(req, session.maxBody); // a JSON body (`{}`): a cross-origin form cannot send one
        return sendJson<FieldSaveReply>(res, 200, await saveFieldFiles(ws));
      },
    },
  ];
}

/** The corpus as one bundle file, out and in (bundle.ts). */
function bundleRoutes(session: Session): Route[] {
  const { ws, maxImport } = session;
  return [
    {
      method: 'GET', path: '/api/export', access: 'token',
      handle: async ({ res }) => {
        const exported = await exportBundle(ws.dir, { maxBytes: maxImport });
        const bundle = JSON.stringify(exported);
        const name = (ws.header.name || 'corpus').replace(/[^A-Za-z0-9._-]/g, '_');
        return send(res, 200, 'application/json; charset=utf-8', bundle, {
          'content-disposition': `attachment; filename="${name}.pith-bundle.json"`,
          'x-pith-warnings': String(exported.warnings?.length ?? 0),
        });
      },
    },
    {
      method: 'POST', path: '/api/import', access: 'token',
      handle: async ({ req, res }) => {
        const bundle = parseBundleBytes(await readBody(req, maxImport), 'uploaded bundle', maxImport);
        const report = await importBundle(ws.dir, bundle);
        ws.refresh();
        return sendJson<ImportReply>(res, 200, report);
      },
    },
  ];
}

/** Training on the corpus (or reloading a model), one at a time, when the session can. */
function retrainRoute(session: Session): Route {
  const { ws, options } = session;
  let retraining = false;
  return {
    method: 'POST', path: '/api/retrain', access: 'token',
    handle: async ({ res }) => {
      if (!options.retrain) {
        return sendJson<ErrorReply>(res, 501, { error: 'this session cannot train: run `pith train` on the corpus, then restart `pith label --model <model>`' });
      }
      if (retraining) return sendJson<ErrorReply>(res, 409, { error: 'a retrain is already running' });
      retraining = true;
      try {
        const r = await options.retrain(session.closing);
        if (r.predictor) ws.setPredictor(r.predictor);
        return sendJson<RetrainReply>(res, 200, { message: r.message, model: ws.modelName ?? null, path: r.path ?? null });
      } finally {
        retraining = false;
      }
    },
  };
}

/** Whether the request may use a route: the session header, or for a page frame its per-page key. */
function allowed(token: string, req: IncomingMessage, url: URL, route: Route | undefined, params: readonly string[]): boolean {
  if (route?.access === 'public') return true;
  if (route?.access === 'frame') {
    const id = pageId(params[0]!);
    if (tokensEqual(url.searchParams.get('k') ?? undefined, frameKey(token, id))) return true;
  }
  return tokensEqual(headerToken(req), token);
}

/** Checks origin and access, then runs the route; errors are thrown for `replyToError`. */
async function dispatch(table: RouteTable<Route>, token: string, port: number, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const access = checkOrigin(req, port);
  if (!access.ok) return sendJson<ErrorReply>(res, access.status, { error: access.reason });
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  const found = table.match(req.method ?? 'GET', url.pathname);
  const route = found.status === 200 ? found.route : undefined;
  // An unknown route or method is told apart only with the token: without it, a 403 like any API call.
  if (!allowed(token, req, url, route, found.params)) {
    return sendJson<ErrorReply>(res, 403, { error: `missing or wrong session token (the ${TOKEN_HEADER} header): open the URL pith label printed` });
  }
  if (found.status === 405) return sendJson<ErrorReply>(res, 405, { error: 'method not allowed' }, { allow: found.allow.join(', ') });
  if (found.status === 404) throw new HttpError(404, 'no such route');
  return found.route.handle({ req, res, url, params: found.params });
}

/** The reply to a request that failed: its HTTP error, a PithError's status, else 500. */
function replyToError(req: IncomingMessage, res: ServerResponse, e: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (e instanceof HttpError) {
    // The rest of a refused body is never kept: reply, then close (see lingeringClose).
    if (e.status === 413 || e.status === 415) {
      res.setHeader('connection', 'close');
      lingeringClose(req);
    }
    return sendJson<ErrorReply>(res, e.status, { error: e.message });
  }
  if (isPithError(e)) return sendJson<ErrorReply>(res, statusOf(e), { error: e.message, code: e.code });
  sendJson<ErrorReply>(res, 500, { error: `internal error: ${(e as Error).message}` });
}

/** Starts the server on 127.0.0.1 and resolves once it listens. */
export async function startLabelServer(ws: Workspace, options: LabelServerOptions = {}): Promise<LabelServer> {
  const token = options.token ?? newToken();
  if (!/^[A-Za-z0-9_-]{16,200}$/.test(token)) throw new PithError('BAD_OPTION', 'the session token must be 16-200 letters, digits, _ or -');
  const modules = await loadAppModules(options.appDir ?? APP_DIR);
  const closing = new AbortController();
  const session: Session = {
    ws, options, token, closing: closing.signal,
    maxBody: options.maxBodyBytes ?? 4 * 1024 * 1024,
    maxImport: options.maxImportBytes ?? MAX_BUNDLE_BYTES,
  };
  const table = routeTable<Route>([
    ...appRoutes(session, modules), ...pageRoutes(session), ...siteRoutes(session), ...fieldRoutes(session), ...bundleRoutes(session), retrainRoute(session),
  ]);
  let port = options.port ?? 0;
  const server = createServer((req, res) => {
    dispatch(table, token, port, req, res).catch((e: unknown) => replyToError(req, res, e));
  });
  server.headersTimeout = 30_000;
  server.requestTimeout = 300_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e) => reject(new PithError('IO', `cannot listen on 127.0.0.1:${port} (${e.message})`)));
    server.listen(port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${token}`, origin, port, token, authHeaders: Object.freeze({ [TOKEN_HEADER]: token }),
    close: () => new Promise<void>((resolve) => {
      closing.abort();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
