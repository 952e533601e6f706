/**
 * `pith serve`: article extraction over HTTP. Node's `http` server, a route table, a worker
 * pool (src/service/pool.ts) and guards against hostile clients:
 *
 * - bodies: `--max-body` bytes; a declared `Content-Length` above it is refused (413) before
 *   a byte is read, a chunked body as soon as it passes it; reading stops there and the
 *   connection is closed after the reply (a lingering close, so the client sees the 413);
 * - slow clients cost a socket, never a slot: a body is read whole before its request is
 *   admitted, at a minimum rate once a grace period is over (408 when it falls behind,
 *   clients.ts); `headersTimeout` (headers) and `requestTimeout` (the whole request) end a
 *   connection that dribbles (408); each client may hold `maxConnectionsPerClient` open
 *   connections, one more is answered 429 and closed;
 * - headers: at most `maxHeaderSize` bytes and 100 header lines, 431 past either;
 * - load: at most `maxInflight` extractions admitted at once (fetching, waiting for a worker
 *   or running); one more is answered 503 with `Retry-After`;
 * - cost: gzip is inflated here, bounded by size and ratio (413), and a page is weighed by its
 *   start tags and bytes; heavy pages take at most `maxHeavyInflight` of the slots and run on
 *   all workers but one (page-input.ts, pool.ts);
 * - time: each extraction (fetching its URL, waiting for a worker, extracting) has
 *   `timeoutMs`; past it the answer is 504 and a worker still on the page is replaced;
 * - `{url}`: fetched only from public addresses (the fetch policy, src/util/fetch-policy.ts) unless
 *   `allowPrivateUrls`.
 *
 * Errors are JSON, `{"error": {"code", "message"}}`; see errors.ts for codes and statuses.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { PithError } from '../errors.js';
import { LINGER_MS, lingeringClose } from '../util/http-body.js';
import { FAVORS, type ExtractionOptions, type Favor } from '../pipeline/library.js';
import { publicOnly, type AddressPolicy } from '../util/fetch-policy.js';
import { BodyBudget, ConnectionCounter, readBodyAtRate } from './clients.js';
import { boundedGunzip, RATIO_FLOOR_BYTES, weighPage } from './page-input.js';
import { ServiceError, toServiceError } from './errors.js';
import { guardedFetch, parseClientUrl } from './fetch-url.js';
import { Counter, Gauge, Histogram, LATENCY_BUCKETS, Registry } from './metrics.js';
import { openApiDocument } from './openapi.js';
import { ExtractionPool } from './pool.js';
import { RESPONSE_FORMATS, type ResponseFormat } from './worker.js';

export interface ServiceOptions {
  /** Interface to listen on. Default 127.0.0.1 (loopback only). */
  readonly host?: string;
  /** Port; 0 = any free port. Default 8080. */
  readonly port?: number;
  /** Worker threads. Default: the machine's cores. */
  readonly workers?: number;
  /** Model file. Default: the bundled model. */
  readonly modelPath?: string;
  /** The model's site model every request uses unless it names one (`site`): `pith serve --site HOST`. */
  readonly site?: string;
  /** Heap limit of each worker, MB. Default 1024. */
  readonly workerHeapMb?: number;
  /** Time limit of one extraction request, ms (fetch + queue + extraction). Default 10 000. */
  readonly timeoutMs?: number;
  /** Extraction requests admitted at once. Default 4 x workers. */
  readonly maxInflight?: number;
  /** Largest request body, bytes. Default 16 MiB. */
  readonly maxBodyBytes?: number;
  /** Largest request head (request line + headers), bytes. Default 16 KiB. */
  readonly maxHeaderBytes?: number;
  /** Time a client has to send its headers, ms. Default 10 000. */
  readonly headersTimeoutMs?: number;
  /** Time a client has to send its whole request, body included, ms. Default 30 000. */
  readonly requestTimeoutMs?: number;
  /** Least average upload rate of a request body once `uploadGraceMs` is over, bytes/s; 0 = none. Default 1024. */
  readonly minUploadBytesPerSecond?: number;
  /** Time a body may take before the minimum rate counts, ms. Default 5000. */
  readonly uploadGraceMs?: number;
  /** Bytes the request bodies being received may hold between them. Default 256 MiB. */
  readonly maxBodyBufferBytes?: number;
  /** Open connections one client (IPv4 address, IPv6 /64) may hold; 0 = no cap. Default 32. */
  readonly maxConnectionsPerClient?: number;
  /** Largest inflated size of a gzip page as a multiple of its compressed size. Default 100. */
  readonly maxGzipRatio?: number;
  /** A page with more start tags than this is heavy. Default 50 000. */
  readonly heavyPageTags?: number;
  /** A page of more bytes than this is heavy. Default 4 MiB. */
  readonly heavyPageBytes?: number;
  /** Heavy pages admitted at once. Default half of `maxInflight` (at least 1). */
  readonly maxHeavyInflight?: number;
  /** Workers that may extract heavy pages at once. Default all but one (at least 1). */
  readonly heavyWorkers?: number;
  /** Let `{url}` reach loopback, private, link-local and reserved addresses. Default false. */
  readonly allowPrivateUrls?: boolean;
  /** Address policy for `{url}` fetches (tests); overrides `allowPrivateUrls`. */
  readonly addressPolicy?: AddressPolicy;
}

export const SERVICE_DEFAULTS = Object.freeze({
  host: '127.0.0.1', port: 8080, workerHeapMb: 1024, timeoutMs: 10_000, maxBodyBytes: 16 * 1024 * 1024, maxHeaderBytes: 16 * 1024,
  headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, inflightPerWorker: 4, drainTimeoutMs: 30_000,
  minUploadBytesPerSecond: 1024, uploadGraceMs: 5000, maxBodyBufferBytes: 256 * 1024 * 1024, maxConnectionsPerClient: 32, maxGzipRatio: 100,
  heavyPageTags: 50_000, heavyPageBytes: 4 * 1024 * 1024, maxHeaderLines: 100,
});

export interface Service {
  /** `http://host:port`, the port resolved when 0 was asked for. */
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly workers: number;
  readonly maxInflight: number;
  /** Stops accepting, lets in-flight requests finish (at most `drainTimeoutMs`), then stops the workers. */
  close(drainTimeoutMs?: number): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void;

interface Route {
  readonly path: string;
  readonly methods: Readonly<Partial<Record<'GET' | 'POST', Handler>>>;
}

/** The request fields `POST /extract` takes (JSON body, or query parameters with a raw HTML body). */
export const EXTRACT_FIELDS = ['html', 'url', 'favor', 'includeComments', 'includeImages', 'includeTables', 'includeLinks', 'format', 'timeoutMs', 'site'] as const;
const BOOLEAN_FIELDS = ['includeComments', 'includeImages', 'includeTables', 'includeLinks'] as const;

/** Content types taken as the page itself (its charset parameter is honoured). */
const RAW_TYPES = new Set(['', 'text/html', 'application/xhtml+xml', 'text/plain', 'text/xml', 'application/xml', 'application/octet-stream', 'application/gzip']);

/** Closes the connection after refusing a body (413, 503), without a reset (see `lingeringClose`). */
function closeAfterRefusal(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('connection', 'close');
  lingeringClose(req);
}

interface ExtractRequest {
  readonly input?: string | Buffer;
  readonly fetchUrl?: URL;
  readonly options: Omit<ExtractionOptions, 'model'>;
  readonly format: ResponseFormat;
  readonly timeoutMs?: number;
}

const badOption = (message: string): ServiceError => new ServiceError(400, 'BAD_OPTION', message);

/** Checks and converts request fields (from JSON or the query string) to extraction options. */
function readFields(fields: Record<string, unknown>, fromQuery: boolean): { options: ExtractionOptions; format: ResponseFormat; timeoutMs?: number } {
  for (const k of Object.keys(fields)) {
    if (!(EXTRACT_FIELDS as readonly string[]).includes(k)) throw badOption(`unknown field '${k.slice(0, 100)}'; known: ${EXTRACT_FIELDS.join(', ')}`);
  }
  const options: Record<string, unknown> = {};
  const favor = fields['favor'];
  if (favor !== undefined) {
    if (typeof favor !== 'string' || !FAVORS.includes(favor as Favor)) throw badOption(`favor must be one of ${FAVORS.join(', ')}`);
    options['favor'] = favor;
  }
  for (const k of BOOLEAN_FIELDS) {
    let v = fields[k];
    if (v === undefined) continue;
    if (fromQuery && typeof v === 'string') v = v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v;
    if (typeof v !== 'boolean') throw badOption(`${k} must be true or false`);
    options[k] = v;
  }
  const format = fields['format'] ?? 'json';
  if (typeof format !== 'string' || !RESPONSE_FORMATS.includes(format as ResponseFormat)) throw badOption(`format must be one of ${RESPONSE_FORMATS.join(', ')}`);
  let timeoutMs: number | undefined;
  const t = fields['timeoutMs'];
  if (t !== undefined) {
    const n = typeof t === 'string' && fromQuery ? Number(t) : t;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw badOption('timeoutMs must be a whole number of milliseconds >= 1');
    timeoutMs = n;
  }
  const url = fields['url'];
  if (url !== undefined && typeof url !== 'string') throw badOption('url must be a string');
  const site = fields['site'];
  if (site !== undefined) {
    if (typeof site !== 'string' || site.trim() === '') throw badOption('site must be a site model\'s name (a host or template:...)');
    options['site'] = site;
  }
  return { options: options as ExtractionOptions, format: format as ResponseFormat, ...(timeoutMs !== undefined ? { timeoutMs } : {}) };
}

function mediaType(req: IncomingMessage): { type: string; charset: string | undefined } {
  const header = req.headers['content-type'] ?? '';
  const type = header.split(';')[0]!.trim().toLowerCase();
  const charset = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(header)?.[1];
  return { type, charset };
}

/** Parses POST /extract's request into the job; throws 400 / 415 ServiceErrors. */
function parseExtractRequest(req: IncomingMessage, body: Buffer, url: URL): ExtractRequest {
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) {
    if (k in query) throw badOption(`query parameter '${k.slice(0, 100)}' given twice`);
    query[k] = v;
  }
  const { type, charset } = mediaType(req);
  if (type === 'application/json') {
    if ('html' in query) throw badOption('html goes in the body');
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch (e) {
      throw new ServiceError(400, 'BAD_REQUEST', `the body is not valid JSON (${(e as Error).message.slice(0, 200)})`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ServiceError(400, 'BAD_REQUEST', 'the JSON body must be an object: {"html": "..."} or {"url": "..."}');
    const fields = { ...query, ...(parsed as Record<string, unknown>) } as Record<string, unknown>;
    const { options, format, timeoutMs } = readFields(fields, false);
    const html = fields['html'];
    const pageUrl = fields['url'] as string | undefined;
    if (html !== undefined && typeof html !== 'string') throw badOption('html must be a string');
    if (html === undefined && pageUrl === undefined) throw badOption('give the page as "html", or its "url" to fetch');
    const u = pageUrl !== undefined ? parseClientUrl(pageUrl) : undefined;
    return {
      ...(html !== undefined ? { input: html } : { fetchUrl: u! }),
      options: { ...options, ...(u ? { url: u.href } : {}) }, format, ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    };
  }
  if (!RAW_TYPES.has(type)) {
    throw new ServiceError(415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type '${type.slice(0, 100)}' is not taken: send the page as text/html (any charset) or a JSON object as application/json`);
  }
  if ('html' in query) throw badOption('html goes in the body');
  const { options, format, timeoutMs } = readFields(query, true);
  const pageUrl = query['url'] !== undefined ? parseClientUrl(query['url']).href : undefined;
  return {
    input: body, options: { ...options, ...(pageUrl ? { url: pageUrl } : {}), ...(charset ? { charset } : {}) }, format,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  };
}

export async function startService(options: ServiceOptions = {}): Promise<Service> {
  const host = options.host ?? SERVICE_DEFAULTS.host;
  const workers = options.workers ?? availableParallelism();
  const maxInflight = options.maxInflight ?? SERVICE_DEFAULTS.inflightPerWorker * workers;
  const maxBody = options.maxBodyBytes ?? SERVICE_DEFAULTS.maxBodyBytes;
  const timeoutMs = options.timeoutMs ?? SERVICE_DEFAULTS.timeoutMs;
  const heapMb = options.workerHeapMb ?? SERVICE_DEFAULTS.workerHeapMb;
  const requestTimeout = options.requestTimeoutMs ?? SERVICE_DEFAULTS.requestTimeoutMs;
  const headersTimeout = Math.min(options.headersTimeoutMs ?? SERVICE_DEFAULTS.headersTimeoutMs, requestTimeout);
  const policy = options.addressPolicy ?? (options.allowPrivateUrls ? () => true : publicOnly);
  const D = SERVICE_DEFAULTS;
  const uploadRate = { minBytesPerSecond: options.minUploadBytesPerSecond ?? D.minUploadBytesPerSecond, graceMs: options.uploadGraceMs ?? D.uploadGraceMs };
  // Often enough that a cut-off comes at most a quarter of the grace period late.
  const rateCheckMs = Math.max(50, Math.min(1000, Math.floor(uploadRate.graceMs / 4)));
  const maxPerClient = options.maxConnectionsPerClient ?? D.maxConnectionsPerClient;
  const bodyBudget = new BodyBudget(options.maxBodyBufferBytes ?? D.maxBodyBufferBytes);
  const gunzipLimits = { maxBytes: maxBody, maxRatio: options.maxGzipRatio ?? D.maxGzipRatio, ratioFloorBytes: RATIO_FLOOR_BYTES };
  const heavyMarks = { tags: options.heavyPageTags ?? D.heavyPageTags, bytes: options.heavyPageBytes ?? D.heavyPageBytes };
  const maxHeavyInflight = options.maxHeavyInflight ?? Math.max(1, Math.floor(maxInflight / 2));
  const heavyWorkers = options.heavyWorkers ?? Math.max(1, workers - 1);
  for (const [name, v, min] of [
    ['workers', workers, 1], ['maxInflight', maxInflight, 1], ['maxBodyBytes', maxBody, 1], ['timeoutMs', timeoutMs, 1], ['workerHeapMb', heapMb, 16],
    ['minUploadBytesPerSecond', uploadRate.minBytesPerSecond, 0], ['uploadGraceMs', uploadRate.graceMs, 1], ['maxConnectionsPerClient', maxPerClient, 0], ['maxBodyBufferBytes', bodyBudget.limit, 1],
    ['maxGzipRatio', gunzipLimits.maxRatio, 1], ['heavyPageTags', heavyMarks.tags, 0], ['heavyPageBytes', heavyMarks.bytes, 0],
    ['maxHeavyInflight', maxHeavyInflight, 1], ['heavyWorkers', heavyWorkers, 1],
  ] as const) {
    if (!Number.isInteger(v) || v < min) throw new PithError('BAD_OPTION', `${name} must be a whole number >= ${min}, got ${v}`);
  }

  // Metrics.
  const registry = new Registry();
  const requests = registry.add(new Counter('pith_http_requests_total', 'HTTP requests answered, by route, method and status.'));
  const latency = registry.add(new Histogram('pith_http_request_duration_seconds', 'Time from a request\'s arrival to the end of its answer, by route.', LATENCY_BUCKETS));
  let inflight = 0;
  registry.add(new Gauge('pith_extract_in_flight', 'Extraction requests admitted and not yet answered.', () => inflight));
  registry.add(new Gauge('pith_extract_max_in_flight', 'The limit on extraction requests in flight (--max-inflight).', () => maxInflight));
  const pages = registry.add(new Counter('pith_pages_extracted_total', 'Pages extracted, by whether an article was found.'));
  const errors = registry.add(new Counter('pith_errors_total', 'Error answers, by error code.'));
  const restarts = registry.add(new Counter('pith_worker_restarts_total', 'Workers replaced, by reason (timeout, out_of_memory, crash).'));
  let reading = 0;
  registry.add(new Gauge('pith_request_bodies_reading', 'Request bodies being received (not yet admitted).', () => reading));
  registry.add(new Gauge('pith_request_body_bytes_held', 'Bytes held by the request bodies being received (--max-body-buffer).', () => bodyBudget.held));
  const connections = new ConnectionCounter(maxPerClient);
  registry.add(new Gauge('pith_connections_open', 'Open client connections.', () => connections.total));
  const refusedConnections = registry.add(new Counter('pith_connections_refused_total', 'Connections answered 429 and closed, by reason.'));
  let heavyInflight = 0;
  registry.add(new Gauge('pith_heavy_in_flight', 'Heavy pages admitted and not yet answered.', () => heavyInflight));
  const heavyPages = registry.add(new Counter('pith_heavy_pages_total', 'Pages weighed as heavy (by start tags or bytes) and sent to the heavy lane.'));
  const pool = new ExtractionPool({
    size: workers, heapMb, maxHeavyRunning: heavyWorkers, ...(options.modelPath ? { modelPath: options.modelPath } : {}), onRestart: (reason) => restarts.inc({ reason }),
  });
  registry.add(new Gauge('pith_workers_ready', 'Worker threads ready to extract.', () => pool.readyWorkers));
  registry.add(new Gauge('pith_workers_busy', 'Worker threads extracting a page now.', () => pool.busyWorkers));
  registry.add(new Gauge('pith_queue_length', 'Extraction jobs waiting for a free worker.', () => pool.queued));
  registry.add(new Gauge('pith_uptime_seconds', 'Seconds since the service started.', () => Math.round(process.uptime())));

  let state = 'starting' as 'starting' | 'ready' | 'draining';
  let onIdle: (() => void) | undefined;

  const sendJson = (res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void => {
    const body = JSON.stringify(data);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
    res.end(body);
  };
  const sendError = (req: IncomingMessage, res: ServerResponse, e: ServiceError): void => {
    if (res.headersSent || res.destroyed || req.socket.destroyed) return;
    errors.inc({ code: e.code });
    if (e.status === 413 || e.status === 503 || e.status === 415 || e.status === 431 || (!req.complete && e.status !== 499)) closeAfterRefusal(req, res);
    sendJson(res, e.status === 499 ? 400 : e.status, { error: { code: e.code, message: e.message } }, { ...e.headers });
  };

  const unavailable = (): ServiceError =>
    new ServiceError(503, 'UNAVAILABLE', state === 'starting' ? 'the server is starting' : 'the server is shutting down', { 'retry-after': '1' });

  /** The whole body, at the minimum rate, before the request holds anything but its socket. */
  const receiveBody = async (req: IncomingMessage): Promise<Buffer> => {
    reading++;
    try {
      return await readBodyAtRate(req, { limit: maxBody, rate: uploadRate, checkEveryMs: rateCheckMs, now: Date.now, budget: bodyBudget });
    } finally {
      reading--;
    }
  };

  /** Takes an extraction slot until the reply is closed; 503 when none is free. */
  const admit = (res: ServerResponse): void => {
    if (state !== 'ready') throw unavailable();
    if (inflight >= maxInflight) {
      throw new ServiceError(503, 'OVERLOADED', `${maxInflight} extraction requests are in flight already; retry shortly`, { 'retry-after': '1' });
    }
    inflight++;
    res.once('close', () => {
      inflight--;
      if (inflight === 0) onIdle?.();
    });
  };

  /** Takes a heavy slot too until the reply is closed; 503 when the heavy ones are all taken. */
  const admitHeavy = (res: ServerResponse, tags: number, bytes: number): void => {
    heavyPages.inc();
    if (heavyInflight >= maxHeavyInflight) {
      throw new ServiceError(503, 'OVERLOADED', `${maxHeavyInflight} heavy pages are in flight already (this one has ${tags} start tags, ${bytes} bytes); retry shortly`, { 'retry-after': '1' });
    }
    heavyInflight++;
    res.once('close', () => heavyInflight--);
  };

  const inflate = async (bytes: Uint8Array): Promise<Buffer> =>
    (await boundedGunzip(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), gunzipLimits)).bytes;

  const extractHandler: Handler = async (req, res, url) => {
    if (state !== 'ready') throw unavailable();
    const body = await receiveBody(req);
    const parsed = parseExtractRequest(req, body, url);
    // A page sent as bytes is inflated before it takes a slot: a gzip bomb is refused without one.
    let input = parsed.input === undefined || typeof parsed.input === 'string' ? parsed.input : await inflate(parsed.input);
    admit(res);
    const left = new AbortController();
    res.once('close', () => left.abort());
    const limit = Math.min(timeoutMs, parsed.timeoutMs ?? timeoutMs);
    const deadline = Date.now() + limit;
    let extra: Partial<ExtractionOptions> = {};
    if (parsed.fetchUrl) {
      const signal = AbortSignal.any([AbortSignal.timeout(limit), left.signal]);
      const fetched = await guardedFetch(parsed.fetchUrl, { allowed: policy, signal, maxBytes: SERVICE_DEFAULTS.maxBodyBytes });
      input = await inflate(fetched.bytes);
      extra = { url: fetched.url, ...(fetched.charset ? { charset: fetched.charset } : {}) };
    }
    const site = parsed.options.site === undefined && options.site !== undefined ? { site: options.site } : {};
    if (input === undefined) throw new Error('no page to extract');
    const weight = weighPage(input, heavyMarks);
    if (weight.heavy) admitHeavy(res, weight.tags, weight.bytes);
    const result = await pool.run({ input, options: { ...parsed.options, ...extra, ...site }, format: parsed.format }, deadline, left.signal, limit, weight.heavy);
    pages.inc({ found: String(result.found) });
    if (res.destroyed) return;
    res.writeHead(200, {
      'content-type': result.contentType, 'content-length': Buffer.byteLength(result.body), 'cache-control': 'no-store', 'x-content-type-options': 'nosniff',
      'x-pith-found': String(result.found),
      ...((state as string) === 'draining' ? { connection: 'close' } : {}),
    });
    res.end(result.body);
  };

  const routes: readonly Route[] = [
    { path: '/extract', methods: { POST: extractHandler } },
    {
      path: '/healthz',
      methods: {
        GET: (_req, res) => {
          const body = {
            status: state, workers: { ready: pool.readyWorkers, total: workers, busy: pool.busyWorkers, heavy: pool.heavyRunning, restarts: pool.restarts },
            inFlight: inflight, maxInFlight: maxInflight, heavyInFlight: heavyInflight, reading, connections: connections.total, queued: pool.queued,
            ...(pool.model ? { model: pool.model } : {}),
          };
          sendJson(res, state === 'ready' && pool.readyWorkers > 0 ? 200 : 503, body, state === 'ready' ? {} : { 'retry-after': '1' });
        },
      },
    },
    {
      path: '/metrics',
      methods: {
        GET: (_req, res) => {
          const text = registry.render();
          res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
          res.end(text);
        },
      },
    },
    { path: '/openapi.json', methods: { GET: (_req, res) => sendJson(res, 200, openApiDocument({ maxBodyBytes: maxBody, timeoutMs })) } },
  ];

  const handle = async (req: IncomingMessage, res: ServerResponse, seen: { route: string }): Promise<void> => {
    // Node keeps one header line past the limit (maxHeadersCount), so a request over it is known and refused, never read short.
    if (req.rawHeaders.length / 2 > D.maxHeaderLines) {
      throw new ServiceError(431, 'HEADERS_TOO_LARGE', `more than ${D.maxHeaderLines} header lines`);
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://service.invalid');
    } catch {
      throw new ServiceError(400, 'BAD_REQUEST', 'malformed request target');
    }
    const route = routes.find((r) => r.path === url.pathname);
    if (!route) throw new ServiceError(404, 'NOT_FOUND', `no route ${url.pathname.slice(0, 200)}; routes: ${routes.map((r) => r.path).join(', ')}`);
    seen.route = route.path;
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const handler = route.methods[method as 'GET' | 'POST'];
    const allow = Object.keys(route.methods).flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])).join(', ');
    if (!handler) throw new ServiceError(405, 'METHOD_NOT_ALLOWED', `${route.path} takes ${allow}`, { allow });
    if (state === 'draining') res.setHeader('connection', 'close');
    await handler(req, res, url);
  };

  const server = createServer({
    maxHeaderSize: options.maxHeaderBytes ?? SERVICE_DEFAULTS.maxHeaderBytes,
    requestTimeout, headersTimeout,
    // Node checks the two time limits on this interval (default 30 s): check often enough.
    connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(headersTimeout / 2))),
  }, (req, res) => {
    if (refusedSockets.has(req.socket)) return;
    const started = process.hrtime.bigint();
    const seen = { route: '(none)' };
    res.once('close', () => {
      const route = seen.route;
      const status = res.headersSent ? res.statusCode : 0;
      requests.inc({ route, method: ['GET', 'HEAD', 'POST'].includes(req.method ?? '') ? req.method! : 'OTHER', status: String(status) });
      latency.observe({ route }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    handle(req, res, seen).catch((e: unknown) => sendError(req, res, toServiceError(e)));
  });
  server.maxHeadersCount = D.maxHeaderLines + 1;
  // One client over its share of connections: 429, closed before any of its request is read.
  const refusedSockets = new WeakSet<Socket>();
  const TOO_MANY = JSON.stringify({ error: { code: 'TOO_MANY_CONNECTIONS', message: `more than ${maxPerClient} open connections from this client` } });
  server.on('connection', (socket: Socket) => {
    if (connections.admit(socket)) return;
    refusedSockets.add(socket);
    refusedConnections.inc({ reason: 'per_client' });
    errors.inc({ code: 'TOO_MANY_CONNECTIONS' });
    socket.on('error', () => undefined);
    socket.end(`HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(TOO_MANY)}\r\nretry-after: 1\r\nconnection: close\r\n\r\n${TOO_MANY}`);
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    const pending = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || pending?.headersSent || refusedSockets.has(socket)) {
      socket.destroy();
      return;
    }
    const [status, code, message] = err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', `request headers above the limit of ${options.maxHeaderBytes ?? SERVICE_DEFAULTS.maxHeaderBytes} bytes`] as const
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', `the request was not received within the time limit (headers ${headersTimeout} ms, whole request ${requestTimeout} ms)`] as const
        : [400, 'BAD_REQUEST', `malformed HTTP request (${err.code ?? err.message})`] as const;
    errors.inc({ code });
    requests.inc({ route: '(client-error)', method: 'OTHER', status: String(status) });
    const body = JSON.stringify({ error: { code, message } });
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });

  await pool.start().catch(async (e: unknown) => {
    await pool.close();
    throw e;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      void pool.close();
      reject(new PithError('IO', `cannot listen on ${host}:${options.port ?? SERVICE_DEFAULTS.port} (${e.code ?? e.message})`));
    });
    server.listen(options.port ?? SERVICE_DEFAULTS.port, host, () => resolve());
  });
  state = 'ready';
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  let closing: Promise<void> | undefined;
  const close = (drainTimeoutMs = SERVICE_DEFAULTS.drainTimeoutMs): Promise<void> => {
    // Called again with no time to drain: stop waiting for the requests in flight.
    if (closing && drainTimeoutMs <= 0) onIdle?.();
    closing ??= (async () => {
      state = 'draining';
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inflight > 0 && drainTimeoutMs > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, drainTimeoutMs);
          onIdle = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      server.closeAllConnections();
      await closed;
      await pool.close();
    })();
    return closing;
  };
  return { url: `http://${shownHost}:${address.port}`, port: address.port, host: address.address, workers, maxInflight, close };
}
