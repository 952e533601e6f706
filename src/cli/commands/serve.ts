/** `pith serve`: the extraction service over HTTP (src/service/server.ts). */
import { EXIT, optBool, optInt, optString, parseCommandArgs, type Command } from '../command.js';
import { PithError } from '../../errors.js';
import { SERVICE_DEFAULTS, startService } from '../../service/server.js';
import { bundledModelPath, loadExtractionModel } from '../../pipeline/extract.js';
import { siteByName } from '../../models/site-pick.js';

const D = SERVICE_DEFAULTS;
const HELP = `Usage: pith serve [options]

Serves article extraction over HTTP: POST /extract (HTML, or JSON {html} / {url}),
GET /healthz, GET /metrics (Prometheus), GET /openapi.json. See docs/service.md.

Options:
  --host H              interface to listen on (default ${D.host}, loopback only; 0.0.0.0 to expose)
  --port N              port (default ${D.port}; 0 = any free port, printed on start)
  --workers N           worker threads, each with the model loaded (default: the machine's cores)
  --model PATH          model file (default: the bundled model)
  --site NAME           the model's site model every request uses unless it names one (field
                        \`site\`): a host, or template:... (docs/sites.md)
  --timeout-ms N        time limit of one extraction request: fetch, wait, extract (default ${D.timeoutMs});
                        past it the answer is 504 and a worker still on the page is replaced
  --max-inflight N      extraction requests admitted at once (default ${D.inflightPerWorker} x workers);
                        beyond it 503 with Retry-After
  --max-body N          largest request body in bytes (default ${D.maxBodyBytes}); beyond it 413
  --max-header-bytes N  largest request head in bytes (default ${D.maxHeaderBytes}); beyond it 431
  --headers-timeout-ms N   time a client has to send its headers (default ${D.headersTimeoutMs})
  --request-timeout-ms N   time a client has to send its whole request (default ${D.requestTimeoutMs}); 408
  --min-upload-rate N   least average bytes/s of a request body after the grace period (default ${D.minUploadBytesPerSecond}; 0 = none); 408
  --upload-grace-ms N   time a body may take before the minimum rate counts (default ${D.uploadGraceMs})
  --max-body-buffer N   bytes the bodies being received may hold between them (default ${D.maxBodyBufferBytes}); past it 503
  --max-connections-per-client N   open connections per client address (IPv6: per /64) (default ${D.maxConnectionsPerClient}; 0 = no cap); 429
  --max-gzip-ratio N    a gzip body may inflate to at most N times its size (default ${D.maxGzipRatio}); 413 TOO_COMPRESSED
  --heavy-page-tags N   a page with more start tags is heavy (default ${D.heavyPageTags})
  --heavy-page-bytes N  a page of more bytes is heavy (default ${D.heavyPageBytes})
  --max-heavy-inflight N   heavy pages admitted at once (default: half of --max-inflight); beyond it 503
  --heavy-workers N     workers that may extract heavy pages at once (default: all but one)
  --heap-mb N           heap limit of each worker in MB (default ${D.workerHeapMb})
  --drain-timeout-ms N  on SIGTERM / SIGINT: how long in-flight requests may take to finish (default ${D.drainTimeoutMs})
  --allow-private-urls  let {url} requests fetch loopback, private, link-local and reserved addresses

SIGTERM or SIGINT: stop accepting, finish the requests in flight, exit 0 (a second signal: stop now, exit 1).

Examples:
  pith serve --port 8080
  curl -s --data-binary @page.html -H 'content-type: text/html' 'http://127.0.0.1:8080/extract?format=markdown'
  curl -s -H 'content-type: application/json' -d '{"url":"https://example.com/story"}' http://127.0.0.1:8080/extract
`;

export const command: Command = {
  name: 'serve',
  summary: 'serve extraction over HTTP (POST /extract, /healthz, /metrics, /openapi.json)',
  help: HELP,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      host: { type: 'string' }, port: { type: 'string' }, workers: { type: 'string' }, model: { type: 'string' },
      'timeout-ms': { type: 'string' }, 'max-inflight': { type: 'string' }, 'max-body': { type: 'string' }, 'max-header-bytes': { type: 'string' },
      'headers-timeout-ms': { type: 'string' }, 'request-timeout-ms': { type: 'string' }, 'heap-mb': { type: 'string' },
      'drain-timeout-ms': { type: 'string' }, 'allow-private-urls': { type: 'boolean' }, site: { type: 'string' },
      'min-upload-rate': { type: 'string' }, 'upload-grace-ms': { type: 'string' }, 'max-connections-per-client': { type: 'string' }, 'max-body-buffer': { type: 'string' },
      'max-gzip-ratio': { type: 'string' }, 'heavy-page-tags': { type: 'string' }, 'heavy-page-bytes': { type: 'string' },
      'max-heavy-inflight': { type: 'string' }, 'heavy-workers': { type: 'string' },
    });
    if (positionals.length > 0) throw new PithError('BAD_OPTION', `unexpected argument '${positionals[0]}'`);
    const port = optInt(values, 'port', D.port, 0);
    if (port > 65535) throw new PithError('BAD_OPTION', `--port must be at most 65535, got ${port}`);
    const workers = optString(values, 'workers') !== undefined ? optInt(values, 'workers', 1, 1) : undefined;
    const maxInflight = optString(values, 'max-inflight') !== undefined ? optInt(values, 'max-inflight', 1, 1) : undefined;
    const drainMs = optInt(values, 'drain-timeout-ms', D.drainTimeoutMs, 0);
    const model = optString(values, 'model');
    const optional = (name: string, key: string, min: number): Record<string, number> =>
      (optString(values, name) !== undefined ? { [key]: optInt(values, name, min, min) } : {});
    const site = optString(values, 'site');
    // A site the model does not have is refused now, not on every request.
    if (site !== undefined) siteByName((await loadExtractionModel(model ?? bundledModelPath())).sites ?? [], site);
    const service = await startService({
      host: optString(values, 'host') ?? D.host, port,
      ...(workers !== undefined ? { workers } : {}), ...(maxInflight !== undefined ? { maxInflight } : {}), ...(model ? { modelPath: model } : {}),
      ...(site !== undefined ? { site } : {}),
      timeoutMs: optInt(values, 'timeout-ms', D.timeoutMs, 1), maxBodyBytes: optInt(values, 'max-body', D.maxBodyBytes, 1),
      maxHeaderBytes: optInt(values, 'max-header-bytes', D.maxHeaderBytes, 1024), headersTimeoutMs: optInt(values, 'headers-timeout-ms', D.headersTimeoutMs, 1),
      requestTimeoutMs: optInt(values, 'request-timeout-ms', D.requestTimeoutMs, 1), workerHeapMb: optInt(values, 'heap-mb', D.workerHeapMb, 16),
      allowPrivateUrls: optBool(values, 'allow-private-urls'),
      minUploadBytesPerSecond: optInt(values, 'min-upload-rate', D.minUploadBytesPerSecond, 0), uploadGraceMs: optInt(values, 'upload-grace-ms', D.uploadGraceMs, 1),
      maxConnectionsPerClient: optInt(values, 'max-connections-per-client', D.maxConnectionsPerClient, 0), maxBodyBufferBytes: optInt(values, 'max-body-buffer', D.maxBodyBufferBytes, 1), maxGzipRatio: optInt(values, 'max-gzip-ratio', D.maxGzipRatio, 1),
      heavyPageTags: optInt(values, 'heavy-page-tags', D.heavyPageTags, 0), heavyPageBytes: optInt(values, 'heavy-page-bytes', D.heavyPageBytes, 0),
      ...optional('max-heavy-inflight', 'maxHeavyInflight', 1), ...optional('heavy-workers', 'heavyWorkers', 1),
    });
    io.stdout.write(`pith serve: listening on ${service.url} (${service.workers} workers, at most ${service.maxInflight} requests in flight${optBool(values, 'allow-private-urls') ? ', private URLs allowed' : ''})\n`);
    const signals = ['SIGTERM', 'SIGINT'] as const;
    let forced = false;
    await new Promise<void>((resolve) => {
      const first = (signal: string): void => {
        for (const s of signals) process.removeListener(s, first);
        io.stderr.write(`pith serve: ${signal}: finishing the requests in flight (at most ${drainMs} ms), then stopping\n`);
        const again = (): void => {
          forced = true;
          io.stderr.write('pith serve: second signal: stopping now\n');
          void service.close(0);
        };
        for (const s of signals) process.once(s, again);
        void service.close(drainMs).then(() => {
          for (const s of signals) process.removeListener(s, again);
          resolve();
        });
      };
      for (const s of signals) process.on(s, first);
    });
    io.stderr.write('pith serve: stopped\n');
    return forced ? EXIT.failure : EXIT.ok;
  },
};
