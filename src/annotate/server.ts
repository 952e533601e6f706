/**
 * The labelling server: a loopback HTTP server for the app (static page + script), the
 * inert page frames and a small JSON API over a `Workspace`. See security.ts for who may
 * call it and docs/annotate.md for the routes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPithError, PithError } from '../errors.js';
import { checkOrigin, cookieName, newToken, readCookie, tokensEqual } from './security.js';
import type { Workspace } from './workspace.js';
import type { Predictor } from './predictor.js';
import { exportBundle, importBundle, parseBundle } from './bundle.js';
import { APP_HTML } from './web/app-html.js';
import { APP_CSS } from './web/app-css.js';
import { APP_JS } from './web/app-js.js';

export interface RetrainResult {
  /** Shown to the person. */
  readonly message: string;
  /** The new model, when one was trained or reloaded. */
  readonly predictor?: Predictor;
}

export interface LabelServerOptions {
  /** Port on 127.0.0.1. Default 0: a free port. */
  readonly port?: number;
  /** Session token. Default: 24 random bytes, hex. */
  readonly token?: string;
  /** Runs the training pipeline (or reloads a model). Without it the retrain button says `pith train` is needed. */
  readonly retrain?: () => Promise<RetrainResult>;
  /** Largest JSON body for a save. Default 4 MiB. */
  readonly maxBodyBytes?: number;
  /** Largest import bundle. Default 256 MiB. */
  readonly maxImportBytes?: number;
}

export interface LabelServer {
  /** The URL to open: carries the token once, the app then lives on a cookie. */
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  readonly cookie: string;
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

async function readBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  // JSON only: a cross-origin form cannot send it without a (refused) preflight.
  if (type !== 'application/json') throw new HttpError(415, 'expected Content-Type: application/json');
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) throw new HttpError(413, `body above ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > limit) throw new HttpError(413, `body above ${limit} bytes`);
    chunks.push(c as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'malformed JSON body');
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
  const maxBody = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const maxImport = options.maxImportBytes ?? 256 * 1024 * 1024;
  let port = options.port ?? 0;
  let retraining = false;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const access = checkOrigin(req, port);
    if (!access.ok) return sendJson(res, access.status, { error: access.reason });
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const method = req.method ?? 'GET';
    if (url.pathname === '/favicon.ico') return send(res, 204, 'text/plain', '');
    const cookie = cookieName(port);

    // Bootstrap: the printed URL carries the token once; trade it for a cookie and drop it from the address bar.
    if (method === 'GET' && url.pathname === '/' && url.searchParams.has('token')) {
      if (!tokensEqual(url.searchParams.get('token') ?? undefined, token)) return sendJson(res, 403, { error: 'wrong token' });
      res.writeHead(303, {
        ...COMMON_HEADERS, location: '/',
        'set-cookie': `${cookie}=${token}; HttpOnly; SameSite=Strict; Path=/`,
      });
      res.end();
      return;
    }
    if (!tokensEqual(readCookie(req, cookie), token)) {
      return sendJson(res, 403, { error: 'missing or wrong session token: open the URL pith label printed' });
    }

    if (method === 'GET' && url.pathname === '/') return send(res, 200, 'text/html; charset=utf-8', APP_HTML, { 'content-security-policy': APP_CSP, 'x-frame-options': 'DENY' });
    if (method === 'GET' && url.pathname === '/app.js') return send(res, 200, 'text/javascript; charset=utf-8', APP_JS);
    if (method === 'GET' && url.pathname === '/app.css') return send(res, 200, 'text/css; charset=utf-8', APP_CSS);

    if (method === 'GET' && url.pathname === '/api/queue') {
      return sendJson(res, 200, { corpus: ws.header.name, model: ws.modelName ?? null, retrain: options.retrain !== undefined, pages: await ws.queue() });
    }
    const m = /^\/api\/pages\/([^/]+)(\/frame|\/labels)?$/.exec(url.pathname);
    if (m) {
      let id: string;
      try {
        id = decodeURIComponent(m[1]!);
      } catch {
        throw new HttpError(400, 'malformed page id');
      }
      if (method === 'GET' && !m[2]) return sendJson(res, 200, await ws.view(id));
      if (method === 'GET' && m[2] === '/frame') {
        return send(res, 200, 'text/html; charset=utf-8', await ws.frame(id), { 'content-security-policy': FRAME_CSP, 'x-frame-options': 'SAMEORIGIN' });
      }
      if (method === 'PUT' && m[2] === '/labels') {
        const body = (await readBody(req, maxBody)) as { labels?: unknown; baseRevision?: unknown };
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
      const bundle = JSON.stringify(await exportBundle(ws.dir));
      const name = (ws.header.name || 'corpus').replace(/[^A-Za-z0-9._-]/g, '_');
      return send(res, 200, 'application/json; charset=utf-8', bundle, { 'content-disposition': `attachment; filename="${name}.pith-bundle.json"` });
    }
    if (method === 'POST' && url.pathname === '/api/import') {
      const bundle = parseBundle(await readBody(req, maxImport), 'uploaded bundle');
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
        const r = await options.retrain();
        if (r.predictor) ws.setPredictor(r.predictor);
        return sendJson(res, 200, { message: r.message, model: ws.modelName ?? null });
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
        // An unread request body cannot be skipped safely: close the connection after the reply.
        if (e.status === 413 || e.status === 415) res.setHeader('connection', 'close');
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
    url: `${origin}/?token=${token}`, origin, port, token, cookie: `${cookieName(port)}=${token}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
