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
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { PithError } from '../errors.js';
import { LINGER_MS, lingeringClose } from '../util/http-body.js';
import type { ExtractionOptions } from '../pipeline/library.js';
import { publicOnly, type AddressPolicy } from '../util/fetch-policy.js';
import { BodyBudget, ConnectionCounter, readBodyAtRate } from './clients.js';
import { boundedGunzip, RATIO_FLOOR_BYTES, weighPage } from './page-input.js';
import { ServiceError, toServiceError } from './errors.js';
import { guardedFetch } from './fetch-url.js';
import { parseExtractRequest } from './extract-request.js';
import { Counter, Gauge, Histogram, LATENCY_BUCKETS, Registry } from './metrics.js';
import { openApiDocument } from './openapi.js';
import { ExtractionPool } from './pool.js';

export { EXTRACT_FIELDS } from './extract-request.js';

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

/** Closes the connection after refusing a body (413, 503), without a reset (see `lingeringClose`). */
function closeAfterRefusal(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('connection', 'close');
  lingeringClose(req);
}

/** The options with their defaults, checked. */
interface Settings {
  readonly host: string;
  readonly port: number;
  readonly workers: number;
  readonly maxInflight: number;
  readonly maxBody: number;
  readonly maxHeaderBytes: number;
  readonly timeoutMs: number;
  readonly heapMb: number;
  readonly requestTimeout: number;
  readonly headersTimeout: number;
  readonly policy: AddressPolicy;
  readonly uploadRate: { readonly minBytesPerSecond: number; readonly graceMs: number };
  readonly rateCheckMs: number;
  readonly maxPerClient: number;
  readonly maxBodyBufferBytes: number;
  readonly gunzipLimits: { readonly maxBytes: number; readonly maxRatio: number; readonly ratioFloorBytes: number };
  readonly heavyMarks: { readonly tags: number; readonly bytes: number };
  readonly maxHeavyInflight: number;
  readonly heavyWorkers: number;
  readonly modelPath?: string;
  readonly site?: string;
}

function settingsOf(options: ServiceOptions): Settings {
  const D = SERVICE_DEFAULTS;
  const workers = options.workers ?? availableParallelism();
  const maxInflight = options.maxInflight ?? D.inflightPerWorker * workers;
  const maxBody = options.maxBodyBytes ?? D.maxBodyBytes;
  const requestTimeout = options.requestTimeoutMs ?? D.requestTimeoutMs;
  const uploadGraceMs = options.uploadGraceMs ?? D.uploadGraceMs;
  const settings: Settings = {
    host: options.host ?? D.host, port: options.port ?? D.port, workers, maxInflight, maxBody,
    maxHeaderBytes: options.maxHeaderBytes ?? D.maxHeaderBytes,
    timeoutMs: options.timeoutMs ?? D.timeoutMs, heapMb: options.workerHeapMb ?? D.workerHeapMb,
    requestTimeout, headersTimeout: Math.min(options.headersTimeoutMs ?? D.headersTimeoutMs, requestTimeout),
    policy: options.addressPolicy ?? (options.allowPrivateUrls ? () => true : publicOnly),
    uploadRate: { minBytesPerSecond: options.minUploadBytesPerSecond ?? D.minUploadBytesPerSecond, graceMs: uploadGraceMs },
    // Often enough that a cut-off comes at most a quarter of the grace period late.
    rateCheckMs: Math.max(50, Math.min(1000, Math.floor(uploadGraceMs / 4))),
    maxPerClient: options.maxConnectionsPerClient ?? D.maxConnectionsPerClient,
    maxBodyBufferBytes: options.maxBodyBufferBytes ?? D.maxBodyBufferBytes,
    gunzipLimits: { maxBytes: maxBody, maxRatio: options.maxGzipRatio ?? D.maxGzipRatio, ratioFloorBytes: RATIO_FLOOR_BYTES },
    heavyMarks: { tags: options.heavyPageTags ?? D.heavyPageTags, bytes: options.heavyPageBytes ?? D.heavyPageBytes },
    maxHeavyInflight: options.maxHeavyInflight ?? Math.max(1, Math.floor(maxInflight / 2)),
    heavyWorkers: options.heavyWorkers ?? Math.max(1, workers - 1),
    ...(options.modelPath ? { modelPath: options.modelPath } : {}),
    ...(options.site !== undefined ? { site: options.site } : {}),
  };
  checkSettings(settings);
  return settings;
}

function checkSettings(s: Settings): void {
  for (const [name, v, min] of [
    ['workers', s.workers, 1], ['maxInflight', s.maxInflight, 1], ['maxBodyBytes', s.maxBody, 1], ['timeoutMs', s.timeoutMs, 1], ['workerHeapMb', s.heapMb, 16],
    ['minUploadBytesPerSecond', s.uploadRate.minBytesPerSecond, 0], ['uploadGraceMs', s.uploadRate.graceMs, 1], ['maxConnectionsPerClient', s.maxPerClient, 0], ['maxBodyBufferBytes', s.maxBodyBufferBytes, 1],
    ['maxGzipRatio', s.gunzipLimits.maxRatio, 1], ['heavyPageTags', s.heavyMarks.tags, 0], ['heavyPageBytes', s.heavyMarks.bytes, 0],
    ['maxHeavyInflight', s.maxHeavyInflight, 1], ['heavyWorkers', s.heavyWorkers, 1],
  ] as const) {
    if (!Number.isInteger(v) || v < min) throw new PithError('BAD_OPTION', `${name} must be a whole number >= ${min}, got ${v}`);
  }
}

/** The counters and histograms the service keeps; its gauges read the live state when scraped. */
function serviceMetrics(registry: Registry) {
  return {
    requests: registry.add(new Counter('pith_http_requests_total', 'HTTP requests answered, by route, method and status.')),
    latency: registry.add(new Histogram('pith_http_request_duration_seconds', 'Time from a request\'s arrival to the end of its answer, by route.', LATENCY_BUCKETS)),
    pages: registry.add(new Counter('pith_pages_extracted_total', 'Pages extracted, by whether an article was found.')),
    errors: registry.add(new Counter('pith_errors_total', 'Error answers, by error code.')),
    restarts: registry.add(new Counter('pith_worker_restarts_total', 'Workers replaced, by reason (timeout, out_of_memory, crash).')),
    refusedConnections: registry.add(new Counter('pith_connections_refused_total', 'Connections answered 429 and closed, by reason.')),
    heavyPages: registry.add(new Counter('pith_heavy_pages_total', 'Pages weighed as heavy (by start tags or bytes) and sent to the heavy lane.')),
  };
}

const sendJson = (res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void => {
  const body = JSON.stringify(data);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
  res.end(body);
};

/** Writes a raw answer on a socket no request of which is read, and closes it after a lingering wait. */
function answerOnSocket(socket: Socket, status: number, body: string, extraHeaders = ''): void {
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${extraHeaders}connection: close\r\n\r\n${body}`);
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

class ExtractionService {
  private state = 'starting' as 'starting' | 'ready' | 'draining';
  private onIdle: (() => void) | undefined;
  private inflight = 0;
  private heavyInflight = 0;
  private reading = 0;
  private readonly registry = new Registry();
  private readonly metrics = serviceMetrics(this.registry);
  private readonly bodyBudget: BodyBudget;
  private readonly connections: ConnectionCounter;
  private readonly refusedSockets = new WeakSet<Socket>();
  private readonly pool: ExtractionPool;
  private readonly routes: readonly Route[];
  private readonly server: Server;
  private closing: Promise<void> | undefined;

  constructor(private readonly settings: Settings) {
    this.bodyBudget = new BodyBudget(settings.maxBodyBufferBytes);
    this.connections = new ConnectionCounter(settings.maxPerClient);
    this.pool = new ExtractionPool({
      size: settings.workers, heapMb: settings.heapMb, maxHeavyRunning: settings.heavyWorkers, ...(settings.modelPath ? { modelPath: settings.modelPath } : {}),
      onRestart: (reason) => this.metrics.restarts.inc({ reason }),
    });
    this.addGauges();
    this.routes = [
      { path: '/extract', methods: { POST: (req, res, url) => this.extract(req, res, url) } },
      { path: '/healthz', methods: { GET: (_req, res) => this.health(res) } },
      { path: '/metrics', methods: { GET: (_req, res) => this.scrape(res) } },
      { path: '/openapi.json', methods: { GET: (_req, res) => sendJson(res, 200, openApiDocument({ maxBodyBytes: settings.maxBody, timeoutMs: settings.timeoutMs })) } },
    ];
    this.server = this.createHttpServer();
  }

  /** Starts the workers, then listens; once both are done the service is ready. */
  async start(): Promise<Service> {
    await this.pool.start().catch(async (e: unknown) => {
      await this.pool.close();
      throw e;
    });
    const { host, port } = this.settings;
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', (e: NodeJS.ErrnoException) => {
        void this.pool.close();
        reject(new PithError('IO', `cannot listen on ${host}:${port} (${e.code ?? e.message})`));
      });
      this.server.listen(port, host, () => resolve());
    });
    this.state = 'ready';
    const address = this.server.address() as AddressInfo;
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return {
      url: `http://${shownHost}:${address.port}`, port: address.port, host: address.address, workers: this.settings.workers, maxInflight: this.settings.maxInflight,
      close: (drainTimeoutMs) => this.close(drainTimeoutMs),
    };
  }

  private addGauges(): void {
    const gauges: Array<[string, string, () => number]> = [
      ['pith_extract_in_flight', 'Extraction requests admitted and not yet answered.', () => this.inflight],
      ['pith_extract_max_in_flight', 'The limit on extraction requests in flight (--max-inflight).', () => this.settings.maxInflight],
      ['pith_request_bodies_reading', 'Request bodies being received (not yet admitted).', () => this.reading],
      ['pith_request_body_bytes_held', 'Bytes held by the request bodies being received (--max-body-buffer).', () => this.bodyBudget.held],
      ['pith_connections_open', 'Open client connections.', () => this.connections.total],
      ['pith_heavy_in_flight', 'Heavy pages admitted and not yet answered.', () => this.heavyInflight],
      ['pith_workers_ready', 'Worker threads ready to extract.', () => this.pool.readyWorkers],
      ['pith_workers_busy', 'Worker threads extracting a page now.', () => this.pool.busyWorkers],
      ['pith_queue_length', 'Extraction jobs waiting for a free worker.', () => this.pool.queued],
      ['pith_uptime_seconds', 'Seconds since the service started.', () => Math.round(process.uptime())],
    ];
    for (const [name, help, read] of gauges) this.registry.add(new Gauge(name, help, read));
  }

  private sendError(req: IncomingMessage, res: ServerResponse, e: ServiceError): void {
    if (res.headersSent || res.destroyed || req.socket.destroyed) return;
    this.metrics.errors.inc({ code: e.code });
    if (e.status === 413 || e.status === 503 || e.status === 415 || e.status === 431 || (!req.complete && e.status !== 499)) closeAfterRefusal(req, res);
    sendJson(res, e.status === 499 ? 400 : e.status, { error: { code: e.code, message: e.message } }, { ...e.headers });
  }

  private unavailable(): ServiceError {
    return new ServiceError(503, 'UNAVAILABLE', this.state === 'starting' ? 'the server is starting' : 'the server is shutting down', { 'retry-after': '1' });
  }

  /** The whole body, at the minimum rate, before the request holds anything but its socket. */
  private async receiveBody(req: IncomingMessage): Promise<Buffer> {
    this.reading++;
    try {
      return await readBodyAtRate(req, { limit: this.settings.maxBody, rate: this.settings.uploadRate, checkEveryMs: this.settings.rateCheckMs, now: Date.now, budget: this.bodyBudget });
    } finally {
      this.reading--;
    }
  }

  /** Takes an extraction slot until the reply is closed; 503 when none is free. */
  private admit(res: ServerResponse): void {
    if (this.state !== 'ready') throw this.unavailable();
    const max = this.settings.maxInflight;
    if (this.inflight >= max) throw new ServiceError(503, 'OVERLOADED', `${max} extraction requests are in flight already; retry shortly`, { 'retry-after': '1' });
    this.inflight++;
    res.once('close', () => {
      this.inflight--;
      if (this.inflight === 0) this.onIdle?.();
    });
  }

  /** Takes a heavy slot too until the reply is closed; 503 when the heavy ones are all taken. */
  private admitHeavy(res: ServerResponse, tags: number, bytes: number): void {
    this.metrics.heavyPages.inc();
    const max = this.settings.maxHeavyInflight;
    if (this.heavyInflight >= max) {
      throw new ServiceError(503, 'OVERLOADED', `${max} heavy pages are in flight already (this one has ${tags} start tags, ${bytes} bytes); retry shortly`, { 'retry-after': '1' });
    }
    this.heavyInflight++;
    res.once('close', () => this.heavyInflight--);
  }

  private async inflate(bytes: Uint8Array): Promise<Buffer> {
    return (await boundedGunzip(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), this.settings.gunzipLimits)).bytes;
  }

  /** `{url}`: the page fetched within the request's time limit, as bytes and what the fetch learnt of it. */
  private async fetchPage(url: URL, limit: number, left: AbortSignal): Promise<{ input: Buffer; extra: Partial<ExtractionOptions> }> {
    const signal = AbortSignal.any([AbortSignal.timeout(limit), left]);
    const fetched = await guardedFetch(url, { allowed: this.settings.policy, signal, maxBytes: SERVICE_DEFAULTS.maxBodyBytes });
    return { input: await this.inflate(fetched.bytes), extra: { url: fetched.url, ...(fetched.charset ? { charset: fetched.charset } : {}) } };
  }

  private async extract(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (this.state !== 'ready') throw this.unavailable();
    const body = await this.receiveBody(req);
    const parsed = parseExtractRequest(req, body, url);
    // A page sent as bytes is inflated before it takes a slot: a gzip bomb is refused without one.
    let input = parsed.input === undefined || typeof parsed.input === 'string' ? parsed.input : await this.inflate(parsed.input);
    this.admit(res);
    const left = new AbortController();
    res.once('close', () => left.abort());
    const limit = Math.min(this.settings.timeoutMs, parsed.timeoutMs ?? this.settings.timeoutMs);
    const deadline = Date.now() + limit;
    let extra: Partial<ExtractionOptions> = {};
    if (parsed.fetchUrl) ({ input, extra } = await this.fetchPage(parsed.fetchUrl, limit, left.signal));
    const site = parsed.options.site === undefined && this.settings.site !== undefined ? { site: this.settings.site } : {};
    if (input === undefined) throw new Error('no page to extract');
    const weight = weighPage(input, this.settings.heavyMarks);
    if (weight.heavy) this.admitHeavy(res, weight.tags, weight.bytes);
    const result = await this.pool.run({ input, options: { ...parsed.options, ...extra, ...site }, format: parsed.format }, deadline, left.signal, limit, weight.heavy);
    this.metrics.pages.inc({ found: String(result.found) });
    if (res.destroyed) return;
    res.writeHead(200, {
      'content-type': result.contentType, 'content-length': Buffer.byteLength(result.body), 'cache-control': 'no-store', 'x-content-type-options': 'nosniff',
      'x-pith-found': String(result.found),
      ...((this.state as string) === 'draining' ? { connection: 'close' } : {}),
    });
    res.end(result.body);
  }

  private health(res: ServerResponse): void {
    const pool = this.pool;
    const body = {
      status: this.state, workers: { ready: pool.readyWorkers, total: this.settings.workers, busy: pool.busyWorkers, heavy: pool.heavyRunning, restarts: pool.restarts },
      inFlight: this.inflight, maxInFlight: this.settings.maxInflight, heavyInFlight: this.heavyInflight, reading: this.reading, connections: this.connections.total, queued: pool.queued,
      ...(pool.model ? { model: pool.model } : {}),
    };
    sendJson(res, this.state === 'ready' && pool.readyWorkers > 0 ? 200 : 503, body, this.state === 'ready' ? {} : { 'retry-after': '1' });
  }

  private scrape(res: ServerResponse): void {
    const text = this.registry.render();
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
    res.end(text);
  }

  private async handle(req: IncomingMessage, res: ServerResponse, seen: { route: string }): Promise<void> {
    const D = SERVICE_DEFAULTS;
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
    const route = this.routes.find((r) => r.path === url.pathname);
    if (!route) throw new ServiceError(404, 'NOT_FOUND', `no route ${url.pathname.slice(0, 200)}; routes: ${this.routes.map((r) => r.path).join(', ')}`);
    seen.route = route.path;
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const handler = route.methods[method as 'GET' | 'POST'];
    const allow = Object.keys(route.methods).flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])).join(', ');
    if (!handler) throw new ServiceError(405, 'METHOD_NOT_ALLOWED', `${route.path} takes ${allow}`, { allow });
    if (this.state === 'draining') res.setHeader('connection', 'close');
    await handler(req, res, url);
  }

  /** Answers one request and counts it (route, method, status, time) once its reply is closed. */
  private serve(req: IncomingMessage, res: ServerResponse): void {
    if (this.refusedSockets.has(req.socket)) return;
    const started = process.hrtime.bigint();
    const seen = { route: '(none)' };
    res.once('close', () => {
      const route = seen.route;
      const status = res.headersSent ? res.statusCode : 0;
      this.metrics.requests.inc({ route, method: ['GET', 'HEAD', 'POST'].includes(req.method ?? '') ? req.method! : 'OTHER', status: String(status) });
      this.metrics.latency.observe({ route }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    this.handle(req, res, seen).catch((e: unknown) => this.sendError(req, res, toServiceError(e)));
  }

  private createHttpServer(): Server {
    const { requestTimeout, headersTimeout } = this.settings;
    const server = createServer({
      maxHeaderSize: this.settings.maxHeaderBytes,
      requestTimeout, headersTimeout,
      // Node checks the two time limits on this interval (default 30 s): check often enough.
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(headersTimeout / 2))),
    }, (req, res) => this.serve(req, res));
    server.maxHeadersCount = SERVICE_DEFAULTS.maxHeaderLines + 1;
    server.on('connection', (socket: Socket) => this.admitConnection(socket));
    server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => this.answerClientError(err, socket));
    return server;
  }

  /** One client over its share of connections: 429, closed before any of its request is read. */
  private admitConnection(socket: Socket): void {
    if (this.connections.admit(socket)) return;
    this.refusedSockets.add(socket);
    this.metrics.refusedConnections.inc({ reason: 'per_client' });
    this.metrics.errors.inc({ code: 'TOO_MANY_CONNECTIONS' });
    socket.on('error', () => undefined);
    const body = JSON.stringify({ error: { code: 'TOO_MANY_CONNECTIONS', message: `more than ${this.settings.maxPerClient} open connections from this client` } });
    answerOnSocket(socket, 429, body, 'retry-after: 1\r\n');
  }

  /** A request Node could not parse, or one past its time limits: 400, 408 or 431, then closed. */
  private answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
    const pending = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || pending?.headersSent || this.refusedSockets.has(socket)) {
      socket.destroy();
      return;
    }
    const { headersTimeout, requestTimeout } = this.settings;
    const [status, code, message] = err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', `request headers above the limit of ${this.settings.maxHeaderBytes} bytes`] as const
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', `the request was not received within the time limit (headers ${headersTimeout} ms, whole request ${requestTimeout} ms)`] as const
        : [400, 'BAD_REQUEST', `malformed HTTP request (${err.code ?? err.message})`] as const;
    this.metrics.errors.inc({ code });
    this.metrics.requests.inc({ route: '(client-error)', method: 'OTHER', status: String(status) });
    answerOnSocket(socket, status, JSON.stringify({ error: { code, message } }));
  }

  private close(drainTimeoutMs: number = SERVICE_DEFAULTS.drainTimeoutMs): Promise<void> {
    // Called again with no time to drain: stop waiting for the requests in flight.
    if (this.closing && drainTimeoutMs <= 0) this.onIdle?.();
    this.closing ??= this.drainAndStop(drainTimeoutMs);
    return this.closing;
  }

  private async drainAndStop(drainTimeoutMs: number): Promise<void> {
    this.state = 'draining';
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    if (this.inflight > 0 && drainTimeoutMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainTimeoutMs);
        this.onIdle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    this.server.closeAllConnections();
    await closed;
    await this.pool.close();
  }
}

export async function startService(options: ServiceOptions = {}): Promise<Service> {
  return new ExtractionService(settingsOf(options)).start();
}
