/**
 * The labelling server: a loopback HTTP server for the app (static page + script), the
 * inert page frames and a small JSON API over a `Workspace`. See security.ts for who may
 * call it (a per-session token in the `X-Pith-Token` header, never a cookie) and
 * docs/annotate.md for the routes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPithError, PithError } from '../errors.js';
import { BodyError, lingeringClose, readBodyLimited } from '../util/http-body.js';
import { checkOrigin, frameKey, headerToken, newToken, TOKEN_HEADER, tokensEqual } from './security.js';
import type { Workspace } from './workspace.js';
import type { Predictor } from './predictor.js';
import { exportBundle, importBundle, MAX_BUNDLE_BYTES, MAX_BUNDLE_DEPTH, MAX_BUNDLE_VALUES, parseBundleBytes } from './bundle.js';
import { parseJsonLimited } from './safe-files.js';
import { appHtml } from './web/app-html.js';
import { APP_CSS } from './web/app-css.js';
import { APP_JS } from './web/app-js.js';

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

function sendJson(res: ServerResponse, status: number, data: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(data));
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

function statusOf(e: PithError): number {
  switch (e.code) {
    case 'CONFLICT': return 409;
    case 'NOT_FOUND': return 404;
    case 'BAD_OPTION': case 'BAD_CORPUS': case 'NOT_HTML': case 'BAD_GZIP': return 400;
    case 'TOO_LARGE': return 413;
    default: return 500;
  }
}

/** Starts the server on 127.0.0.1 and resolves once it listens. */
export async function startLabelServer(ws: Workspace, options: LabelServerOptions = {}): Promise<LabelServer> {
  const token = options.token ?? newToken();
  if (!/^[A-Za-z0-9_-]{16,200}$/.test(token)) throw new PithError('BAD_OPTION', 'the session token must be 16-200 letters, digits, _ or -');
  const maxBody = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const maxImport = options.maxImportBytes ?? MAX_BUNDLE_BYTES;
  let port = options.port ?? 0;
  let retraining = false;
  const closing = new AbortController();
  const appPage = (withToken: boolean): [string, Record<string, string>] => [
    appHtml(withToken ? token : undefined), { 'content-security-policy': APP_CSP, 'x-frame-options': 'DENY' },
  ];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const access = checkOrigin(req, port);
    if (!access.ok) return sendJson(res, access.status, { error: access.reason });
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const method = req.method ?? 'GET';
    if (url.pathname === '/favicon.ico') return send(res, 204, 'text/plain', '');

    // The app itself is static and holds no data: served to whoever passes the Host/Origin checks.
    // The printed URL carries the token once: the page served for it hands the token to the
    // app (which keeps it in sessionStorage, this origin's alone) and drops it from the address bar.
    if (method === 'GET' && url.pathname === '/') {
      if (url.searchParams.has('token') && !tokensEqual(url.searchParams.get('token') ?? undefined, token)) {
        return sendJson(res, 403, { error: 'wrong token: open the URL pith label printed' });
      }
      const [html, headers] = appPage(url.searchParams.has('token'));
      return send(res, 200, 'text/html; charset=utf-8', html, headers);
    }
    if (method === 'GET' && url.pathname === '/app.js') return send(res, 200, 'text/javascript; charset=utf-8', APP_JS);
    if (method === 'GET' && url.pathname === '/app.css') return send(res, 200, 'text/css; charset=utf-8', APP_CSS);

    // Everything else needs the token in the X-Pith-Token header (never a cookie: cookies
    // reach every port of 127.0.0.1); the iframe's page frame takes its per-page key instead.
    const frameRoute = /^\/api\/pages\/([^/]+)\/frame$/.exec(url.pathname);
    let frameId: string | undefined;
    if (frameRoute) {
      try {
        frameId = decodeURIComponent(frameRoute[1]!);
      } catch {
        throw new HttpError(400, 'malformed page id');
      }
    }
    const keyed = method === 'GET' && frameId !== undefined && tokensEqual(url.searchParams.get('k') ?? undefined, frameKey(token, frameId));
    if (!keyed && !tokensEqual(headerToken(req), token)) {
      return sendJson(res, 403, { error: `missing or wrong session token (the ${TOKEN_HEADER} header): open the URL pith label printed` });
    }

    if (method === 'GET' && url.pathname === '/api/queue') {
      const q = await ws.queueReport();
      return sendJson(res, 200, {
        corpus: ws.header.name, model: ws.modelName ?? null, retrain: options.retrain !== undefined, pages: q.pages, unreadable: q.unreadable,
        limits: { importBytes: maxImport },
      });
    }
    const m = /^\/api\/pages\/([^/]+)(\/frame|\/labels)?$/.exec(url.pathname);
    if (m) {
      let id: string;
      try {
        id = decodeURIComponent(m[1]!);
      } catch {
        throw new HttpError(400, 'malformed page id');
      }
      if (method === 'GET' && !m[2]) {
        const view = await ws.view(id);
        return sendJson(res, 200, { ...view, frame: `/api/pages/${encodeURIComponent(id)}/frame?k=${frameKey(token, id)}` });
      }
      if (method === 'GET' && m[2] === '/frame') {
        return send(res, 200, 'text/html; charset=utf-8', await ws.frame(id), { 'content-security-policy': FRAME_CSP, 'x-frame-options': 'SAMEORIGIN' });
      }
      if (method === 'PUT' && m[2] === '/labels') {
        const body = parseJsonLimited(await readBody(req, maxBody), { maxBytes: maxBody, maxDepth: MAX_BUNDLE_DEPTH, maxValues: MAX_BUNDLE_VALUES }, 'request body') as { labels?: unknown; baseRevision?: unknown };
        if (typeof body !== 'object' || body === null || !Array.isArray(body.labels) || !Number.isInteger(body.baseRevision)) {
          throw new HttpError(400, 'expected {"labels": [...], "baseRevision": n}');
        }
        try {
          return sendJson(res, 200, await ws.save(id, body.labels, body.baseRevision as number));
        } catch (e) {
          if (isPithError(e) && e.code === 'CONFLICT') {
            const now = await ws.view(id);
            return sendJson(res, 409, { error: e.message, conflict: true, revision: now.revision });
          }
          throw e;
        }
      }
      throw new HttpError(405, 'method not allowed');
    }
    if (method === 'GET' && url.pathname === '/api/export') {
      const exported = await exportBundle(ws.dir, { maxBytes: maxImport });
      const bundle = JSON.stringify(exported);
      const name = (ws.header.name || 'corpus').replace(/[^A-Za-z0-9._-]/g, '_');
      return send(res, 200, 'application/json; charset=utf-8', bundle, {
        'content-disposition': `attachment; filename="${name}.pith-bundle.json"`,
        'x-pith-warnings': String(exported.warnings?.length ?? 0),
      });
    }
    if (method === 'POST' && url.pathname === '/api/import') {
      const bundle = parseBundleBytes(await readBody(req, maxImport), 'uploaded bundle', maxImport);
      const report = await importBundle(ws.dir, bundle);
      ws.refresh();
      return sendJson(res, 200, report);
    }
    if (method === 'POST' && url.pathname === '/api/retrain') {
      if (!options.retrain) {
        return sendJson(res, 501, { error: 'this session cannot train: run `pith train` on the corpus, then restart `pith label --model <model>`' });
      }
      if (retraining) return sendJson(res, 409, { error: 'a retrain is already running' });
      retraining = true;
      try {
        const r = await options.retrain(closing.signal);
        if (r.predictor) ws.setPredictor(r.predictor);
        return sendJson(res, 200, { message: r.message, model: ws.modelName ?? null, path: r.path ?? null });
      } finally {
        retraining = false;
      }
    }
    throw new HttpError(404, 'no such route');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
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
        return sendJson(res, e.status, { error: e.message });
      }
      if (isPithError(e)) return sendJson(res, statusOf(e), { error: e.message, code: e.code });
      sendJson(res, 500, { error: `internal error: ${(e as Error).message}` });
    });
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
